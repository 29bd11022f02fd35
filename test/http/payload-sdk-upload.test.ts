/**
 * Issue 34: Payload's own REST client, unchanged (`@payloadcms/sdk` 3.90.1), writing files: its `file` option sends
 * multipart/form-data with the file part first and the document as `_payload` JSON text after it (a string `file`
 * is a URL it downloads first). The server takes that as it is; every answer goes through the contract check.
 */
import test from 'ava'
import { PayloadSDKError } from '@payloadcms/sdk'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { defineConfig } from '../../server/config/define-config.ts'
import { loggedInSdk } from '../helpers/payload-sdk.ts'
import { useServer } from '../helpers/http.ts'

const staticDir = await mkdtemp(path.join(tmpdir(), 'cms-payload-sdk-media-'))
const config = defineConfig({
  collections: [
    { slug: 'users', auth: true, fields: [] },
    {
      slug: 'media',
      access: { read: () => true },
      upload: {
        staticDir,
        mimeTypes: ['image/*'],
        imageSizes: [{ name: 'thumbnail', width: 32, height: 32 }],
      },
      fields: [{ name: 'alt', type: 'text', required: true }],
    },
  ],
})
const s = useServer(test, config, async (cms) => {
  await cms.create({
    collection: 'users',
    data: { email: 'editor@example.com', password: 'editor-password' },
  })
})

const sdk = () => loggedInSdk(s, 'editor@example.com', 'editor-password')
const png = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer()
const bytesOf = async (res: Response) => Buffer.from(await res.arrayBuffer())

test('create with `file`, read it back, fetch the file, update with a new file', async (t) => {
  const api = await sdk()
  const image = await png(64, 48, '#3a3')
  const created = await api.create({
    collection: 'media',
    data: { alt: 'Green' },
    file: new File([new Uint8Array(image)], 'green.png', { type: 'image/png' }),
  })
  t.like(created, { alt: 'Green', filename: 'green.png', mimeType: 'image/png', width: 64 })
  t.like(created.sizes.thumbnail, { filename: 'green-32x32.png', width: 32, height: 32 })

  const read = await api.findByID({ collection: 'media', id: created.id })
  t.like(read, { id: created.id, alt: 'Green', filename: 'green.png', filesize: created.filesize })
  t.regex(read.url, /^\/api\/media\/file\/green\.png\?/)

  const file = await api.request({ method: 'GET', path: '/media/file/green.png' })
  t.is(file.headers.get('content-type'), 'image/png')
  const stored = await bytesOf(file)
  t.is(stored.length, created.filesize)
  t.like(await sharp(stored).metadata(), { width: 64, height: 48, format: 'png' })

  const updated = await api.update({
    collection: 'media',
    id: created.id,
    data: { alt: 'Blue' },
    file: new File([new Uint8Array(await png(40, 40, '#33a'))], 'blue.png', {
      type: 'image/png',
    }),
  })
  t.like(updated, { id: created.id, alt: 'Blue', filename: 'blue.png', width: 40, height: 40 })
  const blue = await bytesOf(await api.request({ method: 'GET', path: '/media/file/blue.png' }))
  t.deepEqual([...(await sharp(blue).raw().toBuffer()).subarray(0, 3)], [0x33, 0x33, 0xaa])
  // The replaced file is gone with its sizes.
  for (const old of ['green.png', 'green-32x32.png']) {
    const gone = await t.throwsAsync(api.request({ method: 'GET', path: `/media/file/${old}` }))
    t.is((gone as PayloadSDKError).status, 404)
  }
})

test('a text file (SVG) as a Blob, and a `file` given as a URL the SDK downloads first', async (t) => {
  const api = await sdk()
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><circle r="4"/></svg>'
  // A Blob has no name: FormData sends it as "blob".
  const vector = await api.create({
    collection: 'media',
    data: { alt: 'Vector' },
    file: new Blob([svg], { type: 'image/svg+xml' }),
  })
  t.like(vector, { alt: 'Vector', filename: 'blob', mimeType: 'image/svg+xml' })
  const served = await api.request({ method: 'GET', path: `/media/file/${vector.filename}` })
  t.is(await served.text(), svg)

  // The SDK fetches a string `file` with the global fetch and names it after the URL's last segment.
  const copy = await api.create({
    collection: 'media',
    data: { alt: 'Copy' },
    file: `${s.server.url}/api/media/file/${vector.filename}`,
  })
  t.like(copy, { alt: 'Copy', filename: 'blob-1', filesize: vector.filesize })
})

test('refusals reach the SDK as PayloadSDKError: a type the collection does not take, no file', async (t) => {
  const api = await sdk()
  const text = (await t.throwsAsync(
    api.create({
      collection: 'media',
      data: { alt: 'Text' },
      file: new File(['plain text'], 'notes.txt', { type: 'text/plain' }),
    }),
  )) as PayloadSDKError
  t.is(text.status, 400)
  t.is(text.message, 'The following field is invalid: mimeType')
  const missing = (await t.throwsAsync(
    api.create({ collection: 'media', data: { alt: 'No file' } }),
  )) as PayloadSDKError
  t.is(missing.status, 400)
})
