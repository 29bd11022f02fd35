import { spawn } from 'node:child_process'
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import test from 'ava'
import { connect } from '../../server/db/connect.ts'
import { getCms } from '../../server/local/get-cms.ts'
import { dialectName, freshDatabaseUrl } from '../helpers/db.ts'

/**
 * Migration files through the CLI a team runs (`cms migrate:create`, `migrate`, `migrate:status`,
 * `migrate:down`), on a real SQLite file or a fresh MariaDB database, with config files written per test.
 */
const ROOT = path.resolve(import.meta.dirname, '../..')
const INDEX = path.join(ROOT, 'server/index.ts')

interface Project {
  dir: string
  url: string
  cli: (
    config: string,
    ...args: string[]
  ) => Promise<{ code: number | null; out: string; err: string }>
  config: (name: string, collections: string) => Promise<string>
  rows: <T = Record<string, unknown>>(sql: string) => Promise<T[]>
  exec: (sql: string, bindings?: unknown[]) => Promise<unknown>
  migrations: () => Promise<string[]>
  done: () => Promise<void>
}

async function project(): Promise<Project> {
  const dir = await mkdtemp(path.join(tmpdir(), 'cms-migrations-'))
  const fresh = dialectName !== 'sqlite' ? await freshDatabaseUrl() : undefined
  const url = fresh?.url ?? `sqlite:${path.join(dir, 'cms.db')}`
  const db = connect(url)
  return {
    dir,
    url,
    cli: (config, ...args) =>
      new Promise((resolve) => {
        const child = spawn(process.execPath, [path.join(ROOT, 'server/cli.ts'), ...args], {
          cwd: dir,
          env: {
            ...process.env,
            CMS_CONFIG_PATH: path.join(dir, config),
            DATABASE_URL: url,
            CI: 'true',
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        })
        let out = ''
        let err = ''
        child.stdout.on('data', (d) => (out += String(d)))
        child.stderr.on('data', (d) => (err += String(d)))
        child.on('exit', (code) => resolve({ code, out, err }))
      }),
    config: async (name, collections) => {
      const text = `import { defineConfig } from '${INDEX}'\nexport default defineConfig({ collections: ${collections} })\n`
      await writeFile(path.join(dir, name), text)
      return name
    },
    rows: (sql) => db.all(sql),
    exec: (sql, bindings) => db.run(sql, bindings),
    migrations: async () => (await readdir(path.join(dir, 'migrations'))).sort(),
    done: async () => {
      await db.close()
      await fresh?.drop()
      await rm(dir, { recursive: true, force: true })
    },
  }
}

const V1 = `[
  { slug: 'notes', fields: [
    { name: 'title', type: 'text', index: true },
    { name: 'legacy', type: 'text' },
    { name: 'code', type: 'text', unique: true },
  ] },
  { slug: 'old_things', fields: [{ name: 'name', type: 'text' }] },
]`
const V2 = `[
  { slug: 'notes', fields: [
    { name: 'headline', type: 'text', index: true },
    { name: 'code', type: 'text', index: true },
    { name: 'views', type: 'number' },
  ] },
]`

test('create → apply → status → down → apply again; a declared rename keeps the rows; drops are spelled out', async (t) => {
  const p = await project()
  try {
    const v1 = await p.config('v1.config.ts', V1)
    const v2 = await p.config('v2.config.ts', V2)
    const created = await p.cli(v1, 'migrate:create', 'init')
    t.is(created.code, 0, created.err)
    t.regex(created.out, /create table notes/)
    t.is((await p.cli(v1, 'migrate:status')).out.split('\n')[0].split(/\s+/)[0], 'pending')
    const applied = await p.cli(v1, 'migrate')
    t.regex(applied.out, /Applied \d{8}_\d{6}_init \(batch 1\)/)
    t.regex(
      (await p.cli(v1, 'migrate:status')).out,
      /^applied\s+\d{8}_\d{6}_init batch 1[\s\S]*The database matches the config\./,
    )

    for (const row of [
      ['First', 'x', 'A'],
      ['Second', null, 'B'],
    ]) {
      await p.exec('INSERT INTO notes (title, legacy, code) VALUES (?, ?, ?)', row)
    }

    // The config changes: title renamed to headline (declared), legacy and old_things dropped, views added,
    // code's unique index becomes a plain one.
    const drift = await p.cli(v2, 'migrate:status')
    t.regex(drift.out, /The database differs from the config/)
    const second = await p.cli(
      v2,
      'migrate:create',
      'rename_title',
      '--rename',
      'notes.title=headline',
    )
    t.is(second.code, 0, second.err)
    const [, file] = await p.migrations()
    const source = await readFile(path.join(p.dir, 'migrations', file), 'utf8')
    t.regex(
      source,
      /DROPS DATA when applied[\s\S]*column notes\.legacy: 1 row\(s\) hold a value[\s\S]*table old_things: 0 row\(s\)/,
    )
    t.regex(source, /"op":"renameColumn","table":"notes","from":"title","to":"headline"/)
    t.regex(source, /\/\/ DROPS DATA: drop column notes\.legacy/)
    t.regex(source, /"op":"dropIndex","table":"notes","index":\{"name":"notes_code_unique"/)
    t.regex(
      source,
      /"op":"addIndex","table":"notes","index":\{"name":"notes_code_idx","columns":\["code"\],"unique":false\}/,
    )
    t.regex(second.out, /It DROPS DATA when applied/)

    t.is((await p.cli(v2, 'migrate')).code, 0)
    const kept = await p.rows<{ headline: string; views: unknown }>(
      'SELECT headline, views FROM notes ORDER BY id',
    )
    t.deepEqual(
      kept.map((r) => r.headline),
      ['First', 'Second'],
    )
    t.regex(
      (await p.cli(v2, 'migrate:status')).out,
      /batch 2[\s\S]*The database matches the config\./,
    )
    // The code index is not unique any more: a duplicate goes in.
    await p.exec(`INSERT INTO notes (headline, code) VALUES ('Third', 'A')`)
    await p.exec(`DELETE FROM notes WHERE headline = 'Third'`)

    // Down: the rename is undone with the rows, the dropped column and table come back empty.
    const down = await p.cli(v2, 'migrate:down')
    t.regex(down.out, /Rolled back \d{8}_\d{6}_rename_title \(batch 2\)/)
    const back = await p.rows<{ title: string; legacy: unknown }>(
      'SELECT title, legacy FROM notes ORDER BY id',
    )
    t.deepEqual(back, [
      { title: 'First', legacy: null },
      { title: 'Second', legacy: null },
    ])
    t.deepEqual(await p.rows('SELECT * FROM old_things'), [])
    const status = (await p.cli(v1, 'migrate:status')).out
    t.regex(status, /pending\s+\d{8}_\d{6}_rename_title/)
    t.regex(status, /The database matches the config\./)

    t.regex((await p.cli(v2, 'migrate')).out, /Applied \d{8}_\d{6}_rename_title \(batch 2\)/)
    t.deepEqual(
      (await p.rows<{ headline: string }>('SELECT headline FROM notes ORDER BY id')).map(
        (r) => r.headline,
      ),
      ['First', 'Second'],
    )
    t.regex((await p.cli(v2, 'migrate')).out, /No pending migrations/)
    const names = await p.rows<{ name: string; batch: number }>(
      'SELECT name, batch FROM cms_migrations ORDER BY id',
    )
    t.deepEqual(
      names.map((r) => Number(r.batch)),
      [1, 2],
    )
  } finally {
    await p.done()
  }
})

test('without a declared rename a vanished column is a drop and an add; a bad rename or name is refused', async (t) => {
  const p = await project()
  try {
    const v1 = await p.config('v1.config.ts', V1)
    const v2 = await p.config('v2.config.ts', V2)
    await p.cli(v1, 'migrate:create', 'init')
    await p.cli(v1, 'migrate')
    const unknown = await p.cli(v2, 'migrate:create', 'x', '--rename', 'notes.nope=headline')
    t.is(unknown.code, 1)
    t.regex(unknown.err, /Cannot rename column notes\.nope/)
    const malformed = await p.cli(v2, 'migrate:create', 'x', '--rename', 'notes.title')
    t.regex(malformed.err, /--rename takes table\.old_column=new_column/)
    const badName = await p.cli(v2, 'migrate:create', 'bad name!')
    t.is(badName.code, 1)
    t.regex(badName.err, /A migration name is letters, digits/)
    t.regex((await p.cli(v2, 'migrate:create')).err, /Usage: cms migrate:create <name>/)
    const plain = await p.cli(v2, 'migrate:create', 'no_rename')
    t.regex(plain.out, /drop column notes\.title[\s\S]*add column notes\.headline/)
    t.regex(plain.out, /A rename instead\?/)

    // A pending migration must be applied before the next one is computed.
    t.regex(
      (await p.cli(v2, 'migrate:create', 'another')).err,
      /Apply the pending migrations first/,
    )
    t.is((await p.migrations()).length, 2, 'no file written for refused commands')
  } finally {
    await p.done()
  }
})

test('two processes migrating together apply a migration once; the other waits and finds nothing pending', async (t) => {
  const p = await project()
  try {
    const v1 = await p.config('v1.config.ts', V1)
    await p.cli(v1, 'migrate:create', 'init')
    await p.cli(v1, 'migrate')
    // No difference: a blank migration for a data change.
    t.regex(
      (await p.cli(v1, 'migrate:create', 'slow_data')).out,
      /blank: the database matches the config/,
    )
    const [, data] = await p.migrations()
    t.regex(
      await readFile(path.join(p.dir, 'migrations', data), 'utf8'),
      /export async function up\(\{ db \}: MigrationContext\)/,
    )
    // A data migration that takes a while: both processes overlap inside it unless the lock holds.
    await writeFile(
      path.join(p.dir, 'migrations', data),
      `export async function up({ db }) {\n  await new Promise((r) => setTimeout(r, 800))\n  await db.run("INSERT INTO old_things (name) VALUES ('ran')")\n}\n` +
        `export async function down({ db }) {\n  await db.run("DELETE FROM old_things WHERE name = 'ran'")\n}\n`,
    )
    const [a, b] = await Promise.all([p.cli(v1, 'migrate'), p.cli(v1, 'migrate')])
    t.is(a.code, 0, a.err)
    t.is(b.code, 0, b.err)
    const outs = [a.out, b.out]
    t.is(outs.filter((o) => /Applied .*slow_data/.test(o)).length, 1, outs.join('\n---\n'))
    t.is(outs.filter((o) => /No pending migrations/.test(o)).length, 1)
    t.deepEqual(await p.rows('SELECT name FROM old_things'), [{ name: 'ran' }])
    t.is((await p.rows('SELECT name FROM cms_migrations')).length, 2)
    t.deepEqual(await p.rows('SELECT * FROM cms_migration_lock'), [])
    t.regex((await p.cli(v1, 'migrate:down')).out, /Rolled back \d{8}_\d{6}_slow_data \(batch 2\)/)
    t.deepEqual(await p.rows('SELECT name FROM old_things'), [])
  } finally {
    await p.done()
  }
})

test("start-up: 'migrate' applies pending files once across processes starting together; 'check' refuses while any is pending", async (t) => {
  const p = await project()
  try {
    const v1 = await p.config('v1.config.ts', V1)
    await p.cli(v1, 'migrate:create', 'init')
    const dir = path.join(p.dir, 'migrations')
    const config = {
      collections: [
        {
          slug: 'notes',
          fields: [
            { name: 'title', type: 'text' as const, index: true },
            { name: 'legacy', type: 'text' as const },
            { name: 'code', type: 'text' as const, unique: true },
          ],
        },
        { slug: 'old_things', fields: [{ name: 'name', type: 'text' as const }] },
      ],
    }

    const check = getCms({
      config: { ...config, db: { url: p.url, migrationDir: dir, onStart: 'check' } },
    })
    await t.throwsAsync(check, {
      name: 'ConfigError',
      message: /1 migration\(s\) pending: \d{8}_\d{6}_init\. Run `cms migrate`/,
    })

    const both = await Promise.all(
      [1, 2].map(() =>
        getCms({
          config: { ...config, db: { url: p.url, migrationDir: dir, onStart: 'migrate' } },
        }),
      ),
    )
    t.is((await p.rows('SELECT name FROM cms_migrations')).length, 1)
    const doc = await both[0].create({ collection: 'notes', data: { title: 'Started' } })
    t.is((await both[1].findByID({ collection: 'notes', id: doc.id })).title, 'Started')
    await Promise.all(both.map((c) => c.destroy()))

    // A field added without a migration: 'check' names what is missing instead of a 500 later.
    const more = {
      collections: [
        {
          ...config.collections[0],
          fields: [...config.collections[0].fields, { name: 'extra', type: 'number' as const }],
        },
        config.collections[1],
      ],
    }
    await t.throwsAsync(
      getCms({ config: { ...more, db: { url: p.url, migrationDir: dir, onStart: 'check' } } }),
      {
        name: 'ConfigError',
        message: /lacks what the config needs .*add column notes\.extra \(double\)/,
      },
    )
    await t.throwsAsync(
      getCms({ config: { ...more, db: { url: p.url, onStart: 'sometimes' as never } } }),
      {
        name: 'ConfigError',
        message: /db\.onStart must be 'push', 'migrate' or 'check'/,
      },
    )
  } finally {
    await p.done()
  }
})

test('push (the default) adds what is missing from processes starting together, and never drops', async (t) => {
  const p = await project()
  try {
    const base = {
      slug: 'notes',
      fields: [
        { name: 'title', type: 'text' as const },
        { name: 'gone', type: 'text' as const },
      ],
    }
    const started = await Promise.all(
      [1, 2, 3].map(() => getCms({ config: { collections: [base], db: { url: p.url } } })),
    )
    await started[0].create({ collection: 'notes', data: { title: 'T', gone: 'kept' } })
    await Promise.all(started.map((c) => c.destroy()))
    const changed = {
      slug: 'notes',
      fields: [
        { name: 'title', type: 'text' as const },
        { name: 'added', type: 'number' as const },
      ],
    }
    const cms = await getCms({ config: { collections: [changed], db: { url: p.url } } })
    t.like(await cms.create({ collection: 'notes', data: { title: 'U', added: 2 } }), { added: 2 })
    await cms.destroy()
    t.deepEqual(await p.rows(`SELECT gone FROM notes WHERE title = 'T'`), [{ gone: 'kept' }])
  } finally {
    await p.done()
  }
})
