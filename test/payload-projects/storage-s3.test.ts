/**
 * Issue 55: Payload's real `@payloadcms/storage-s3` (through `@payloadcms/plugin-cloud-storage`, both from npm)
 * keeps an upload collection's files in an S3 bucket (s3rver on loopback), configured as Payload's documentation
 * writes it (test/fixtures/payload-projects/storage-s3). The plugin's hooks store the file and its image sizes from
 * `req.file` and `req.payloadUploadSizes`, its `url` and `sizes` fields merge with the upload fields as Payload's
 * mergeBaseFields merges them, its `upload.handlers` serve the file route (ranges included) after the document's
 * read access, and its afterDelete hook removes the objects. Nothing is written to the local disk.
 */
import test from 'ava'
import { readdir } from 'node:fs/promises'
import sharp from 'sharp'
import { startS3 } from '../helpers/s3.ts'
import { startProject } from './project.ts'

test('storage-s3: an image and its size go to the bucket, are served from it by the file route, and leave it with the document', async (t) => {
  const s3 = await startS3('media')
  const { bucket, config } = s3.options()
  const project = await startProject('storage-s3', {
    S3_BUCKET: bucket,
    S3_ENDPOINT: String(config.endpoint),
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
  })
  const objects = async () => {
    const list = await fetch(`${String(config.endpoint)}/${bucket}?list-type=2`)
    return [...(await list.text()).matchAll(/<Key>([^<]+)<\/Key>/g)].map((m) => m[1]).sort()
  }
  try {
    const { token } = await project.firstUser()
    const png = await sharp({
      create: { width: 80, height: 60, channels: 3, background: '#c00' },
    })
      .png()
      .toBuffer()
    const made = await project.upload(
      '/media',
      new Blob([png], { type: 'image/png' }),
      'red.png',
      { alt: 'Red' },
      token,
    )
    t.is(made.status, 201, JSON.stringify(made.body))
    const doc = made.body.doc
    t.like(doc, { filename: 'red.png', mimeType: 'image/png', width: 80, height: 60 })
    t.like(doc.sizes.thumbnail, { filename: 'red-40x30.png', width: 40, height: 30 })
    t.regex(doc.url, /^\/api\/media\/file\/red\.png\?/)
    t.deepEqual(await objects(), ['red-40x30.png', 'red.png'])
    // No local copy: the plugin sets disableLocalStorage.
    t.deepEqual(await readdir(project.cwd), [])

    const origin = new URL(project.api).origin
    const file = await fetch(`${origin}${doc.url}`)
    t.is(file.status, 200)
    t.is(file.headers.get('content-type'), 'image/png')
    t.deepEqual(Buffer.from(await file.arrayBuffer()), png)
    const part = await fetch(`${origin}/api/media/file/red.png`, {
      headers: { range: 'bytes=0-9' },
    })
    t.is(part.status, 206)
    t.is(part.headers.get('content-range'), `bytes 0-9/${png.length}`)
    t.deepEqual(Buffer.from(await part.arrayBuffer()), png.subarray(0, 10))
    // An unsatisfiable range gets the whole file, as this server's own file route answers it.
    const past = await fetch(`${origin}/api/media/file/red.png`, {
      headers: { range: `bytes=${png.length + 10}-` },
    })
    t.is(past.status, 200)
    t.is((await past.arrayBuffer()).byteLength, png.length)
    const thumb = await fetch(`${origin}${doc.sizes.thumbnail.url}`)
    t.is(thumb.status, 200)
    t.is((await sharp(Buffer.from(await thumb.arrayBuffer())).metadata()).width, 40)
    // A filename no document holds is a 404 before any handler is asked.
    t.is((await fetch(`${origin}/api/media/file/other.png`)).status, 404)

    const removed = await project.call('DELETE', `/media/${doc.id}`, undefined, token)
    t.is(removed.status, 200)
    t.deepEqual(await objects(), [])
    t.is((await fetch(`${origin}/api/media/file/red.png`)).status, 404)
  } finally {
    await project.stop()
    await s3.close()
  }
})
