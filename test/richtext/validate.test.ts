/**
 * A rich-text value is validated as Lexical's serialized editor state against the field's editor: the first bad
 * node answers a 400 naming its JSON path (REST, GraphQL, Local API), the size limits hold (10,000 nested lists
 * answer fast), and a state written by Payload's own editor round-trips unchanged.
 */
import test from 'ava'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { defineConfig } from '../../server/config/define-config.ts'
import {
  BlocksFeature,
  HeadingFeature,
  lexicalEditor,
  RelationshipFeature,
  type Block,
} from '../../server/index.ts'
import { rejectsWith } from '../helpers/db.ts'
import { useServer } from '../helpers/http.ts'
import { el, state, text } from './lexical.ts'

const banner: Block = {
  slug: 'banner',
  fields: [
    {
      name: 'style',
      type: 'select',
      required: true,
      options: ['info', 'warning', 'error', 'success'],
    },
    { name: 'content', type: 'richText', required: true },
  ],
}
const code: Block = {
  slug: 'code',
  fields: [
    { name: 'language', type: 'select', options: ['typescript', 'javascript', 'css'] },
    { name: 'code', type: 'code', required: true },
  ],
}
const mediaBlock: Block = {
  slug: 'mediaBlock',
  fields: [{ name: 'media', type: 'upload', relationTo: 'media', required: true }],
}

const open = { read: () => true, create: () => true, update: () => true }
export const config = defineConfig({
  limits: { richText: { maxNodes: 500, maxBytes: 64 * 1024 } },
  collections: [
    {
      slug: 'media',
      // Files go to a temporary directory, never into the working tree.
      upload: { staticDir: mkdtempSync(path.join(tmpdir(), 'cms-rt-media-')) },
      access: open,
      fields: [{ name: 'alt', type: 'text' }],
    },
    { slug: 'tags', access: open, fields: [{ name: 'id', type: 'text' }] },
    {
      slug: 'posts',
      access: open,
      fields: [
        { name: 'title', type: 'text' },
        {
          name: 'body',
          type: 'richText',
          editor: lexicalEditor({
            features: ({ defaultFeatures }) => [
              ...defaultFeatures,
              HeadingFeature({ enabledHeadingSizes: ['h2', 'h3', 'h4'] }),
              RelationshipFeature({ enabledCollections: ['posts', 'tags'] }),
              BlocksFeature({ blocks: [banner, code, mediaBlock] }),
            ],
          }),
        },
      ],
    },
  ],
})

const fixture = () =>
  JSON.parse(readFileSync('test/richtext/fixtures/payload-post-roundtrip.json', 'utf8'))

const s = useServer(test, config, async (cms) => {
  const png = await sharp({ create: { width: 8, height: 6, channels: 3, background: '#08f' } })
    .png()
    .toBuffer()
  const image = await cms.create({
    collection: 'media',
    data: { alt: 'A blue square' },
    file: { data: png, name: 'blue.png' },
  })
  const post = await cms.create({ collection: 'posts', data: { title: 'Linked' } })
  return { imageId: image.id as number, postId: post.id as number }
})

type FieldErrors = { path: string; message: string }[]

/**
 * Writes `body` through the Local API and REST: both refuse it. Answers the Local API's errors (the server's
 * validator: the first bad node's path and what is wrong); REST's 400 must name the same path, whether the
 * contract's schema refused the body first or the validator did.
 */
async function refused(body: unknown): Promise<FieldErrors> {
  let local: FieldErrors | undefined
  try {
    await s.cms.create({ collection: 'posts', data: { title: 'x', body } })
  } catch (e) {
    local = (e as { data?: { errors?: FieldErrors } }).data?.errors
  }
  if (!local) throw new Error('the Local API accepted it')
  const r = await s.request('POST', '/api/posts', { body: { title: 'x', body } })
  if (r.status !== 400) throw new Error(`expected 400, got ${r.status}: ${JSON.stringify(r.body)}`)
  const rest = r.body.errors[0].data.errors as FieldErrors
  if (!rest.some((e) => e.path === local[0].path))
    throw new Error(`REST names ${rest.map((e) => e.path).join(', ')}, not ${local[0].path}`)
  return local
}

test('REST: a value that is no editor state, or misses its root, is refused on the field', async (t) => {
  for (const bad of [{}, { root: 'x' }, { root: null }]) {
    const errors = await refused(bad)
    t.is(errors[0].path, 'body')
    t.regex(errors[0].message, /Lexical's serialized editor state/)
  }
})

test('REST: the first bad node answers its JSON path and what is wrong', async (t) => {
  const cases: [unknown, string, RegExp][] = [
    [{ root: el('paragraph', []) }, 'body.root.type', /top node must be of type "root"/],
    [
      state(el('paragraph', [text('a')]), el('table', [])),
      'body.root.children.1.type',
      /Node type "table" is not allowed by this field's editor/,
    ],
    [
      state(el('paragraph', []), el('heading', [text('big')], { tag: 'h1' })),
      'body.root.children.1.tag',
      /tag must be one of the heading sizes this editor allows: "h2", "h3", "h4"/,
    ],
    [
      state(el('paragraph', [text('ok'), { ...text('bad mode'), mode: 'bold' }])),
      'body.root.children.0.children.1.mode',
      /mode must be one of "normal", "token", "segmented"/,
    ],
    [
      state(el('paragraph', [{ type: 'linebreak', version: 'one' }])),
      'body.root.children.0.children.0.version',
      /version must be an integer, 0 or more/,
    ],
    [
      state({ ...el('quote', []), indent: -1 }),
      'body.root.children.0.indent',
      /indent must be an integer, 0 or more/,
    ],
    [
      state({ ...el('quote', []), format: 3 }),
      'body.root.children.0.format',
      /format must be one of "", "left"/,
    ],
    [
      state({ type: 'block', version: 2, format: '', fields: { blockType: 'video' } }),
      'body.root.children.0.fields.blockType',
      /blockType must be one of: "banner", "code", "mediaBlock"/,
    ],
    [
      state({ type: 'relationship', version: 2, format: '', relationTo: 'posts', value: 'abc' }),
      'body.root.children.0.value',
      /value must be the id of a document of "posts" \(a positive integer\)/,
    ],
    [
      state({ type: 'relationship', version: 2, format: '', relationTo: 'tags', value: 5 }),
      'body.root.children.0.value',
      /value must be the id of a document of "tags" \(a string\)/,
    ],
    [
      state({ type: 'relationship', version: 2, format: '', relationTo: 'media', value: 1 }),
      'body.root.children.0.relationTo',
      /relationTo must be one of the collections this editor allows: "posts", "tags"/,
    ],
    [
      state(el('paragraph', [el('link', [text('x')], { fields: { linkType: 'internal' } })])),
      'body.root.children.0.children.0.fields.doc',
      /doc must be \{ relationTo, value \}/,
    ],
  ]
  for (const [body, path, message] of cases) {
    const errors = await refused(body)
    t.is(errors.length, 1, JSON.stringify(errors))
    t.is(errors[0].path, path)
    t.regex(errors[0].message, message)
  }
})

test("REST and Local API: nodes as Payload's validation takes them (keys left out) are stored with Lexical's values", async (t) => {
  // What Payload's seeds and hand-written values send: no format, detail, mode, style, direction or indent.
  const minimal = {
    root: {
      type: 'root',
      children: [
        { type: 'paragraph', version: 1, children: [{ type: 'text', text: 'Hi', version: 1 }] },
        {
          type: 'list',
          listType: 'bullet',
          tag: 'ul',
          children: [{ type: 'listitem', children: [{ type: 'text', text: 'one' }] }],
        },
      ],
    },
  }
  const r = await s.request('POST', '/api/posts', { body: { title: 'minimal', body: minimal } })
  t.is(r.status, 201, JSON.stringify(r.body))
  const root = r.body.doc.body.root
  t.deepEqual(
    { ...root, children: undefined },
    { type: 'root', direction: null, format: '', indent: 0, version: 1, children: undefined },
  )
  t.deepEqual(root.children[0].children[0], {
    type: 'text',
    text: 'Hi',
    format: 0,
    detail: 0,
    mode: 'normal',
    style: '',
    version: 1,
  })
  const list = root.children[1]
  t.like(list, { type: 'list', listType: 'bullet', tag: 'ul', start: 1, version: 1 })
  t.like(list.children[0], { type: 'listitem', value: 1, indent: 0, direction: null })
  const read = await s.cms.findByID({ collection: 'posts', id: r.body.doc.id })
  t.deepEqual(read.body, r.body.doc.body)
  // A key that is there still has its type checked.
  const errors = await refused(
    state(el('paragraph', [{ type: 'text', text: 'x', format: 'bold' }])),
  )
  t.is(errors[0].path, 'body.root.children.0.children.0.format')
})

test("REST: a block's own fields are validated as a blocks field's (required, types, nested rich text, existence)", async (t) => {
  const block = (fields: Record<string, unknown>) =>
    state({ type: 'block', version: 2, format: '', fields: { id: 'b1', blockName: '', ...fields } })
  let errors = await refused(block({ blockType: 'banner', style: 'info' }))
  t.deepEqual(
    errors.map((e) => e.path),
    ['body.root.children.0.fields.content'],
  )
  t.regex(errors[0].message, /required/)
  errors = await refused(
    block({ blockType: 'banner', style: 'loud', content: state(el('paragraph', [text('x')])) }),
  )
  t.is(errors[0].path, 'body.root.children.0.fields.style')
  errors = await refused(
    block({ blockType: 'banner', style: 'info', content: state(el('table', [])) }),
  )
  t.is(errors[0].path, 'body.root.children.0.fields.content.root.children.0.type')
  errors = await refused(block({ blockType: 'mediaBlock', media: 999 }))
  t.is(errors[0].path, 'body.root.children.0.fields.media')
  errors = await refused(block({ blockType: 'code', code: 'x', extra: 1 }))
  t.is(errors[0].path, 'body.root.children.0.fields.extra')
  // A relationship node to a document that does not exist is refused like a relationship field's value.
  errors = await refused(
    state({ type: 'relationship', version: 2, format: '', relationTo: 'posts', value: 999 }),
  )
  t.is(errors[0].path, 'body.root.children.0.value')
})

test('Local API: a populated document sent back in a node is stored as its id; unknown node keys are kept', async (t) => {
  const body = state(
    { ...el('paragraph', [text('see')]), textFormat: 0, $: { note: 'kept' } },
    {
      type: 'relationship',
      version: 2,
      format: '',
      relationTo: 'posts',
      value: { id: s.data.postId, title: 'Linked' },
    },
  )
  const created = await s.cms.create({ collection: 'posts', data: { body }, depth: 0 })
  const stored = created.body as typeof body
  t.deepEqual(stored.root.children[0], body.root.children[0])
  t.is((stored.root.children[1] as { value?: unknown }).value, s.data.postId)
})

test("Payload's website post (headings, a banner with nested rich text, a code block, a media block) round-trips unchanged", async (t) => {
  const content = fixture()
  const media = content.root.children.find(
    (n: { fields?: { blockType?: string } }) => n.fields?.blockType === 'mediaBlock',
  )
  media.fields.media = s.data.imageId
  const input = JSON.parse(JSON.stringify(content))
  const r = await s.request('POST', '/api/posts', {
    body: { body: content },
    query: { depth: '0' },
  })
  t.is(r.status, 201, JSON.stringify(r.body))
  t.deepEqual(r.body.doc.body, input)
  const read = await s.request('GET', `/api/posts/${r.body.doc.id}`, { query: { depth: '0' } })
  t.deepEqual(read.body.body, input)
  const local = await s.cms.findByID({ collection: 'posts', id: r.body.doc.id, depth: 0 })
  t.deepEqual(local.body, input)
})

test('GraphQL: a bad node is refused with its path', async (t) => {
  const r = await s.request('POST', '/api/graphql', {
    body: {
      query: 'mutation ($body: JSON) { createPost(data: { body: $body }) { id } }',
      variables: { body: state(el('paragraph', [text('a')]), el('table', [])) },
    },
  })
  const error = r.body.errors?.[0]
  t.truthy(error, JSON.stringify(r.body))
  t.is(r.body.data?.createPost ?? null, null)
  t.regex(JSON.stringify(error), /body\.root\.children\.1\.type/)
  t.regex(error.extensions.data.errors[0].message, /"table" is not allowed/)
})

const nestedLists = (levels: number) => {
  let node: unknown = text('bottom')
  for (let i = 0; i < levels; i++)
    node = el('list', [el('listitem', [node], { value: 1 })], {
      listType: 'bullet',
      tag: 'ul',
      start: 1,
    })
  return state(node)
}

test('Local API: 10,000 nested lists answer a 400 naming the depth limit and the path', async (t) => {
  // Past any field's need, the data's nesting is refused before anything copies or walks it recursively.
  const error = await rejectsWith(
    t,
    s.cms.create({ collection: 'posts', data: { body: nestedLists(10_000) } }),
    'ValidationError',
    400,
  )
  const [e] = (error.data as { errors: { path: string; message: string }[] }).errors
  t.true(e.path.startsWith('body.root.children.0.children.0.children.0'), e.path.slice(0, 80))
  t.regex(e.message, /nests deeper than 256 levels/)
  // Within that, the rich-text limit names the first node too deep.
  const lists = await rejectsWith(
    t,
    s.cms.create({ collection: 'posts', data: { body: nestedLists(40) } }),
    'ValidationError',
    400,
  )
  const [d] = (lists.data as { errors: { path: string; message: string }[] }).errors
  t.is(d.path, `body.root${'.children.0'.repeat(15)}.children`)
  t.regex(d.message, /at most 16 levels deep \(limits\.richText\.maxDepth\)/)
  // 16 levels are accepted: the root, 7 list and item pairs, and the text.
  await t.notThrowsAsync(s.cms.create({ collection: 'posts', data: { body: nestedLists(7) } }))
  t.is((await refused(nestedLists(8)))[0].path, `body.root${'.children.0'.repeat(15)}.children`)
  // Through REST (3,000 nested lists fit in the 1 MiB body) the body's own nesting limit refuses it first. The
  // JSON text is written out: JSON.stringify itself overflows the stack on such nesting.
  const list = nestedLists(1).root.children[0] as { children: Record<string, unknown>[] }
  const opening = (n: Record<string, unknown>) => {
    const { children: _, ...rest } = n
    return JSON.stringify({ ...rest, children: [] }).slice(0, -2)
  }
  const root = opening(state().root)
  const pair = opening(list) + opening(list.children[0])
  const raw = `{"body":{"root":${root}${pair.repeat(3_000)}${JSON.stringify(text('x'))}${']}]}'.repeat(3_000)}]}}}`
  t.notThrows(() => JSON.parse(raw))
  const r = await s.request('POST', '/api/posts', {
    raw,
    headers: { 'content-type': 'application/json' },
  })
  t.is(r.status, 400)
  t.regex(r.body.errors[0].message, /nests deeper than 64 levels/)
})

test('too many nodes and too many bytes are refused on the field, naming the limit', async (t) => {
  let errors = await refused(
    state(
      el(
        'paragraph',
        Array.from({ length: 500 }, () => text('w')),
      ),
    ),
  )
  t.is(errors[0].path, 'body')
  t.regex(errors[0].message, /at most 500 nodes \(limits\.richText\.maxNodes\)/)
  errors = await refused(state(el('paragraph', [text('x'.repeat(70_000))])))
  t.is(errors[0].path, 'body')
  t.regex(errors[0].message, /at most 65536 bytes of JSON \(limits\.richText\.maxBytes\)/)
  const error = await rejectsWith(
    t,
    s.cms.create({
      collection: 'posts',
      data: { body: state(el('paragraph', [text('x'.repeat(70_000))])) },
    }),
    'ValidationError',
    400,
  )
  t.regex(JSON.stringify(error.data), /limits\.richText\.maxBytes/)
})
