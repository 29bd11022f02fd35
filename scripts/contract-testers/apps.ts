/**
 * The applications the independent contract testers run against: the example app (`cms.config.ts`, what
 * `npm start` serves) and the `magazine` fixture (test/fixtures/contract-configs.ts). Each one is served on a
 * fresh SQLite file on a free loopback port and seeded through the Local API with what the operations need: an
 * admin who can log in, and per collection a document to read and update (`keep`), one for the delete by id
 * (`doomed`) and one for the delete by `where` (`doomedMany`). Relations point at the admin or at documents the
 * run keeps: an update validates the whole document, relations it does not send included, so a document whose
 * related document was deleted cannot be updated until the relation is changed.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pino } from 'pino'
import sharp from 'sharp'
import type { Config, Where } from '../../server/config/types.ts'
import { loadConfig } from '../../server/config/load.ts'
import type { Cms } from '../../server/local/cms.ts'
import { getCms } from '../../server/local/get-cms.ts'
import { listen, type RunningServer } from '../../server/http/server.ts'
import { magazine } from '../../test/fixtures/contract-configs.ts'
import { newsroom } from '../../test/fixtures/newsroom.ts'
import { freshDatabaseUrl } from '../../test/helpers/db.ts'

// The testers' servers are test processes, as ava's workers are: passwords hashed at 1,000 PBKDF2 iterations
// (docs/testing.md, "Password hashing in tests"). Schemathesis sends thousands of logins and password writes,
// each 180 ms of CPU at the real cost. Only the hash's cost changes; nothing the testers check depends on it.
process.env.NODE_ENV ??= 'test'
process.env.CMS_TEST_PBKDF2_ITERATIONS ??= '1000'

type Data = Record<string, unknown>

/** The ids the tests address, by collection slug. */
export interface Fixtures {
  docs: Record<string, { keep: number; doomed: number; doomedMany: number }>
  /**
   * The stored filename of a document of each upload collection that no request writes (the update by id replaces
   * the `keep` document's file), for the file route.
   */
  files: Record<string, string>
  /** A version of each versioned collection's `keep` document. */
  versions: Record<string, number>
  /** Orders API: orders of the admin in the state each operation needs. */
  orders?: { get: number; cancel: number; ship: number; pay: number; payAmount: number }
  /** Single-use password reset tokens of two users other than the admin (one per reset request). */
  resetTokens: [string, string]
}

export interface AppUnderTest {
  name: string
  config: () => Promise<Config>
  admin: { collection: string; email: string; password: string }
  /** Data of a new document of `slug` (`n` makes unique fields unique). */
  document: (slug: string, n: number, cms: Cms) => Promise<Data>
  /** What the app seeds beyond the three documents per collection. */
  seed?: (cms: Cms) => Promise<Partial<Fixtures>>
}

const text = (n: number, word: string) => `${word} ${n}`

/**
 * A document of a collection the CMS adds (payload-locked-documents, payload-jobs), or undefined: a lock on a
 * global slug of its own held by the admin, a publish scheduled far ahead (it never runs during the run).
 */
async function systemDocument(
  slug: string,
  n: number,
  cms: Cms,
  admin: AppUnderTest['admin'],
): Promise<Data | undefined> {
  if (slug === 'payload-locked-documents') {
    const holder = await firstId(cms, admin.collection, { email: { equals: admin.email } })
    return { globalSlug: `lock-${n}`, user: { relationTo: admin.collection, value: holder } }
  }
  if (slug === 'payload-jobs') {
    // The oldest post: one the seed wrote, which the run never deletes (a schedule goes with its document).
    const [post] = (
      await cms.find({ collection: 'posts' as never, limit: 1, depth: 0, sort: 'createdAt' })
    ).docs
    return {
      taskSlug: 'schedulePublish',
      input: { type: 'publish', doc: { relationTo: 'posts', value: (post as { id: number }).id } },
      waitUntil: '2100-01-01T00:00:00.000Z',
    }
  }
  return undefined
}

export const example: AppUnderTest = {
  name: 'example',
  config: () => loadConfig(path.resolve(import.meta.dirname, '../../cms.config.ts')),
  admin: { collection: 'users', email: 'admin@example.com', password: 'admin-password' },
  async document(slug, n, cms) {
    const admin = await firstId(cms, 'users', { email: { equals: 'admin@example.com' } })
    switch (slug) {
      case 'users':
        return {
          email: `user-${n}@example.com`,
          password: `user-password-${n}`,
          name: text(n, 'User'),
        }
      case 'categories':
        return { name: text(n, 'Category'), slug: `category-${n}` }
      case 'posts':
        return {
          title: text(n, 'Post'),
          slug: `post-under-test-${n}`,
          _status: 'published',
          author: admin,
        }
      case 'pages':
        return { title: text(n, 'Page'), slug: `page-under-test-${n}`, _status: 'published' }
      case 'tracking':
        return { label: text(n, 'Parcel') }
      case 'orders':
        return { user: admin, items: [{ product: 'mug', quantity: 1, unit_price: 12.5 }] }
      case 'media':
        return { alt: text(n, 'Image') }
    }
    throw new Error(`No sample document for ${slug}`)
  },
  async seed(cms) {
    await cms.config.seed!(cms)
    const admin = await firstId(cms, 'users', { email: { equals: 'admin@example.com' } })
    const items = [{ product: 'mug', quantity: 2, unit_price: 12.5 }]
    const order = async (status: string) =>
      (
        await cms.create({
          collection: 'orders',
          data: { user: admin, status, items, total_amount: 25 },
        })
      ).id as number
    return {
      orders: {
        get: await order('pending'),
        cancel: await order('pending'),
        ship: await order('paid'),
        pay: await order('pending'),
        payAmount: 25,
      },
    }
  },
}

export const magazineApp: AppUnderTest = {
  name: 'magazine',
  config: async () => magazine,
  admin: { collection: 'members', email: 'admin@example.com', password: 'admin-password' },
  async document(slug, n, cms) {
    switch (slug) {
      case 'members':
        return {
          email: `member-${n}@example.com`,
          password: `member-password-${n}`,
          displayName: text(n, 'Member'),
        }
      case 'topics':
        return { name: text(n, 'Topic') }
      case 'blog-posts':
        return {
          headline: text(n, 'Headline'),
          // The admin: the members the run deletes must not be anyone's writer (see below).
          writer: await firstId(cms, 'members', { email: { equals: 'admin@example.com' } }),
          rating: 3,
        }
    }
    throw new Error(`No sample document for ${slug}`)
  },
  async seed(cms) {
    await cms.create({
      collection: 'members',
      data: { email: 'admin@example.com', password: 'admin-password', displayName: 'Admin' },
    })
    return {}
  },
}

/** The Schemathesis run's second config: drafts, locales, a join field, custom endpoints (test/fixtures/newsroom.ts). */
export const newsroomApp: AppUnderTest = {
  name: 'newsroom',
  config: async () => newsroom,
  admin: { collection: 'editors', email: 'admin@example.com', password: 'admin-password' },
  async document(slug, n, cms) {
    switch (slug) {
      case 'editors':
        return {
          email: `editor-${n}@example.com`,
          password: `editor-password-${n}`,
          name: text(n, 'Editor'),
        }
      case 'sections':
        return { name: text(n, 'Section') }
      case 'stories':
        return {
          title: text(n, 'Story'),
          words: n,
          _status: 'published',
          section: await firstId(cms, 'sections', {}),
          editor: await firstId(cms, 'editors', { email: { equals: 'admin@example.com' } }),
        }
    }
    throw new Error(`No sample document for ${slug}`)
  },
  async seed(cms) {
    await cms.create({
      collection: 'editors',
      data: { email: 'admin@example.com', password: 'admin-password', name: 'Admin' },
    })
    await cms.create({ collection: 'sections', data: { name: 'Front' } })
    return {}
  },
}

/** A 16×16 PNG, the file of every seeded upload document. */
const samplePng = () =>
  sharp({ create: { width: 16, height: 16, channels: 3, background: '#3a3' } })
    .png()
    .toBuffer()

/** The config with its upload collections' local files under `dir` (one folder each), not in the project. */
function withUploadsIn(dir: string, config: Config): Config {
  const collections = config.collections?.map((c) =>
    c.upload && !(typeof c.upload === 'object' && c.upload.disableLocalStorage)
      ? {
          ...c,
          upload: {
            ...(typeof c.upload === 'object' ? c.upload : {}),
            staticDir: path.join(dir, c.slug),
          },
        }
      : c,
  )
  return { ...config, collections }
}

async function firstId(cms: Cms, collection: string, where: Where): Promise<number> {
  const { docs } = await cms.find({ collection, where, limit: 1, depth: 0 })
  if (!docs[0]) throw new Error(`No ${collection} document matches ${JSON.stringify(where)}`)
  return docs[0].id as number
}

export interface ServedApp {
  cms: Cms
  server: RunningServer
  /** The API base: `http://127.0.0.1:<port><routes.api>`. */
  api: string
  fixtures: Fixtures
  close: () => Promise<void>
}

/**
 * Serves `app` on a fresh database (SQLite in a temporary folder; with DATABASE_URL, a new database on that server), seeded with its fixtures; `tune` changes its
 * config first (e.g. a fuzzer's raised rate limits).
 */
export async function serve(
  app: AppUnderTest,
  tune: (config: Config) => Config = (config) => config,
): Promise<ServedApp> {
  const dir = await mkdtemp(path.join(tmpdir(), `cms-${app.name}-`))
  const config = withUploadsIn(path.join(dir, 'uploads'), tune(await app.config()))
  // DATABASE_URL (mysql:// or postgres://) serves the app on a fresh database of that server, dropped after.
  const fresh = process.env.DATABASE_URL ? await freshDatabaseUrl() : undefined
  const cms = await getCms({
    // Reset links go nowhere: the runner takes its token from the Local API.
    config: {
      ...config,
      db: { url: fresh?.url ?? `sqlite:${path.join(dir, 'cms.db')}` },
      email: { sendEmail() {} },
    },
  })
  try {
    const extra = (await app.seed?.(cms)) ?? {}
    const docs: Fixtures['docs'] = {}
    const versions: Fixtures['versions'] = {}
    const files: Fixtures['files'] = {}
    let n = 1000
    for (const c of cms.config.collections) {
      const create = async () => {
        const data =
          (await systemDocument(c.slug, n, cms, app.admin)) ?? (await app.document(c.slug, n, cms))
        // An upload collection's document is a file: a small PNG of its own name
        const file = c.upload ? { data: await samplePng(), name: `${c.slug}-${n}.png` } : undefined
        n++
        return (await cms.create({ collection: c.slug, data, file })).id as number
      }
      docs[c.slug] = { keep: await create(), doomed: await create(), doomedMany: await create() }
      if (c.upload) {
        const id = await create()
        files[c.slug] = (await cms.findByID({ collection: c.slug, id })).filename as string
      }
      if (c.versions) {
        const { docs: found } = await cms.findVersions({
          collection: c.slug,
          where: { parent: { equals: docs[c.slug].keep } },
          limit: 1,
        })
        versions[c.slug] = found[0].id as number
      }
    }
    const users = cms.config.collections.find((c) => c.auth)!.slug
    const resetToken = async () => {
      const user = await cms.create({
        collection: users,
        data: await app.document(users, n++, cms),
      })
      return (await cms.forgotPassword({
        collection: users,
        data: { email: user.email as string },
      }))!
    }
    const resetTokens: Fixtures['resetTokens'] = [await resetToken(), await resetToken()]
    const server = await listen(cms, {
      port: 0,
      host: '127.0.0.1',
      logger: pino({ level: 'silent' }),
    })
    return {
      cms,
      server,
      api: server.url + cms.config.routes.api,
      fixtures: { docs, versions, files, resetTokens, ...extra },
      close: async () => {
        await server.close()
        await fresh?.drop()
        await rm(dir, { recursive: true, force: true })
      },
    }
  } catch (error) {
    await cms.destroy()
    await fresh?.drop()
    await rm(dir, { recursive: true, force: true })
    throw error
  }
}
