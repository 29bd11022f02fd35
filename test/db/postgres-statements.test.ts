import test from 'ava'
import { defineConfig } from '../../server/index.ts'
import { getCms } from '../../server/local/get-cms.ts'
import type { Cms } from '../../server/local/cms.ts'
import type { Config, Field } from '../../server/config/types.ts'
import { dialectName, freshDatabaseUrl } from '../helpers/db.ts'

/**
 * The PostgreSQL driver's named prepared statements (server/db/postgres-statements.ts): each statement shape is
 * parsed once per connection, and a schema change by another server (a `SELECT t.*` whose columns changed:
 * 0A000 "cached plan must not change result type") neither fails a read nor a write transaction.
 */
const enabled = dialectName === 'postgres'
const pg = enabled ? test.serial : test.skip
if (!enabled) test.skip('prepared statements: PostgreSQL only', () => {})

const fields = [{ name: 'title', type: 'text' as const }]
const configOf = (extra: Field[] = []): Config =>
  defineConfig({ collections: [{ slug: 'notes', fields: [...fields, ...extra] }] })

let url = ''
let drop = async () => {}
const open: Cms[] = []
/** A CMS on the file's database with one pooled connection, so every statement shares one session. */
async function cmsOf(config: Config): Promise<Cms> {
  const cms = await getCms({ config: { ...config, db: { url: `${url}?pool=1` } } })
  open.push(cms)
  return cms
}

test.before(async () => {
  if (!enabled) return
  ;({ url, drop } = await freshDatabaseUrl())
})
test.after.always(async () => {
  for (const cms of open) await cms.destroy()
  await drop()
})

interface Prepared {
  name: string
  statement: string
}
const prepared = (cms: Cms) =>
  cms.db.all<Prepared>(
    "SELECT name, statement FROM pg_prepared_statements WHERE name LIKE 'cms%' ORDER BY name",
  )

pg('a statement shape is prepared once on a connection and then only executed', async (t) => {
  const cms = await cmsOf(configOf())
  await cms.create({ collection: 'notes', data: { title: 'one' } })
  await cms.find({ collection: 'notes', where: { title: { equals: 'one' } } })
  await cms.find({ collection: 'notes', where: { title: { equals: 'two' } } })
  const before = await prepared(cms)
  const found = await cms.find({ collection: 'notes', where: { title: { equals: 'three' } } })
  t.is(found.totalDocs, 0)
  const after = await prepared(cms)
  t.deepEqual(after, before, 'the second find with other values prepared nothing new')
  const list = after.filter(
    (p) => /FROM "notes"/.test(p.statement) && /"title" = \$1/.test(p.statement),
  )
  t.true(list.length >= 1, JSON.stringify(after.map((p) => p.statement)))
  // Within the newest generation (DDL at start made new ones), every text is prepared under one name only.
  const generation = (p: Prepared) => Number(/^cms(\d+)_/.exec(p.name)?.[1])
  const newest = Math.max(...after.map(generation))
  const current = after.filter((p) => generation(p) === newest)
  t.true(current.length > 3)
  t.is(new Set(current.map((p) => p.statement)).size, current.length)
})

pg(
  'a column added by another server: reads and write transactions plan again and answer',
  async (t) => {
    const a = await cmsOf(configOf())
    const doc = await a.create({ collection: 'notes', data: { title: 'before' } })
    // Prepared on A's connection: the reads and the update's `SELECT … FOR UPDATE` of the row.
    await a.findByID({ collection: 'notes', id: doc.id })
    await a.update({ collection: 'notes', id: doc.id, data: { title: 'prepared' } })
    // Another server with one more field adds its column (schema push).
    const b = await cmsOf(configOf([{ name: 'body', type: 'text' }]))
    await b.update({ collection: 'notes', id: doc.id, data: { body: 'from b' } })
    const read = await a.findByID({ collection: 'notes', id: doc.id })
    t.is(read.title, 'prepared')
    const updated = await a.update({ collection: 'notes', id: doc.id, data: { title: 'after' } })
    t.is(updated.title, 'after')
    const list = await a.find({ collection: 'notes', where: { title: { equals: 'after' } } })
    t.deepEqual(
      list.docs.map((d) => d.id),
      [doc.id],
    )
    const fromB = await b.findByID({ collection: 'notes', id: doc.id })
    t.is(fromB.body, 'from b')
    t.is(fromB.title, 'after')
  },
)

pg('concurrent writes to two tables bump their generations without deadlocks', async (t) => {
  // A versioned collection: each create writes its table and its versions table, so each transaction bumps two
  // rows of cms_generations, which a prepared (generic) plan scans in their physical order. A default pool: the
  // writers need connections of their own to interleave.
  const cms = await getCms({
    config: {
      ...defineConfig({ collections: [{ slug: 'drafts', versions: true, fields }] }),
      db: { url },
    },
  })
  open.push(cms)
  const db = cms.db as unknown as { retries: number }
  const before = db.retries
  await Promise.all(
    Array.from({ length: 10 }, async (_, w) => {
      for (let i = 0; i < 30; i++)
        await cms.create({ collection: 'drafts', data: { title: `w${w}-${i}` } })
    }),
  )
  t.is((await cms.count({ collection: 'drafts' })).totalDocs, 300)
  // A deadlock is found after deadlock_timeout (1 s) and reruns the transaction: none may happen.
  t.is(db.retries - before, 0)
})
