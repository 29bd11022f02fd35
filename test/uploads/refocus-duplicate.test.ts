/**
 * Issue 34: an update that moves the focal point makes every size anew from the stored original (the old size
 * files removed once it commits, kept while versions may point at them), and a duplicate copies the file and its
 * sizes, so deleting either document leaves the other's file readable (Local API, REST and GraphQL).
 */
import test from 'ava'
import { existsSync } from 'node:fs'
import { mkdtemp, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { defineConfig } from '../../server/config/define-config.ts'
import { useServer } from '../helpers/http.ts'

const staticDir = await mkdtemp(path.join(tmpdir(), 'cms-refocus-'))
const versionedDir = await mkdtemp(path.join(tmpdir(), 'cms-refocus-v-'))
const upload = (dir: string) => ({
  staticDir: dir,
  imageSizes: [{ name: 'thumbnail', width: 40, height: 40 }],
})
const s = useServer(
  test,
  defineConfig({
    secret: 'Tq8-uploads-test-secret-of-32+-bytes',
    collections: [
      {
        slug: 'media',
        access: { read: () => true, create: () => true, update: () => true },
        upload: upload(staticDir),
        fields: [{ name: 'alt', type: 'text' }],
      },
      { slug: 'versioned', versions: true, upload: upload(versionedDir), fields: [] },
      {
        slug: 'files',
        access: { read: () => true, create: () => true },
        upload: { staticDir: await mkdtemp(path.join(tmpdir(), 'cms-refocus-d-')) },
        fields: [],
      },
    ],
  }),
)

/** A 200 × 100 JPEG, left half black and right half white. */
const photo = () =>
  sharp({ create: { width: 200, height: 100, channels: 3, background: '#000' } })
    .composite([
      {
        input: { create: { width: 100, height: 100, channels: 3, background: '#fff' } },
        left: 100,
        top: 0,
      },
    ])
    .jpeg()
    .toBuffer()
type Media = Record<string, unknown> & {
  id: number
  filename: string
  sizes: { thumbnail: { filename: string; width: number } }
}
const thumb = (d: Media) => d.sizes.thumbnail.filename
const mean = async (dir: string, file: string) =>
  (await sharp(path.join(dir, file)).stats()).channels[0].mean

test('moving the focal point makes the sizes anew around it and removes the old ones', async (t) => {
  const doc = (await s.cms.create({
    collection: 'media',
    data: { focalX: 0, focalY: 50 },
    file: { data: await photo(), name: 'focus.jpg' },
  })) as Media
  t.true((await mean(staticDir, thumb(doc))) < 30, 'cropped from the black half')
  const original = await readFile(path.join(staticDir, doc.filename))

  const moved = (await s.cms.update({
    collection: 'media',
    id: doc.id,
    data: { focalX: 100 },
  })) as Media
  t.like(moved, { focalX: 100, focalY: 50, width: 200, height: 100 })
  t.like(moved.sizes.thumbnail, { width: 40, height: 40, mimeType: 'image/jpeg' })
  t.not(thumb(moved), thumb(doc), 'the new size is a new file')
  t.true((await mean(staticDir, thumb(moved))) > 225, 'cropped from the white half')
  t.true(
    (await readFile(path.join(staticDir, moved.filename))).equals(original),
    'the original is copied byte for byte, never re-encoded',
  )
  for (const old of [doc.filename, thumb(doc)])
    t.false(existsSync(path.join(staticDir, old)), `${old} removed once the update committed`)

  // The same point again, or other data only: nothing is derived, the files stay.
  const same = (await s.cms.update({
    collection: 'media',
    id: doc.id,
    data: { focalX: 100, focalY: 50, alt: 'x' },
  })) as Media
  t.is(same.filename, moved.filename)
  t.is(thumb(same), thumb(moved))
})

test('through REST too; the file route serves the new size', async (t) => {
  const doc = (await s.cms.create({
    collection: 'media',
    data: { focalX: 100, focalY: 50 },
    file: { data: await photo(), name: 'rest-focus.jpg' },
  })) as Media
  const res = await s.request('PATCH', `/api/media/${doc.id}`, { body: { focalX: 0 } })
  t.is(res.status, 200)
  const moved = (res.body as { doc: Media }).doc
  t.is(moved.focalX, 0)
  const file = await s.fetch(`${s.url}/api/media/file/${thumb(moved)}`)
  t.is(file.status, 200)
  const stats = await sharp(Buffer.from(await file.arrayBuffer())).stats()
  t.true(stats.channels[0].mean < 30, 'the size now comes from the black half')
  t.is((await s.fetch(`${s.url}/api/media/file/${thumb(doc)}`)).status, 404)
})

test('with versions the old files stay (a restore may bring them back)', async (t) => {
  const doc = (await s.cms.create({
    collection: 'versioned',
    data: {},
    file: { data: await photo(), name: 'kept.jpg' },
  })) as Media
  const moved = (await s.cms.update({
    collection: 'versioned',
    id: doc.id,
    data: { focalX: 10, focalY: 10 },
  })) as Media
  t.not(thumb(moved), thumb(doc))
  for (const name of [doc.filename, thumb(doc), moved.filename, thumb(moved)])
    t.true(existsSync(path.join(versionedDir, name)), name)
})

test('a duplicate copies the file and its sizes; deleting the source leaves the copy readable', async (t) => {
  const source = (await s.cms.create({
    collection: 'media',
    data: { alt: 'source' },
    file: { data: await photo(), name: 'twin.jpg' },
  })) as Media
  const copy = (await s.cms.duplicate({ collection: 'media', id: source.id })) as Media
  t.is(copy.filename, 'twin-1.jpg')
  t.is(copy.alt, 'source')
  t.like(copy, { width: 200, height: 100, mimeType: 'image/jpeg', filesize: source.filesize })
  t.not(thumb(copy), thumb(source))
  t.is(copy.sizes.thumbnail.width, 40)

  await s.cms.delete({ collection: 'media', id: source.id })
  t.false(existsSync(path.join(staticDir, source.filename)))
  for (const name of [copy.filename, thumb(copy)]) {
    const res = await s.fetch(`${s.url}/api/media/file/${name}`)
    t.is(res.status, 200, name)
  }
  const original = await s.fetch(`${s.url}/api/media/file/${copy.filename}`)
  t.is(Number(original.headers.get('content-length')), Number(copy.filesize))
})

test('a duplicate through REST and GraphQL, and one that moves the focal point', async (t) => {
  const source = (await s.cms.create({
    collection: 'media',
    data: { focalX: 0, focalY: 50 },
    file: { data: await photo(), name: 'dup-rest.jpg' },
  })) as Media
  const rest = await s.request('POST', `/api/media/${source.id}/duplicate`, {
    body: { focalX: 100 },
  })
  t.is(rest.status, 200)
  const copy = (rest.body as { doc: Media }).doc
  t.is(copy.filename, 'dup-rest-1.jpg')
  t.is(copy.focalX, 100)
  t.true((await mean(staticDir, thumb(copy))) > 225, 'the copy’s size is cropped at its own point')
  t.true((await mean(staticDir, thumb(source))) < 30, 'the source’s size is untouched')

  const gql = await s.request('POST', '/api/graphql', {
    body: { query: `mutation { duplicateMedia(id: ${source.id}) { id filename } }` },
  })
  const dup = (gql.body as { data: { duplicateMedia: { id: number; filename: string } } }).data
    .duplicateMedia
  t.is(dup.filename, 'dup-rest-2.jpg')
  await s.cms.delete({ collection: 'media', id: source.id })
  t.is((await s.fetch(`${s.url}/api/media/file/${dup.filename}`)).status, 200)
})

test('a file that is not an image is copied as it is', async (t) => {
  const source = await s.cms.create({
    collection: 'files',
    data: {},
    file: { data: Buffer.from('%PDF-1.4\n%\xE2\xE3\n1 0 obj\n<<>>\nendobj\n'), name: 'a.pdf' },
  })
  const copy = await s.cms.duplicate({ collection: 'files', id: source.id })
  t.is(copy.filename, 'a-1.pdf')
  await s.cms.delete({ collection: 'files', id: source.id })
  const res = await s.fetch(`${s.url}/api/files/file/a-1.pdf`)
  t.is(res.status, 200)
  t.is(res.headers.get('content-type'), 'application/pdf')
})

test('a duplicate of a missing upload document is a 404, as in any collection', async (t) => {
  const rest = await s.request('POST', '/api/media/987654/duplicate', { body: {} })
  t.is(rest.status, 404, JSON.stringify(rest.body))
  t.is(rest.body.errors[0].message, 'Not Found')
  const error = await t.throwsAsync(s.cms.duplicate({ collection: 'media', id: 987654 }))
  t.is(error?.name, 'NotFound')
})
