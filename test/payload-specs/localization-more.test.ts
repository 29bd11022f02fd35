/**
 * Payload's `test/localization` spec, continued: count agreeing with find, localized arrays and their fallback,
 * localized dates, groups and relationships (queried and populated in a locale), totals under a localized sort,
 * and GraphQL writes in a locale. Ledger: docs/payload-specs/localization.md.
 */
import test from 'ava'
import { useServer } from '../helpers/http.ts'
import { localizationConfig } from './localization-config.ts'

type Doc = Record<string, any>
const collection = 'localized-posts'
const s = useServer(test, localizationConfig)
const create = (data: Doc, locale?: string) =>
  s.cms.create({ collection, data, locale, depth: 0 }) as Promise<Doc>

test.serial('count agrees with find on a localized where, in the requested locale', async (t) => {
  const a = await create({ title: 'count-en' })
  await s.cms.update({ collection, id: a.id, locale: 'es', data: { title: 'count-es' } })
  for (const [locale, title, n] of [
    ['en', 'count-en', 1],
    ['es', 'count-es', 1],
    ['es', 'count-en', 0],
  ] as const) {
    const where = { title: { equals: title } }
    const found = await s.cms.find({ collection, where, locale })
    const counted = await s.cms.count({ collection, where, locale })
    t.is(found.totalDocs, n)
    t.is(counted.totalDocs, n)
  }
})

test.serial(
  'localized arrays: a missing locale falls back, null falls back, an empty list is a value',
  async (t) => {
    const doc = await create({ items: [{ text: 'english item' }] })
    let es: Doc = await s.cms.findByID({ collection, id: doc.id, locale: 'es' })
    t.is(es.items[0].text, 'english item')
    const all: Doc = await s.cms.findByID({ collection, id: doc.id, locale: 'all' })
    t.is(all.items.es, undefined)
    t.is(all.items.en[0].text, 'english item')
    // An empty list written in Spanish is Spanish's value (docs/decisions.md: Payload reads null, or on SQL the
    // fallback's rows).
    es = await s.cms.update({ collection, id: doc.id, locale: 'es', data: { items: [] } })
    t.deepEqual(es.items, [])
    es = await s.cms.findByID({ collection, id: doc.id, locale: 'es', fallbackLocale: 'none' })
    t.deepEqual(es.items, [])
    // null is no value: the fallback's rows.
    es = await s.cms.update({ collection, id: doc.id, locale: 'es', data: { items: null } })
    t.is(es.items[0].text, 'english item')
  },
)

test.serial('a localized date: one per locale, read as an ISO string', async (t) => {
  const doc = await create({ published: '2024-01-02T03:04:05.000Z' })
  await s.cms.update({ collection, id: doc.id, locale: 'es', data: { published: '2025-06-07' } })
  const en: Doc = await s.cms.findByID({ collection, id: doc.id })
  const es: Doc = await s.cms.findByID({ collection, id: doc.id, locale: 'es' })
  t.is(en.published, '2024-01-02T03:04:05.000Z')
  t.is(typeof es.published, 'string')
  t.is(new Date(es.published).toISOString(), '2025-06-07T00:00:00.000Z')
  const found = await s.cms.find({
    collection,
    locale: 'es',
    where: { published: { greater_than: '2025-01-01' } },
  })
  t.deepEqual(
    found.docs.map((d) => d.id),
    [doc.id],
  )
})

test.serial('a localized group: each locale its own object', async (t) => {
  const doc = await create({ meta: { note: 'english note' } })
  await s.cms.update({ collection, id: doc.id, locale: 'es', data: { meta: { note: 'nota' } } })
  t.deepEqual((await s.cms.findByID({ collection, id: doc.id })).meta, { note: 'english note' })
  t.deepEqual((await s.cms.findByID({ collection, id: doc.id, locale: 'es' })).meta, {
    note: 'nota',
  })
  const all: Doc = await s.cms.findByID({ collection, id: doc.id, locale: 'all' })
  t.deepEqual(all.meta, { en: { note: 'english note' }, es: { note: 'nota' } })
  const found = await s.cms.find({
    collection,
    locale: 'es',
    where: { 'meta.note': { equals: 'nota' } },
  })
  t.deepEqual(
    found.docs.map((d) => d.id),
    [doc.id],
  )
})

test.serial('a localized relationship: queried and populated in the request locale', async (t) => {
  const target = await create({ title: 'target en' })
  await s.cms.update({ collection, id: target.id, locale: 'es', data: { title: 'target es' } })
  const other = await create({ title: 'other' })
  const doc = await create({ title: 'holder', related: target.id, relatedMany: [target.id] })
  await s.cms.update({
    collection,
    id: doc.id,
    locale: 'es',
    data: { related: other.id, relatedMany: [other.id, target.id] },
  })
  const ids = async (where: Doc, locale?: string) =>
    (await s.cms.find({ collection, where, locale, depth: 0 })).docs.map((d) => d.id)
  t.deepEqual(await ids({ related: { equals: target.id } }), [doc.id])
  t.deepEqual(await ids({ related: { equals: target.id } }, 'es'), [])
  t.deepEqual(await ids({ 'related.es': { equals: other.id } }), [doc.id])
  t.deepEqual(await ids({ 'related.title': { equals: 'target en' } }), [doc.id])
  t.deepEqual(await ids({ relatedMany: { in: [other.id] } }, 'es'), [doc.id])
  t.deepEqual(await ids({ relatedMany: { in: [other.id] } }), [])
  const es: Doc = await s.cms.findByID({ collection, id: doc.id, locale: 'es', depth: 1 })
  t.is(es.related.title, 'other')
  t.deepEqual(
    es.relatedMany.map((r: Doc) => r.title),
    ['other', 'target es'],
  )
  const all: Doc = await s.cms.findByID({ collection, id: doc.id, locale: 'all', depth: 0 })
  t.deepEqual(all.related, { en: target.id, es: other.id })
  t.deepEqual(all.relatedMany, { en: [target.id], es: [other.id, target.id] })
})

test.serial('a localized sort: totalDocs unchanged, documents in the locale order', async (t) => {
  const made = await Promise.all(['sc-b', 'sc-a', 'sc-c'].map((title) => create({ title })))
  const where = { 'title.en': { like: 'sc-' } }
  const unsorted = await s.cms.find({ collection, where, limit: 2 })
  const sorted = await s.cms.find({ collection, where, sort: '-title', limit: 2 })
  t.is(unsorted.totalDocs, 3)
  t.is(sorted.totalDocs, 3)
  t.deepEqual(
    sorted.docs.map((d) => d.title),
    ['sc-c', 'sc-b'],
  )
  await s.cms.delete({ collection, where: { id: { in: made.map((m) => m.id) } } })
})

test.serial(
  'GraphQL: create and update in a locale; the other locale keeps its value',
  async (t) => {
    const gql = async (query: string) =>
      (await s.request<Doc>('POST', '/api/graphql', { body: { query } })).body
    const created = await gql(
      'mutation { createLocalizedPost(data: { title: "gql-en" }, locale: en) { id title } }',
    )
    t.is(created.errors, undefined)
    const id = created.data.createLocalizedPost.id
    const updated = await gql(
      `mutation { updateLocalizedPost(id: ${id}, data: { title: "gql-es" }, locale: es) { title } }`,
    )
    t.is(updated.data.updateLocalizedPost.title, 'gql-es')
    const all: Doc = await s.cms.findByID({ collection, id, locale: 'all' })
    t.deepEqual(all.title, { en: 'gql-en', es: 'gql-es' })
  },
)
