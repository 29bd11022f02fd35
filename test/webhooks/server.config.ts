/** The example app with one webhook endpoint from the environment: the config of the spawned servers of processes.test.ts. */
import config from '../../cms.config.ts'
import { defineConfig } from '../../server/config/define-config.ts'

export default defineConfig({
  ...config,
  webhooks: {
    allowPrivateTargets: true,
    pollInterval: 50,
    lease: Number(process.env.WEBHOOK_LEASE ?? 1000),
    retryBaseDelay: 20,
    retryMaxDelay: 200,
    timeout: 5000,
    endpoints: [
      {
        url: process.env.WEBHOOK_URL ?? 'https://unset.example.com/',
        secret: process.env.WEBHOOK_SECRET ?? `whsec_${Buffer.alloc(32).toString('base64')}`,
        events: ['categories.created'],
      },
    ],
  },
})
