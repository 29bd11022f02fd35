/**
 * Payload's `test/localization` spec, continued: localized (polymorphic) relationships populated with every
 * locale and queried by id, GraphQL logins and `meUser` populating a relation in the URL's locale, several
 * locales in one GraphQL request, paths whose names end in a locale code or resemble a locale map, duplicating
 * localized blocks and a localized tab, and version counts under a localized where.
 * Ledger: docs/payload-specs/localization.md.
 */
import test from 'ava'
import { useServer } from '../helpers/http.ts'
import { query } from './helpers.ts'
import { nestedConfig } from './localization-nested-config.ts'

type Doc = Record<string, any>
const s = useServer(test, nestedConfig, async (cms) => {
  const post = (en: string, es: string) =>
    cms
      .create({ collection: 'posts', data: { title: en } })
      .then((p) => cms.update({ collection: 'posts', id: p.id, locale: 'es', data: { title: es } }))
  const a = await post('relation en', 'relación es')
  const b = await post('second en', 'segundo es')
  const p = (value: unknown) => ({ relationTo: 'posts', value })
  const holder = await cms.create({
    collection: 'with-localized-rel',
    data: {
      relationship: a.id,
      relationshipHasMany: [a.id, b.id],
      relationMultiRelationTo: p(a.id),
      relationMultiRelationToHasMany: [p(a.id), p(b.id)],
      arrayField: [{ nestedRelation: a.id }],
    },
  })
  await cms.update({
    collection: 'with-localized-rel',
    id: holder.id,
    locale: 'es',
    data: { relationMultiRelationTo: p(b.id), relationMultiRelationToHasMany: [p(b.id)] },
  })
  await cms.create({
    collection: 'users',
    data: { email: 'dev@example.com', password: 'a long test password', relation: a.id },
  })
  return { a: a.id, b: b.id, holder: holder.id }
})
const gql = async (q: string, search = '', token?: string) =>
  (
    await s.request<Doc>('POST', `/api/graphql${search}`, {
      body: { query: q },
      headers: token ? { authorization: `JWT ${token}` } : {},
    })
  ).body

test('populates localized relationships with all locales', async (t) => {
  const { a, holder } = s.data
  const doc: Doc = await s.cms.findByID({
    collection: 'with-localized-rel',
    id: holder,
    locale: 'all',
    depth: 1,
  })
  t.is(doc.relationship.en.id, a)
  t.deepEqual(doc.relationship.en.title, { en: 'relation en', es: 'relación es' })
  t.is(doc.relationshipHasMany.en[0].id, a)
  t.is(doc.relationMultiRelationTo.en.value.id, a)
  t.is(doc.relationMultiRelationToHasMany.en[0].value.id, a)
  t.is(doc.arrayField.en[0].nestedRelation.id, a)
})

test('localized polymorphic relationships (one and hasMany) queried by id, per locale', async (t) => {
  const { a, b, holder } = s.data
  const ids = async (where: Doc, locale?: string) =>
    (await s.cms.find({ collection: 'with-localized-rel', where, locale, depth: 0 })).docs.map(
      (d) => d.id,
    )
  t.deepEqual(await ids({ 'relationMultiRelationTo.value': { equals: a } }), [holder])
  t.deepEqual(await ids({ 'relationMultiRelationTo.value': { equals: b } }, 'es'), [holder])
  t.deepEqual(await ids({ 'relationMultiRelationTo.value': { equals: a } }, 'es'), [])
  const many = 'relationMultiRelationToHasMany.value'
  t.deepEqual(await ids({ [many]: { equals: a } }), [holder])
  t.deepEqual(await ids({ [many]: { equals: b } }), [holder])
  t.deepEqual(await ids({ [many]: { equals: b } }, 'es'), [holder])
  t.deepEqual(await ids({ [many]: { equals: a } }, 'es'), [])
  // REST, the same where.
  const r = await s.request<Doc>(
    'GET',
    `/api/with-localized-rel?${query({ locale: 'es', depth: 0, where: { [many]: { equals: b } } })}`,
  )
  t.deepEqual(
    r.body.docs.map((d: Doc) => d.id),
    [holder],
  )
})

test('GraphQL: login and meUser populate a localized relation in the URL locale', async (t) => {
  const login = await gql(
    'mutation { loginUser(email: "dev@example.com", password: "a long test password") { token user { relation { title } } } }',
    '?locale=es',
  )
  t.is(login.errors, undefined)
  t.is(typeof login.data.loginUser.token, 'string')
  t.is(login.data.loginUser.user.relation.title, 'relación es')
  const me = await gql(
    '{ meUser { user { id relation { title } } } }',
    '?locale=en',
    login.data.loginUser.token,
  )
  t.is(me.errors, undefined)
  t.is(me.data.meUser.user.relation.title, 'relation en')
})

test('GraphQL: several locales in one request, one per root field', async (t) => {
  const { a } = s.data
  const r = await gql(
    `{ es: Post(id: ${a}, locale: es) { title } en: Post(id: ${a}, locale: en) { title } }`,
    '?locale=en',
  )
  t.is(r.errors, undefined)
  t.is(r.data.es.title, 'relación es')
  t.is(r.data.en.title, 'relation en')
})

test('REST: non-localized field names ending in a locale code are field paths', async (t) => {
  const { a } = s.data
  await s.cms.update({
    collection: 'posts',
    id: a,
    data: { children: a, group: { children: 'something' } },
  })
  const find = async (where: Doc) =>
    (await s.request<Doc>('GET', `/api/posts?${query({ where, depth: 0 })}`)).body.docs.map(
      (d: Doc) => d.id,
    )
  t.deepEqual(await find({ children: { in: a } }), [a])
  t.deepEqual(await find({ 'group.children': { contains: 'some' } }), [a])
})

test('fields that merely resemble a locale map are not localized', async (t) => {
  const doc = await s.cms.create({
    collection: 'no-localized-fields',
    data: { text: 'title', group: { en: { text: 'some text' } } },
  })
  const found = await s.cms.find({
    collection: 'no-localized-fields',
    where: { 'group.en.text': { equals: 'some text' } },
  })
  t.deepEqual(
    found.docs.map((d) => d.id),
    [doc.id],
  )
  t.deepEqual((await s.cms.findByID({ collection: 'no-localized-fields', id: doc.id })).group, {
    en: { text: 'some text' },
  })
})

test('duplicate copies localized blocks (with their nested rows) and a localized tab in every locale', async (t) => {
  const block = (label: string, text: string) => ({
    blockType: 'blockInsideBlock',
    array: [{ link: { label } }],
    content: [{ blockType: 'textBlock', text }],
  })
  const doc = await s.cms.create({
    collection: 'blocks-fields',
    data: { content: [block('english', 'hello')] },
  })
  await s.cms.update({
    collection: 'blocks-fields',
    id: doc.id,
    locale: 'es',
    data: { content: [block('spanish', 'hola')] },
  })
  const copy: Doc = await s.cms.duplicate({ collection: 'blocks-fields', id: doc.id, locale: 'en' })
  t.not(copy.id, doc.id)
  t.is(copy.content[0].array[0].link.label, 'english')
  const all: Doc = await s.cms.findByID({ collection: 'blocks-fields', id: copy.id, locale: 'all' })
  t.is(all.content.en[0].content[0].text, 'hello')
  t.is(all.content.es[0].content[0].text, 'hola')
  t.is(all.content.es[0].array[0].link.label, 'spanish')
  // The copy's rows are its own: changing them leaves the source as it was.
  await s.cms.update({
    collection: 'blocks-fields',
    id: copy.id,
    locale: 'es',
    data: { content: [block('changed', 'changed')] },
  })
  const source: Doc = await s.cms.findByID({
    collection: 'blocks-fields',
    id: doc.id,
    locale: 'es',
  })
  t.is(source.content[0].array[0].link.label, 'spanish')
  const tab = await s.cms.create({
    collection: 'tabs',
    data: { tabLocalized: { title: 'hello', array: [{ title: 'hello' }, { title: 'goodbye' }] } },
  })
  await s.cms.update({
    collection: 'tabs',
    id: tab.id,
    locale: 'es',
    data: { tabLocalized: { title: 'hola', array: [{ title: 'hola' }, { title: 'adios' }] } },
  })
  const tabCopy = await s.cms.duplicate({ collection: 'tabs', id: tab.id })
  const tabAll: Doc = await s.cms.findByID({ collection: 'tabs', id: tabCopy.id, locale: 'all' })
  t.deepEqual(
    tabAll.tabLocalized.es.array.map((r: Doc) => r.title),
    ['hola', 'adios'],
  )
  t.is(tabAll.tabLocalized.en.title, 'hello')
})

test('countVersions and countGlobalVersions with a where on a localized field', async (t) => {
  await s.cms.create({ collection: 'localized-drafts', data: { title: 'Localized Drafts EN' } })
  const where = { 'version.title': { equals: 'Localized Drafts EN' } }
  t.is((await s.cms.countVersions({ collection: 'localized-drafts', where })).totalDocs, 1)
  t.is(
    (await s.cms.countVersions({ collection: 'localized-drafts', where, locale: 'es' })).totalDocs,
    0,
  )
  const slug = 'global-drafts'
  await s.cms.updateGlobal({ slug, data: { text: 'global count en', _status: 'published' } })
  await s.cms.updateGlobal({
    slug,
    locale: 'es',
    data: { text: 'global count es', _status: 'published' },
  })
  const english = { 'version.text': { equals: 'global count en' } }
  const inEnglish = await s.cms.countGlobalVersions({ global: slug, locale: 'en', where: english })
  const inSpanish = await s.cms.countGlobalVersions({ global: slug, locale: 'es', where: english })
  t.true(inEnglish.totalDocs > 0)
  t.is(inSpanish.totalDocs, 0)
})
