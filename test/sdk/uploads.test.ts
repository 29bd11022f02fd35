/**
 * Issue 34: files through the typed SDK, against the example app's `media` collection on a live server: a create
 * and an update send the file as multipart with `_payload` (from a File, bytes, or a path in Node), and the file
 * helpers give its URL and its bytes. Every answer is checked against the contract (Prism too, with CMS_PRISM=1).
 */
import test from 'ava'
import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import exampleConfig from '../../cms.config.ts'
import type { Config } from '../../server/config/types.ts'
import { CmsError, createClient } from '../../sdk/index.ts'
import { createClient as createNodeClient, fileFromPath } from '../../sdk/node.ts'
import { useServer } from '../helpers/http.ts'

const staticDir = await mkdtemp(path.join(tmpdir(), 'cms-sdk-media-'))
const config: Config = {
  ...exampleConfig,
  email: { sendEmail: () => {} },
  collections: exampleConfig.collections!.map((c) =>
    c.slug === 'media' && typeof c.upload === 'object'
      ? { ...c, upload: { ...c.upload, staticDir } }
      : c,
  ),
}
const s = useServer(test, config, async (cms) => {
  await cms.config.seed!(cms)
})
const png = (width: number, height: number, background = '#3a3') =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer()

async function as(user: 'admin' | 'alice') {
  const cms = createClient({ baseUrl: s.url, fetch: s.fetch })
  await cms.auth('users').login({ email: `${user}@example.com`, password: `${user}-password` })
  return cms
}

test('create with a File: the typed document, its sizes, its URL and its bytes', async (t) => {
  const cms = await as('alice')
  const media = cms.collection('media')
  const image = await png(800, 600)
  const { doc, message } = await media.create(
    { alt: 'Green' },
    { file: new File([new Uint8Array(image)], 'green.png', { type: 'image/png' }), depth: 0 },
  )
  t.is(message, 'Media successfully created.')
  t.like(doc, { alt: 'Green', filename: 'green.png', mimeType: 'image/png', width: 800 })
  t.like(doc.sizes?.thumbnail, { width: 300, height: 300, filename: 'green-300x300.png' })
  t.is(doc.sizes?.hero?.filename, null) // 800 px wide: a 1600 px size is not enlarged

  const url = media.fileURL(doc)!
  t.true(url.startsWith(`${s.url}/api/media/file/green.png`), url)
  t.is(media.fileURL(doc, 'thumbnail'), new URL(doc.sizes!.thumbnail!.url!, s.url).href)
  t.is(media.fileURL(doc, 'hero'), null)

  const original = await media.getFile(doc)
  t.is(original.type, 'image/png')
  t.is(original.size, doc.filesize!)
  const meta = await sharp(Buffer.from(await original.arrayBuffer())).metadata()
  t.like(meta, { width: 800, height: 600, format: 'png' })
  const thumbnail = await media.getFile(doc, { size: 'thumbnail' })
  t.like(await sharp(Buffer.from(await thumbnail.arrayBuffer())).metadata(), {
    width: 300,
    height: 300,
  })
  const head = await media.getFile('green.png', { range: 'bytes=0-7' })
  t.deepEqual(
    new Uint8Array(await head.arrayBuffer()),
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  )
  // Anyone may read media: the bytes come without a token too.
  const anonymous = createClient({ baseUrl: s.url, fetch: s.fetch }).collection('media')
  t.is((await anonymous.getFile(doc)).size, doc.filesize!)
  await t.throwsAsync(media.getFile(doc, { size: 'hero' }), {
    message: 'The document has no "hero" size.',
  })
})

test('create from bytes, with and without a name; update replaces the file', async (t) => {
  const cms = await as('admin')
  const media = cms.collection('media')
  const named = await media.create(
    { alt: 'Named' },
    { file: { data: await png(40, 30), name: 'named.png' } },
  )
  t.like(named.doc, { filename: 'named.png', width: 40, height: 30 })
  const bare = await media.create({ alt: 'Bare' }, { file: await png(20, 20) })
  t.like(bare.doc, { filename: 'file.png', mimeType: 'image/png', width: 20 })

  const { doc } = await media.update(
    named.doc.id,
    { alt: 'Blue' },
    { file: new Blob([new Uint8Array(await png(64, 48, '#33a'))]), depth: 0 },
  )
  t.like(doc, { id: named.doc.id, alt: 'Blue', filename: 'file-1.png', width: 64, height: 48 })
  t.is((await media.findByID(named.doc.id)).filename, 'file-1.png')
  const gone = await t.throwsAsync(media.getFile('named.png'))
  t.is((gone as CmsError).status, 404)
  // Without a file, an update is the JSON write it always was.
  t.is((await media.update(named.doc.id, { alt: 'Only text' })).doc.filename, 'file-1.png')
})

test('in Node, a path: read from disk, named after the file', async (t) => {
  const dir = await mkdtemp(path.join(tmpdir(), 'cms-sdk-path-'))
  const file = path.join(dir, 'from-disk.png')
  await writeFile(file, await png(10, 12))
  const cms = createNodeClient({ baseUrl: s.url, fetch: s.fetch })
  await cms.auth('users').login({ email: 'alice@example.com', password: 'alice-password' })
  const { doc } = await cms.collection('media').create({ alt: 'Disk' }, { file })
  t.like(doc, { filename: 'from-disk.png', width: 10, height: 12 })
  const asFile = await fileFromPath(file)
  t.is(asFile.name, 'from-disk.png')
  t.is(asFile.size, (await png(10, 12)).length)

  // The browser client has no file system: a path is a clear error, before any request.
  const browser = await as('alice')
  await t.throwsAsync(browser.collection('media').create({ alt: 'x' }, { file }), {
    message: /A file path is read in Node only/,
  })
})

test('refusals: a file of a type media does not take, no file, no create access, a non-upload collection', async (t) => {
  const cms = await as('alice')
  const media = cms.collection('media')
  const text = await t.throwsAsync(
    media.create(
      { alt: 'Text' },
      { file: { data: new TextEncoder().encode('plain text'), name: 'a.txt' } },
    ),
  )
  t.is((text as CmsError).status, 400)
  t.like((text as CmsError).body, {
    errors: [
      { data: { errors: [{ path: 'mimeType', message: "Invalid file type: 'text/plain'." }] } },
    ],
  })
  const missing = await t.throwsAsync(media.create({ alt: 'No file' }))
  t.is((missing as CmsError).status, 400)
  const anonymous = createClient({ baseUrl: s.url, fetch: s.fetch })
  const denied = await t.throwsAsync(
    anonymous.collection('media').create({ alt: 'Anon' }, { file: await png(4, 4) }),
  )
  t.is((denied as CmsError).status, 401)
  // Types refuse a file on posts (test/types/sdk.ts); a caller past them gets an error, and nothing is sent.
  const posts = cms.collection('posts')
  await t.throwsAsync(posts.create({ title: 'x', slug: 'x' }, { file: await png(4, 4) } as never), {
    message: 'Collection "posts" is not an upload collection.',
  })
  t.throws(() => posts.fileURL({ filename: 'x' } as never), {
    message: 'Collection "posts" is not an upload collection.',
  })
})

test('an SVG (text: Prism validates and forwards the multipart body as it is)', async (t) => {
  const cms = await as('alice')
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="16"><rect width="24" height="16" fill="#3a3"/></svg>'
  const { doc } = await cms
    .collection('media')
    .create({ alt: 'Vector' }, { file: new File([svg], 'logo.svg', { type: 'image/svg+xml' }) })
  t.like(doc, { filename: 'logo.svg', mimeType: 'image/svg+xml', filesize: svg.length })
  const bytes = await cms.collection('media').getFile(doc)
  t.is(await bytes.text(), svg)
})
