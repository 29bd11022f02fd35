import test from 'ava'
import { defineConfig } from '../../server/config/define-config.ts'
import type { Where } from '../../server/config/types.ts'
import { dialectName, useCms } from '../helpers/db.ts'

// The column types each database gets (docs/postgresql.md): PostgreSQL's own jsonb, timestamptz and identity
// columns; SQLite and MariaDB keep the text and varchar columns their existing databases have.
const state = useCms(
  test,
  defineConfig({
    collections: [
      {
        slug: 'events',
        versions: true,
        fields: [
          { name: 'title', type: 'text' },
          { name: 'at', type: 'date' },
          { name: 'size', type: 'number' },
          { name: 'meta', type: 'json' },
          { name: 'tags', type: 'text', hasMany: true },
          { name: 'items', type: 'array', fields: [{ name: 'label', type: 'text' }] },
        ],
      },
    ],
    globals: [{ slug: 'site', fields: [{ name: 'name', type: 'text' }] }],
  }),
)

/** Column name → the catalogue's type name, lower-cased, for one table. */
async function columnTypes(table: string): Promise<Record<string, string>> {
  const { cms } = state
  const rows =
    dialectName === 'postgres'
      ? await cms.db.all<{ c: string; t: string }>(
          "SELECT column_name AS c, CASE WHEN is_identity = 'YES' THEN udt_name || ' identity' ELSE udt_name END AS t " +
            'FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ?',
          [table],
        )
      : dialectName === 'mysql'
        ? await cms.db.all<{ c: string; t: string }>(
            'SELECT column_name AS c, column_type AS t FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = ?',
            [table],
          )
        : await cms.db.all<{ c: string; t: string }>(
            'SELECT name AS c, type AS t FROM pragma_table_info(?)',
            [table],
          )
  return Object.fromEntries(rows.map((r) => [r.c, r.t.toLowerCase()]))
}

test('each database stores ids, dates, numbers and JSON values in its own column types', async (t) => {
  const events = await columnTypes('events')
  const versions = await columnTypes('_events_versions')
  const globals = await columnTypes('cms_globals')
  const pick = (c: Record<string, string>, ...names: string[]) =>
    Object.fromEntries(names.map((n) => [n, c[n]]))
  if (dialectName === 'postgres') {
    t.deepEqual(
      pick(events, 'id', 'at', 'createdAt', 'updatedAt', 'size', 'meta', 'tags', 'items'),
      {
        id: 'int8 identity',
        at: 'timestamptz',
        createdAt: 'timestamptz',
        updatedAt: 'timestamptz',
        size: 'float8',
        meta: 'jsonb',
        tags: 'jsonb',
        items: 'jsonb',
      },
    )
    t.deepEqual(pick(versions, 'version__meta', 'version__at', 'version__createdAt', 'createdAt'), {
      version__meta: 'jsonb',
      version__at: 'timestamptz',
      version__createdAt: 'timestamptz',
      createdAt: 'timestamptz',
    })
    t.deepEqual(pick(globals, 'data', 'createdAt'), { data: 'jsonb', createdAt: 'timestamptz' })
  } else if (dialectName === 'mysql') {
    t.deepEqual(pick(events, 'id', 'at', 'createdAt', 'size', 'meta', 'tags'), {
      id: 'int(10) unsigned',
      at: 'varchar(32)',
      createdAt: 'varchar(32)',
      size: 'double',
      meta: 'longtext',
      tags: 'longtext',
    })
    t.is(globals.data, 'longtext')
  } else {
    t.deepEqual(pick(events, 'id', 'at', 'createdAt', 'size', 'meta', 'tags'), {
      id: 'integer',
      at: 'varchar(32)',
      createdAt: 'varchar(32)',
      size: 'float',
      meta: 'text',
      tags: 'text',
    })
    t.is(globals.data, 'text')
  }
})

test.serial(
  'dates and JSON values read back as on every database, and compare as instants',
  async (t) => {
    const { cms } = state
    const doc = await cms.create({
      collection: 'events',
      data: {
        title: 'launch',
        at: '2026-03-04T05:06:07.089Z',
        size: 1.5,
        meta: { b: 2, a: [1, 'x', null], nested: { deep: true } },
        tags: ['red', 'blue'],
        items: [{ label: 'one' }],
      },
    })
    t.is(doc.at, '2026-03-04T05:06:07.089Z')
    t.regex(String(doc.createdAt), /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
    const read = await cms.findByID({ collection: 'events', id: doc.id })
    t.is(read.at, '2026-03-04T05:06:07.089Z')
    t.is(read.createdAt, doc.createdAt)
    t.deepEqual(read.meta, { b: 2, a: [1, 'x', null], nested: { deep: true } })
    t.deepEqual(read.tags, ['red', 'blue'])
    const find = async (where: Where) =>
      (await cms.find({ collection: 'events', where })).docs.map((d) => d.title)
    t.deepEqual(await find({ at: { equals: '2026-03-04T05:06:07.089Z' } }), ['launch'])
    // Another spelling of the same instant.
    t.deepEqual(await find({ at: { equals: '2026-03-04T06:06:07.089+01:00' } }), ['launch'])
    t.deepEqual(await find({ at: { greater_than: '2026-03-04T05:06:07.088Z' } }), ['launch'])
    t.deepEqual(await find({ at: { less_than: '2026-03-04T05:06:07.089Z' } }), [])
    t.deepEqual(await find({ at: { in: ['2020-01-01', '2026-03-04T05:06:07.089Z'] } }), ['launch'])
    t.deepEqual(await find({ tags: { contains: 'blu' } }), ['launch'])
    t.deepEqual(await find({ 'meta.nested.deep': { equals: true } }), ['launch'])
    const refused = await t.throwsAsync(() => find({ at: { equals: 'not a date' } }), {
      message: 'The following path cannot be queried: at',
    })
    t.regex(JSON.stringify((refused as { data?: unknown }).data), /expects a date/)
  },
)

test.serial(
  'a serial id given on insert does not collide with the ids made after it',
  async (t) => {
    const { cms } = state
    const q = cms.db.dialect.quote
    const now = new Date().toISOString()
    const before = await cms.create({ collection: 'events', data: { title: 'before' } })
    // The id the next insert would have taken.
    const given = Number(before.id) + 1
    await cms.db.run(
      `INSERT INTO ${q('events')} (id, title, ${q('createdAt')}, ${q('updatedAt')}) VALUES (?, ?, ?, ?)`,
      [given, 'given', now, now],
    )
    const made = await cms.create({ collection: 'events', data: { title: 'made' } })
    t.true(Number(made.id) > given)
    t.is((await cms.findByID({ collection: 'events', id: given })).title, 'given')
  },
)
