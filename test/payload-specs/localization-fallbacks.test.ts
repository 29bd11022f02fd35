/**
 * Payload's `test/localization` spec, "Multiple fallback locales": `fallbackLocale` as a list of locales, tried in
 * order, with nothing after the list (not the default locale). Local API (an array or a comma string), REST
 * (Payload's `fallbackLocale[]=…` and the contract's comma form) and GraphQL (the URL's query, as Payload reads
 * it), on a collection and a global. Ledger: docs/payload-specs/localization.md.
 */
import test from 'ava'
import qs from 'qs'
import { defineConfig } from '../../server/config/define-config.ts'
import { useServer } from '../helpers/http.ts'

type Doc = Record<string, any>
const collection = 'localized-posts'
const open = { read: () => true, create: () => true, update: () => true, delete: () => true }
// Hungarian and Arabic exist but hold nothing, as in Payload's config.
const config = defineConfig({
  localization: { locales: ['en', 'es', 'pt', 'hu', 'ar'], defaultLocale: 'en', fallback: true },
  collections: [
    { slug: collection, access: open, fields: [{ name: 'title', type: 'text', localized: true }] },
  ],
  globals: [
    {
      slug: 'global-text',
      access: { read: () => true, update: () => true },
      fields: [{ name: 'text', type: 'text', localized: true }],
    },
  ],
})
const s = useServer(test, config, async (cms) => {
  const post = await cms.create({ collection, data: { title: 'English title' } })
  await cms.update({ collection, id: post.id, locale: 'es', data: { title: 'Título' } })
  await cms.updateGlobal({ slug: 'global-text', data: { text: 'English title' } })
  await cms.updateGlobal({ slug: 'global-text', locale: 'es', data: { text: 'Título' } })
  return { post }
})

const chains: [string, string[], string | null][] = [
  ['should allow fallback locale to be an array', ['es', 'en'], 'Título'],
  [
    'should pass over fallback locales until it finds one that exists',
    ['hu', 'ar', 'es'],
    'Título',
  ],
  ['should return undefined (null here) if no fallback locales exist', ['hu', 'ar'], null],
  ['a list is tried in order', ['en', 'es'], 'English title'],
]

for (const [title, list, expected] of chains) {
  test(`Local API: ${title}`, async (t) => {
    const id = s.data.post.id
    for (const fallbackLocale of [list, list.join(',')]) {
      const doc: Doc = await s.cms.findByID({ collection, id, locale: 'pt', fallbackLocale })
      t.is(doc.title, expected)
      const global: Doc = await s.cms.findGlobal({
        slug: 'global-text',
        locale: 'pt',
        fallbackLocale,
      })
      t.is(global.text, expected)
    }
  })

  test(`REST: ${title}`, async (t) => {
    const id = s.data.post.id
    // Payload's array form, the contract's comma form, and the kebab-case name.
    for (const q of [
      qs.stringify({ locale: 'pt', fallbackLocale: list }, { arrayFormat: 'brackets' }),
      qs.stringify({ locale: 'pt', fallbackLocale: list.join(',') }),
      qs.stringify({ locale: 'pt', 'fallback-locale': list.join(',') }),
    ]) {
      const doc = await s.request<Doc>('GET', `/api/${collection}/${id}?${q}`)
      t.is(doc.status, 200, q)
      t.is(doc.body.title, expected, q)
      const global = await s.request<Doc>('GET', `/api/globals/global-text?${q}`)
      t.is(global.status, 200, q)
      t.is(global.body.text, expected, q)
    }
  })

  test(`GraphQL: ${title}`, async (t) => {
    const id = s.data.post.id
    const q = qs.stringify({ locale: 'pt', fallbackLocale: list })
    const r = await s.request<Doc>('POST', `/api/graphql?${q}`, {
      body: { query: `{ LocalizedPost(id: ${id}, locale: pt) { title } GlobalText { text } }` },
    })
    t.is(r.body.errors, undefined)
    t.is(r.body.data.LocalizedPost.title, expected)
    t.is(r.body.data.GlobalText.text, expected)
  })
}

test('a list naming an unknown locale is a 400 on every layer', async (t) => {
  const id = s.data.post.id
  const error = await t.throwsAsync(
    s.cms.findByID({ collection, id, locale: 'pt', fallbackLocale: ['es', 'xx'] }),
  )
  t.regex(error.message, /fallbackLocale .*"xx"/)
  const rest = await s.request<Doc>(
    'GET',
    `/api/${collection}/${id}?locale=pt&fallbackLocale[]=es&fallbackLocale[]=xx`,
  )
  t.is(rest.status, 400)
  const gql = await s.request<Doc>('POST', `/api/graphql?locale=pt&fallbackLocale=es,xx`, {
    body: { query: `{ LocalizedPost(id: ${id}) { title } }` },
  })
  t.regex(gql.body.errors[0].message, /fallbackLocale/)
})

test('the URL locale of a GraphQL request is its default, a root argument wins', async (t) => {
  const id = s.data.post.id
  const r = await s.request<Doc>('POST', `/api/graphql?locale=es&fallbackLocale=none`, {
    body: {
      query: `{ a: LocalizedPost(id: ${id}) { title } }`,
    },
  })
  t.is(r.body.data.a.title, 'Título')
  const pt = await s.request<Doc>('POST', `/api/graphql?locale=es&fallbackLocale=none`, {
    body: { query: `{ LocalizedPost(id: ${id}, locale: pt) { title } }` },
  })
  t.is(pt.body.data.LocalizedPost.title, null)
})
