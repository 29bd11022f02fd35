/** Payload's folders options at start (issue 55): overrides, off switches, collection-specific folders, bad values. */
import test from 'ava'
import { sanitizeConfig } from '../../server/config/sanitize.ts'
import type { CollectionConfig, Config } from '../../server/config/types.ts'
import { reviewOptions } from '../../server/config/check-options.ts'

const media: CollectionConfig = {
  slug: 'media',
  folders: true,
  fields: [{ name: 'alt', type: 'text' }],
}
const withFolders = (extra: Partial<Config> = {}, collections = [media]) =>
  sanitizeConfig({ collections, ...extra })

test('folders.collectionOverrides change the folders collection (here: its read access), in turn', (t) => {
  const open = () => true
  const config = withFolders({
    folders: {
      collectionOverrides: [
        ({ collection }) => ({ ...collection, access: { ...collection.access, read: open } }),
        ({ collection }) => ({
          ...collection,
          fields: [...collection.fields, { name: 'color', type: 'text' }],
        }),
      ],
    },
  })
  const folders = config.collectionsBySlug.get('payload-folders')!
  t.is(folders.access.read, open)
  t.true(folders.flatFields.some((f) => f.name === 'color'))
})

test('folders: false, or no collection with folders, adds nothing; collectionSpecific: false has no folderType', (t) => {
  t.false(withFolders({ folders: false }).collectionsBySlug.has('payload-folders'))
  t.false(withFolders({}, [{ ...media, folders: false }]).collectionsBySlug.has('payload-folders'))
  const loose = withFolders({
    folders: { collectionSpecific: false, slug: 'dirs', fieldName: 'dir' },
  })
  const dirs = loose.collectionsBySlug.get('dirs')!
  t.deepEqual(
    dirs.flatFields.map((f) => f.name).filter((n) => ['name', 'dir', 'folderType'].includes(n)),
    ['name', 'dir'],
  )
  t.like(
    loose.collectionsBySlug.get('media')!.flatFields.find((f) => f.name === 'dir'),
    { type: 'relationship', relationTo: 'dirs' },
  )
})

test('bad folders options are start-up errors naming the option', (t) => {
  t.throws(() => withFolders({ folders: { slug: '' } }), {
    message: 'folders.slug must be a non-empty string.',
  })
  t.throws(
    () =>
      withFolders({
        folders: {
          collectionOverrides: [
            async ({ collection }: { collection: unknown }) => collection,
          ] as never,
        },
      }),
    { message: /folders.collectionOverrides\[0\] must be a function returning the collection/ },
  )
  t.throws(() => withFolders({}, [media, { slug: 'payload-folders', fields: [] }]), {
    message: /the slug is the folders' own collection/,
  })
  t.throws(() => withFolders({}, [{ ...media, folders: 'yes' as never }]), {
    message: 'Collection "media": folders must be true, false or an object.',
  })
})

test('check-config refuses nothing of Payload 3.x website’s Media folders; the admin-only keys are listed', (t) => {
  const review = reviewOptions({
    folders: { browseByFolder: true },
    collections: [{ ...media, folders: { browseByFolder: false } }],
  })
  t.deepEqual(review.refused, [])
  t.true(review.ignored.some((m) => m.startsWith('folders.browseByFolder')))
})
