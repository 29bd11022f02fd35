/**
 * Scheduled publishing with two servers on one database (docs/jobs.md): `versions.drafts.schedulePublish` adds
 * Payload's `schedulePublish` task, and both servers run the default queue every second (`jobs.autoRun`). A
 * document scheduled for time T is published after T, within one tick plus slack, exactly once: its newest draft
 * becomes the published document. SQLite runs on a file both servers open; MariaDB and PostgreSQL on one database.
 */
import test from 'ava'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { defineConfig } from '../../server/index.ts'
import type { Cms } from '../../server/local/cms.ts'
import { getCms } from '../../server/local/get-cms.ts'
import { listen, type RunningServer } from '../../server/http/server.ts'
import { dialectName, freshDatabaseUrl } from '../helpers/db.ts'

const TICK_MS = 1000
const SLACK_MS = 4000
/** Publishes seen by the hooks of either server, by document. */
const publishes = new Map<string, number>()

const config = defineConfig({
  collections: [
    {
      slug: 'posts',
      versions: { drafts: { schedulePublish: true } },
      fields: [{ name: 'title', type: 'text' }],
      hooks: {
        afterChange: [
          ({ doc, previousDoc }) => {
            const d = doc as { id: unknown; _status?: string }
            const before = previousDoc as { _status?: string } | undefined
            if (d._status === 'published' && before?._status !== 'published')
              publishes.set(
                `posts:${String(d.id)}`,
                (publishes.get(`posts:${String(d.id)}`) ?? 0) + 1,
              )
          },
        ],
      },
    },
  ],
  globals: [
    {
      slug: 'banner',
      versions: { drafts: { schedulePublish: true } },
      fields: [{ name: 'text', type: 'text' }],
    },
  ],
  jobs: { autoRun: [{ cron: '* * * * * *' }] },
})

const servers: { cms: Cms; server: RunningServer }[] = []
let cleanup = async () => {}

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
  for (let i = 0; i < 2; i++) {
    const cms = await getCms({ config: { ...config, db: { url } } })
    servers.push({ cms, server: await listen(cms, { port: 0 }) })
  }
})

test.after.always(async () => {
  for (const { server } of servers) await server.close()
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

test.serial(
  'a scheduled publish fires after its time, within one tick, exactly once',
  async (t) => {
    const [a, b] = servers
    const post = await a.cms.create({
      collection: 'posts',
      data: { title: 'first draft' },
      draft: true,
    })
    await a.cms.update({
      collection: 'posts',
      id: post.id,
      data: { title: 'newest draft' },
      draft: true,
    })
    const at = Date.now() + 2000
    const job = await a.cms.jobs.queue({
      task: 'schedulePublish',
      input: { type: 'publish', doc: { relationTo: 'posts', value: post.id } },
      waitUntil: new Date(at),
    })
    t.is(job.taskSlug, 'schedulePublish')
    const published = async () => {
      const doc = await b.cms.findByID({ collection: 'posts', id: post.id })
      return doc._status === 'published'
    }
    const seen = await firstSeen(published, at + TICK_MS + SLACK_MS)
    t.truthy(seen, 'published within one tick and the slack after its time')
    t.true(Number(seen) >= at, 'not published before its time')
    const doc = await b.cms.findByID({ collection: 'posts', id: post.id })
    t.is(doc.title, 'newest draft')
    // Two more ticks on both servers: nothing runs it again, and the completed job is gone (deleteJobOnComplete).
    await new Promise((r) => setTimeout(r, 2 * TICK_MS + 200))
    t.is(publishes.get(`posts:${String(post.id)}`), 1)
    t.is((await a.cms.count({ collection: 'payload-jobs' as 'posts' })).totalDocs, 0)
  },
)

test.serial('a global is published and unpublished on schedule', async (t) => {
  const [a, b] = servers
  await a.cms.updateGlobal({ slug: 'banner', data: { text: 'soon' }, draft: true })
  const at = Date.now() + 1500
  await b.cms.jobs.queue({
    task: 'schedulePublish',
    input: { type: 'publish', global: 'banner' },
    waitUntil: new Date(at),
  })
  const status = async () => (await a.cms.findGlobal({ slug: 'banner' }))._status
  const seen = await firstSeen(
    async () => (await status()) === 'published',
    at + TICK_MS + SLACK_MS,
  )
  t.truthy(seen)
  t.true(Number(seen) >= at)
  t.is((await a.cms.findGlobal({ slug: 'banner' })).text, 'soon')
  const off = Date.now() + 1000
  await a.cms.jobs.queue({
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
