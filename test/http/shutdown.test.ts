import test from 'ava'
import { pino } from 'pino'
import { defineConfig } from '../../server/config/define-config.ts'
import { listen } from '../../server/http/server.ts'
import { getCms } from '../../server/local/get-cms.ts'
import { freshDatabaseUrl } from '../helpers/db.ts'

test('graceful shutdown: an in-flight request finishes, new connections are refused, the database closes', async (t) => {
  let release!: () => void
  const gate = new Promise<void>((resolve) => {
    release = resolve
  })
  let entered!: () => void
  const inside = new Promise<void>((resolve) => {
    entered = resolve
  })
  const config = defineConfig({
    collections: [
      { slug: 'items', access: { read: () => true }, fields: [{ name: 'name', type: 'text' }] },
    ],
    endpoints: [
      {
        path: '/slow',
        method: 'get',
        handler: async (req) => {
          entered()
          await gate
          return Response.json({ count: (await req.cms.count({ collection: 'items' })).totalDocs })
        },
      },
    ],
  })
  const fresh = await freshDatabaseUrl()
  const cms = await getCms({ config: { ...config, db: { url: fresh.url } } })
  const server = await listen(cms, { port: 0, logger: pino({ level: 'silent' }) })
  try {
    const slow = fetch(`${server.url}/api/slow`).then(async (r) => ({
      status: r.status,
      body: await r.json(),
    }))
    await inside
    t.is(server.inFlight(), 1)
    const closed = server.close()
    await new Promise((r) => setTimeout(r, 50))
    await t.throwsAsync(fetch(`${server.url}/api/health`, { signal: AbortSignal.timeout(2000) }))
    release()
    t.deepEqual(await slow, { status: 200, body: { count: 0 } })
    await closed
    await t.throwsAsync(cms.count({ collection: 'items' }))
  } finally {
    release()
    await server.close()
    await fresh.drop()
  }
})
