/**
 * Issue 34, item 5: an upload collection on S3-compatible storage (s3rver on loopback, real signed HTTP): several
 * servers share its files. Upload over REST, read through the file route (200, 206, 304), replace, delete. The
 * collection is put on the bucket as a Payload project does it, with `s3Storage({ collections, bucket, config })`
 * in `plugins` (issue 55: Payload's shape); an adapter on the same bucket and prefix checks what the bucket holds.
 */
import test from 'ava'
import sharp from 'sharp'
import { defineConfig } from '../../server/config/define-config.ts'
import { s3Adapter } from '../../server/storage/s3.ts'
import { s3Storage } from '../../server/storage/s3-storage.ts'
import { useServer } from '../helpers/http.ts'
import { startS3, type S3Server } from '../helpers/s3.ts'

const s3: S3Server = await startS3()
test.after.always(() => s3.close())
const { bucket, config } = s3.options()
/** What the bucket holds under the collection's prefix. */
const storage = s3Adapter(s3.options({ prefix: 'media' }))
const s = useServer(
  test,
  defineConfig({
    secret: 'Tq8-uploads-test-secret-of-32+-bytes',
    collections: [
      {
        slug: 'media',
        access: { read: () => true, create: () => true, update: () => true, delete: () => true },
        upload: { imageSizes: [{ name: 'small', width: 10, height: 10 }] },
        fields: [{ name: 'alt', type: 'text' }],
      },
    ],
    plugins: [s3Storage({ collections: { media: { prefix: 'media' } }, bucket, config })],
  }),
)
const png = (size: number, background: string) =>
  sharp({ create: { width: size, height: size, channels: 3, background } })
    .png()
    .toBuffer()
const upload = (file: Buffer, name: string, alt: string) => {
  const form = new FormData()
  form.append('_payload', JSON.stringify({ alt }))
  form.append('file', new Blob([new Uint8Array(file)], { type: 'image/png' }), name)
  return form
}

test('upload, read (200, 206, 304), replace and delete, with the files in the bucket', async (t) => {
  const data = await png(32, '#123456')
  const created = await s.fetch(`${s.url}/api/media`, {
    method: 'POST',
    body: upload(data, 'blue.png', 'blue'),
  })
  t.is(created.status, 201)
  const { doc } = (await created.json()) as { doc: Record<string, any> }
  t.like(doc, { filename: 'blue.png', width: 32, sizes: { small: { filename: 'blue-10x10.png' } } })
  t.true(await storage.exists('blue.png'))
  t.true(await storage.exists('blue-10x10.png'))

  const whole = await s.fetch(`${s.url}/api/media/file/blue.png`)
  t.is(whole.status, 200)
  const body = Buffer.from(await whole.arrayBuffer())
  t.is(body.length, doc.filesize)
  const etag = whole.headers.get('etag') ?? ''
  t.is(
    (await s.fetch(`${s.url}/api/media/file/blue.png`, { headers: { 'If-None-Match': etag } }))
      .status,
    304,
  )
  const part = await s.fetch(`${s.url}/api/media/file/blue.png`, {
    headers: { Range: 'bytes=0-7' },
  })
  t.is(part.status, 206)
  t.true(Buffer.from(await part.arrayBuffer()).equals(body.subarray(0, 8)))
  t.is((await s.fetch(`${s.url}/api/media/file/blue-10x10.png`)).status, 200)

  const replaced = await s.fetch(`${s.url}/api/media/${doc.id}`, {
    method: 'PATCH',
    body: upload(await png(24, '#654321'), 'brown.png', 'brown'),
  })
  t.is(replaced.status, 200)
  t.false(await storage.exists('blue.png'))
  t.false(await storage.exists('blue-10x10.png'))
  t.true(await storage.exists('brown.png'))

  t.is((await s.fetch(`${s.url}/api/media/${doc.id}`, { method: 'DELETE' })).status, 200)
  t.false(await storage.exists('brown.png'))
  t.false(await storage.exists('brown-10x10.png'))
})
