/**
 * Issue 34: a file's life after its create, through the Local API: replaced on update (the old file removed once
 * the update commits), removed with its document, and never left behind by a write that fails after storing it.
 */
import test from 'ava'
import { existsSync } from 'node:fs'
import { mkdtemp, readdir } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { defineConfig } from '../../server/config/define-config.ts'
import { useCms } from '../helpers/db.ts'

const staticDir = await mkdtemp(path.join(tmpdir(), 'cms-media-'))
const s = useCms(
  test,
  defineConfig({
    secret: 'Tq8-uploads-test-secret-of-32+-bytes',
    collections: [
      {
        slug: 'media',
        upload: { staticDir },
        fields: [{ name: 'alt', type: 'text' }],
        hooks: {
          afterChange: [
            ({ doc }) => {
              if ((doc as { alt?: string }).alt === 'fail after store')
                throw new Error('hook failed')
              return doc
            },
          ],
        },
      },
    ],
  }),
)
const png = (size: number) =>
  sharp({ create: { width: size, height: size, channels: 3, background: '#09c' } })
    .png()
    .toBuffer()
const stored = (name: string) => existsSync(path.join(staticDir, name))

test('an update with a file replaces it: new fields, new file, the old one removed', async (t) => {
  const doc = await s.cms.create({
    collection: 'media',
    data: { alt: 'v1' },
    file: { data: await png(10), name: 'logo.png' },
  })
  t.true(stored('logo.png'))
  const updated = await s.cms.update({
    collection: 'media',
    id: doc.id,
    data: { alt: 'v2' },
    file: { data: await png(20), name: 'logo-new.png' },
  })
  t.like(updated, { alt: 'v2', filename: 'logo-new.png', width: 20, height: 20 })
  t.true(stored('logo-new.png'))
  t.false(stored('logo.png'), 'the replaced file is removed')
  const dataOnly = await s.cms.update({ collection: 'media', id: doc.id, data: { alt: 'v3' } })
  t.like(dataOnly, { alt: 'v3', filename: 'logo-new.png', width: 20 })
})

test('a client cannot point a document at another file by writing its fields', async (t) => {
  const doc = await s.cms.create({
    collection: 'media',
    data: { alt: 'mine' },
    file: { data: await png(6), name: 'mine.png' },
  })
  const updated = await s.cms.update({
    collection: 'media',
    id: doc.id,
    data: { filename: 'someone-else.png', filesize: 1, mimeType: 'text/html' },
    overrideAccess: false,
    user: { id: 1, collection: 'users' },
  })
  t.like(updated, { filename: 'mine.png', mimeType: 'image/png' })
})

test('deleting documents removes their files', async (t) => {
  const a = await s.cms.create({
    collection: 'media',
    data: { alt: 'gone' },
    file: { data: await png(7), name: 'gone.png' },
  })
  await s.cms.create({
    collection: 'media',
    data: { alt: 'bulk' },
    file: { data: await png(7), name: 'bulk.png' },
  })
  await s.cms.delete({ collection: 'media', id: a.id })
  t.false(stored('gone.png'))
  const { docs } = await s.cms.delete({ collection: 'media', where: { alt: { equals: 'bulk' } } })
  t.is(docs.length, 1)
  t.false(stored('bulk.png'))
})

test('a write failing after its file was stored leaves neither the file nor the document', async (t) => {
  await t.throwsAsync(
    s.cms.create({
      collection: 'media',
      data: { alt: 'fail after store' },
      file: { data: await png(9), name: 'failing.png' },
    }),
    { message: 'hook failed' },
  )
  t.false((await readdir(staticDir)).some((f) => f.startsWith('failing')))
  t.is(
    (await s.cms.count({ collection: 'media', where: { alt: { equals: 'fail after store' } } }))
      .totalDocs,
    0,
  )
  const keep = await s.cms.create({
    collection: 'media',
    data: { alt: 'keep' },
    file: { data: await png(9), name: 'keep.png' },
  })
  await t.throwsAsync(
    s.cms.update({
      collection: 'media',
      id: keep.id,
      data: { alt: 'fail after store' },
      file: { data: await png(12), name: 'replacement.png' },
    }),
  )
  t.true(stored('keep.png'), 'the old file stays when the replacement fails')
  t.false((await readdir(staticDir)).some((f) => f.startsWith('replacement')))
})
