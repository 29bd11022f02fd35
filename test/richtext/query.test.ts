/**
 * Issue 35, item 4: `like`, `not_like` and `contains` on a rich-text field match the text of its text nodes
 * (Lexical's `text` strings, across nodes and paragraphs), never its JSON keys or node types; on both databases,
 * through the Local API, REST and GraphQL.
 */
import test from 'ava'
import { defineConfig } from '../../server/config/define-config.ts'
import type { Where } from '../../server/config/types.ts'
import { useServer } from '../helpers/http.ts'
import { el, state, text } from './lexical.ts'

type Doc = Record<string, any>

const paragraph = (...children: object[]) => el('paragraph', children, { textFormat: 0 })

const s = useServer(
  test,
  defineConfig({
    secret: 'Tq8-richtext-query-secret-of-32+-bytes',
    collections: [
      {
        slug: 'articles',
        access: { read: () => true },
        fields: [
          { name: 'title', type: 'text' },
          { name: 'body', type: 'richText' },
          { name: 'translated', type: 'richText', localized: true },
        ],
      },
    ],
    localization: { locales: ['en', 'de'], defaultLocale: 'en' },
  }),
  async (cms) => {
    const make = (title: string, body: object) =>
      cms.create({ collection: 'articles', data: { title, body } })
    // "Café" split across a bold and a plain node, a second paragraph, and "paragraph" only as a node type.
    await make(
      'split',
      state(paragraph(text('The Ca'), text('fé opens', 1)), paragraph(text('at nine'))),
    )
    await make('other', state(paragraph(text('Nothing to see here'))))
    await make('empty', state())
    const de = await make('localized', state(paragraph(text('plain'))))
    await cms.update({
      collection: 'articles',
      id: de.id,
      locale: 'de',
      data: { translated: state(paragraph(text('Guten Morgen'))) },
    })
    await cms.update({
      collection: 'articles',
      id: de.id,
      locale: 'en',
      data: { translated: state(paragraph(text('Good morning'))) },
    })
  },
)

const titles = async (where: Where, locale?: string) => {
  const { docs } = await s.cms.find({
    collection: 'articles',
    where,
    sort: 'title',
    locale,
    depth: 0,
  })
  return docs.map((d) => d.title)
}

test('like and contains match the text across nodes, case-insensitively, never the JSON', async (t) => {
  t.deepEqual(await titles({ body: { contains: 'café opens' } }), ['split'])
  t.deepEqual(await titles({ body: { like: 'CAFÉ nine' } }), ['split'])
  t.deepEqual(await titles({ body: { like: 'see' } }), ['other'])
  // Node types, keys and formats are not text.
  t.deepEqual(await titles({ body: { contains: 'paragraph' } }), [])
  t.deepEqual(await titles({ body: { contains: 'format' } }), [])
  t.deepEqual(await titles({ body: { contains: 'ltr' } }), [])
})

test('not_like keeps documents whose text lacks the term', async (t) => {
  t.deepEqual(await titles({ body: { not_like: 'café' } }), ['empty', 'localized', 'other'])
})

test('a localized rich text is searched in the query locale', async (t) => {
  t.deepEqual(await titles({ translated: { like: 'morgen' } }, 'de'), ['localized'])
  t.deepEqual(await titles({ translated: { like: 'morning' } }, 'en'), ['localized'])
  t.deepEqual(await titles({ translated: { like: 'guten' } }, 'en'), [])
})

test('REST and GraphQL search the text too; other operators on the field are a 400 naming it', async (t) => {
  const r = await s.request<Doc>('GET', '/api/articles', {
    query: { 'where[body][like]': 'opens', depth: '0' },
  })
  t.is(r.status, 200)
  t.deepEqual(
    r.body.docs.map((d: Doc) => d.title),
    ['split'],
  )
  const g = await s.request<Doc>('POST', '/api/graphql', {
    body: { query: '{ Articles(where: { body: { contains: "nothing" } }) { docs { title } } }' },
  })
  t.is(g.body.errors, undefined)
  t.deepEqual(g.body.data.Articles.docs, [{ title: 'other' }])
  const bad = await s.request<Doc>('GET', '/api/articles', {
    query: { 'where[body][equals]': 'x' },
    invalid: 'equals on a rich-text field',
  })
  t.is(bad.status, 400)
  t.regex(JSON.stringify(bad.body), /body/)
  t.regex(JSON.stringify(bad.body), /like, not_like, contains/)
})
