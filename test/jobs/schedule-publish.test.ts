/**
 * Scheduled publishing and claiming with two servers on one database (docs/jobs.md): this process runs one
 * server, a child process the other (`fixtures/second-server.ts`), both with the config of `fixtures/two-servers.ts`
 * and its autoRun of the default queue every second. A document scheduled for time T is published after T, within
 * one tick plus slack, exactly once, its newest draft becoming the published document; jobs queued together are
 * each run once between the two. SQLite runs on a file both open; MariaDB and PostgreSQL on one database.
 */
import test from 'ava'
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pino } from 'pino'
import type { Cms } from '../../server/local/cms.ts'
import { getCms } from '../../server/local/get-cms.ts'
import { listen, type RunningServer } from '../../server/http/server.ts'
import { dialectName, freshDatabaseUrl } from '../helpers/db.ts'
import { config } from './fixtures/two-servers.ts'
import type { Where } from '../../server/config/types.ts'

const TICK_MS = 1000
const SLACK_MS = 4000
const state = {} as { cms: Cms; server: RunningServer; child: ChildProcess }
let cleanup = async () => {}

/** Starts the second server in a child process and waits for its "ready". */
function startSecond(url: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [join(import.meta.dirname, 'fixtures/second-server.ts')], {
    env: { ...process.env, JOBS_DATABASE_URL: url, LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().startsWith('ready')) resolve(child)
    })
    child.on('exit', (code) => reject(new Error(`the second server exited (${code})`)))
  })
}

test.before(async () => {
  let url: string
  if (dialectName === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'cms-jobs-'))
    url = `sqlite:${join(dir, 'cms.db')}`
    cleanup = async () => rmSync(dir, { recursive: true, force: true })
  } else {
    const fresh = await freshDatabaseUrl()
    url = fresh.url
    cleanup = fresh.drop
  }
  state.cms = await getCms({ config: { ...config, db: { url } } })
  state.server = await listen(state.cms, { port: 0, logger: pino({ level: 'silent' }) })
  state.child = await startSecond(url)
})

test.after.always(async () => {
  if (state.child && state.child.exitCode === null) {
    const exited = new Promise((r) => state.child.once('exit', r))
    state.child.kill('SIGTERM')
    await exited
  }
  await state.server?.close()
  await cleanup()
})

/** Polls until `done` holds or the deadline passes; answers when it first held (undefined if never). */
async function firstSeen(
  done: () => Promise<boolean>,
  deadline: number,
): Promise<number | undefined> {
  while (Date.now() < deadline) {
    if (await done()) return Date.now()
    await new Promise((r) => setTimeout(r, 50))
  }
  return (await done()) ? Date.now() : undefined
}
const count = async (collection: string, where: Where = {}) =>
  (await state.cms.count({ collection: collection as 'posts', where })).totalDocs

test.serial(
  'a scheduled publish fires after its time, within one tick, exactly once',
  async (t) => {
    const { cms } = state
    const post = await cms.create({
      collection: 'posts',
      data: { title: 'first draft' },
      draft: true,
    })
    await cms.update({
      collection: 'posts',
      id: post.id,
      data: { title: 'newest draft' },
      draft: true,
    })
    const at = Date.now() + 2000
    const job = await cms.jobs.queue({
      task: 'schedulePublish',
      input: { type: 'publish', doc: { relationTo: 'posts', value: post.id } },
      waitUntil: new Date(at),
    })
    t.is(job.taskSlug, 'schedulePublish')
    const published = async () =>
      (await cms.findByID({ collection: 'posts', id: post.id }))._status === 'published'
    const seen = await firstSeen(published, at + TICK_MS + SLACK_MS)
    t.truthy(seen, 'published within one tick and the slack after its time')
    t.true(Number(seen) >= at, 'not published before its time')
    t.is((await cms.findByID({ collection: 'posts', id: post.id })).title, 'newest draft')
    // Two more ticks on both servers: nothing runs it again, and the completed job is gone (deleteJobOnComplete).
    await new Promise((r) => setTimeout(r, 2 * TICK_MS + 200))
    t.is(await count('publishes', { post: { equals: String(post.id) } }), 1)
    t.is(await count('payload-jobs'), 0)
  },
)

test.serial('a global is published and unpublished on schedule', async (t) => {
  const { cms } = state
  await cms.updateGlobal({ slug: 'banner', data: { text: 'soon' }, draft: true })
  const at = Date.now() + 1500
  await cms.jobs.queue({
    task: 'schedulePublish',
    input: { type: 'publish', global: 'banner' },
    waitUntil: new Date(at),
  })
  const status = async () => (await cms.findGlobal({ slug: 'banner' }))._status
  const seen = await firstSeen(
    async () => (await status()) === 'published',
    at + TICK_MS + SLACK_MS,
  )
  t.truthy(seen)
  t.true(Number(seen) >= at)
  t.is((await cms.findGlobal({ slug: 'banner' })).text, 'soon')
  const off = Date.now() + 1000
  await cms.jobs.queue({
    task: 'schedulePublish',
    input: { type: 'unpublish', global: 'banner' },
    waitUntil: new Date(off),
  })
  const unpublished = await firstSeen(
    async () => (await status()) === 'draft',
    off + TICK_MS + SLACK_MS,
  )
  t.truthy(unpublished)
  t.true(Number(unpublished) >= off)
})

test.serial('jobs queued together are each run once between the two servers', async (t) => {
  const { cms } = state
  const keys = Array.from({ length: 30 }, (_, i) => `k${i}`)
  for (const key of keys) await cms.jobs.queue({ task: 'count', input: { key } })
  // Both servers claim up to five a tick; wait until none is left.
  const done = await firstSeen(async () => (await count('payload-jobs')) === 0, Date.now() + 30_000)
  t.truthy(done, 'every job ran within thirty seconds')
  const { docs } = await cms.find({ collection: 'runs' as 'posts', limit: 100, pagination: false })
  const runs = docs as unknown as { key: string; pid: number }[]
  t.deepEqual(runs.map((r) => r.key).sort(), [...keys].sort())
  const here = runs.filter((r) => r.pid === process.pid).length
  t.log(`runs: ${here} by this server, ${runs.length - here} by the child`)
})

test.serial('a job whose claim was left by a server that stopped runs again', async (t) => {
  const { cms } = state
  const job = await cms.jobs.queue({ task: 'count', input: { key: 'orphan' }, queue: 'manual' })
  // A server that claimed the job and died left it processing, with no lease left (an expired or missing one).
  await cms.update({
    collection: 'payload-jobs' as 'posts',
    id: job.id,
    data: { processing: true },
  })
  const result = await cms.jobs.run({ queue: 'manual' })
  t.deepEqual(Object.keys(result.jobStatus), [String(job.id)])
  t.is(await count('runs', { key: { equals: 'orphan' } }), 1)
})

test.serial(
  'deleting a document drops its pending scheduled publishes, in the delete’s transaction, and no other job',
  async (t) => {
    const { cms } = state
    const draft = (title: string) =>
      cms.create({ collection: 'posts', data: { title }, draft: true })
    const [gone, kept] = [await draft('to delete'), await draft('to keep')]
    const later = new Date(Date.now() + 3_600_000)
    const schedule = (id: string | number, type: string, queue?: string) =>
      cms.jobs.queue({
        task: 'schedulePublish',
        input: { type, doc: { relationTo: 'posts', value: id } },
        waitUntil: later,
        queue,
      })
    const mine = [await schedule(gone.id, 'publish'), await schedule(gone.id, 'unpublish', 'q2')]
    const others = [
      await schedule(kept.id, 'publish'),
      await cms.jobs.queue({ task: 'count', input: { key: String(gone.id) }, waitUntil: later }),
    ]
    const left = async () =>
      (await cms.find({ collection: 'payload-jobs' as 'posts', limit: 0, depth: 0 })).docs.map(
        (d) => String(d.id),
      )
    t.deepEqual((await left()).sort(), [...mine, ...others].map((j) => String(j.id)).sort())

    // A delete that fails (its afterDelete hook throws) rolls the jobs' delete back with it.
    await t.throwsAsync(
      cms.delete({
        collection: 'posts',
        id: gone.id,
        context: { failAfterDelete: true },
      }),
    )
    t.is((await left()).length, 4)

    await cms.delete({ collection: 'posts', id: gone.id })
    t.deepEqual((await left()).sort(), others.map((j) => String(j.id)).sort())
    await cms.delete({
      collection: 'payload-jobs' as 'posts',
      where: { waitUntil: { exists: true } },
    })
    await cms.delete({ collection: 'posts', id: kept.id })
  },
)
