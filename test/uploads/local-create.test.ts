/**
 * Issue 34: upload collections through the Local API on the local disk: a file becomes a document with Payload's
 * fields, stored under a safe, free name; what is refused leaves nothing behind.
 */
import test from 'ava'
import { mkdtemp, readdir, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { defineConfig } from '../../server/config/define-config.ts'
import { useCms } from '../helpers/db.ts'

const staticDir = await mkdtemp(path.join(tmpdir(), 'cms-media-'))
const docsDir = await mkdtemp(path.join(tmpdir(), 'cms-docs-'))
const s = useCms(
  test,
  defineConfig({
    secret: 'Tq8-uploads-test-secret-of-32+-bytes',
    serverURL: 'https://cms.example.com',
    collections: [
      {
        slug: 'media',
        access: { read: () => true },
        upload: { staticDir, mimeTypes: ['image/*'], limits: { fileSize: 200_000 } },
        fields: [{ name: 'alt', type: 'text', required: true }],
      },
      {
        slug: 'documents',
        upload: { staticDir: docsDir, filesRequiredOnCreate: false },
        fields: [],
      },
    ],
  }),
)

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .png()
    .toBuffer()

test('an image becomes a media document with Payload’s fields, stored on disk', async (t) => {
  const data = await png(40, 30)
  const doc = await s.cms.create({
    collection: 'media',
    data: { alt: 'A red box' },
    file: { data, name: 'red box.png', mimetype: 'image/png', size: data.length },
  })
  t.like(doc, {
    alt: 'A red box',
    filename: 'red box.png',
    mimeType: 'image/png',
    filesize: data.length,
    width: 40,
    height: 30,
    focalX: null,
    focalY: null,
    thumbnailURL: null,
  })
  t.regex(String(doc.url), /^https:\/\/cms\.example\.com\/api\/media\/file\/red%20box\.png\?/)
  t.true((await readFile(path.join(staticDir, 'red box.png'))).equals(data))
})

test('a second file of the same name is numbered as Payload numbers it', async (t) => {
  const data = await png(8, 8)
  const file = { data, name: 'dup.png' }
  const a = await s.cms.create({ collection: 'media', data: { alt: 'a' }, file })
  const b = await s.cms.create({ collection: 'media', data: { alt: 'b' }, file })
  const c = await s.cms.create({ collection: 'media', data: { alt: 'c' }, file })
  t.deepEqual([a.filename, b.filename, c.filename], ['dup.png', 'dup-1.png', 'dup-2.png'])
})

test('the type comes from the content: a disguised file is refused and nothing is stored', async (t) => {
  const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(200)])
  const error = await t.throwsAsync(
    s.cms.create({ collection: 'media', data: { alt: 'x' }, file: { data: elf, name: 'cat.jpg' } }),
  )
  t.is(error?.message, 'The following field is invalid: mimeType')
  t.deepEqual((error as { data?: unknown }).data, {
    collection: 'media',
    errors: [{ path: 'mimeType', message: "Invalid file type: 'application/x-elf'." }],
  })
  t.false((await readdir(staticDir)).some((f) => f.startsWith('cat')))
  t.is((await s.cms.count({ collection: 'media', where: { alt: { equals: 'x' } } })).totalDocs, 0)
})

test('a file over the limit is a 413, a create without one a 400, a path-like name is made safe', async (t) => {
  const big = await sharp({
    create: { width: 400, height: 400, channels: 3, background: '#888' },
  })
    .png({ compressionLevel: 0 })
    .toBuffer()
  t.true(big.length > 200_000)
  const tooLarge = await t.throwsAsync(
    s.cms.create({
      collection: 'media',
      data: { alt: 'big' },
      file: { data: big, name: 'big.png' },
    }),
  )
  t.is((tooLarge as { status?: number }).status, 413)
  const missing = await t.throwsAsync(s.cms.create({ collection: 'media', data: { alt: 'none' } }))
  t.is(missing?.message, 'No files were uploaded.')
  const safe = await s.cms.create({
    collection: 'media',
    data: { alt: 'traversal' },
    file: { data: await png(4, 4), name: '../../../etc/evil.png' },
  })
  t.is(safe.filename, 'evil.png')
  t.true((await readdir(staticDir)).includes('evil.png'))
})

test('a required field missing leaves no file; filesRequiredOnCreate: false creates without one', async (t) => {
  await t.throwsAsync(
    s.cms.create({
      collection: 'media',
      data: {},
      file: { data: await png(5, 5), name: 'orphan.png' },
    }),
    { message: 'The following field is invalid: alt' },
  )
  t.false(
    (await readdir(staticDir)).some((f) => f.startsWith('orphan')),
    'the stored file was removed',
  )
  const doc = await s.cms.create({ collection: 'documents', data: {} })
  t.like(doc, { filename: null, url: null, mimeType: null })
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n')
  const withFile = await s.cms.create({
    collection: 'documents',
    data: {},
    file: { data: pdf, name: 'report.pdf' },
  })
  t.like(withFile, { filename: 'report.pdf', mimeType: 'application/pdf', width: null })
})
