import test from 'ava'
import { explained, sharedDatabaseUrl as database } from '../helpers/db.ts'
import { startHealthyServer, stopServerProcess as stop } from '../../scripts/server-process.ts'
import { behindPrism } from '../helpers/prism.ts'

/** Real server processes (`npm start`'s command) on one database: crashes, restarts, several processes. */
const SECRET = 'a-shared-secret-of-at-least-thirty-two-bytes'

const start = (url: string) =>
  explained(url, startHealthyServer({ DATABASE_URL: url, CMS_SECRET: SECRET, LOG_LEVEL: 'warn' }))
const json = (body: unknown, token?: string) => ({
  method: 'POST',
  headers: {
    'content-type': 'application/json',
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  },
  body: JSON.stringify(body),
})
const login = async (base: string, email: string, password: string) =>
  fetch(`${base}/api/users/login`, json({ email, password }))

test.serial(
  'kill -9 during a write load: after a restart every acknowledged write is there, nothing is partial',
  async (t) => {
    const db = await database()
    try {
      let server = await start(db.url)
      const token = (await (await login(server.base, 'admin@example.com', 'admin-password')).json())
        .token as string
      const acknowledged: number[] = []
      let stopped = false
      const writer = async (w: number) => {
        for (let i = 0; !stopped; i++) {
          try {
            const r = await fetch(
              `${server.base}/api/categories`,
              json(
                { name: `Crash ${w}-${i}`, slug: `crash-${w}-${i}`, description: 'x'.repeat(2000) },
                token,
              ),
            )
            if (r.status === 201) acknowledged.push((await r.json()).doc.id)
          } catch {
            return // the server died under us
          }
        }
      }
      const writers = [0, 1, 2, 3].map(writer)
      await new Promise((r) => setTimeout(r, 1500))
      await stop(server.child, 'SIGKILL')
      stopped = true
      await Promise.all(writers)
      t.true(acknowledged.length > 10, `${acknowledged.length} acknowledged writes before the kill`)

      server = await start(db.url) // migrations run again on start: idempotent
      // Page by page: a fast machine acknowledges more writes in 1.5 s than one page (maxLimit) holds.
      const docs: { id: number; name: string; slug: string; description: string }[] = []
      for (let page = 1; ; page++) {
        const listed = await fetch(
          `${server.base}/api/categories?limit=250&page=${page}&where[slug][like]=crash`,
        )
        const body = await listed.json()
        t.is(listed.status, 200, JSON.stringify(body))
        docs.push(...body.docs)
        if (!body.hasNextPage) break
      }
      const present = new Set(docs.map((d) => d.id))
      t.deepEqual(
        acknowledged.filter((id) => !present.has(id)),
        [],
        'no acknowledged write lost',
      )
      t.true(
        docs.every((d) => d.name && d.slug && d.description.length === 2000),
        'no partial document',
      )
      t.log(`${acknowledged.length} acknowledged, ${docs.length} present after kill -9 and restart`)
      await stop(server.child)
    } finally {
      await db.drop()
    }
  },
)

test.serial(
  'two server processes on one database share sessions, lockouts and rate limits',
  async (t) => {
    const db = await database()
    try {
      // In Prism mode each process has its Prism in front (the kill -9 test above talks to its process
      // directly: a proxy would answer the requests a killed server drops itself).
      const a = await start(db.url)
      const b = await start(db.url)
      const [pa, pb] = await Promise.all([
        behindPrism(a.base, import.meta.url),
        behindPrism(b.base, import.meta.url),
      ])
      a.base = pa.url
      b.base = pb.url
      try {
        const token = (await (await login(a.base, 'alice@example.com', 'alice-password')).json())
          .token as string
        const auth = { headers: { authorization: `Bearer ${token}` } }
        t.is((await fetch(`${b.base}/api/users/me`, auth)).status, 200, 'a token from A works on B')
        t.is((await fetch(`${b.base}/api/users/logout`, { method: 'POST', ...auth })).status, 200)
        t.is(
          (await fetch(`${a.base}/api/users/me`, auth)).status,
          401,
          'logged out on B is dead on A',
        )

        // Lockout: failures on both processes count toward one account.
        for (let i = 0; i < 5; i++)
          await login(i % 2 ? a.base : b.base, 'bob@example.com', 'wrong-password')
        const locked = await (await login(a.base, 'bob@example.com', 'bob-password')).json()
        t.is(locked.errors[0].name, 'LockedAuth')

        // The per-address limit (20 failures) counts across both processes.
        const statuses: number[] = []
        for (let i = 0; i < 22; i++)
          statuses.push(
            (await login(i % 2 ? a.base : b.base, `nobody-${i}@example.com`, 'wrong-password'))
              .status,
          )
        t.true(statuses.includes(429), statuses.join(','))
        t.is(
          statuses.indexOf(429),
          14,
          "bob's 5 failures, the refused login while locked, and 14 more reach the limit of 20",
        )
      } finally {
        await stop(a.child)
        await stop(b.child)
        await Promise.all([pa.stop(), pb.stop()])
      }
    } finally {
      await db.drop()
    }
  },
)
