/**
 * Issue 34, item 4: images with sharp: each size stored beside the original with Payload's names and fields,
 * cropped around the focal point, converted by formatOptions; EXIF stripped unless withMetadata; a size the
 * image is too small for left empty; a pixel bomb refused before decoding.
 */
import test from 'ava'
import { existsSync } from 'node:fs'
import { mkdtemp, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { crc32 } from 'node:zlib'
import { defineConfig } from '../../server/config/define-config.ts'
import { useCms } from '../helpers/db.ts'

const staticDir = await mkdtemp(path.join(tmpdir(), 'cms-images-'))
const keptDir = await mkdtemp(path.join(tmpdir(), 'cms-images-kept-'))
const s = useCms(
  test,
  defineConfig({
    secret: 'Tq8-uploads-test-secret-of-32+-bytes',
    collections: [
      {
        slug: 'media',
        upload: {
          staticDir,
          adminThumbnail: 'thumbnail',
          imageSizes: [
            { name: 'thumbnail', width: 40, height: 40 },
            { name: 'card', width: 120, formatOptions: { format: 'webp' } },
            { name: 'huge', width: 4000, height: 3000 },
          ],
        },
        fields: [],
      },
      { slug: 'kept', upload: { staticDir: keptDir, withMetadata: true }, fields: [] },
    ],
  }),
)

/** A 200 × 100 JPEG, left half black and right half white, with EXIF. */
const photo = () =>
  sharp({
    create: { width: 200, height: 100, channels: 3, background: '#000' },
  })
    .composite([
      {
        input: { create: { width: 100, height: 100, channels: 3, background: '#fff' } },
        left: 100,
        top: 0,
      },
    ])
    .jpeg()
    .withExif({ IFD0: { Copyright: 'Someone', Make: 'Camera' } })
    .toBuffer()

test('each size is stored with Payload’s name and fields; a size bigger than the image is empty', async (t) => {
  const doc = await s.cms.create({
    collection: 'media',
    data: {},
    file: { data: await photo(), name: 'photo.jpg' },
  })
  t.like(doc, { filename: 'photo.jpg', mimeType: 'image/jpeg', width: 200, height: 100 })
  const sizes = doc.sizes as Record<string, Record<string, unknown>>
  t.like(sizes.thumbnail, {
    filename: 'photo-40x40.jpg',
    width: 40,
    height: 40,
    mimeType: 'image/jpeg',
  })
  t.like(sizes.card, {
    filename: 'photo-120x60.webp',
    width: 120,
    height: 60,
    mimeType: 'image/webp',
  })
  t.deepEqual(sizes.huge, {
    url: null,
    filename: null,
    mimeType: null,
    filesize: null,
    width: null,
    height: null,
  })
  for (const name of ['photo-40x40.jpg', 'photo-120x60.webp'])
    t.true(existsSync(path.join(staticDir, name)), name)
  const card = await readFile(path.join(staticDir, 'photo-120x60.webp'))
  t.is(sizes.card.filesize, card.length)
  t.is((await sharp(card).metadata()).format, 'webp')
  t.regex(String(sizes.thumbnail.url), /\/api\/media\/file\/photo-40x40\.jpg/)
  t.is(doc.thumbnailURL, sizes.thumbnail.url)
  await s.cms.delete({ collection: 'media', id: doc.id })
  for (const name of ['photo.jpg', 'photo-40x40.jpg', 'photo-120x60.webp'])
    t.false(existsSync(path.join(staticDir, name)), `${name} removed with its document`)
})

test('the focal point decides the crop of a size', async (t) => {
  const mean = async (file: string) =>
    (await sharp(path.join(staticDir, file)).stats()).channels[0].mean
  const left = await s.cms.create({
    collection: 'media',
    data: { focalX: 0, focalY: 50 },
    file: { data: await photo(), name: 'left.jpg' },
  })
  const right = await s.cms.create({
    collection: 'media',
    data: { focalX: 100, focalY: 50 },
    file: { data: await photo(), name: 'right.jpg' },
  })
  t.like(left, { focalX: 0, focalY: 50 })
  const sizes = (d: Record<string, unknown>) => d.sizes as Record<string, { filename: string }>
  t.true((await mean(sizes(left).thumbnail.filename)) < 30, 'cropped from the black half')
  t.true((await mean(sizes(right).thumbnail.filename)) > 225, 'cropped from the white half')
})

test('EXIF is stripped from the stored original unless withMetadata', async (t) => {
  const stripped = await s.cms.create({
    collection: 'media',
    data: {},
    file: { data: await photo(), name: 'exif.jpg' },
  })
  const kept = await s.cms.create({
    collection: 'kept',
    data: {},
    file: { data: await photo(), name: 'exif.jpg' },
  })
  t.is((await sharp(path.join(staticDir, String(stripped.filename))).metadata()).exif, undefined)
  t.truthy((await sharp(path.join(keptDir, String(kept.filename))).metadata()).exif)
})

test('a pixel bomb is refused before it is decoded, and nothing is stored', async (t) => {
  // A small PNG whose header declares 20000 × 20000 pixels (1.2 GB decoded): its IHDR rewritten, CRC fixed.
  const bomb = Buffer.from(
    await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } })
      .png()
      .toBuffer(),
  )
  bomb.writeUInt32BE(20_000, 16)
  bomb.writeUInt32BE(20_000, 20)
  bomb.writeUInt32BE(crc32(bomb.subarray(12, 29)), 29)
  const error = await t.throwsAsync(
    s.cms.create({ collection: 'media', data: {}, file: { data: bomb, name: 'bomb.png' } }),
  )
  t.regex(
    String((error as { data?: { errors?: { message: string }[] } }).data?.errors?.[0]?.message),
    /20000 × 20000 pixels/,
  )
  t.false(existsSync(path.join(staticDir, 'bomb.png')))
})
