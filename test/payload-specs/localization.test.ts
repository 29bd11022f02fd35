/**
 * Payload's `test/localization` spec: writing a locale, reading one with its fallback (an empty text falls back,
 * as Payload's rule), reading `locale: 'all'`, and querying a localized value in the request's locale or in a
 * named one (`title.es`), through the Local API, REST and GraphQL. Ledger: docs/payload-specs/localization.md.
 */
import test from 'ava'
import { useServer } from '../helpers/http.ts'
import { localizationConfig } from './localization-config.ts'

type Doc = Record<string, any>
const collection = 'localized-posts'
const s = useServer(test, localizationConfig, async (cms) => {
  const post = await cms.create({
    collection,
    data: { title: 'English title', description: 'English text', rank: 3, plain: 'p' },
  })
  await cms.update({ collection, id: post.id, locale: 'es', data: { title: 'Título español' } })
  return { post }
})

test.serial('Local: a locale written alone; locale all shows every value', async (t) => {
  const { post } = s.data
  const es = await s.cms.findByID({ collection, id: post.id, locale: 'es' })
  t.is(es.title, 'Título español')
  t.is(es.description, 'English text') // never written in Spanish: the fallback's
  const all: Doc = await s.cms.findByID({ collection, id: post.id, locale: 'all' })
  t.deepEqual(all.title, { en: 'English title', es: 'Título español' })
  t.deepEqual(all.description, { en: 'English text' })
  t.is(all.plain, 'p')
})

test.serial(
  'Local: an empty text or textarea falls back to the fallback locale; all keeps the empty value',
  async (t) => {
    const doc = await s.cms.create({
      collection,
      data: {
        title: 'en title',
        description: 'en description',
        code: 'en()',
        rank: 0,
        active: false,
      },
    })
    await s.cms.update({
      collection,
      id: doc.id,
      locale: 'es',
      data: { title: '', description: '', code: '', rank: null, active: null },
    })
    const es: Doc = await s.cms.findByID({ collection, id: doc.id, locale: 'es' })
    t.is(es.title, 'en title')
    t.is(es.description, 'en description')
    // Only text and textarea treat '' as missing (Payload's rule): a code field keeps its empty value.
    t.is(es.code, '')
    t.is(es.rank, 0) // null falls back, also to a falsy value (docs/decisions.md: Payload leaves null)
    t.is(es.active, false)
    const all: Doc = await s.cms.findByID({ collection, id: doc.id, locale: 'all' })
    t.deepEqual(all.title, { en: 'en title', es: '' })
    // No fallback: the empty value itself.
    const none: Doc = await s.cms.findByID({
      collection,
      id: doc.id,
      locale: 'es',
      fallbackLocale: 'none',
    })
    t.is(none.title, '')
    t.is(none.rank, null)
    // An empty value in every locale of the chain stays empty (pt → es → en: en empty too).
    await s.cms.update({ collection, id: doc.id, locale: 'en', data: { title: '' } })
    await s.cms.update({ collection, id: doc.id, locale: 'pt', data: { title: '' } })
    const pt: Doc = await s.cms.findByID({ collection, id: doc.id, locale: 'pt' })
    t.is(pt.title, '')
  },
)

test.serial("Local: a locale's own fallbackLocale is the first in its chain", async (t) => {
  const doc = await s.cms.create({ collection, data: { title: 'en only' } })
  let pt: Doc = await s.cms.findByID({ collection, id: doc.id, locale: 'pt' })
  t.is(pt.title, null) // pt falls back to es, which has nothing: the default locale is not asked
  await s.cms.update({ collection, id: doc.id, locale: 'es', data: { title: 'es' } })
  pt = await s.cms.findByID({ collection, id: doc.id, locale: 'pt' })
  t.is(pt.title, 'es')
})

test.serial(
  'Local: where on a localized value, in the request locale or a named one (title.es)',
  async (t) => {
    const { post } = s.data
    const ids = async (locale: string, where: Doc) =>
      (await s.cms.find({ collection, locale, where, depth: 0 })).docs.map((d) => d.id)
    t.true((await ids('en', { title: { equals: 'English title' } })).includes(post.id))
    t.true((await ids('es', { title: { equals: 'Título español' } })).includes(post.id))
    t.false((await ids('es', { title: { equals: 'English title' } })).includes(post.id))
    // A named locale, whatever the request's: Payload's "opposite locale" query.
    for (const locale of ['all', 'en', 'es'])
      t.deepEqual(
        await ids(locale, { 'title.es': { equals: 'Título español' } }),
        [post.id],
        locale,
      )
    t.deepEqual(await ids('es', { 'title.en': { like: 'English' } }), [post.id])
    // With locale all, an unnamed localized path reads the default locale.
    t.true((await ids('all', { title: { equals: 'English title' } })).includes(post.id))
    // A locale code on a field that is not localized is no locale: still a 400.
    const e = await t.throwsAsync(
      s.cms.find({ collection, where: { 'plain.es': { equals: 'p' } } }),
    )
    t.is(e?.name, 'QueryError')
  },
)

test.serial('Local: sort by a localized value sorts by the request locale', async (t) => {
  const a = await s.cms.create({ collection, data: { title: 'word_b' } })
  const b = await s.cms.create({ collection, data: { title: 'word_a' } })
  const c = await s.cms.create({ collection, data: { title: 'word_c' } })
  await s.cms.update({ collection, id: a.id, locale: 'es', data: { title: 'word_z' } })
  const where = { 'title.en': { like: 'word_' } }
  const en = await s.cms.find({ collection, where, sort: 'title' })
  t.deepEqual(
    en.docs.map((d) => d.id),
    [b.id, a.id, c.id],
  )
  const es = await s.cms.find({ collection, where, sort: 'title', locale: 'es' })
  // es: a is word_z; b and c have no Spanish title (NULL first ascending).
  t.is(es.docs.at(-1)?.id, a.id)
  await s.cms.delete({ collection, where })
})

test.serial('REST: where[title.es] with locale=all, and an empty value falling back', async (t) => {
  const { post } = s.data
  let r = await s.request<Doc>('GET', `/api/${collection}`, {
    query: `locale=all&where[title.es][equals]=${encodeURIComponent('Título español')}`,
  })
  t.is(r.status, 200)
  t.deepEqual(
    r.body.docs.map((d: Doc) => d.id),
    [post.id],
  )
  t.deepEqual(r.body.docs[0].title, { en: 'English title', es: 'Título español' })
  // `*` is Payload's other name of `all`.
  r = await s.request<Doc>('GET', `/api/${collection}/${post.id}`, { query: { locale: '*' } })
  t.deepEqual(r.body.title, { en: 'English title', es: 'Título español' })
  r = await s.request<Doc>('GET', `/api/${collection}`, {
    query: { locale: 'en', where: JSON.stringify({ 'title.es': { exists: true } }) },
  })
  t.true(r.body.docs.some((d: Doc) => d.id === post.id))
  const created = await s.request<Doc>('POST', `/api/${collection}`, {
    query: { locale: 'es' },
    body: { title: '', description: 'solo' },
  })
  t.is(created.status, 201)
  // Created in Spanish: the default locale has no title to fall back to, so it stays empty.
  t.is(created.body.doc.title, '')
  const id = created.body.doc.id
  await s.request('PATCH', `/api/${collection}/${id}`, {
    query: { locale: 'en' },
    body: { title: 'now English' },
  })
  r = await s.request<Doc>('GET', `/api/${collection}/${id}`, { query: { locale: 'es' } })
  t.is(r.body.title, 'now English')
  t.is(r.body.description, 'solo')
})

test.serial(
  'GraphQL: locale and fallbackLocale arguments, an empty text falling back',
  async (t) => {
    const doc = await s.cms.create({ collection, data: { title: 'gql en' } })
    await s.cms.update({ collection, id: doc.id, locale: 'es', data: { title: '' } })
    // One root field a request: the locale arguments set the request's locale, as Payload's resolvers do.
    const one = async (args: string) => {
      const r = await s.request<Doc>('POST', '/api/graphql', {
        body: {
          query: `query($id: Int!) { LocalizedPost(id: $id, ${args}) { title } }`,
          variables: { id: doc.id },
        },
      })
      t.is(r.body.errors, undefined)
      return r.body.data.LocalizedPost.title
    }
    t.is(await one('locale: es'), 'gql en')
    t.is(await one('locale: es, fallbackLocale: none'), '')
  },
)
