import test from 'ava'
import { connect } from 'node:net'
import { pino } from 'pino'
import { defineConfig } from '../../server/config/define-config.ts'
import { listen } from '../../server/http/server.ts'
import { getCms } from '../../server/local/get-cms.ts'
import { freshDatabaseUrl } from '../helpers/db.ts'

test('a slow client cannot hold the server: unfinished headers are cut off, other clients are served', async (t) => {
  const fresh = await freshDatabaseUrl()
  const cms = await getCms({
    config: {
      ...defineConfig({
        collections: [
          { slug: 'notes', access: { read: () => true }, fields: [{ name: 'text', type: 'text' }] },
        ],
      }),
      db: { url: fresh.url },
    },
  })
  const server = await listen(cms, {
    port: 0,
    logger: pino({ level: 'silent' }),
    headersTimeoutMs: 400,
    requestTimeoutMs: 800,
  })
  try {
    const { port } = new URL(server.url)
    const started = Date.now()
    const closed = new Promise<{ ms: number; data: string }>((resolve) => {
      const socket = connect(Number(port), '127.0.0.1', () =>
        socket.write('GET /api/notes HTTP/1.1\r\nHost: x\r\nX-Slow: '),
      )
      let data = ''
      socket.on('data', (d) => {
        data += String(d)
      })
      socket.on('close', () => resolve({ ms: Date.now() - started, data }))
    })
    // Meanwhile a normal client is served.
    t.is((await fetch(`${server.url}/api/notes`)).status, 200)
    const { ms, data } = await closed
    t.true(ms < 3000, `closed after ${ms} ms`)
    t.regex(data, /^$|408/)
  } finally {
    await server.close()
    await fresh.drop()
  }
})
