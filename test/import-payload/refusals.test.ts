/**
 * Issue 56: `importPayload` (what `cms import-payload` runs) refuses what it cannot bring over whole, before it
 * writes anything: a database Payload wrote for another config, one that is not Payload 3's, a truncated file,
 * a target that already holds documents; an interrupted import resumes without duplicates; a user whose hash is
 * Payload's older kind logs in too.
 */
import test from 'ava'
import { createHash, createHmac, pbkdf2Sync, randomBytes } from 'node:crypto'
import { copyFile, stat, truncate } from 'node:fs/promises'
import path from 'node:path'
import { getCms, importPayload, type Cms, type Config } from '../../server/index.ts'
import { dialectName, freshDatabaseUrl } from '../helpers/db.ts'
import { payloadSite, siteConfig, type PayloadSite } from './site.ts'

let site: PayloadSite
test.before(async () => {
  site = await payloadSite()
})
test.after.always(async () => {
  await site?.drop()
})

/** A CMS on a fresh database with the site's config (or `config` of it). */
async function target(edit: (c: Config) => Config = (c) => c) {
  const fresh = await freshDatabaseUrl()
  const cms = await getCms({
    config: edit(siteConfig(fresh.url, path.join(site.dir, `media-${Math.random()}`))),
    cron: false,
  })
  return {
    cms,
    done: async () => {
      await cms.destroy()
      await fresh.drop()
    },
  }
}

const total = async (cms: Cms) => {
  let n = 0
  for (const c of cms.config.collections) n += (await cms.count({ collection: c.slug })).totalDocs
  return n
}

test('a database of another config is refused, naming what it lacks; nothing is written', async (t) => {
  const { cms, done } = await target((c) => {
    const posts = (c.collections ?? []).find((x) => x.slug === 'posts')!
    posts.fields.push({ name: 'subtitle', type: 'text' })
    return c
  })
  try {
    const e = await t.throwsAsync(importPayload(cms, { from: site.url, write: true }))
    t.is(e?.name, 'ImportError')
    t.regex(
      e?.message ?? '',
      /was written for another config: it lacks posts\.subtitle, _posts_v\.version_subtitle, which this config's fields need\./,
    )
    t.is(await total(cms), 0)
  } finally {
    await done()
  }
})

/** A copy of the site's SQLite file, changed by `change` (SQLite steps only: the PostgreSQL step's site is a database). */
async function alteredCopy(name: string, change: (file: string) => Promise<void>): Promise<string> {
  const file = path.join(site.dir, name)
  await copyFile(site.url.slice('sqlite:'.length), file)
  await change(file)
  return `sqlite:${file}`
}
const sqliteSite = dialectName === 'postgres' ? test.skip : test

sqliteSite(
  'a database Payload 2 wrote (no payload_locked_documents) is refused as such',
  async (t) => {
    const from = await alteredCopy('payload2.db', async (file) => {
      const { default: Database } = await import('better-sqlite3')
      const db = new Database(file)
      db.exec('DROP TABLE payload_locked_documents_rels; DROP TABLE payload_locked_documents')
      db.close()
    })
    const { cms, done } = await target()
    try {
      const e = await t.throwsAsync(importPayload(cms, { from, write: true }))
      t.regex(
        e?.message ?? '',
        /it looks like Payload 2, whose layout this import does not read \(upgrade the site to Payload 3 first\)/,
      )
      t.is(await total(cms), 0)
    } finally {
      await done()
    }
  },
)

sqliteSite('a truncated database file is refused before anything is written', async (t) => {
  const from = await alteredCopy('truncated.db', async (file) => {
    await truncate(file, Math.floor((await stat(file)).size / 3))
  })
  const { cms, done } = await target()
  try {
    const e = await t.throwsAsync(importPayload(cms, { from, write: true }))
    t.is(e?.name, 'ImportError')
    t.regex(e?.message ?? '', /^The Payload database cannot be read: /)
    t.is(await total(cms), 0)
  } finally {
    await done()
  }
})

test('a target holding documents is refused; an interrupted import resumes without duplicates', async (t) => {
  const { cms, done } = await target()
  try {
    const files = { media: site.media }
    const first = await importPayload(cms, { from: site.url, write: true, files })
    t.deepEqual(first.problems, [])
    const again = await t.throwsAsync(importPayload(cms, { from: site.url, write: true, files }))
    t.regex(
      again?.message ?? '',
      /^The target database is not empty: users \(1\), media \(1\), categories \(2\), tags \(2\), posts \(3\), posts versions \(5\), global settings \(1\), global settings versions \(3\)\. Import into an empty database, or pass --resume/,
    )
    // As if the run had stopped before the pages of the last posts: their documents and versions are not there.
    await cms.delete({ collection: 'posts', id: site.made.posts[2] })
    t.is((await cms.count({ collection: 'posts' })).totalDocs, 2)
    const resumed = await importPayload(cms, { from: site.url, write: true, resume: true, files })
    t.deepEqual(resumed.problems, [])
    t.is(resumed.written.posts, 1)
    t.is(resumed.written['posts versions'], 1)
    t.is(resumed.written.users, 0)
    t.is((await cms.count({ collection: 'posts' })).totalDocs, 3)
  } finally {
    await done()
  }
})

test("a user whose hash is Payload's older kind (before 3.90) logs in and the login upgrades it; an older API key index matches", async (t) => {
  const { cms, done } = await target()
  try {
    await importPayload(cms, { from: site.url, write: true })
    // Payload's hash before 3.90: PBKDF2-SHA256, 25,000 iterations, a 512-byte key, a 32-byte hex salt.
    const salt = randomBytes(32).toString('hex')
    const legacy = pbkdf2Sync('older-password', salt, 25_000, 512, 'sha256').toString('hex')
    await cms.db.run('UPDATE users SET hash = ?, salt = ? WHERE id = ?', [
      legacy,
      salt,
      site.made.user.id,
    ])
    const login = (password: string) =>
      cms.login({ collection: 'users', data: { email: site.made.user.email, password } })
    await t.throwsAsync(login('wrong-password'))
    t.truthy((await login('older-password')).token)
    const [{ hash }] = await cms.db.all<{ hash: string }>('SELECT hash FROM users WHERE id = ?', [
      site.made.user.id,
    ])
    t.regex(hash, /^[0-9a-f]{64}$/)
    t.truthy((await login('older-password')).token)
    // An API key indexed as Payload indexed keys before 3.46 (HMAC-SHA1 keyed with its secret) works too.
    const secret = createHash('sha256').update(String(cms.config.secret)).digest('hex').slice(0, 32)
    const key = 'an-older-payload-api-key-0123456789abcdef'
    const sha1 = createHmac('sha1', secret).update(key).digest('hex')
    const column = cms.db.dialect.quote('apiKeyIndex')
    await cms.db.run(`UPDATE users SET ${column} = ? WHERE id = ?`, [sha1, site.made.user.id])
    t.is((await cms.authenticateAPIKey('users', key))?.id, site.made.user.id)
    t.is(await cms.authenticateAPIKey('users', `${key}x`), undefined)
    // Without auth.acceptPayloadTokens (the default), a token Payload signed is nobody.
    t.is(await cms.authenticateToken(site.made.token), undefined)
  } finally {
    await done()
  }
})
