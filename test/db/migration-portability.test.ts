import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import test, { type ExecutionContext } from 'ava'
import { defineConfig } from '../../server/config/define-config.ts'
import { sanitizeConfig } from '../../server/config/sanitize.ts'
import { connect } from '../../server/db/connect.ts'
import { applyMigrations, createMigration } from '../../server/db/migrator.ts'
import { schemaFor } from '../../server/db/schema.ts'
import { getCms } from '../../server/local/get-cms.ts'
import type { Cms } from '../../server/local/cms.ts'
import type { Config } from '../../server/config/types.ts'
import { dialectName, freshDatabaseUrl } from '../helpers/db.ts'

/**
 * A migration file is a list of steps in the CMS's own column types (docs/migrations.md): one written against
 * SQLite applies on the database of the run (SQLite, MariaDB or PostgreSQL), which gives each column its own
 * type there, and the CMS then starts on it with `db.onStart: 'check'` (nothing missing) and works.
 */
const collections = [
  {
    slug: 'events',
    fields: [
      { name: 'title', type: 'text' as const },
      { name: 'at', type: 'date' as const },
      { name: 'meta', type: 'json' as const },
    ],
  },
]

/**
 * Writes the migration of `config`'s tables on a SQLite file, checks the file names `holds` (the CMS's column
 * type, not SQLite's), applies it on a fresh database of the run and starts a CMS there with `onStart: 'check'`;
 * `use` works with it. Everything is closed and dropped after.
 */
async function portable(
  t: ExecutionContext,
  config: Config,
  holds: string,
  use: (cms: Cms, url: string) => Promise<void>,
): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'cms-portable-'))
  const migrations = path.join(dir, 'migrations')
  const source = connect(`sqlite:${path.join(dir, 'source.db')}`)
  const fresh = await freshDatabaseUrl()
  const url = fresh.url === 'sqlite::memory:' ? `sqlite:${path.join(dir, 'target.db')}` : fresh.url
  try {
    await createMigration(source, schemaFor(sanitizeConfig(config)).tables, migrations, 'initial')
    const [file] = await readdir(migrations)
    t.regex(await readFile(path.join(migrations, file), 'utf8'), new RegExp(`"holds":"${holds}"`))
    const target = connect(url)
    try {
      t.is((await applyMigrations(target, migrations)).length, 1)
    } finally {
      await target.close()
    }
    const cms = await getCms({
      config: { ...config, db: { ...config.db, url, onStart: 'check', migrationDir: migrations } },
    })
    try {
      await use(cms, url)
    } finally {
      await cms.destroy()
    }
  } finally {
    await source.close()
    await fresh.drop()
    await rm(dir, { recursive: true, force: true })
  }
}

test('a migration file written on SQLite applies on the database of the run', async (t) => {
  await portable(t, defineConfig({ collections }), 'date', async (cms) => {
    const made = await cms.create({
      collection: 'events',
      data: { title: 'moved', at: '2026-05-06T07:08:09.010Z', meta: { a: [1, 2] } },
    })
    const read = await cms.findByID({ collection: 'events', id: made.id })
    t.is(read.at, '2026-05-06T07:08:09.010Z')
    t.deepEqual(read.meta, { a: [1, 2] })
    if (dialectName === 'postgres') {
      const types = await cms.db.all<{ c: string; t: string }>(
        'SELECT column_name AS c, udt_name AS t FROM information_schema.columns ' +
          "WHERE table_schema = current_schema() AND table_name = 'events' AND column_name IN ('at', 'meta') ORDER BY column_name",
      )
      t.deepEqual(types, [
        { c: 'at', t: 'timestamptz' },
        { c: 'meta', t: 'jsonb' },
      ])
    }
  })
})

const uuidCollections = [
  { slug: 'people', fields: [{ name: 'name', type: 'text' as const }] },
  {
    slug: 'cards',
    fields: [{ name: 'person', type: 'relationship' as const, relationTo: 'people' }],
  },
]

test('UUID ids: a migration file written on SQLite makes uuid columns on PostgreSQL', async (t) => {
  const config = defineConfig({ db: { idType: 'uuid' }, collections: uuidCollections })
  await portable(t, config, 'uuid', async (cms, url) => {
    const person = await cms.create({ collection: 'people', data: { name: 'Pia' } })
    const card = await cms.create({ collection: 'cards', data: { person: person.id } })
    const read = await cms.findByID({ collection: 'cards', id: card.id, depth: 1 })
    t.like(read, { person: { id: person.id, name: 'Pia' } })
    if (dialectName === 'postgres') {
      const types = await cms.db.all<{ c: string; t: string }>(
        "SELECT table_name || '.' || column_name AS c, udt_name AS t FROM information_schema.columns " +
          "WHERE table_schema = current_schema() AND table_name IN ('people', 'cards') AND column_name IN ('id', 'person') ORDER BY 1",
      )
      t.deepEqual(types, [
        { c: 'cards.id', t: 'uuid' },
        { c: 'cards.person', t: 'uuid' },
        { c: 'people.id', t: 'uuid' },
      ])
      // A database made before uuid columns (varchar ids) is refused at start, naming the column.
      await cms.db.run('ALTER TABLE "cards" ALTER COLUMN "person" TYPE varchar(255)')
      const error = await t.throwsAsync(
        getCms({ config: { ...config, db: { url, idType: 'uuid' } } }),
      )
      t.regex(
        error!.message,
        /Column cards\.person is not a uuid column but the config asks for one/,
      )
    }
  })
})
