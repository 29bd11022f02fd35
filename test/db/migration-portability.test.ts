import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import test from 'ava'
import { defineConfig } from '../../server/config/define-config.ts'
import { sanitizeConfig } from '../../server/config/sanitize.ts'
import { connect } from '../../server/db/connect.ts'
import { applyMigrations, createMigration } from '../../server/db/migrator.ts'
import { schemaFor } from '../../server/db/schema.ts'
import { getCms } from '../../server/local/get-cms.ts'
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

test('a migration file written on SQLite applies on the database of the run', async (t) => {
  const dir = await mkdtemp(path.join(tmpdir(), 'cms-portable-'))
  const migrations = path.join(dir, 'migrations')
  const source = connect(`sqlite:${path.join(dir, 'source.db')}`)
  const fresh = await freshDatabaseUrl()
  const url = fresh.url === 'sqlite::memory:' ? `sqlite:${path.join(dir, 'target.db')}` : fresh.url
  try {
    const tables = schemaFor(sanitizeConfig(defineConfig({ collections }))).tables
    await createMigration(source, tables, migrations, 'initial')
    const [file] = await readdir(migrations)
    // The file names the CMS's column types, not SQLite's.
    t.regex(await readFile(path.join(migrations, file), 'utf8'), /"holds":"date"/)
    const target = connect(url)
    try {
      t.is((await applyMigrations(target, migrations)).length, 1)
    } finally {
      await target.close()
    }
    const cms = await getCms({
      config: defineConfig({
        collections,
        db: { url, onStart: 'check', migrationDir: migrations },
      }),
    })
    try {
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
    } finally {
      await cms.destroy()
    }
  } finally {
    await source.close()
    await fresh.drop()
    await rm(dir, { recursive: true, force: true })
  }
})
