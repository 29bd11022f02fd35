/**
 * `lexicalHTMLField`: Payload's afterRead virtual field of a sibling rich-text field's HTML, read through the
 * Local API, REST (every answer checked against the compiled contract) and GraphQL on a real server.
 */
import test from 'ava'
import { defineConfig } from '../../server/config/define-config.ts'
import { compileOpenAPI } from '../../server/contracts/openapi.ts'
import {
  BlocksFeature,
  lexicalEditor,
  lexicalHTMLField,
  type InternalDocToHref,
} from '../../server/index.ts'
import { useServer } from '../helpers/http.ts'
import { el, state, text } from './lexical.ts'

const internalDocToHref: InternalDocToHref = ({ relationTo, value }) =>
  `/${relationTo}/${typeof value === 'object' ? String(value.id) : value}`

const config = defineConfig({
  collections: [
    {
      slug: 'articles',
      access: { read: () => true, create: () => true, update: () => true },
      fields: [
        { name: 'title', type: 'text' },
        {
          name: 'body',
          type: 'richText',
          editor: lexicalEditor({
            features: ({ defaultFeatures }) => [
              ...defaultFeatures,
              BlocksFeature({
                blocks: [{ slug: 'banner', fields: [{ name: 'note', type: 'text' }] }],
              }),
            ],
          }),
        },
        lexicalHTMLField({
          lexicalFieldName: 'body',
          htmlFieldName: 'body_html',
          internalDocToHref,
          converters: {
            blocks: {
              banner: ({ node }) =>
                `<aside class="banner">${String((node.fields as { note?: unknown }).note ?? '').replace(/[<>&"']/g, '')}</aside>`,
            },
          },
        }),
        {
          name: 'sections',
          type: 'array',
          fields: [
            { name: 'content', type: 'richText' },
            lexicalHTMLField({
              lexicalFieldName: 'content',
              htmlFieldName: 'contentHtml',
              disableContainer: true,
            }),
          ],
        },
      ],
    },
  ],
})

const body = state(
  el('heading', [text('Hello <world>')], { tag: 'h2' }),
  el('paragraph', [
    text('See '),
    el('link', [text('the post')], {
      fields: { linkType: 'internal', doc: { relationTo: 'articles', value: 1 } },
    }),
    text(' or '),
    el('link', [text('this')], { fields: { linkType: 'custom', url: 'javascript:alert(1)' } }),
  ]),
  {
    type: 'block',
    version: 2,
    format: '',
    fields: { id: 'b1', blockName: '', blockType: 'banner', note: 'Note' },
  },
)
const expected =
  '<div class="payload-richtext"><h2>Hello &lt;world&gt;</h2><p>See <a href="/articles/1">the post</a> or <a href="#">this</a></p><aside class="banner">Note</aside></div>'

const s = useServer(test, config, async (cms) => {
  // Created first, then written with its body: the body links to the article itself, which must exist.
  const first = await cms.create({ collection: 'articles', data: { title: 'First' } })
  const article = await cms.update({
    collection: 'articles',
    id: first.id,
    data: {
      body,
      body_html: '<script>sent by the client</script>',
      sections: [{ content: state(el('paragraph', [text('row', 1)])) }, {}],
    },
  })
  const empty = await cms.create({ collection: 'articles', data: { title: 'Empty' } })
  return { id: article.id as number, emptyId: empty.id as number }
})

test('Local API: the HTML of the sibling rich text, computed on read; a value sent for it is ignored', async (t) => {
  const doc = await s.cms.findByID({ collection: 'articles', id: s.data.id })
  t.is(doc.body_html, expected)
  // Stored unchanged (read at depth 0: at the default depth the internal link's document is populated).
  t.deepEqual(
    (await s.cms.findByID({ collection: 'articles', id: s.data.id, depth: 0 })).body,
    body,
  )
  const populated = doc.body as { root: { children: any[] } }
  t.like(populated.root.children[1].children[1].fields.doc.value, { id: s.data.id, title: 'First' })
  t.deepEqual(
    (doc.sections as { contentHtml: unknown }[]).map((r) => r.contentHtml),
    ['<p><strong>row</strong></p>', ''],
  )
  const empty = await s.cms.findByID({ collection: 'articles', id: s.data.emptyId })
  t.is(empty.body_html, '')
  // An update of the rich text changes the HTML on the next read.
  const updated = await s.cms.update({
    collection: 'articles',
    id: s.data.emptyId,
    data: { body: state(el('paragraph', [text('now')])) },
  })
  t.is(updated.body_html, '<div class="payload-richtext"><p>now</p></div>')
})

test('REST: the virtual field is in the answers and the contract types it as a string', async (t) => {
  const one = await s.request('GET', `/api/articles/${s.data.id}`)
  t.is(one.status, 200)
  t.is(one.body.body_html, expected)
  const list = await s.request('GET', '/api/articles', { query: { sort: 'id' } })
  t.is(list.body.docs[0].body_html, expected)
  const contract = compileOpenAPI(s.cms.config) as {
    components: { schemas: Record<string, { properties: Record<string, { type: unknown }> }> }
  }
  t.deepEqual(contract.components.schemas.Article.properties.body_html.type, ['string', 'null'])
  const created = await s.request('POST', '/api/articles', {
    body: { title: 'Via REST', body: state(el('quote', [text('q')])), body_html: 'ignored' },
  })
  t.is(created.status, 201)
  t.is(created.body.doc.body_html, '<div class="payload-richtext"><blockquote>q</blockquote></div>')
})

test('GraphQL: the virtual field reads as a String', async (t) => {
  const r = await s.request('POST', '/api/graphql', {
    body: { query: `{ Article(id: ${s.data.id}) { body_html } }` },
  })
  t.is(r.body.data?.Article?.body_html, expected, JSON.stringify(r.body))
})

test('lexicalHTMLField refuses options it cannot honour, naming the field', (t) => {
  t.throws(
    () =>
      lexicalHTMLField({
        lexicalFieldName: 'body',
        htmlFieldName: 'html',
        storeInDB: true as never,
      }),
    { message: /lexicalHTMLField \(html\): storeInDB is not supported/ },
  )
  t.throws(() => lexicalHTMLField({ lexicalFieldName: '', htmlFieldName: 'html' }), {
    message: /lexicalHTMLField \(html\): lexicalFieldName must be a non-empty string/,
  })
})
