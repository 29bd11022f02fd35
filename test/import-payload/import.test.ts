/**
 * Issue 56: a database real Payload 3.90 wrote (drafts and versions, localization, arrays, blocks, hasMany and
 * polymorphic relationships, a join, an upload collection with an image size, a global with drafts, custom text
 * ids, an auth collection with an API key) comes over with `cms import-payload`, and this server then answers
 * Payload's own REST reads the same (lists, by id at depth 0 and 2, by locale, drafts), once the differences
 * docs/porting-from-payload.md lists are removed. The user logs in with the password Payload hashed and with the
 * API key Payload indexed; the first login stores this server's hash.
 */
import test from 'ava'
import { execFile } from 'node:child_process'
import path from 'node:path'
import { promisify } from 'node:util'
import pino from 'pino'
import { getCms } from '../../server/index.ts'
import { listen } from '../../server/http/server.ts'
import { sharedDatabaseUrl } from '../helpers/db.ts'
import { contractChecker } from '../helpers/http.ts'
import { payloadSite, siteConfig, type PayloadSite } from './site.ts'
import { comparable } from './differences.ts'

const CLI = path.resolve(import.meta.dirname, '../../server/cli.ts')
const run = promisify(execFile)

let site: PayloadSite
test.before(async () => {
  site = await payloadSite()
})
test.after.always(async () => {
  await site?.drop()
})

/** `cms import-payload` with the site's config (written to a file the CLI loads), on `target`. */
async function importCli(target: string, ...args: string[]) {
  const config = path.join(site.dir, 'cms.config.ts')
  const { writeFile } = await import('node:fs/promises')
  await writeFile(
    config,
    `import { site } from ${JSON.stringify(path.resolve(import.meta.dirname, '../fixtures/payload-real/site.mjs'))}\n` +
      `export default { ...site({ staticDir: ${JSON.stringify(path.join(site.dir, 'media'))} }), db: { url: ${JSON.stringify(target)} } }\n`,
  )
  try {
    const { stdout } = await run(process.execPath, [CLI, 'import-payload', ...args], {
      env: { ...process.env, CMS_CONFIG_PATH: config, LOG_LEVEL: 'silent' },
      timeout: 120_000,
    })
    return { code: 0, stdout }
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string }
    return { code: e.code ?? 1, stdout: `${e.stdout ?? ''}${e.stderr ?? ''}` }
  }
}

test('a Payload site comes over: Payload REST answers equal, old password and API key work, the hash is upgraded', async (t) => {
  const target = await sharedDatabaseUrl()
  try {
    const dry = await importCli(target.url, '--from', site.url)
    t.is(dry.code, 0, dry.stdout)
    t.regex(dry.stdout, /^posts: 3$/m)
    t.regex(dry.stdout, /^posts versions: 5$/m)
    t.regex(dry.stdout, /^global settings versions: 3$/m)
    t.regex(dry.stdout, /Dry run: nothing written/)
    const done = await importCli(
      target.url,
      '--from',
      site.url,
      '--write',
      '--files',
      `media=${site.media}`,
    )
    t.is(done.code, 0, done.stdout)
    t.regex(done.stdout, /media: 2 file\(s\) copied/)
    t.regex(done.stdout, /Imported; counts and the sampled documents match\./)

    const cms = await getCms({
      config: siteConfig(target.url, path.join(site.dir, 'media'), true),
      cron: false,
    })
    const server = await listen(cms, { port: 0, logger: pino({ level: 'silent' }) })
    try {
      const check = await contractChecker(server.document)
      const call = async (route: string, init: RequestInit = {}) => {
        const res = await fetch(server.url + route, init)
        const body = (await res.json()) as unknown
        check(
          init.method ?? 'GET',
          new URL(server.url + route),
          res.status,
          body,
          res.headers.get('content-type'),
        )
        return { status: res.status, body }
      }
      const key = { Authorization: `users API-Key ${site.made.apiKey}` }
      for (const [query, payload] of Object.entries(site.made.answers)) {
        const ours = await call(query, { headers: key })
        t.is(ours.status, payload.status, query)
        t.deepEqual(comparable(ours.body), comparable(payload.body), query)
      }
      // The password Payload hashed logs in; that login stores this server's hash, and the next login uses it.
      const login = () =>
        call('/api/users/login', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: site.made.user.email, password: site.made.password }),
        })
      const hashOf = async () =>
        (
          await cms.db.all<{ hash: string }>('SELECT hash FROM users WHERE id = ?', [
            site.made.user.id,
          ])
        )[0].hash
      t.true((await hashOf()).startsWith('pbkdf2-sha256-v1:'))
      t.is((await login()).status, 200)
      const upgraded = await hashOf()
      t.regex(upgraded, /^[0-9a-f]{64}$/)
      t.is((await login()).status, 200)
      t.is(await hashOf(), upgraded)
      // New documents take ids after the imported ones (PostgreSQL's sequences were moved past them).
      const created = await cms.create({ collection: 'categories', data: { title: 'Later' } })
      t.is(created.id, Math.max(...site.made.categories) + 1)
      // auth.acceptPayloadTokens: the token Payload signed at login is the user here; refresh trades it for a
      // token and session of this server's; logout ends nothing (the token has no session here).
      const payloadToken = { Authorization: `JWT ${site.made.token}` }
      const me = await call('/api/users/me', { headers: payloadToken })
      t.is((me.body as { user: { id: number } }).user.id, site.made.user.id)
      const refreshed = await call('/api/users/refresh-token', {
        method: 'POST',
        headers: payloadToken,
      })
      t.is(refreshed.status, 200, JSON.stringify(refreshed.body))
      const ours = (refreshed.body as { refreshedToken: string }).refreshedToken
      t.not(ours, site.made.token)
      const again = await call('/api/users/me', { headers: { Authorization: `JWT ${ours}` } })
      t.is((again.body as { user: { id: number } }).user.id, site.made.user.id)
      t.is((await call('/api/users/logout', { method: 'POST', headers: payloadToken })).status, 200)
    } finally {
      await server.close()
      await cms.destroy()
    }
  } finally {
    await target.drop()
  }
})
