import test from 'ava'
import { PayloadSDK } from '@payloadcms/sdk'
import { defineConfig } from '../../server/config/define-config.ts'
import { useServer, type ServerState } from '../helpers/http.ts'

/**
 * Issue 33, `@payloadcms/sdk` unchanged: an empty `in` list, `locale`/`fallbackLocale` on a config without
 * localization, and `locale` in a write's JSON body behave as in Payload. Through Payload's own client (as
 * published), plain HTTP, GraphQL and the Local API, on a config with localization and one without; every HTTP
 * answer is checked against the contract (`s.fetch`, `s.request`).
 */
const open = { read: () => true, create: () => true, update: () => true, delete: () => true }
const openGlobal = { read: () => true, update: () => true }

const plain = useServer(
  test,
  defineConfig({
    collections: [{ slug: 'notes', access: open, fields: [{ name: 'title', type: 'text' }] }],
    globals: [{ slug: 'banner', access: openGlobal, fields: [{ name: 'text', type: 'text' }] }],
  }),
  async (cms) => {
    const a = await cms.create({ collection: 'notes', data: { title: 'A' } })
    const b = await cms.create({ collection: 'notes', data: { title: 'B' } })
    await cms.create({ collection: 'notes', data: {} })
    return { ids: [a.id, b.id] }
  },
)

const localized = useServer(
  test,
  defineConfig({
    localization: { locales: ['en', 'de'], defaultLocale: 'en' },
    collections: [
      {
        slug: 'articles',
        access: open,
        fields: [
          { name: 'title', type: 'text', localized: true },
          { name: 'rank', type: 'number' },
        ],
      },
      {
        // A field named `locale` is data, never the request's locale.
        slug: 'places',
        access: open,
        fields: [
          { name: 'name', type: 'text', localized: true },
          { name: 'locale', type: 'text' },
        ],
      },
    ],
    globals: [
      {
        slug: 'settings',
        access: openGlobal,
        fields: [{ name: 'tagline', type: 'text', localized: true }],
      },
    ],
  }),
)

const sdkOf = (s: ServerState<unknown>) =>
  new PayloadSDK<any>({ baseURL: `${s.url}/api`, fetch: s.fetch })
const titles = (docs: { title?: string | null }[]) => docs.map((d) => d.title ?? null).sort()

// ---- an empty `in` matches nothing, an empty `not_in` everything (Payload's drizzle: false / true) ----------

test.serial('empty in and not_in through @payloadcms/sdk', async (t) => {
  const api = sdkOf(plain)
  const none = await api.find({ collection: 'notes', where: { id: { in: [] } } })
  t.is(none.totalDocs, 0)
  t.deepEqual(none.docs, [])
  t.is((await api.find({ collection: 'notes', where: { title: { in: [] } } })).totalDocs, 0)
  const all = await api.find({ collection: 'notes', where: { id: { not_in: [] } } })
  t.is(all.totalDocs, 3)
  // not_in [] keeps documents without a value too (a title-less note).
  const everyTitle = await api.find({ collection: 'notes', where: { title: { not_in: [] } } })
  t.deepEqual(titles(everyTitle.docs), ['A', 'B', null].sort())
  t.deepEqual(await api.count({ collection: 'notes', where: { id: { in: [] } } }), {
    totalDocs: 0,
  })
  // Combined with other conditions, an empty `in` still narrows to nothing.
  const or = await api.find({
    collection: 'notes',
    where: { or: [{ id: { in: [] } }, { title: { equals: 'B' } }] },
  })
  t.deepEqual(titles(or.docs), ['B'])
})

test.serial('empty in and not_in over plain HTTP: brackets and JSON', async (t) => {
  const brackets = await plain.request('GET', '/api/notes', { query: 'where[id][in][]' })
  t.is(brackets.status, 200)
  t.is(brackets.body.totalDocs, 0)
  const withEquals = await plain.request('GET', '/api/notes', { query: 'where[title][in][]=' })
  t.is(withEquals.status, 200)
  t.is(withEquals.body.totalDocs, 0)
  const json = await plain.request('GET', '/api/notes', {
    query: { where: JSON.stringify({ id: { in: [] } }) },
  })
  t.is(json.status, 200)
  t.is(json.body.totalDocs, 0)
  const notIn = await plain.request('GET', '/api/notes', { query: 'where[id][not_in][]' })
  t.is(notIn.status, 200)
  t.is(notIn.body.totalDocs, 3)
  // A non-empty list is unchanged.
  const { ids } = plain.data
  const one = await plain.request('GET', '/api/notes', { query: `where[id][in][]=${ids[0]}` })
  t.deepEqual(titles(one.body.docs), ['A'])
})

test.serial('empty in and not_in on GraphQL and the Local API', async (t) => {
  const gql = await plain.request('POST', '/api/graphql', {
    body: {
      query:
        '{ none: Notes(where: { id: { in: [] } }) { totalDocs } all: Notes(where: { id: { not_in: [] } }) { totalDocs } }',
    },
  })
  t.is(gql.status, 200)
  t.deepEqual(gql.body.data, { none: { totalDocs: 0 }, all: { totalDocs: 3 } })
  const cms = plain.cms
  t.is((await cms.find({ collection: 'notes', where: { id: { in: [] } } })).totalDocs, 0)
  t.is((await cms.find({ collection: 'notes', where: { title: { not_in: [] } } })).totalDocs, 3)
  t.is((await cms.count({ collection: 'notes', where: { title: { in: '' } } })).totalDocs, 0)
})

// ---- locale parameters without localization are accepted and ignored (as Payload) --------------------------

test.serial(
  'locale and fallbackLocale without localization: @payloadcms/sdk reads and writes',
  async (t) => {
    const api = sdkOf(plain)
    const list = await api.find({
      collection: 'notes',
      locale: 'fr',
      fallbackLocale: 'de',
      where: { title: { equals: 'A' } },
    })
    t.deepEqual(titles(list.docs), ['A'])
    const { ids } = plain.data
    t.like(await api.findByID({ collection: 'notes', id: ids[1], locale: 'en' }), { title: 'B' })
    t.deepEqual(await api.count({ collection: 'notes', locale: 'en' }), { totalDocs: 3 })
    const created = await api.create({ collection: 'notes', data: { title: 'C' }, locale: 'en' })
    t.is(created.title, 'C')
    const updated = await api.update({
      collection: 'notes',
      id: created.id,
      data: { title: 'C2' },
      locale: 'de',
      fallbackLocale: 'en',
    })
    t.is(updated.title, 'C2')
    await api.updateGlobal({ slug: 'banner', data: { text: 'Hi' }, locale: 'en' })
    t.like(await api.findGlobal({ slug: 'banner', locale: 'fr', fallbackLocale: 'none' }), {
      text: 'Hi',
    })
    await api.delete({ collection: 'notes', id: created.id })
  },
)

test.serial(
  'locale and fallbackLocale without localization: plain HTTP, body, GraphQL args, Local',
  async (t) => {
    const res = await plain.request('GET', '/api/notes', {
      query: 'locale=xx&fallback-locale=yy&fallbackLocale=zz&sort=title&where[title][exists]=true',
    })
    t.is(res.status, 200)
    t.deepEqual(
      res.body.docs.map((d: { title: string }) => d.title),
      ['A', 'B'],
    )
    // A body's locale keys are not data: the note is written, and none of them is stored or refused.
    const created = await plain.request('POST', '/api/notes', {
      body: { title: 'Body', locale: 'fr', fallbackLocale: 'de', 'fallback-locale': 'it' },
    })
    t.is(created.status, 201)
    t.deepEqual(Object.keys(created.body.doc).sort(), ['createdAt', 'id', 'title', 'updatedAt'])
    const local = await plain.cms.find({
      collection: 'notes',
      locale: 'fr',
      fallbackLocale: 'none',
      where: { title: { equals: 'Body' } },
    })
    t.is(local.totalDocs, 1)
    const byId = await plain.cms.findByID({
      collection: 'notes',
      id: created.body.doc.id,
      locale: 'de',
    })
    t.is(byId.title, 'Body')
    await plain.cms.delete({ collection: 'notes', id: created.body.doc.id })
  },
)

// ---- a `locale` in a write's JSON body is the request's locale (Payload's addLocalesToRequestFromData) ------

test.serial('body locale writes that locale; read back with locale=', async (t) => {
  const s = localized
  const created = await s.request('POST', '/api/articles', {
    body: { title: 'Hallo', rank: 1, locale: 'de' },
  })
  t.is(created.status, 201)
  t.is(created.body.doc.title, 'Hallo')
  t.false('locale' in created.body.doc)
  const id = created.body.doc.id
  const de = await s.request('GET', `/api/articles/${id}`, { query: 'locale=de' })
  t.is(de.body.title, 'Hallo')
  const en = await s.request('GET', `/api/articles/${id}`, {
    query: 'locale=en&fallback-locale=none',
  })
  t.is(en.body.title, null)
  // Payload's camelCase query name too, winning over `fallback-locale`.
  const camel = await s.request('GET', `/api/articles/${id}`, {
    query: 'locale=en&fallbackLocale=none&fallback-locale=de',
  })
  t.is(camel.body.title, null)
  const camelDe = await s.request('GET', `/api/articles/${id}`, {
    query: 'locale=en&fallbackLocale=de',
  })
  t.is(camelDe.body.title, 'Hallo')

  // An update in the body's locale leaves the other locale alone.
  const patched = await s.request('PATCH', `/api/articles/${id}`, {
    body: { title: 'Hello', locale: 'en' },
  })
  t.is(patched.status, 200)
  t.is(patched.body.doc.title, 'Hello')
  const all = await s.request('GET', `/api/articles/${id}`, { query: 'locale=all' })
  t.deepEqual(all.body.title, { en: 'Hello', de: 'Hallo' })

  // The query's locale wins over the body's.
  await s.request('PATCH', `/api/articles/${id}`, {
    query: 'locale=de',
    body: { title: 'Servus', locale: 'en' },
  })
  const after = await s.request('GET', `/api/articles/${id}`, { query: 'locale=all' })
  t.deepEqual(after.body.title, { en: 'Hello', de: 'Servus' })

  // The body's fallbackLocale shapes the answer of the write: none, so an empty locale reads null.
  const other = await s.request('POST', '/api/articles', {
    body: { rank: 2, locale: 'de', fallbackLocale: 'none' },
  })
  t.is(other.status, 201)
  t.is(other.body.doc.title, null)
  const withFallback = await s.request('PATCH', `/api/articles/${other.body.doc.id}`, {
    body: { rank: 3, locale: 'de', 'fallback-locale': 'en' },
  })
  t.is(withFallback.body.doc.title, null) // nothing in en either
})

test.serial('body locale on a bulk update, a global and a duplicate', async (t) => {
  const s = localized
  const doc = await s.cms.create({ collection: 'articles', data: { title: 'One', rank: 10 } })
  const bulk = await s.request('PATCH', '/api/articles', {
    // The JSON form of where, the one the contract declares (Prism validates the request against it).
    query: { where: JSON.stringify({ rank: { equals: 10 } }) },
    body: { title: 'Eins', locale: 'de' },
  })
  t.is(bulk.status, 200)
  t.deepEqual(
    bulk.body.docs.map((d: { title: string }) => d.title),
    ['Eins'],
  )
  const stored = await s.cms.findByID({ collection: 'articles', id: doc.id, locale: 'all' })
  t.deepEqual(stored.title, { en: 'One', de: 'Eins' })

  const global = await s.request('POST', '/api/globals/settings', {
    body: { tagline: 'Willkommen', locale: 'de' },
  })
  t.is(global.status, 200)
  t.is(global.body.result.tagline, 'Willkommen')
  const read = await s.request('GET', '/api/globals/settings', {
    query: 'locale=de&fallback-locale=none',
  })
  t.is(read.body.tagline, 'Willkommen')
  const readEn = await s.request('GET', '/api/globals/settings', {
    query: 'locale=en&fallback-locale=none',
  })
  t.is(readEn.body.tagline, null)

  const copy = await s.request('POST', `/api/articles/${doc.id}/duplicate`, {
    body: { title: 'Zwei', locale: 'de' },
  })
  t.is(copy.status, 200)
  const copied = await s.cms.findByID({
    collection: 'articles',
    id: copy.body.doc.id,
    locale: 'all',
  })
  t.deepEqual(copied.title, { en: 'One', de: 'Zwei' })
})

test.serial('body locale: an unknown code is a 400, a field named locale stays data', async (t) => {
  const s = localized
  const bad = await s.request('POST', '/api/articles', {
    body: { title: 'x', locale: 'fr' },
    invalid: 'an unknown locale',
  })
  t.is(bad.status, 400)
  t.is(
    await s.cms
      .count({ collection: 'articles', where: { title: { equals: 'x' } } })
      .then((c) => c.totalDocs),
    0,
  )
  const place = await s.request('POST', '/api/places', { body: { name: 'Berlin', locale: 'de' } })
  t.is(place.status, 201)
  t.like(place.body.doc, { name: 'Berlin', locale: 'de' })
  // Written in the default locale (the query names none, and the body's `locale` is the field).
  const stored = await s.cms.findByID({
    collection: 'places',
    id: place.body.doc.id,
    locale: 'all',
  })
  t.deepEqual(stored.name, { en: 'Berlin' })
})

test.serial(
  '@payloadcms/sdk with localization: locale, fallbackLocale and an empty in',
  async (t) => {
    const api = sdkOf(localized)
    const doc = await api.create({
      collection: 'articles',
      data: { title: 'Tag', rank: 20 },
      locale: 'de',
    })
    t.is(doc.title, 'Tag')
    t.is((await api.findByID({ collection: 'articles', id: doc.id, locale: 'de' })).title, 'Tag')
    t.is(
      (
        await api.findByID({
          collection: 'articles',
          id: doc.id,
          locale: 'en',
          fallbackLocale: 'none',
        })
      ).title,
      null,
    )
    t.is(
      (
        await api.findByID({
          collection: 'articles',
          id: doc.id,
          locale: 'en',
          fallbackLocale: 'de',
        })
      ).title,
      'Tag',
    )
    const none = await api.find({ collection: 'articles', where: { id: { in: [] } }, locale: 'de' })
    t.is(none.totalDocs, 0)
  },
)
