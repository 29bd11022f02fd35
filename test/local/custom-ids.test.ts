import test from 'ava'
import { getCms } from '../../server/local/get-cms.ts'
import { customIdsConfig, seedCustomIds } from '../fixtures/custom-ids.ts'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { dialectName, freshDatabaseUrl, rejectsWith, useCms } from '../helpers/db.ts'

const state = useCms(test, customIdsConfig, seedCustomIds)
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

test('a custom text id is the one given on create; findByID and where on id find it', async (t) => {
  const { cms, data } = state
  t.is(data.news.id, 'news')
  const found = await cms.findByID({ collection: 'tags', id: 'news' })
  t.like(found, { id: 'news', name: 'News' })
  const list = await cms.find({ collection: 'tags', where: { id: { in: ['tech', 'nope'] } } })
  t.deepEqual(
    list.docs.map((d) => d.id),
    ['tech'],
  )
  const eq = await cms.find({ collection: 'tags', where: { id: { equals: 'news' } } })
  t.is(eq.totalDocs, 1)
})

test('a custom number id is kept as a number', async (t) => {
  const { cms, data } = state
  t.is(data.code.id, 42.5)
  t.like(await cms.findByID({ collection: 'codes', id: 42.5 }), { id: 42.5, label: 'answer' })
  const gt = await cms.find({
    collection: 'codes',
    where: { id: { greater_than: 40, less_than: 100 } },
  })
  t.deepEqual(
    gt.docs.map((d) => d.id),
    [42.5],
  )
})

test('a custom id field with a defaultValue makes the id when none is given', async (t) => {
  const { cms } = state
  const made = await cms.create({ collection: 'codes', data: { label: 'made' } })
  t.true(typeof made.id === 'number' && made.id > 1000)
  const given = await cms.create({ collection: 'codes', data: { id: 7, label: 'given' } })
  t.is(given.id, 7)
})

test('a custom id is required, of its field type, validated as its field and unique', async (t) => {
  const { cms } = state
  let e = await rejectsWith(
    t,
    cms.create({ collection: 'tags', data: { name: 'No id' } }),
    'ValidationError',
    400,
  )
  t.like((e.data as { errors: { path: string }[] }).errors[0], { path: 'id' })
  e = await rejectsWith(
    t,
    cms.create({ collection: 'tags', data: { id: 7, name: 'Number' } }),
    'ValidationError',
    400,
  )
  t.like((e.data as { errors: { path: string }[] }).errors[0], { path: 'id' })
  e = await rejectsWith(
    t,
    cms.create({ collection: 'tags', data: { id: 'x', name: 'Too short' } }),
    'ValidationError',
    400,
  )
  t.like((e.data as { errors: { path: string }[] }).errors[0], { path: 'id' })
  e = await rejectsWith(
    t,
    cms.create({ collection: 'tags', data: { id: 'news', name: 'Again' } }),
    'ValidationError',
    400,
  )
  t.like((e.data as { errors: { path: string; message: string }[] }).errors[0], {
    path: 'id',
    message: 'Value must be unique',
  })
  e = await rejectsWith(
    t,
    cms.create({ collection: 'codes', data: { id: 'seven' } }),
    'ValidationError',
    400,
  )
  t.like((e.data as { errors: { path: string }[] }).errors[0], { path: 'id' })
})

test('an update never changes a custom id', async (t) => {
  const { cms } = state
  await cms.create({ collection: 'tags', data: { id: 'keep', name: 'Keep' } })
  const updated = await cms.update({
    collection: 'tags',
    id: 'keep',
    data: { id: 'other', name: 'Kept' },
  })
  t.like(updated, { id: 'keep', name: 'Kept' })
  await rejectsWith(t, cms.findByID({ collection: 'tags', id: 'other' }), 'NotFound', 404)
})

test('UUID ids: create, read, update, delete, and versions of the document', async (t) => {
  const { cms, data } = state
  const note = await cms.create({
    collection: 'notes',
    data: { title: 'First', tag: 'news', tags: ['news', 'tech'], code: 42.5 },
    depth: 0,
  })
  t.regex(String(note.id), UUID)
  t.like(note, { title: 'First', tag: 'news', code: 42.5 })
  const read = await cms.findByID({ collection: 'notes', id: note.id, depth: 1 })
  t.like(read, { id: note.id, tag: { id: 'news', name: 'News' }, code: { id: 42.5 } })
  t.deepEqual(
    (read.tags as { id: string }[]).map((x) => x.id),
    ['news', 'tech'],
  )
  const updated = await cms.update({ collection: 'notes', id: note.id, data: { title: 'Second' } })
  t.like(updated, { id: note.id, title: 'Second' })
  const versions = await cms.findVersions({
    collection: 'notes',
    where: { parent: { equals: note.id } },
    depth: 0,
  })
  t.is(versions.totalDocs, 2)
  t.is(versions.docs[0].parent, note.id)
  t.like(versions.docs[0].version, { title: 'Second' })
  const restored = await cms.restoreVersion({
    collection: 'notes',
    id: versions.docs[1].id,
    depth: 0,
  })
  t.like(restored, { id: note.id, title: 'First' })
  const deleted = await cms.delete({ collection: 'notes', id: note.id })
  t.is(deleted.id, note.id)
  await rejectsWith(t, cms.findByID({ collection: 'notes', id: note.id }), 'NotFound', 404)
  t.is(
    (await cms.findVersions({ collection: 'notes', where: { parent: { equals: note.id } } }))
      .totalDocs,
    0,
  )
  void data
})

test('relationships to custom ids: where, polymorphic with text and integer ids, a join, a missing id', async (t) => {
  const { cms, data } = state
  const a = await cms.create({
    collection: 'notes',
    data: { title: 'A', tag: 'tech', tags: ['tech'], about: { relationTo: 'tags', value: 'news' } },
  })
  const b = await cms.create({
    collection: 'notes',
    data: {
      title: 'B',
      tag: 'news',
      about: { relationTo: 'users', value: data.user.id },
      parentNote: a.id,
    },
    depth: 0,
  })
  t.deepEqual(b.about, { relationTo: 'users', value: data.user.id })
  const byTag = await cms.find({ collection: 'notes', where: { tag: { equals: 'tech' } } })
  t.deepEqual(
    byTag.docs.map((d) => d.title),
    ['A'],
  )
  const byTags = await cms.find({ collection: 'notes', where: { tags: { in: ['tech'] } } })
  t.true(byTags.docs.some((d) => d.id === a.id))
  const byName = await cms.find({ collection: 'notes', where: { 'tag.name': { equals: 'News' } } })
  t.true(byName.docs.some((d) => d.id === b.id))
  const byUser = await cms.find({
    collection: 'notes',
    where: { about: { equals: { relationTo: 'users', value: data.user.id } } },
  })
  t.deepEqual(
    byUser.docs.map((d) => d.title),
    ['B'],
  )
  const byValue = await cms.find({
    collection: 'notes',
    where: { 'about.value': { equals: 'news' } },
  })
  t.deepEqual(
    byValue.docs.map((d) => d.title),
    ['A'],
  )
  const byParent = await cms.find({ collection: 'notes', where: { parentNote: { equals: a.id } } })
  t.deepEqual(
    byParent.docs.map((d) => d.title),
    ['B'],
  )
  const populated = await cms.findByID({ collection: 'notes', id: b.id, depth: 1 })
  t.like(populated, {
    about: { relationTo: 'users', value: { id: data.user.id, name: 'Ida' } },
    parentNote: { id: a.id, title: 'A' },
  })
  const tag = await cms.findByID({ collection: 'tags', id: 'tech', depth: 0 })
  t.deepEqual((tag.notes as { docs: unknown[] }).docs, [a.id])
  const e = await rejectsWith(
    t,
    cms.create({ collection: 'notes', data: { title: 'C', tag: 'missing' } }),
    'ValidationError',
    400,
  )
  t.like((e.data as { errors: { path: string }[] }).errors[0], { path: 'tag' })
  await rejectsWith(
    t,
    cms.create({ collection: 'notes', data: { title: 'D', tag: 5 } }),
    'ValidationError',
    400,
  )
})

test('duplicate: a UUID document gets a new id; a custom-id document needs data.id', async (t) => {
  const { cms } = state
  const note = await cms.create({ collection: 'notes', data: { title: 'Dup', tag: 'news' } })
  const copy = await cms.duplicate({ collection: 'notes', id: note.id, depth: 0 })
  t.regex(String(copy.id), UUID)
  t.not(copy.id, note.id)
  t.like(copy, { title: 'Dup', tag: 'news' })
  const e = await rejectsWith(
    t,
    cms.duplicate({ collection: 'tags', id: 'news' }),
    'ValidationError',
    400,
  )
  t.like((e.data as { errors: { path: string }[] }).errors[0], { path: 'id' })
  const tagCopy = await cms.duplicate({ collection: 'tags', id: 'news', data: { id: 'news-2' } })
  t.like(tagCopy, { id: 'news-2', name: 'News' })
})

test('config: an id field of another type, or on an auth collection, is a start-up error', async (t) => {
  const error = await t.throwsAsync(
    getCms({
      config: {
        db: { url: 'sqlite::memory:' },
        collections: [{ slug: 'x', fields: [{ name: 'id', type: 'checkbox' }] }],
      },
    }),
  )
  t.regex(error!.message, /field "id": a custom id field must have type "text" or "number"/)
  const auth = await t.throwsAsync(
    getCms({
      config: {
        db: { url: 'sqlite::memory:' },
        collections: [{ slug: 'u', auth: true, fields: [{ name: 'id', type: 'text' }] }],
      },
    }),
  )
  t.regex(auth!.message, /auth collections keep integer ids/)
  const kind = await t.throwsAsync(
    getCms({
      config: {
        db: { url: 'sqlite::memory:', idType: 'cuid' as 'uuid' },
        collections: [{ slug: 'x', fields: [] }],
      },
    }),
  )
  t.regex(kind!.message, /db.idType must be "serial" or "uuid"/)
})

test('an auth collection keeps serial ids under db.idType uuid', (t) => {
  t.is(typeof state.data.user.id, 'number')
})

test('start-up: a table made for serial ids refuses a config asking for UUIDs (ids are not converted)', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'cms-ids-'))
  const fresh =
    dialectName !== 'sqlite'
      ? await freshDatabaseUrl()
      : { url: `sqlite:${join(dir, 'ids.db')}`, drop: async () => {} }
  try {
    const collections = [{ slug: 'things', fields: [{ name: 'name', type: 'text' as const }] }]
    const first = await getCms({ config: { db: { url: fresh.url }, collections } })
    await first.create({ collection: 'things', data: { name: 'one' } })
    await first.destroy()
    const error = await t.throwsAsync(
      getCms({ config: { db: { url: fresh.url, idType: 'uuid' }, collections } }),
    )
    t.regex(
      error!.message,
      /Table things holds serial \(auto-increment\) ids but the config asks for given ids/,
    )
  } finally {
    await fresh.drop()
    await rm(dir, { recursive: true, force: true })
  }
})
