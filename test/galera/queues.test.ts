import test from 'ava'
import { randomBytes } from 'node:crypto'
import mysql from 'mysql2/promise'
import { defineConfig } from '../../server/index.ts'
import type { Cms } from '../../server/local/cms.ts'
import { getCms } from '../../server/local/get-cms.ts'
import { listDeliveries } from '../../server/db/stores/outbox.ts'
import { Receiver, until } from '../webhooks/receiver.ts'
import { FAST } from '../webhooks/setup.ts'

/**
 * Workers on two Galera nodes claim the same queues (issue 39: outbox rows and jobs, `SKIP LOCKED` and a lease):
 * two CMS instances, one through node 0 and one through node 1 of the cluster of scripts/galera-start.sh, write
 * events and queue jobs through both and run both workers at once. SKIP LOCKED holds on one node only; across
 * nodes two claims of one row conflict at certification and the loser's transaction runs again, finding the row
 * taken. Every event reaches the receiver once and every job runs once. Runs with GALERA_URLS
 * (`npm run test:galera`).
 */
const urls = (process.env.GALERA_URLS ?? '').split(/\s+/).filter(Boolean)
const galera = urls.length === 3 ? test.serial : test.skip
const dbName = `cms_q_${randomBytes(5).toString('hex')}`
const nodeUrl = (i: number) => {
  const u = new URL(urls[i]!)
  u.pathname = `/${dbName}`
  return u.toString()
}

const receiver = new Receiver()
/** Each job's input `n`, once per run of it, whichever instance ran it. */
const ran: number[] = []
const instances: Cms[] = []

test.before(async () => {
  if (urls.length !== 3) return
  const u = new URL(urls[0]!)
  const admin = await mysql.createConnection({
    host: u.hostname,
    port: Number(u.port),
    user: decodeURIComponent(u.username),
    password: decodeURIComponent(u.password),
  })
  await admin.query(`CREATE DATABASE ${dbName} CHARACTER SET utf8mb4 COLLATE utf8mb4_bin`)
  await admin.end()
  const url = await receiver.listen()
  const config = defineConfig({
    collections: [{ slug: 'posts', fields: [{ name: 'title', type: 'text' }] }],
    webhooks: { ...FAST, endpoints: [{ url, secret: receiver.secret }] },
    jobs: {
      tasks: [
        {
          slug: 'note',
          inputSchema: [{ name: 'n', type: 'number', required: true }],
          handler: ({ input }) => {
            ran.push(Number(input.n))
            return { output: {} }
          },
        },
      ],
    },
  })
  // The first instance migrates through node 0; the second starts on node 1 once the schema is there.
  instances.push(await getCms({ config: { ...config, db: { url: nodeUrl(0) } } }))
  instances.push(await getCms({ config: { ...config, db: { url: nodeUrl(1) } } }))
})

test.after.always(async () => {
  for (const cms of instances) await cms.destroy()
  await receiver.close()
})

galera('events written through two nodes reach the receiver once each', async (t) => {
  const created: (string | number)[] = []
  for (let i = 0; i < 20; i++) {
    const cms = instances[i % 2]!
    created.push((await cms.create({ collection: 'posts', data: { title: `p${i}` } })).id)
  }
  await until('20 events delivered', () => receiver.delivered().length >= 20)
  // A short wait for a duplicate that would follow the first copy.
  await new Promise((r) => setTimeout(r, 500))
  const ids = receiver.requests.map((r) => r.id)
  const twice = ids.filter((id, i) => ids.indexOf(id) !== i)
  // Which rows carried a duplicate, and how their attempts were recorded: the evidence for a failure.
  if (twice.length > 0)
    t.log((await listDeliveries(instances[0]!.db)).filter((r) => twice.includes(r.event_id)))
  t.is(new Set(ids).size, 20)
  t.is(ids.length, 20, 'no event was sent twice')
  t.deepEqual(
    receiver
      .delivered()
      .map((e) => e.data.id)
      .sort(),
    [...created].sort(),
  )
  t.deepEqual(receiver.forged, [])
})

galera('jobs queued through two nodes run once each with both workers running', async (t) => {
  for (let n = 0; n < 30; n++) await instances[n % 2]!.jobs.queue({ task: 'note', input: { n } })
  const runAll = async (cms: Cms) => {
    // A round may claim nothing while the other node holds the rows it chose: the next round reads again.
    for (let round = 0; round < 500 && ran.length < 30; round++) {
      const { jobStatus } = await cms.jobs.run({ limit: 5 })
      if (Object.keys(jobStatus).length === 0) await new Promise((r) => setTimeout(r, 20))
    }
  }
  await Promise.all(instances.map(runAll))
  t.deepEqual(
    [...ran].sort((a, b) => a - b),
    Array.from({ length: 30 }, (_, n) => n),
  )
})
