/**
 * A Payload site's database, written by real Payload 3.90 (test/fixtures/payload-real: `payload`,
 * `@payloadcms/db-sqlite`, `@payloadcms/db-postgres` from npm) through its own Local API, with Payload's own REST
 * answers to a fixed set of reads; and the config this server reads it with (the same collections, from
 * `site.mjs`).
 */
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { dialectName, freshDatabaseUrl } from '../helpers/db.ts'
import type { Config } from '../../server/index.ts'
import { site } from '../fixtures/payload-real/site.mjs'

const FIXTURE = path.resolve(import.meta.dirname, '../fixtures/payload-real')
const run = promisify(execFile)

export interface PayloadSite {
  /** The database Payload wrote: a SQLite file, or on the PostgreSQL step a PostgreSQL database. */
  url: string
  /** Payload's `staticDir` of the media collection. */
  media: string
  made: {
    password: string
    apiKey: string
    /** A token Payload signed at the user's login. */
    token: string
    user: { id: number; email: string }
    media: { id: number }
    categories: number[]
    tags: string[]
    posts: number[]
    answers: Record<string, { status: number; body: unknown }>
  }
  dir: string
  drop: () => Promise<void>
}

/** Writes a Payload site's database with real Payload (about 6 s). */
export async function payloadSite(): Promise<PayloadSite> {
  if (!existsSync(path.join(FIXTURE, 'node_modules/payload')))
    throw new Error(
      'Real Payload is not installed: run node scripts/payload-projects.ts (npm test does).',
    )
  const dir = await mkdtemp(path.join(tmpdir(), 'payload-site-'))
  const media = path.join(dir, 'payload-media')
  await mkdir(media)
  const pg = dialectName === 'postgres' ? await freshDatabaseUrl() : undefined
  const url = pg?.url ?? `sqlite:${path.join(dir, 'site.db')}`
  const out = path.join(dir, 'out.json')
  await run(process.execPath, ['write.mjs', url, media, out], {
    cwd: FIXTURE,
    env: { ...process.env, NODE_ENV: 'development' },
    timeout: 120_000,
  })
  return {
    url,
    media,
    dir,
    made: JSON.parse(await readFile(out, 'utf8')) as PayloadSite['made'],
    drop: async () => {
      await pg?.drop()
      await rm(dir, { recursive: true, force: true })
    },
  }
}

/**
 * The site's config as this server reads it: the same collections, on `url`, with its own media folder;
 * `acceptPayloadTokens` turns on the users' migration aid.
 */
export function siteConfig(url: string, staticDir: string, acceptPayloadTokens = false): Config {
  const config = { ...site({ staticDir }), db: { url } } as unknown as Config
  if (acceptPayloadTokens)
    for (const c of config.collections ?? [])
      if (c.slug === 'users') c.auth = { ...(c.auth as object), acceptPayloadTokens: true }
  return config
}
