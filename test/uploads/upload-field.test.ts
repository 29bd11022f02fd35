/**
 * Issue 34: upload fields (`type: 'upload'`), stored, queried, populated and typed like relationships: one
 * target or several, hasMany, filterOptions, maxDepth, through the Local API, REST and GraphQL.
 */
import test from 'ava'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { defineConfig } from '../../server/config/define-config.ts'
import { sanitizeConfig } from '../../server/config/sanitize.ts'
import type { Config } from '../../server/config/types.ts'
import { compileOpenAPI } from '../../server/contracts/openapi.ts'
import { compileSDL } from '../../server/contracts/graphql/compile.ts'
import { useServer } from '../helpers/http.ts'

type Doc = Record<string, any>

const staticDir = await mkdtemp(path.join(tmpdir(), 'cms-upload-field-'))
const open = { read: () => true, create: () => true, update: () => true, delete: () => true }
const config = defineConfig({
  secret: 'Tq8-upload-field-test-secret-of-32+-bytes',
  collections: [
    {
      slug: 'media',
      access: open,
      upload: {
        staticDir: path.join(staticDir, 'media'),
        imageSizes: [{ name: 'thumb', width: 8, height: 8 }],
      },
      fields: [{ name: 'alt', type: 'text' }],
    },
    {
      slug: 'documents',
      access: open,
      upload: { staticDir: path.join(staticDir, 'documents') },
      fields: [],
    },
    {
      slug: 'posts',
      access: open,
      fields: [
        { name: 'title', type: 'text' },
        { name: 'hero', type: 'upload', relationTo: 'media', displayPreview: true },
        { name: 'gallery', type: 'upload', relationTo: 'media', hasMany: true, maxRows: 3 },
        { name: 'attachment', type: 'upload', relationTo: ['media', 'documents'] },
        {
          name: 'captioned',
          type: 'upload',
          relationTo: 'media',
          filterOptions: { alt: { exists: true } },
        },
        { name: 'shallow', type: 'upload', relationTo: 'media', maxDepth: 0 },
      ],
    },
  ],
})

const png = (size: number) =>
  sharp({ create: { width: size, height: size, channels: 3, background: '#36c' } })
    .png()
    .toBuffer()

const s = useServer(test, config, async (cms) => {
  const image = await cms.create({
    collection: 'media',
    data: { alt: 'Blue' },
    file: { data: await png(16), name: 'blue.png' },
  })
  const bare = await cms.create({
    collection: 'media',
    data: {},
    file: { data: await png(12), name: 'bare.png' },
  })
  const pdf = await cms.create({
    collection: 'documents',
    data: {},
    file: {
      data: Buffer.from('%PDF-1.4\n%\u00e2\u00e3\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n'),
      name: 'terms.pdf',
    },
  })
  return { image, bare, pdf }
})

test('Local: an upload field stores the id and populates the file document at depth 1', async (t) => {
  const { image, bare, pdf } = s.data
  const post = await s.cms.create({
    collection: 'posts',
    data: {
      title: 'one',
      hero: image.id,
      gallery: [image.id, bare.id],
      attachment: { relationTo: 'documents', value: pdf.id },
    },
    depth: 0,
  })
  t.is(post.hero, image.id)
  t.deepEqual(post.gallery, [image.id, bare.id])
  t.deepEqual(post.attachment, { relationTo: 'documents', value: pdf.id })
  const read: Doc = await s.cms.findByID({ collection: 'posts', id: post.id, depth: 1 })
  t.like(read.hero, { id: image.id, alt: 'Blue', filename: 'blue.png', mimeType: 'image/png' })
  // With Payload's cache tag: the document's updatedAt as the query.
  t.is(read.hero.url, `/api/media/file/blue.png?${encodeURIComponent(String(image.updatedAt))}`)
  t.is(
    read.hero.sizes.thumb.url,
    `/api/media/file/blue-8x8.png?${encodeURIComponent(String(image.updatedAt))}`,
  )
  t.deepEqual(
    read.gallery.map((m: Doc) => m.filename),
    ['blue.png', 'bare.png'],
  )
  t.like(read.attachment, {
    relationTo: 'documents',
    value: { id: pdf.id, mimeType: 'application/pdf' },
  })
})

test('REST: populated at depth 1, ids at depth 0, and queried through the upload field', async (t) => {
  const { image } = s.data
  const post = await s.cms.create({ collection: 'posts', data: { title: 'rest', hero: image.id } })
  const deep = await s.request<Doc>('GET', `/api/posts/${post.id}`, { query: { depth: '1' } })
  t.is(deep.status, 200)
  t.like(deep.body.hero, { id: image.id, filename: 'blue.png', width: 16, height: 16 })
  const flat = await s.request<Doc>('GET', `/api/posts/${post.id}`, { query: { depth: '0' } })
  t.is(flat.body.hero, image.id)
  const found = await s.request<Doc>('GET', '/api/posts', {
    query: { 'where[hero.filename][equals]': 'blue.png', depth: '0' },
  })
  t.true(found.body.docs.some((d: Doc) => d.id === post.id))
})

test('REST: create through the upload field with an id, a wrong id is a 400 naming the field', async (t) => {
  const ok = await s.request<Doc>('POST', '/api/posts', {
    body: { title: 'made', hero: s.data.image.id },
  })
  t.is(ok.status, 201)
  t.is(ok.body.doc.hero.id, s.data.image.id)
  const missing = await s.request<Doc>('POST', '/api/posts', { body: { title: 'x', hero: 999999 } })
  t.is(missing.status, 400)
  t.is(missing.body.errors[0].data.errors[0].path, 'hero')
  const tooMany = await s.request<Doc>('POST', '/api/posts', {
    body: { gallery: [s.data.image.id, s.data.image.id, s.data.image.id, s.data.image.id] },
    invalid: 'more rows than maxRows',
  })
  t.is(tooMany.status, 400)
  t.is(tooMany.body.errors[0].data.errors[0].path, 'gallery')
})

test('filterOptions binds an upload field: a file it excludes is refused', async (t) => {
  const error = await t.throwsAsync(
    s.cms.create({ collection: 'posts', data: { captioned: s.data.bare.id } }),
  )
  t.regex(error?.message ?? '', /captioned/)
  const ok = await s.cms.create({ collection: 'posts', data: { captioned: s.data.image.id } })
  t.is(ok.captioned && (ok.captioned as Doc).id, s.data.image.id)
})

test('maxDepth bounds the population of an upload field', async (t) => {
  const post = await s.cms.create({
    collection: 'posts',
    data: { hero: s.data.image.id, shallow: s.data.image.id },
    depth: 2,
  })
  t.is((post.hero as Doc).id, s.data.image.id)
  t.is(post.shallow, s.data.image.id)
})

test('GraphQL: the upload field resolves to the file document with its url and sizes', async (t) => {
  const post = await s.cms.create({
    collection: 'posts',
    data: {
      title: 'gql',
      hero: s.data.image.id,
      attachment: { relationTo: 'media', value: s.data.image.id },
    },
  })
  const r = await s.request<Doc>('POST', '/api/graphql', {
    body: {
      query: `{ Post(id: ${post.id}) { hero { id filename url sizes { thumb { url width } } } attachment { relationTo value { ... on Media { alt } } } } }`,
    },
  })
  t.is(r.body.errors, undefined)
  const tag = encodeURIComponent(String(s.data.image.updatedAt))
  t.deepEqual(r.body.data.Post.hero, {
    id: s.data.image.id,
    filename: 'blue.png',
    url: `/api/media/file/blue.png?${tag}`,
    sizes: { thumb: { url: `/api/media/file/blue-8x8.png?${tag}`, width: 8 } },
  })
  t.deepEqual(r.body.data.Post.attachment, { relationTo: 'media', value: { alt: 'Blue' } })
})

test('contracts: the OpenAPI and SDL type an upload field as its file document', (t) => {
  const sanitized = sanitizeConfig(config)
  const api = compileOpenAPI(sanitized) as Doc
  const post = api.components.schemas.Post.properties
  t.true(JSON.stringify(post.hero).includes('#/components/schemas/Media'))
  t.true(JSON.stringify(post.attachment).includes('#/components/schemas/Document'))
  const sdl = compileSDL(sanitized)
  t.regex(sdl, /hero\(draft: Boolean\): Media/)
  t.regex(sdl, /gallery\(draft: Boolean\): \[Media!?\]/)
})

test('an upload field relating to a collection without upload is a start-up error naming it', (t) => {
  const bad = {
    collections: [
      { slug: 'things', fields: [] },
      {
        slug: 'posts',
        fields: [
          {
            name: 'group',
            type: 'group',
            fields: [{ name: 'img', type: 'upload', relationTo: 'things' }],
          },
        ],
      },
    ],
  } as Config
  const error = t.throws(() => sanitizeConfig(bad))
  t.is(error?.name, 'ConfigError')
  t.regex(
    error?.message ?? '',
    /Collection "posts", field "group\.img": relationTo "things" is not an upload collection/,
  )
})

test('GraphQL takes no files: createMedia is refused as a create without one, updateMedia edits fields', async (t) => {
  const created = await s.request<Doc>('POST', '/api/graphql', {
    body: { query: 'mutation { createMedia(data: { alt: "none" }) { id } }' },
  })
  t.is(created.body.errors?.[0]?.message, 'No files were uploaded.')
  t.is(created.body.errors?.[0]?.extensions?.status, 400)
  const updated = await s.request<Doc>('POST', '/api/graphql', {
    body: {
      query: `mutation { updateMedia(id: ${s.data.bare.id}, data: { alt: "now captioned" }) { alt filename } }`,
    },
  })
  t.is(updated.body.errors, undefined)
  t.deepEqual(updated.body.data.updateMedia, { alt: 'now captioned', filename: 'bare.png' })
  await s.cms.update({ collection: 'media', id: s.data.bare.id, data: { alt: null } })
})
