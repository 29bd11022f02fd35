import test from 'ava'
import { ConfigError } from '../../server/errors/config-error.ts'
import { connect } from '../../server/db/connect.ts'
import type { PostgresDatabase } from '../../server/db/postgres-database.ts'
import { defineConfig } from '../../server/index.ts'
import { getCms } from '../../server/local/get-cms.ts'
import type { Cms } from '../../server/local/cms.ts'
import { useServer } from '../helpers/http.ts'

/**
 * Read replicas of a PostgreSQL primary (docs/scale-out.md, "PostgreSQL"): runs on the primary and standby of
 * scripts/postgres-replica-start.sh (`npm run test:pg-replicas`, which sets DATABASE_URL to the primary's URL with
 * `?replicas=`); skipped without PG_REPLICA_PORT.
 */
const replicaPort = Number(process.env.PG_REPLICA_PORT ?? 0)
const primaryUrl = process.env.PG_PRIMARY_URL ?? ''
const enabled =
  replicaPort > 0 && primaryUrl !== '' && /[?&]replicas=/.test(process.env.DATABASE_URL ?? '')
const replica = enabled ? test.serial : test.skip
if (!enabled)
  test.skip('PostgreSQL read replicas: needs PG_REPLICA_PORT and PG_PRIMARY_URL (npm run test:pg-replicas)', () => {})
const primaryPort = enabled ? Number(new URL(primaryUrl).port) : 0

const config = defineConfig({
  collections: [
    {
      slug: 'notes',
      access: { read: () => true, create: () => true },
      fields: [{ name: 'title', type: 'text', required: true }],
    },
  ],
  email: { sendEmail: () => {} },
})
const s = enabled ? useServer(test, config) : undefined

interface Where {
  port: number
  standby: boolean
}
const WHERE = 'SELECT inet_server_port() AS port, pg_is_in_recovery() AS standby'
const replicasOf = (cms: Cms) => (cms.db as unknown as PostgresDatabase).replicas!

/** The URL of the database the server runs on, with `?replicas=` (and more query parameters). */
async function urlOfServerDatabase(query: string): Promise<string> {
  const [{ name }] = await s!.cms.db.all<{ name: string }>('SELECT current_database() AS name')
  const u = new URL(primaryUrl)
  u.pathname = `/${name}`
  return `${u}?replicas=127.0.0.1:${replicaPort}${query}`
}

/** A new database on the primary (committed on the standby too), dropped after the test. */
async function freshDatabase(t: { teardown: (fn: () => Promise<void>) => void }, setup = '') {
  const admin = connect(primaryUrl)
  const name = `cms_r_${Math.random().toString(16).slice(2, 10)}`
  await admin.run(`CREATE DATABASE "${name}"`)
  if (setup) await admin.run(setup.replace('$db', `"${name}"`))
  t.teardown(async () => {
    await admin.run(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
    await admin.close()
  })
  const u = new URL(primaryUrl)
  u.pathname = `/${name}`
  return u.toString()
}

replica(
  'reads outside a transaction reach the standby; transactions and locking reads the primary',
  async (t) => {
    const db = s!.cms.db
    t.deepEqual(await db.all<Where>(WHERE), [{ port: replicaPort, standby: true }])
    t.deepEqual(await db.transaction((tx) => tx.all<Where>(WHERE)), [
      { port: primaryPort, standby: false },
    ])
    t.deepEqual(await db.all<Where>(`${WHERE} FROM notes FOR UPDATE`), [])
    // The same read, locking: the primary (a standby refuses FOR UPDATE, which would fail the statement).
    const doc = await s!.cms.create({ collection: 'notes', data: { title: 'lock me' } })
    const locked = await db.all<Where & { id: number }>(
      'SELECT id, inet_server_port() AS port, pg_is_in_recovery() AS standby FROM notes WHERE id = ? FOR UPDATE',
      [doc.id],
    )
    t.deepEqual(locked, [{ id: doc.id, port: primaryPort, standby: false }])
  },
)

replica(
  'a REST create followed at once by a GET sees the write, 100 times; the GETs are answered by the standby',
  async (t) => {
    const replicas = replicasOf(s!.cms)
    const before = replicas.answered
    for (let i = 0; i < 100; i++) {
      const created = await s!.request('POST', '/api/notes', { body: { title: `note ${i}` } })
      t.is(created.status, 201)
      const id = created.body.doc.id
      const read = await s!.request('GET', `/api/notes/${id}`)
      t.is(read.status, 200)
      t.is(read.body.title, `note ${i}`)
    }
    t.true(replicas.answered - before >= 100, `${replicas.answered - before} reads on the standby`)
    t.is(replicas.fellBack, 0)
    const list = await s!.request('GET', '/api/notes', {
      query: { limit: '1', where: JSON.stringify({ title: { equals: 'note 99' } }) },
    })
    t.is(list.body.totalDocs, 1)
  },
)

replica(
  'two CMS instances: a write through one is read at once through the other (on the standby)',
  async (t) => {
    const url = await urlOfServerDatabase('')
    const other = await getCms({ config: { ...config, db: { url } }, migrate: false })
    t.teardown(() => other.destroy())
    const before = replicasOf(other).answered
    for (let i = 0; i < 100; i++) {
      const doc = await s!.cms.create({ collection: 'notes', data: { title: `across ${i}` } })
      const seen = await other.find({ collection: 'notes', where: { id: { equals: doc.id } } })
      t.deepEqual(
        seen.docs.map((d) => d.title),
        [`across ${i}`],
      )
    }
    t.true(replicasOf(other).answered - before >= 100)
    t.deepEqual(await other.db.all<Where>(WHERE), [{ port: replicaPort, standby: true }])
  },
)

replica(
  'the health check is a committed write on the primary while reads use the standby',
  async (t) => {
    const health = await s!.request('GET', '/api/health')
    t.is(health.status, 200)
    t.deepEqual(health.body, { status: 'ok' })
  },
)

replica(
  'a primary that does not commit with remote_apply: the start is refused, saying what to set',
  async (t) => {
    const url = await freshDatabase(t, 'ALTER DATABASE $db SET synchronous_commit = local')
    const error = await t.throwsAsync(
      getCms({ config: { ...config, db: { url: `${url}?replicas=127.0.0.1:${replicaPort}` } } }),
      { instanceOf: ConfigError },
    )
    t.regex(error!.message, /synchronous_commit = remote_apply \(it is "local"\)/)
    t.regex(error!.message, /synchronous_standby_names/)
    t.regex(error!.message, /replicaReads=eventual/)
    t.false(error!.message.includes('cms:cms'))
    // Stale reads accepted explicitly: it starts, and reads still go to the standby.
    const cms = await getCms({
      config: {
        ...config,
        db: { url: `${url}?replicas=127.0.0.1:${replicaPort}&replicaReads=eventual` },
      },
    })
    t.teardown(() => cms.destroy())
    t.deepEqual(await cms.db.all<Where>(WHERE), [{ port: replicaPort, standby: true }])
  },
)

replica(
  'two replicas where the primary waits for one: refused (one of them could be behind)',
  async (t) => {
    const url = await freshDatabase(t)
    const error = await t.throwsAsync(
      getCms({
        config: {
          ...config,
          db: { url: `${url}?replicas=127.0.0.1:${replicaPort},127.0.0.1:${replicaPort}` },
        },
      }),
      { instanceOf: ConfigError },
    )
    t.regex(error!.message, /1 awaited/)
  },
)

replica('a replica that is not a standby (the primary itself) is refused at start', async (t) => {
  const url = await freshDatabase(t)
  const error = await t.throwsAsync(
    getCms({ config: { ...config, db: { url: `${url}?replicas=127.0.0.1:${primaryPort}` } } }),
    { instanceOf: ConfigError },
  )
  t.regex(error!.message, new RegExp(`127\\.0\\.0\\.1:${primaryPort} is not a standby`))
})

replica(
  'a replica URL with a typo is a ConfigError naming the parameter, without the password',
  (t) => {
    for (const [bad, entry] of [
      ['127.0.0.1:54x3', '127.0.0.1:54x3'],
      ['127.0.0.1:5433,,127.0.0.1:5434', ''],
      ['host_1:5433', 'host_1:5433'],
      ['127.0.0.1:99999', '127.0.0.1:99999'],
    ]) {
      const error = t.throws(
        () => connect(`postgres://cms:s3cret@127.0.0.1:5432/cms?replicas=${bad}`),
        {
          instanceOf: ConfigError,
        },
      )
      t.is(
        error!.message,
        `db.url is not a valid PostgreSQL URL: ?replicas= takes host[:port] entries separated by commas; got "${entry}" (expected postgres://user:password@host[:port]/database).`,
      )
    }
    const error = t.throws(
      () => connect('postgres://cms:s3cret@127.0.0.1/cms?replicas=a:1&replicaReads=stale'),
      {
        instanceOf: ConfigError,
      },
    )
    t.regex(error!.message, /^db.url .*\?replicaReads= takes "sync" or "eventual"; got "stale"/)
    t.false(error!.message.includes('s3cret'))
  },
)

replica(
  'a replica that is down: reads fall back to the primary and answer the same, writes go on',
  async (t) => {
    const url = await freshDatabase(t)
    const warnings: string[] = []
    const warn = console.warn
    console.warn = (m: string) => warnings.push(m)
    t.teardown(() => {
      console.warn = warn
    })
    // Nothing listens on port 1; eventual reads, so the start does not need the primary to wait for it.
    const cms = await getCms({
      config: { ...config, db: { url: `${url}?replicas=127.0.0.1:1&replicaReads=eventual` } },
    })
    t.teardown(() => cms.destroy())
    const doc = await cms.create({ collection: 'notes', data: { title: 'still here' } })
    for (let i = 0; i < 5; i++) {
      const found = await cms.find({ collection: 'notes' })
      t.deepEqual(
        found.docs.map((d) => d.id),
        [doc.id],
      )
    }
    t.deepEqual(await cms.db.all<Where>(WHERE), [{ port: primaryPort, standby: false }])
    t.is(replicasOf(cms).answered, 0)
    t.is(
      warnings.filter((w) => w.includes('replica 127.0.0.1:1 failed')).length,
      1,
      warnings.join('\n'),
    )
    t.false(warnings.join('\n').includes('cms:cms'))
  },
)
