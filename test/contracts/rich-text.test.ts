/**
 * The contract's RichText schemas: the example's posts.body editor is a component in read and input mode, its
 * input schema accepts exactly the trees the server accepts (ajv against the Local API's validation), and the
 * SDL and the generated TypeScript say what the JSON holds.
 */
import test from 'ava'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { readFileSync } from 'node:fs'
import exampleConfig from '../../cms.config.ts'
import { compileOpenAPI } from '../../server/contracts/openapi.ts'
import { useCms } from '../helpers/db.ts'
import { el, state, text } from '../richtext/lexical.ts'

const h = useCms(test, { ...exampleConfig, onInit: undefined }, async (cms) => {
  const post = await cms.create({ collection: 'posts', data: { title: 'First', slug: 'first' } })
  return { postId: post.id as number }
})

const block = (fields: Record<string, unknown>) => ({
  type: 'block',
  version: 2,
  format: '',
  fields: { id: '65a1b2c3d4e5f6a7b8c9d0e1', blockName: '', ...fields },
})
const list = (children: unknown[]) =>
  el('list', children, { listType: 'bullet', tag: 'ul', start: 1 })
const nested = (levels: number): unknown =>
  levels === 0 ? text('deep') : list([el('listitem', [nested(levels - 1)], { value: 1 })])

/** Trees for posts.body (Payload's default features, h2–h4, media uploads, a banner and a code block). */
const trees = (postId: number): [string, unknown][] => [
  ['a paragraph', state(el('paragraph', [text('Hello'), text(' world', 1)]))],
  ['an h2 and a quote', state(el('heading', [text('T')], { tag: 'h2' }), el('quote', []))],
  ['an h1 (not enabled)', state(el('heading', [text('T')], { tag: 'h1' }))],
  ['a table (no table feature)', state(el('table', []))],
  ['a text node without mode', state(el('paragraph', [{ ...text('x'), mode: undefined }]))],
  ['a negative text format', state(el('paragraph', [text('x', -1)]))],
  ['a direction "up"', state({ ...el('paragraph', []), direction: 'up' })],
  ['a null direction', state({ ...el('paragraph', []), direction: null })],
  ['a fractional indent', state({ ...el('paragraph', []), indent: 1.5 })],
  ['a root below the root', state(el('root', []))],
  ['no root', { rot: el('root', []) }],
  ['unknown keys on nodes', state({ ...el('paragraph', [text('x')]), textFormat: 0, $: {} })],
  ['a nested list', state(list([el('listitem', [text('a'), list([])], { value: 1 })]))],
  ['a list item value 1.5', state(list([el('listitem', [], { value: 1.5 })]))],
  ['a list of type check (no checklist)', state({ ...list([]), listType: 'check' })],
  ['16 levels', state(nested(7))],
  ['17 levels', state(list([el('listitem', [nested(7)], { value: 1 })]))],
  [
    'a custom link',
    state(
      el('paragraph', [
        el('link', [text('x')], { fields: { linkType: 'custom', url: '/a', newTab: true } }),
      ]),
    ),
  ],
  [
    'an internal link',
    state(
      el('paragraph', [
        el('link', [text('x')], {
          fields: { linkType: 'internal', doc: { relationTo: 'posts', value: postId } },
        }),
      ]),
    ),
  ],
  [
    'an internal link without doc',
    state(el('paragraph', [el('link', [text('x')], { fields: { linkType: 'internal' } })])),
  ],
  [
    'a link field that is not one',
    state(el('paragraph', [el('link', [], { fields: { url: '/a', colour: 'red' } })])),
  ],
  [
    'a relationship with a string id',
    state({ type: 'relationship', version: 2, format: '', relationTo: 'posts', value: 'one' }),
  ],
  [
    'a relationship to a post',
    state({ type: 'relationship', version: 2, format: '', relationTo: 'posts', value: postId }),
  ],
  [
    'an upload of another collection',
    state({ type: 'upload', version: 3, relationTo: 'posts', value: postId, fields: {} }),
  ],
  [
    'a banner',
    state(
      block({
        blockType: 'banner',
        style: 'warning',
        content: state(el('paragraph', [text('x')])),
        post: postId,
      }),
    ),
  ],
  [
    'a banner taking its default style',
    state(block({ blockType: 'banner', content: state(el('paragraph', [])) })),
  ],
  ['a banner without content', state(block({ blockType: 'banner', style: 'info' }))],
  [
    'a banner whose content holds a table',
    state(block({ blockType: 'banner', content: state(el('table', [])) })),
  ],
  ['a code block', state(block({ blockType: 'Code', language: 'ts', code: 'let a' }))],
  ['a code block in Klingon', state(block({ blockType: 'Code', language: 'tlh', code: '' }))],
  ['an unknown block', state(block({ blockType: 'video' }))],
  [
    'a block id that is a number',
    state({ ...block({ blockType: 'Code' }), fields: { blockType: 'Code', id: 5 } }),
  ],
  ['a block key that is not a field', state(block({ blockType: 'Code', colour: 'red' }))],
]

test('the example has a RichText component per editor, in read and input mode', (t) => {
  const doc = compileOpenAPI(h.cms.config) as { components: { schemas: Record<string, any> } }
  const schemas = doc.components.schemas
  for (const name of ['RichTextBody', 'RichTextBodyInput', 'RichTextBodyInputNode16'])
    t.truthy(schemas[name], name)
  // Writes are typed to the depth limit, reads to 4 levels, then any node.
  t.falsy(schemas.RichTextBodyInputNode17)
  t.truthy(schemas.RichTextBodyNode4)
  t.falsy(schemas.RichTextBodyNode5)
  // The banner's own content is an editor of its own (Payload's defaults), shared by fields alike.
  t.truthy(schemas.RichTextContent)
  // Read mode: a relationship node's value is an id, the document populated, or null.
  const read = JSON.stringify(schemas.RichTextBodyRelationship)
  t.regex(read, /#\/components\/schemas\/PopulatedDocument"/)
  t.regex(read, /"type":"null"/)
})

test('the input schema accepts exactly the trees the server accepts', async (t) => {
  const doc = compileOpenAPI(h.cms.config)
  const ajv = new Ajv2020({ strict: false, validateFormats: false })
  ajv.addSchema(doc, 'contract')
  const validate = ajv.getSchema('contract#/components/schemas/RichTextBodyInput')!
  let i = 0
  const accepted: string[] = []
  for (const [label, body] of trees(h.data.postId)) {
    const bySchema = validate(body) as boolean
    const byServer = await h.cms
      .create({ collection: 'posts', data: { title: label, slug: `s${i++}`, body } })
      .then(
        () => true,
        () => false,
      )
    t.is(bySchema, byServer, `${label}: schema ${bySchema}, server ${byServer}`)
    if (byServer) accepted.push(label)
  }
  // Both sides of the table are exercised.
  t.true(accepted.length >= 10 && accepted.length <= trees(0).length - 10, accepted.join(', '))
})

test('the read schema holds what a read answers, at depth 0 and populated', async (t) => {
  const doc = compileOpenAPI(h.cms.config)
  const ajv = new Ajv2020({ strict: false, validateFormats: false })
  ajv.addSchema(doc, 'contract')
  const validate = ajv.getSchema('contract#/components/schemas/RichTextBody')!
  const created = await h.cms.create({
    collection: 'posts',
    data: { title: 'Read', slug: 'read', body: trees(h.data.postId)[18][1] },
  })
  for (const depth of [0, 1]) {
    const read = await h.cms.findByID({ collection: 'posts', id: created.id, depth })
    t.true(validate(read.body) as boolean, ajv.errorsText(validate.errors))
  }
})

test('SDL: JSON with a description; TypeScript: a named recursive type', (t) => {
  const sdl = readFileSync('contracts/schema.graphql', 'utf8')
  t.regex(sdl, /"""[^"]*Lexical's serialized editor state[^"]*"""\s+body\(depth: Int\): JSON/)
  const ts = readFileSync('generated/cms-types.ts', 'utf8')
  t.regex(ts, /export interface RichTextBody \{/)
  t.regex(ts, /export type RichTextBodyNode = /)
  t.regex(ts, /body\?: RichTextBody \| null;/)
})
