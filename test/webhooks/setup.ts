/** One CMS with webhooks on a fresh database of the suite's kind, and its receiver. */
import { getCms } from '../../server/local/get-cms.ts'
import type { Cms } from '../../server/local/cms.ts'
import type { Config, WebhooksConfig } from '../../server/config/types.ts'
import { freshDatabaseUrl } from '../helpers/db.ts'
import { Receiver } from './receiver.ts'

export interface Setup {
  cms: Cms
  receiver: Receiver
  url: string
  close: () => Promise<void>
}

process.env.LOG_LEVEL ??= 'silent'

/** Fast retries and polls, loopback allowed: the receiver runs on 127.0.0.1. */
export const FAST: WebhooksConfig = {
  allowPrivateTargets: true,
  retryBaseDelay: 10,
  retryMaxDelay: 50,
  pollInterval: 30,
}

export async function setup(
  make: (url: string, secret: string) => Omit<Config, 'db'>,
  dbUrl?: string,
): Promise<Setup> {
  const receiver = new Receiver()
  const url = await receiver.listen()
  const fresh = dbUrl ? { url: dbUrl, drop: async () => {} } : await freshDatabaseUrl()
  const cms = await getCms({ config: { ...make(url, receiver.secret), db: { url: fresh.url } } })
  return {
    cms,
    receiver,
    url,
    close: async () => {
      await cms.destroy()
      await receiver.close()
      await fresh.drop()
    },
  }
}
