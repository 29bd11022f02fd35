import test, { type ExecutionContext } from 'ava'
import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import exampleConfig from '../../cms.config.ts'
import type { Where } from '../../server/config/types.ts'
import { planMigration } from '../../server/db/migration-plan.ts'
import { schemaFor } from '../../server/db/schema.ts'
import { getCms } from '../../server/local/get-cms.ts'
import type { Cms } from '../../server/local/cms.ts'
import { countQueries, dialectName, freshDatabaseUrl } from '../helpers/db.ts'
import { useServer } from '../helpers/http.ts'
import { items, shelves, totalsConfig } from '../fixtures/totals.ts'

/**
 * Cached totals (docs/performance.md, "Cached totals"): a list's totalDocs and count are kept between requests,
 * and stay exact after every kind of write, from this process or another one sharing the database.
 */
const s = useServer(
  test,
  {
    ...exampleConfig,
    collections: [...exampleConfig.collections, shelves, items],
    email: { sendEmail: () => {} },
  },
  (cms) => cms.config.seed!(cms),
)

interface Probe {
  label: string
  collection: string
  where?: Where
  /** Read as an anonymous caller (the access where narrows the count). */
  anonymous?: boolean
  draft?: boolean
  trash?: boolean
}

/** The total a full page reports (limit 1: every non-empty page is full, so it always asks for the total). */
async function pageTotal(cms: Cms, p: Probe): Promise<number> {
  const r = await cms.find({
    collection: p.collection as 'items',
    where: p.where,
    limit: 1,
    depth: 0,
    draft: p.draft,
    trash: p.trash,
    ...(p.anonymous ? { overrideAccess: false, user: null } : {}),
  })
  return r.totalDocs
}
/** The same documents listed whole, which never counts: the truth to compare with. */
async function listed(cms: Cms, p: Probe): Promise<number> {
  const r = await cms.find({
    collection: p.collection as 'items',
    where: p.where,
    limit: 0,
    depth: 0,
    draft: p.draft,
    trash: p.trash,
    ...(p.anonymous ? { overrideAccess: false, user: null } : {}),
  })
  return r.docs.length
}

const probes: Probe[] = [
  { label: 'anonymous items (published only)', collection: 'items', anonymous: true },
  { label: 'all items', collection: 'items' },
  { label: 'items with drafts', collection: 'items', draft: true },
  { label: 'items with the trash', collection: 'items', trash: true },
  { label: 'items ranked above 10', collection: 'items', where: { rank: { greater_than: 10 } } },
  {
    label: 'items on the shelf named "Top"',
    collection: 'items',
    where: { 'shelf.name': { equals: 'Top' } },
  },
  { label: 'count of item versions', collection: '_items_versions' },
  { label: 'anonymous posts (published only)', collection: 'posts', anonymous: true },
  { label: 'orders', collection: 'orders' },
  { label: 'cancelled orders', collection: 'orders', where: { status: { equals: 'cancelled' } } },
]

/** Every probe's page total equals the listed truth (run twice: the second read is the kept total). */
async function allExact(t: ExecutionContext, step: string): Promise<Record<string, number>> {
  const seen: Record<string, number> = {}
  for (const p of probes) {
    if (p.collection === '_items_versions') {
      const versions = await s.cms.findVersions({ collection: 'items', limit: 1 })
      const all = await s.cms.findVersions({ collection: 'items', limit: 0 })
      t.is(versions.totalDocs, all.docs.length, `${step}: ${p.label}`)
      seen[p.label] = versions.totalDocs
      continue
    }
    const truth = await listed(s.cms, p)
    t.is(await pageTotal(s.cms, p), truth, `${step}: ${p.label}`)
    t.is(await pageTotal(s.cms, p), truth, `${step}: ${p.label}, read again`)
    t.deepEqual(
      await s.cms.count({
        collection: p.collection as 'items',
        where: p.where,
        draft: p.draft,
        trash: p.trash,
        ...(p.anonymous ? { overrideAccess: false, user: null } : {}),
      }),
      { totalDocs: truth },
      `${step}: count of ${p.label}`,
    )
    seen[p.label] = truth
  }
  return seen
}

const tokens = new Map<string, string>()
async function as(name: 'alice' | 'admin'): Promise<Record<string, string>> {
  if (!tokens.has(name)) {
    const body = { email: `${name}@example.com`, password: `${name}-password` }
    tokens.set(name, (await s.request('POST', '/api/users/login', { body })).body.token)
  }
  return { authorization: `Bearer ${tokens.get(name)}` }
}

test.serial('totals stay exact after every kind of write', async (t) => {
  const cms = s.cms
  const top = await cms.create({ collection: 'shelves', data: { name: 'Top' } })
  const low = await cms.create({ collection: 'shelves', data: { name: 'Low' } })
  const created = []
  for (let i = 1; i <= 6; i++)
    created.push(
      await cms.create({
        collection: 'items',
        data: {
          title: `Item ${i}`,
          rank: i * 5,
          shelf: i % 2 ? top.id : low.id,
          _status: 'published',
        },
      }),
    )
  let before = await allExact(t, 'start')
  t.is(before['anonymous items (published only)'], 6)
  t.is(before['items ranked above 10'], 4)
  t.is(before['items on the shelf named "Top"'], 3)

  // create: a published item and a draft
  await cms.create({ collection: 'items', data: { title: 'New', rank: 50, _status: 'published' } })
  const draft = await cms.create({ collection: 'items', data: { title: 'Draft', rank: 1 } })
  let now = await allExact(t, 'create')
  t.is(now['anonymous items (published only)'], before['anonymous items (published only)'] + 1)
  t.is(now['all items'], before['all items'] + 2)
  before = now

  // draft publish: the draft joins the anonymous list
  await cms.update({ collection: 'items', id: draft.id, data: { _status: 'published' } })
  now = await allExact(t, 'publish a draft')
  t.is(now['anonymous items (published only)'], before['anonymous items (published only)'] + 1)
  before = now

  // an update that moves an item into a filter, and a draft save that does not change the published row
  await cms.update({ collection: 'items', id: created[0].id, data: { rank: 99 } })
  await cms.update({ collection: 'items', id: created[1].id, draft: true, data: { rank: 0 } })
  now = await allExact(t, 'update')
  t.is(now['items ranked above 10'], before['items ranked above 10'] + 1)
  before = now

  // a write to another collection: the shelf a where goes through is renamed
  await cms.update({ collection: 'shelves', id: low.id, data: { name: 'Top' } })
  now = await allExact(t, 'rename the related shelf')
  t.true(now['items on the shelf named "Top"'] > before['items on the shelf named "Top"'])
  before = now

  // bulk update and bulk delete
  await cms.update({ collection: 'items', where: { rank: { less_than: 20 } }, data: { rank: 40 } })
  now = await allExact(t, 'bulk update')
  t.true(now['items ranked above 10'] > before['items ranked above 10'])
  before = now

  // trash and restore from the trash
  await cms.update({
    collection: 'items',
    id: created[2].id,
    data: { deletedAt: new Date().toISOString() },
  })
  now = await allExact(t, 'trash')
  t.is(now['all items'], before['all items'] - 1)
  t.is(now['items with the trash'], before['items with the trash'])
  await cms.update({
    collection: 'items',
    id: created[2].id,
    trash: true,
    data: { deletedAt: null },
  })
  now = await allExact(t, 'restore from the trash')
  t.is(now['all items'], before['all items'])
  before = now

  // restore version: the item's first version, ranked 5, leaves "ranked above 10"
  const versions = await cms.findVersions({
    collection: 'items',
    where: { parent: { equals: created[0].id } },
    sort: 'createdAt',
    limit: 0,
  })
  await cms.restoreVersion({ collection: 'items', id: versions.docs[0].id })
  now = await allExact(t, 'restore version')
  t.is(now['items ranked above 10'], before['items ranked above 10'] - 1)
  before = now

  // duplicate, delete by id, delete by where
  await cms.duplicate({ collection: 'items', id: created[3].id })
  now = await allExact(t, 'duplicate')
  t.is(now['all items'], before['all items'] + 1)
  await cms.delete({ collection: 'items', id: created[3].id })
  now = await allExact(t, 'delete')
  t.is(now['all items'], before['all items'])
  await cms.delete({ collection: 'items', where: { rank: { equals: 40 } } })
  now = await allExact(t, 'bulk delete')
  t.true(now['all items'] < before['all items'])
  before = now

  // SQL sent straight through the CMS's database handle, in and out of a transaction
  const q = cms.db.dialect.quote
  await cms.db.run(`UPDATE ${q('items')} SET ${q('_status')} = ? WHERE ${q('rank')} = ?`, [
    'draft',
    50,
  ])
  now = await allExact(t, 'raw UPDATE')
  t.is(now['anonymous items (published only)'], before['anonymous items (published only)'] - 1)
  await cms.db.transaction(async (tx) => {
    await tx.run(`DELETE FROM items WHERE ${q('rank')} = ?`, [50]) // an unquoted name too
  })
  now = await allExact(t, 'raw DELETE in a transaction')
  t.is(now['all items'], before['all items'] - 1)
  before = now

  // a transaction that rolls back changes nothing, and the next committed write is seen
  await t.throwsAsync(
    cms.db.transaction(async (tx) => {
      await tx.run(`DELETE FROM ${q('items')}`)
      throw new Error('rolled back')
    }),
  )
  now = await allExact(t, 'rollback')
  t.deepEqual(now, before)
  await cms.create({ collection: 'items', data: { title: 'After', rank: 3, _status: 'published' } })
  now = await allExact(t, 'a write after a rollback')
  t.is(now['all items'], before['all items'] + 1)
  before = now

  // posts (the example's anonymous published-only list) over REST
  const restTotal = async () =>
    (await s.request('GET', '/api/posts', { query: { limit: '1', depth: '0' } })).body.totalDocs
  const anonymousPosts = await restTotal()
  t.is(anonymousPosts, before['anonymous posts (published only)'])
  const post = await s.request('POST', '/api/posts', {
    body: { title: 'Totals', slug: 'totals-post', _status: 'published' },
    headers: await as('admin'),
  })
  t.is(post.status, 201)
  t.is(await restTotal(), anonymousPosts + 1)
  t.is(
    (
      await s.request('DELETE', `/api/posts/${post.body.doc.id}`, {
        headers: await as('admin'),
      })
    ).status,
    200,
  )
  t.is(await restTotal(), anonymousPosts)

  // orders: created and cancelled through the orders API
  const mine = async () =>
    (await s.request('GET', '/api/v1/orders', { headers: await as('alice') })).body.meta.total
  const ordersBefore = await mine()
  const order = await s.request('POST', '/api/v1/orders', {
    body: { items: [{ product: 'Notebook', quantity: 2, unit_price: 4.25 }] },
    headers: await as('alice'),
  })
  t.is(order.status, 201)
  t.is(await mine(), ordersBefore + 1)
  now = await allExact(t, 'create an order')
  t.is(now.orders, before.orders + 1)
  const cancel = await s.request('POST', `/api/v1/orders/${order.body.data.id}/cancel`, {
    headers: await as('alice'),
  })
  t.is(cancel.status, 200)
  now = await allExact(t, 'cancel an order')
  t.is(now['cancelled orders'], before['cancelled orders'] + 1)
})

test.serial('a repeated list page is not counted again; a write makes it count once', async (t) => {
  const page = () => s.request('GET', '/api/posts', { query: { limit: '10', depth: '0' } })
  await page()
  const again = await countQueries(s.cms, page)
  t.is(again.result.status, 200)
  t.false(
    again.statements.some((sql) => /COUNT\(\*\)/i.test(sql)),
    again.statements.join('\n'),
  )
  // The sum of every generation (read once, for the anonymous read's ETag: http/conditional.ts) and the page: the
  // sum is unchanged since the total was counted, so neither the count nor its tables' generations are read.
  t.is(again.queries, 2)
  const totalBefore = again.result.body.totalDocs
  await s.cms.create({
    collection: 'posts',
    data: { title: 'One more', slug: 'one-more', _status: 'published' },
  })
  const after = await countQueries(s.cms, page)
  t.is(after.result.body.totalDocs, totalBefore + 1)
  t.is(after.statements.filter((sql) => /COUNT\(\*\)/i.test(sql)).length, 1)
  const settled = await countQueries(s.cms, page)
  t.false(settled.statements.some((sql) => /COUNT\(\*\)/i.test(sql)))
})

test.serial('a write commits its generation bump with it, in the same transaction', async (t) => {
  const { statements } = await countQueries(s.cms, () =>
    s.cms.create({ collection: 'shelves', data: { name: 'Counted' } }),
  )
  const bump = statements.findIndex((sql) => /cms_generations/.test(sql))
  t.true(bump > 0, statements.join('\n'))
  t.true(
    statements.slice(0, bump).some((sql) => /INSERT INTO/i.test(sql)),
    'the bump follows the insert',
  )
})

// ---- several processes over one database ----------------------------------------------------

const writer = join(import.meta.dirname, '..', 'fixtures', 'totals-writer.ts')
const run = promisify(execFile)

async function sharedDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  if (dialectName !== 'sqlite') return freshDatabaseUrl()
  const dir = mkdtempSync(join(tmpdir(), 'cms-totals-'))
  return {
    url: `sqlite:${join(dir, 'shared.db')}`,
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  }
}

test.serial(
  'two CMS instances and another process over one database: each sees the others’ writes in its next total',
  async (t) => {
    const { url, drop } = await sharedDatabase()
    const a = await getCms({ config: { ...totalsConfig, db: { url } } })
    const b = await getCms({ config: { ...totalsConfig, db: { url } } })
    try {
      const anonymous: Probe = { label: 'anonymous', collection: 'items', anonymous: true }
      const everything: Probe = { label: 'all', collection: 'items' }
      for (let i = 0; i < 3; i++)
        await a.create({ collection: 'items', data: { title: `A${i}`, _status: 'published' } })
      t.is(await pageTotal(a, anonymous), 3)
      t.is(await pageTotal(b, anonymous), 3)
      // b keeps its total: no COUNT on its next page
      const kept = await countQueries(b, () => pageTotal(b, anonymous))
      t.is(kept.result, 3)
      t.false(kept.statements.some((sql) => /COUNT\(\*\)/i.test(sql)))

      // a write in a, seen in b's next total
      const one = await a.create({
        collection: 'items',
        data: { title: 'A3', _status: 'published' },
      })
      t.is(await pageTotal(b, anonymous), 4)
      await a.update({ collection: 'items', id: one.id, data: { _status: 'draft' } })
      t.is(await pageTotal(b, anonymous), 3)
      t.is(await pageTotal(b, everything), 4)
      await b.delete({ collection: 'items', id: one.id })
      t.is(await pageTotal(a, everything), 3)

      // another process (its own connection and its own kept totals)
      await run(process.execPath, [writer, url, 'create'])
      t.is(await pageTotal(a, anonymous), 5)
      t.is(await pageTotal(b, anonymous), 5)
      await run(process.execPath, [writer, url, 'unpublish'])
      t.is(await pageTotal(a, anonymous), 3)
      t.is(await pageTotal(b, everything), 5)
      await run(process.execPath, [writer, url, 'delete'])
      t.is(await pageTotal(a, everything), 3)
      t.is(await pageTotal(b, everything), 3)
      t.deepEqual(await b.count({ collection: 'items' }), { totalDocs: 3 })
      // Each CMS instance bumps rows of its own (never another's: no lock queue or Galera conflict between
      // writers): a and b, two of this process, and the three runs of the writer.
      const rows = await a.db.all<{ slot: string }>(
        'SELECT slot FROM cms_generations WHERE table_name = ?',
        ['items'],
      )
      const writers = rows.map((r) => r.slot.split('|')[1]!)
      t.is(rows.length, 5)
      t.is(new Set(writers).size, 5)
      t.is(writers.filter((w) => w.includes(`:${process.pid}:`)).length, 2, 'a and b')
    } finally {
      await a.destroy()
      await b.destroy()
      await drop()
    }
  },
)

test.serial(
  'a database from before cached totals: start-up push creates cms_generations, migrate:create plans it',
  async (t) => {
    const { url, drop } = await sharedDatabase()
    const first = await getCms({ config: { ...totalsConfig, db: { url } } })
    try {
      await first.create({ collection: 'items', data: { title: 'Old', _status: 'published' } })
      await first.db.run(`DROP TABLE ${first.db.dialect.quote('cms_generations')}`)
      const plan = await planMigration(first.db, schemaFor(first.config).tables)
      t.deepEqual(
        plan.steps.map((step) => ('table' in step ? `${step.op} ${step.table}` : step.op)),
        ['createTable cms_generations'],
      )
      t.deepEqual(plan.drops, [])
    } finally {
      await first.destroy()
    }
    const again = await getCms({ config: { ...totalsConfig, db: { url } } })
    try {
      t.is(await pageTotal(again, { label: 'all', collection: 'items' }), 1)
      await again.create({ collection: 'items', data: { title: 'New', _status: 'published' } })
      t.is(await pageTotal(again, { label: 'all', collection: 'items' }), 2)
      const [row] = await again.db.all<{ generation: number }>(
        `SELECT SUM(${again.db.dialect.quote('generation')}) AS generation FROM cms_generations WHERE table_name = ?`,
        ['items'],
      )
      t.true(Number(row.generation) >= 1)
    } finally {
      await again.destroy()
      await drop()
    }
  },
)
