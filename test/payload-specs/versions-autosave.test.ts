import test from 'ava'
import { useCms } from '../helpers/db.ts'
import { versionsMoreConfig } from './versions-more.config.ts'

/**
 * Payload's test/versions/int.spec.ts, "Collections - Local" (Create, Update, Draft Count, Race conditions):
 * autosave, unique fields across versions, locales in versions, relations and timestamps, through the Local API.
 */

type Doc = Record<string, any>
const ctx = useCms(test, versionsMoreConfig)
const A = 'autosave-posts' as const
const D = 'drafts' as const
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms))
const count = async (collection: string, id: unknown) =>
  (await ctx.cms.countVersions({ collection, where: { parent: { equals: id } } })).totalDocs

test.serial(
  'Create: versions of a document with a unique field save again and again',
  async (t) => {
    const { cms } = ctx
    const post = await cms.create({
      collection: A,
      data: { title: 'unique unchanging title', description: 'description 1' },
    })
    await cms.update({ collection: A, id: post.id, data: { description: 'description 2' } })
    const second = await cms.update({ collection: A, id: post.id, data: { description: 'final' } })
    t.is(second.description, 'final')
    t.is(await count(A, post.id), 3)
  },
)

test.serial('Create: a version saves every locale', async (t) => {
  const { cms } = ctx
  const post = await cms.create({ collection: D, data: { title: 'initial title' } })
  await cms.update({ collection: D, id: post.id, data: { title: 'Title in EN' } })
  const es = await cms.update({
    collection: D,
    id: post.id,
    data: { title: 'Title in ES' },
    locale: 'es',
  })
  t.is(es.title, 'Title in ES')
  await cms.update({ collection: D, id: post.id, data: { title: 'New title in EN' } })
  const versions = await cms.findVersions({
    collection: D,
    locale: 'all',
    where: { parent: { equals: post.id } },
  })
  const newest = versions.docs[0] as Doc
  t.deepEqual(newest.version.title, { en: 'New title in EN', es: 'Title in ES' })
})

test.serial('Create: drafts are queried by a relation, with and without draft', async (t) => {
  const { cms } = ctx
  const target = await cms.create({ collection: D, data: { title: 'Some Title' } })
  await cms.create({ collection: D, data: { title: 'With Relation', relation: target.id } })
  const where = { relation: { equals: target.id } }
  t.is((await cms.find({ collection: D, where })).docs.length, 1)
  t.is((await cms.find({ collection: D, where, draft: true })).docs.length, 1)
})

test.serial('Create: a localized relationship inside a localized array in a block', async (t) => {
  const { cms } = ctx
  const post = await cms.create({ collection: 'posts', data: {} })
  const doc = await cms.create({
    collection: D,
    data: { localizedBlocks: [{ blockType: 'block', array: [{ relationship: post.id }] }] },
    depth: 0,
    draft: true,
  })
  t.is((doc as Doc).localizedBlocks[0].array[0].relationship, post.id)
  const [version] = (
    await cms.findVersions({ collection: D, depth: 0, where: { parent: { equals: doc.id } } })
  ).docs as Doc[]
  t.is(version.version.localizedBlocks[0].array[0].relationship, post.id)
})

test.serial('Create: autosave updates the newest autosave version instead of adding', async (t) => {
  const { cms } = ctx
  const post = await cms.create({
    collection: A,
    data: { _status: 'draft', title: 'post', description: 'description' },
    draft: true,
  })
  const autosave = (data: Doc, by: 'id' | 'where' = 'id') =>
    by === 'id'
      ? cms.update({ collection: A, id: post.id, data, draft: true, autosave: true })
      : cms.update({
          collection: A,
          where: { id: { equals: post.id } },
          data,
          draft: true,
          autosave: true,
        })
  await autosave({ title: 'autosave' })
  // The first autosave after a plain save adds one; later ones overwrite it, by id or by where.
  t.is(await count(A, post.id), 2)
  const one = await autosave({ title: 'post-updated-1' })
  t.is((one as Doc).title, 'post-updated-1')
  t.is(await count(A, post.id), 2)
  await autosave({ title: 'post-updated-2' }, 'where')
  t.is(await count(A, post.id), 2)
  const draft = await cms.findByID({ collection: A, id: post.id, draft: true })
  t.is(draft.title, 'post-updated-2')
})

test.serial('Create: autosave on a published document is what a reload shows', async (t) => {
  const { cms } = ctx
  const published = await cms.create({
    collection: A,
    data: { _status: 'published', title: 'Published Post', description: 'original' },
  })
  const after = await count(A, published.id)
  for (const title of ['Change 1', 'Change 2', 'Change 3']) {
    await cms.update({
      collection: A,
      id: published.id,
      data: { title },
      draft: true,
      autosave: true,
    })
    t.is(await count(A, published.id), after + 1)
  }
  const latest = await cms.findVersions({
    collection: A,
    limit: 1,
    sort: '-updatedAt',
    where: { and: [{ parent: { equals: published.id } }, { latest: { equals: true } }] },
  })
  t.is(latest.docs.length, 1)
  t.is((latest.docs[0] as Doc).version.title, 'Change 3')
  t.is((latest.docs[0] as Doc).version._status, 'draft')
  // Readers without draft keep seeing the published content.
  t.is((await cms.findByID({ collection: A, id: published.id })).title, 'Published Post')
})

test.serial('Update: updatedAt moves on with each draft save, autosave or not', async (t) => {
  const { cms } = ctx
  for (const autosave of [false, true]) {
    const created = await cms.create({
      collection: D,
      data: { title: 'title', description: 'desc' },
      draft: true,
    })
    await wait(10)
    const updated = await cms.update({
      collection: D,
      id: created.id,
      data: { title: 'updated title' },
      draft: true,
      autosave,
    })
    t.true(
      Date.parse(String(updated.updatedAt)) > Date.parse(String(created.updatedAt)),
      `autosave ${autosave}`,
    )
  }
})

test.serial('Update: autosave of one document leaves the versions of another alone', async (t) => {
  const { cms } = ctx
  const first = ['test1', 'test2']
  const doc = await cms.create({
    collection: D,
    data: { _status: 'published', select: first, title: 'title 1' },
  })
  const save = (id: unknown, data: Doc) =>
    cms.update({ collection: D, id: id as number, data, draft: true, autosave: true })
  await save(doc.id, { select: first, title: 'title 2' })
  const doc2 = await cms.create({
    collection: D,
    data: { _status: 'published', select: ['test1'], title: 'title 1-2' },
  })
  await save(doc2.id, { select: ['test1'], title: 'title 2-2' })
  await save(doc2.id, { select: ['test1'], title: 'title 3-2' })
  const last = await cms.findVersions({
    collection: D,
    limit: 1,
    where: { parent: { equals: doc.id } },
  })
  t.deepEqual((last.docs[0] as Doc).version.select, first)
  t.is((last.docs[0] as Doc).version.title, 'title 2')
})

test.serial('Update: a draft with hasMany select two arrays deep', async (t) => {
  const { cms } = ctx
  const doc = await cms.create({ collection: D, data: {}, draft: true })
  const updated = await cms.update({
    collection: D,
    id: doc.id,
    data: { outer: [{ inner: [{ days: ['monday'] }] }] },
    draft: true,
  })
  t.deepEqual((updated as Doc).outer[0].inner[0].days, ['monday'])
  const read = await cms.findByID({ collection: D, id: doc.id, draft: true })
  t.deepEqual((read as Doc).outer[0].inner[0].days, ['monday'])
})

test.serial(
  'Update: autosave: true keeps the version count and returns the document',
  async (t) => {
    const { cms } = ctx
    const { id } = await cms.create({
      collection: A,
      data: { _status: 'draft', title: 'my-title', description: 'some-description' },
      draft: true,
    })
    const one = await cms.update({
      collection: A,
      id,
      data: { title: 'new-title' },
      draft: true,
      autosave: true,
    })
    const before = await count(A, id)
    const two = await cms.update({
      collection: A,
      id,
      data: { title: 'new-title-2' },
      draft: true,
      autosave: true,
    })
    t.is(await count(A, id), before)
    t.like(one, { id, title: 'new-title' })
    t.like(two, { id, title: 'new-title-2' })
  },
)

test.serial('Draft Count: each draft save adds a version', async (t) => {
  const { cms } = ctx
  const doc = await cms.create({
    collection: D,
    data: { _status: 'draft', title: 'A', description: 'A' },
    draft: true,
  })
  for (const x of ['B', 'C'])
    await cms.update({
      collection: D,
      id: doc.id,
      data: { _status: 'draft', title: x, description: x },
      draft: true,
    })
  t.is((await cms.findByID({ collection: D, id: doc.id, draft: true })).title, 'C')
  const versions = await cms.findVersions({ collection: D, where: { parent: { equals: doc.id } } })
  t.is(versions.docs.length, 3)
})

test.serial(
  'Race conditions: parallel draft writes leave exactly one latest version',
  async (t) => {
    const { cms } = ctx
    const doc = await cms.create({ collection: D, data: { title: 'A', description: 'A' } })
    await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        wait(i * 2).then(() =>
          cms.update({ collection: D, id: doc.id, data: {}, draft: true }).catch(() => undefined),
        ),
      ),
    )
    const latest = await cms.findVersions({
      collection: D,
      where: { and: [{ parent: { equals: doc.id } }, { latest: { equals: true } }] },
    })
    t.is(latest.totalDocs, 1)
  },
)
