/**
 * Payload's `test/localization` spec, "Localization with fallback false": without `localization.fallback` a
 * missing value stays missing (read as null here; docs/decisions.md), unless the request names a fallback
 * locale. Local API and REST. Ledger: docs/payload-specs/localization.md.
 */
import test from 'ava'
import { useServer } from '../helpers/http.ts'
import { localizationConfig } from './localization-config.ts'

type Doc = Record<string, any>
const collection = 'localized-posts'
const l10n = localizationConfig.localization
if (!l10n) throw new Error('the localization config has localization')
const s = useServer(
  test,
  { ...localizationConfig, localization: { ...l10n, fallback: false } },
  async (cms) => {
    const post = await cms.create({ collection, data: { title: 'English title' } })
    const both = await cms.create({ collection, data: { title: 'English title' } })
    await cms.update({ collection, id: both.id, locale: 'es', data: { title: 'Título' } })
    return { post, both }
  },
)

test("a locale written alone; no fallback to the default locale nor to the locale's own fallbackLocale", async (t) => {
  const { post, both } = s.data
  const found = await s.cms.find({ collection, where: { title: { equals: 'English title' } } })
  t.is(found.totalDocs, 2)
  let doc: Doc = await s.cms.findByID({ collection, id: post.id, locale: 'pt' })
  t.is(doc.title, null)
  doc = await s.cms.findByID({ collection, id: both.id, locale: 'pt' }) // pt's fallbackLocale is es
  t.is(doc.title, null)
  doc = await s.cms.findByID({ collection, id: both.id, locale: 'pt', fallbackLocale: 'none' })
  t.is(doc.title, null)
  // An explicit fallbackLocale still applies.
  doc = await s.cms.findByID({ collection, id: post.id, locale: 'pt', fallbackLocale: 'en' })
  t.is(doc.title, 'English title')
  const r = await s.request<Doc>('GET', `/api/${collection}/${post.id}`, {
    query: { locale: 'pt', 'fallback-locale': 'en' },
  })
  t.is(r.body.title, 'English title')
  const none = await s.request<Doc>('GET', `/api/${collection}/${post.id}`, {
    query: { locale: 'es' },
  })
  t.is(none.body.title, null)
})

test('no fallback on a populated relationship either', async (t) => {
  const doc = await s.cms.create({ collection, data: { title: 'Post EN' } })
  await s.cms.update({ collection, id: doc.id, data: { related: doc.id } })
  const withFallback: Doc = await s.cms.findByID({
    collection,
    id: doc.id,
    locale: 'es',
    fallbackLocale: 'en',
    depth: 1,
  })
  t.is(withFallback.title, 'Post EN')
  t.is(withFallback.related.title, 'Post EN')
  const without: Doc = await s.cms.findByID({
    collection,
    id: doc.id,
    locale: 'es',
    fallbackLocale: 'none',
    depth: 1,
  })
  t.is(without.related, null) // the relationship itself is localized and has no Spanish value
})
