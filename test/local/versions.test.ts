import test from 'ava'
import { defineConfig } from '../../server/config/define-config.ts'
import { countQueries, rejectsWith, useCms } from '../helpers/db.ts'

const editor = { id: 1, collection: 'editors' }
const config = defineConfig({
  collections: [
    { slug: 'editors', auth: true, fields: [] },
    {
      slug: 'pages',
      versions: { drafts: true, maxPerDoc: 5 },
      access: {
        read: ({ req }) => (req.user ? true : { _status: { equals: 'published' } }),
        readVersions: ({ req }) => Boolean(req.user),
        update: ({ req }) => Boolean(req.user),
      },
      fields: [
        { name: 'title', type: 'text', required: true },
        { name: 'body', type: 'text' },
        { name: 'code', type: 'text', unique: true },
      ],
    },
    { slug: 'notes', versions: true, fields: [{ name: 'text', type: 'text' }] },
  ],
})
const state = useCms(test, config)

test('a draft saved over a published document is seen only by draft reads', async (t) => {
  const { cms } = state
  const doc = await cms.create({
    collection: 'pages',
    data: { title: 'Live', body: 'v1', _status: 'published' },
  })
  const saved = await cms.update({
    collection: 'pages',
    id: doc.id,
    draft: true,
    data: { title: 'Work in progress' },
  })
  t.is(saved.title, 'Work in progress')
  t.is(saved._status, 'draft')

  const published = await cms.findByID({ collection: 'pages', id: doc.id })
  t.like(published, { title: 'Live', body: 'v1', _status: 'published' })
  const anonymous = await cms.find({
    collection: 'pages',
    where: { id: { equals: doc.id } },
    overrideAccess: false,
  })
  t.deepEqual(
    anonymous.docs.map((d) => d.title),
    ['Live'],
  )

  const draft = await cms.findByID({ collection: 'pages', id: doc.id, draft: true })
  t.like(draft, { id: doc.id, title: 'Work in progress', body: 'v1', _status: 'draft' })
  const drafts = await cms.find({
    collection: 'pages',
    draft: true,
    where: { title: { equals: 'Work in progress' } },
  })
  t.deepEqual(
    drafts.docs.map((d) => d.id),
    [doc.id],
  )
  t.is(
    (
      await cms.count({
        collection: 'pages',
        draft: true,
        where: { title: { equals: 'Work in progress' } },
      })
    ).totalDocs,
    1,
  )
  t.is(
    (await cms.count({ collection: 'pages', where: { title: { equals: 'Work in progress' } } }))
      .totalDocs,
    0,
  )

  // A second draft builds on the first; publishing builds on the newest draft.
  await cms.update({ collection: 'pages', id: doc.id, draft: true, data: { body: 'v2' } })
  t.like(await cms.findByID({ collection: 'pages', id: doc.id, draft: true }), {
    title: 'Work in progress',
    body: 'v2',
  })
  t.like(await cms.findByID({ collection: 'pages', id: doc.id }), { title: 'Live', body: 'v1' })
  const live = await cms.update({ collection: 'pages', id: doc.id, data: { _status: 'published' } })
  t.like(live, { title: 'Work in progress', body: 'v2', _status: 'published' })
  t.like(await cms.findByID({ collection: 'pages', id: doc.id }), {
    title: 'Work in progress',
    body: 'v2',
    _status: 'published',
  })
})

test('a never-published draft: required fields may wait, access decides who sees it', async (t) => {
  const { cms } = state
  const draft = await cms.create({
    collection: 'pages',
    draft: true,
    data: { body: 'no title yet' },
  })
  t.is(draft._status, 'draft')
  t.is(draft.title, null)
  await rejectsWith(
    t,
    cms.findByID({ collection: 'pages', id: draft.id, overrideAccess: false }),
    'NotFound',
    404,
  )
  t.is(
    (await cms.findByID({ collection: 'pages', id: draft.id, overrideAccess: false, user: editor }))
      .body,
    'no title yet',
  )
  // Publishing validates in full.
  const error = await rejectsWith(
    t,
    cms.update({ collection: 'pages', id: draft.id, data: { _status: 'published' } }),
    'ValidationError',
    400,
  )
  t.deepEqual(
    (error.data as { errors: { path: string }[] }).errors.map((e) => e.path),
    ['title'],
  )
  const published = await cms.update({
    collection: 'pages',
    id: draft.id,
    data: { title: 'Now titled', _status: 'published' },
  })
  t.like(await cms.findByID({ collection: 'pages', id: draft.id, overrideAccess: false }), {
    title: 'Now titled',
    body: 'no title yet',
    _status: published._status,
  })
})

test('every save keeps a version; findVersions, findVersionByID and restoreVersion', async (t) => {
  const { cms } = state
  const doc = await cms.create({
    collection: 'pages',
    data: { title: 'First', _status: 'published' },
  })
  await cms.update({ collection: 'pages', id: doc.id, data: { title: 'Second' } })
  await cms.update({
    collection: 'pages',
    id: doc.id,
    draft: true,
    data: { title: 'Third (draft)' },
  })

  const versions = await cms.findVersions({
    collection: 'pages',
    where: { parent: { equals: doc.id } },
    depth: 0,
  })
  t.is(versions.totalDocs, 3)
  t.deepEqual(
    versions.docs.map((v) => v.version.title),
    ['Third (draft)', 'Second', 'First'],
  )
  t.deepEqual(
    versions.docs.map((v) => v.latest),
    [true, false, false],
  )
  t.true(versions.docs.every((v) => v.parent === doc.id))
  const byTitle = await cms.findVersions({
    collection: 'pages',
    where: { 'version.title': { equals: 'Second' } },
    depth: 1,
  })
  t.is(byTitle.totalDocs, 1)
  // At depth 1 the parent is populated: the document as published readers see it.
  t.like(byTitle.docs[0].parent, { id: doc.id, title: 'Second' })

  const first = versions.docs[2]
  const one = await cms.findVersionByID({ collection: 'pages', id: first.id })
  t.like(one.version, { title: 'First', _status: 'published' })
  await rejectsWith(t, cms.findVersionByID({ collection: 'pages', id: 999999 }), 'NotFound', 404)

  const restored = await cms.restoreVersion({ collection: 'pages', id: first.id })
  t.like(restored, { id: doc.id, title: 'First', _status: 'published' })
  t.like(await cms.findByID({ collection: 'pages', id: doc.id }), { title: 'First' })
  t.like(await cms.findByID({ collection: 'pages', id: doc.id, draft: true }), { title: 'First' })
  const after = await cms.findVersions({
    collection: 'pages',
    where: { parent: { equals: doc.id } },
    limit: 1,
  })
  t.is(after.totalDocs, 4)
  t.like(after.docs[0], { latest: true, version: { title: 'First' } })

  // A draft restore over a published document writes only a version.
  await cms.restoreVersion({ collection: 'pages', id: versions.docs[1].id, draft: true })
  t.like(await cms.findByID({ collection: 'pages', id: doc.id }), { title: 'First' })
  t.like(await cms.findByID({ collection: 'pages', id: doc.id, draft: true }), {
    title: 'Second',
    _status: 'draft',
  })
})

test('versions beyond maxPerDoc are pruned, oldest first; deleting a document deletes its versions', async (t) => {
  const { cms } = state
  const doc = await cms.create({ collection: 'pages', data: { title: 'v0' } })
  for (let i = 1; i <= 7; i++)
    await cms.update({ collection: 'pages', id: doc.id, data: { title: `v${i}` } })
  const versions = await cms.findVersions({
    collection: 'pages',
    where: { parent: { equals: doc.id } },
    limit: 0,
  })
  t.deepEqual(
    versions.docs.map((v) => v.version.title),
    ['v7', 'v6', 'v5', 'v4', 'v3'],
  )
  await cms.delete({ collection: 'pages', id: doc.id })
  t.is(
    (await cms.findVersions({ collection: 'pages', where: { parent: { equals: doc.id } } }))
      .totalDocs,
    0,
  )
})

test('readVersions access guards version reads; restore needs update access', async (t) => {
  const { cms } = state
  const doc = await cms.create({
    collection: 'pages',
    data: { title: 'Guarded', _status: 'published' },
  })
  await rejectsWith(
    t,
    cms.findVersions({ collection: 'pages', overrideAccess: false }),
    'UnauthorizedError',
    401,
  )
  const { docs } = await cms.findVersions({
    collection: 'pages',
    overrideAccess: false,
    user: editor,
    where: { parent: { equals: doc.id } },
  })
  t.is(docs.length, 1)
  await rejectsWith(
    t,
    cms.findVersionByID({ collection: 'pages', id: docs[0].id, overrideAccess: false }),
    'UnauthorizedError',
    401,
  )
  await rejectsWith(
    t,
    cms.restoreVersion({ collection: 'pages', id: docs[0].id, overrideAccess: false }),
    'UnauthorizedError',
    401,
  )
  t.like(
    await cms.restoreVersion({
      collection: 'pages',
      id: docs[0].id,
      overrideAccess: false,
      user: editor,
    }),
    { title: 'Guarded' },
  )
})

test('a unique field is checked when a draft is published, not in the version table', async (t) => {
  const { cms } = state
  await cms.create({
    collection: 'pages',
    data: { title: 'A', code: 'same', _status: 'published' },
  })
  const b = await cms.create({
    collection: 'pages',
    data: { title: 'B', code: 'other', _status: 'published' },
  })
  await cms.update({ collection: 'pages', id: b.id, draft: true, data: { code: 'same' } })
  const error = await rejectsWith(
    t,
    cms.update({ collection: 'pages', id: b.id, data: { _status: 'published' } }),
    'ValidationError',
    400,
  )
  t.is((error.data as { errors: { message: string }[] }).errors[0].message, 'Value must be unique')
  t.like(await cms.findByID({ collection: 'pages', id: b.id }), {
    code: 'other',
    _status: 'published',
  })
})

test('versions without drafts: every save is a version, draft reads are plain reads', async (t) => {
  const { cms } = state
  const note = await cms.create({ collection: 'notes', data: { text: 'one' } })
  await cms.update({ collection: 'notes', id: note.id, data: { text: 'two' } })
  const saved = await cms.update({
    collection: 'notes',
    id: note.id,
    draft: true,
    data: { text: 'three' },
  })
  t.is(saved.text, 'three')
  t.is((await cms.findByID({ collection: 'notes', id: note.id })).text, 'three')
  t.is('_status' in saved, false)
  const versions = await cms.findVersions({
    collection: 'notes',
    where: { parent: { equals: note.id } },
  })
  t.deepEqual(
    versions.docs.map((v) => v.version.text),
    ['three', 'two', 'one'],
  )
  await rejectsWith(t, cms.findVersions({ collection: 'editors' }), 'NotFound', 404)
  await rejectsWith(
    t,
    cms.find({ collection: 'notes', draft: 'yes' as unknown as boolean }),
    'BadRequest',
    400,
  )
})

test.serial(
  'a create writes its first version without unmarking or pruning others (none exist)',
  async (t) => {
    const { cms } = state
    const { result: doc, statements } = await countQueries(cms, () =>
      cms.create({ collection: 'notes', data: { text: 'first' } }),
    )
    const versionWrites = statements.filter(
      (sql) => /_notes_v/i.test(sql) && !/^\s*select/i.test(sql),
    )
    // One insert into the versions table: no `latest` flag to clear, nothing past maxPerDoc to delete.
    t.is(versionWrites.length, 1, versionWrites.join('\n'))
    t.regex(versionWrites[0], /^\s*insert/i)
    // The next save unmarks the first version and the newest stays the only latest one.
    await cms.update({ collection: 'notes', id: doc.id, data: { text: 'second' } })
    const latest = await cms.findVersions({
      collection: 'notes',
      where: { and: [{ parent: { equals: doc.id } }, { latest: { equals: true } }] },
    })
    t.is(latest.totalDocs, 1)
    t.is((latest.docs[0].version as { text: string }).text, 'second')
  },
)
