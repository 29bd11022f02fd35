/**
 * Issue 55, blocker 9: Payload's database adapters as its projects write them. `@payloadcms/db-sqlite`,
 * `@payloadcms/db-postgres` and `@payloadcms/db-mongodb` are this repository's alias packages (packages/), linked by
 * npm as `payload` is: `sqliteAdapter({ client: { url } })` and `postgresAdapter({ pool: { connectionString } })`
 * become the `db` options the CMS reads; `mongooseAdapter` stops the start saying what to use instead.
 */
import test from 'ava'
import { mkdir, mkdtemp, readFile, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { getPayload } from '../../server/index.ts'
import { postgresAdapter, sqliteAdapter } from '../../server/config/payload-adapters.ts'

const root = resolve(import.meta.dirname, '../..')
const ALIASES = {
  'db-sqlite': 'db-sqlite-alias',
  'db-postgres': 'db-postgres-alias',
  'db-mongodb': 'db-mongodb-alias',
}

test('package.json links each adapter name to its alias package', async (t) => {
  const pkg = JSON.parse(await readFile(join(root, 'package.json'), 'utf8'))
  for (const [name, folder] of Object.entries(ALIASES)) {
    t.is(pkg.devDependencies[`@payloadcms/${name}`], `file:packages/${folder}`)
    const alias = JSON.parse(await readFile(join(root, `packages/${folder}/package.json`), 'utf8'))
    t.is(alias.name, `@payloadcms/${name}`)
  }
})

/** A scratch project whose node_modules links `payload` and the three adapters, as npm install does. */
async function project(config: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'payload-adapters-'))
  await mkdir(join(dir, 'node_modules/@payloadcms'), { recursive: true })
  await symlink(join(root, 'packages/payload-alias'), join(dir, 'node_modules/payload'), 'dir')
  for (const [name, folder] of Object.entries(ALIASES))
    await symlink(
      join(root, 'packages', folder),
      join(dir, 'node_modules/@payloadcms', name),
      'dir',
    )
  await writeFile(join(dir, 'package.json'), '{ "type": "module" }\n')
  await writeFile(join(dir, 'payload.config.ts'), config)
  return dir
}

test("a config with sqliteAdapter({ client: { url: 'file:…' } }) starts on that SQLite file", async (t) => {
  const dir = await project(`import { buildConfig } from 'payload'
import { sqliteAdapter } from '@payloadcms/db-sqlite'
export default buildConfig({
  secret: 'a-test-secret-that-is-long-enough-1234',
  db: sqliteAdapter({ client: { url: 'file:./payload.db' } }),
  collections: [{ slug: 'posts', fields: [{ name: 'title', type: 'text' }] }],
})
`)
  const mod = await import(pathToFileURL(join(dir, 'payload.config.ts')).href)
  t.deepEqual(mod.default.db, { url: 'sqlite:./payload.db' })
  const payload = await getPayload({
    config: { ...mod.default, db: { url: `sqlite:${join(dir, 'payload.db')}` } },
  })
  try {
    t.is(
      (await payload.create({ collection: 'posts', data: { title: 'moved in' } })).title,
      'moved in',
    )
  } finally {
    await payload.destroy()
  }
})

test('the adapters read what this CMS has: file URLs, connection strings, idType, migrationDir', (t) => {
  t.deepEqual(sqliteAdapter({ client: { url: 'file:///srv/site/payload.db' }, idType: 'uuid' }), {
    url: 'sqlite:/srv/site/payload.db',
    idType: 'uuid',
  })
  t.deepEqual(
    sqliteAdapter({ client: { url: '' } }),
    {},
    'an unset DATABASE_URI leaves the choice to the environment, as db.url does',
  )
  t.deepEqual(sqliteAdapter({ client: { url: 'sqlite::memory:' }, idType: 'number' }), {
    url: 'sqlite::memory:',
  })
  t.throws(() => sqliteAdapter({ client: { url: 'libsql://db.turso.io', authToken: 'x' } }), {
    message: /remote libSQL server.*local file/,
  })
  t.deepEqual(
    postgresAdapter({
      pool: { connectionString: 'postgres://u:p@h:5432/site' },
      migrationDir: 'migrations',
    }),
    { url: 'postgres://u:p@h:5432/site', migrationDir: 'migrations' },
  )
  t.throws(() => postgresAdapter({ pool: { connectionString: 'mysql://u@h/site' } }), {
    message: /postgres:\/\/ or postgresql:\/\//,
  })
  t.throws(() => postgresAdapter({ idType: 'bigint' }), {
    message: /idType must be 'serial' or 'uuid'/,
  })
})

test('mongooseAdapter stops the start, saying what to use instead', async (t) => {
  const dir = await project(`import { buildConfig } from 'payload'
import { mongooseAdapter } from '@payloadcms/db-mongodb'
export default buildConfig({ db: mongooseAdapter({ url: process.env.DATABASE_URI }), collections: [] })
`)
  const error = await t.throwsAsync(import(pathToFileURL(join(dir, 'payload.config.ts')).href))
  t.is(error?.name, 'ConfigError')
  t.regex(
    error?.message ?? '',
    /MongoDB is not supported\. Use sqliteAdapter from '@payloadcms\/db-sqlite'/,
  )
})
