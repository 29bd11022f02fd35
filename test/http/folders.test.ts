/**
 * Payload 3's folders (issue 55): `folders: true` on a collection adds its `folder` field and the
 * `payload-folders` collection, closed to all but the trusted callers; folder types bind what a folder holds;
 * deleting a folder deletes its subfolders and takes its documents out; moving a folder into its own subfolder
 * re-parents that subfolder. Through REST and the Local API.
 */
import test from 'ava'
import { defineConfig } from '../../server/config/define-config.ts'
import type { Access } from '../../server/config/types.ts'
import { useServer } from '../helpers/http.ts'

const admins: Access = ({ req }) => req.user?.role === 'admin'
const config = defineConfig({
  collections: [
    {
      slug: 'users',
      auth: true,
      // Only admins may update every account: they are the trusted callers.
      access: { update: admins },
      fields: [{ name: 'role', type: 'select', options: ['admin', 'editor'], saveToJWT: true }],
    },
    {
      slug: 'media',
      folders: true,
      labels: { singular: 'Medium', plural: 'Media' },
      access: { read: () => true, create: () => true, update: () => true },
      fields: [{ name: 'alt', type: 'text' }],
    },
    {
      slug: 'posts',
      folders: true,
      access: { read: () => true, create: () => true, update: () => true },
      fields: [{ name: 'title', type: 'text' }],
    },
  ],
})

const s = useServer(test, config, async (cms) => {
  for (const role of ['admin', 'editor'])
    await cms.create({
      collection: 'users',
      data: { email: `${role}@example.com`, password: `${role}-password`, role },
    })
})

async function bearer(role: string): Promise<Record<string, string>> {
  const r = await s.request('POST', '/api/users/login', {
    body: { email: `${role}@example.com`, password: `${role}-password` },
  })
  return { Authorization: `Bearer ${r.body.token}` }
}

test('folders: true adds the folder field and the payload-folders collection (name, folder, folderType)', (t) => {
  const folders = s.cms.config.collectionsBySlug.get('payload-folders')
  t.truthy(folders)
  t.deepEqual(
    folders!.flatFields
      .filter((f) => !['id', 'createdAt', 'updatedAt'].includes(f.name))
      .map((f) => f.name),
    ['name', 'folder', 'folderType'],
  )
  const folderField = s.cms.config.collectionsBySlug
    .get('media')!
    .flatFields.find((f) => f.name === 'folder')
  t.like(folderField, { type: 'relationship', relationTo: 'payload-folders', index: true })
  t.false(s.cms.config.collectionsBySlug.get('users')!.flatFields.some((f) => f.name === 'folder'))
})

test('the folders collection is closed by default: the trusted callers only', async (t) => {
  const anonymous = await s.request('GET', '/api/payload-folders')
  t.is(anonymous.status, 401)
  const editor = await bearer('editor')
  t.is((await s.request('GET', '/api/payload-folders', { headers: editor })).status, 403)
  const made = await s.request('POST', '/api/payload-folders', {
    body: { name: 'Sneaky' },
    headers: editor,
  })
  t.is(made.status, 403)
  const admin = await bearer('admin')
  const created = await s.request('POST', '/api/payload-folders', {
    body: { name: 'Open to admins' },
    headers: admin,
  })
  t.is(created.status, 201)
  t.is(created.body.doc.name, 'Open to admins')
  t.is((await s.request('GET', '/api/payload-folders', { headers: admin })).status, 200)
  // GraphQL in Payload's naming (from the labels: Folder, Folders); an editor gets Payload's access error, an admin the folders.
  const query = {
    query:
      '{ Folders(where: { name: { equals: "Open to admins" } }) { docs { name folderType } } }',
  }
  const denied = await s.request('POST', '/api/graphql', { body: query, headers: editor })
  t.is(denied.body.data.Folders, null)
  t.is(denied.body.errors[0].extensions.code, 'FORBIDDEN')
  const listed = await s.request('POST', '/api/graphql', { body: query, headers: admin })
  t.deepEqual(listed.body.data.Folders.docs, [{ name: 'Open to admins', folderType: [] }])
})

test("a folder's types bind its documents and subfolders; narrowing them is refused while it holds those", async (t) => {
  const images = await s.cms.create({
    collection: 'payload-folders',
    data: { name: 'Images', folderType: ['media'] },
  })
  const photo = await s.request('POST', '/api/media', {
    body: { alt: 'A photo', folder: images.id },
  })
  t.is(photo.status, 201)
  t.is(photo.body.doc.folder, images.id)
  const post = await s.request('POST', '/api/posts', { body: { title: 'x', folder: images.id } })
  t.is(post.status, 400)
  t.deepEqual(post.body.errors[0].data.errors, [
    {
      path: 'folder',
      message: `Folder with ID ${images.id} does not allow documents of type posts`,
      label: 'Folder',
    },
  ])
  const missing = await s.request('POST', '/api/posts', { body: { title: 'x', folder: 999999 } })
  t.is(missing.status, 400)
  // A subfolder takes only types its parent takes, and some type under a typed parent.
  await t.throwsAsync(
    s.cms.create({
      collection: 'payload-folders',
      data: { name: 'Drafts', folder: images.id, folderType: ['posts'] },
    }),
    { message: 'The following field is invalid: Folder' },
  )
  await t.throwsAsync(
    s.cms.create({ collection: 'payload-folders', data: { name: 'Any', folder: images.id } }),
  )
  const e = await t.throwsAsync(
    s.cms.update({ collection: 'payload-folders', id: images.id, data: { folderType: ['posts'] } }),
  )
  t.is(
    e?.message,
    'The folder "Images" contains documents that still belong to the following collections: Media',
  )
  // Widening is fine.
  const wide = await s.cms.update({
    collection: 'payload-folders',
    id: images.id,
    data: { folderType: ['media', 'posts'] },
  })
  t.deepEqual(wide.folderType, ['media', 'posts'])
})

test('moving a folder into its own subfolder re-parents that subfolder; deleting one deletes its subfolders and frees its documents', async (t) => {
  const make = (name: string, folder?: unknown) =>
    s.cms.create({ collection: 'payload-folders', data: { name, ...(folder ? { folder } : {}) } })
  const f1 = await make('F1')
  const f2 = await make('F2', f1.id)
  const f2a = await make('F2A', f2.id)
  await s.cms.update({ collection: 'payload-folders', id: f1.id, data: { folder: f2a.id } })
  const read = async (id: unknown) =>
    s.cms.findByID({ collection: 'payload-folders', id: id as number, depth: 0 })
  t.is((await read(f1.id)).folder, f2a.id)
  t.is((await read(f2a.id)).folder ?? null, null, 'F2A took F1’s old place (the root)')
  t.is((await read(f2.id)).folder, f1.id)
  const post = await s.cms.create({ collection: 'posts', data: { title: 'Filed', folder: f2.id } })
  // Deleting F2A deletes F1 under it, then F2 under F1; the post in F2 stays, out of any folder.
  await s.cms.delete({ collection: 'payload-folders', id: f2a.id })
  const left = await s.cms.find({
    collection: 'payload-folders',
    where: { id: { in: [f1.id, f2.id, f2a.id] } },
  })
  t.is(left.totalDocs, 0)
  const freed = await s.cms.findByID({ collection: 'posts', id: post.id, depth: 0 })
  t.is(freed.folder ?? null, null)
})
