import test from 'ava'
import type { Config } from '../../server/index.ts'
import { useServer } from '../helpers/http.ts'

// CORS_ORIGINS overrides the config's root `cors` (set before the server starts; each test file runs alone).
const previous = process.env.CORS_ORIGINS
process.env.CORS_ORIGINS = 'https://env.example'
test.after.always(() => {
  if (previous === undefined) delete process.env.CORS_ORIGINS
  else process.env.CORS_ORIGINS = previous
})

const config: Config = {
  cors: ['https://config.example'],
  collections: [
    { slug: 'notes', access: { read: () => true }, fields: [{ name: 'text', type: 'text' }] },
  ],
}
const s = useServer(test, config)

test('CORS_ORIGINS wins over the config’s cors', async (t) => {
  const env = await s.request('GET', '/api/notes', { headers: { origin: 'https://env.example' } })
  t.is(env.headers.get('access-control-allow-origin'), 'https://env.example')
  const configured = await s.request('GET', '/api/notes', {
    headers: { origin: 'https://config.example' },
  })
  t.is(configured.headers.get('access-control-allow-origin'), null)
})
