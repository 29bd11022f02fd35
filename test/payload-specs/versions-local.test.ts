import test from 'ava'
import { useCms } from '../helpers/db.ts'
import { versionsConfig } from './versions.config.ts'
import type { Where } from '../../server/config/types.ts'

/**
 * Payload's test/versions/int.spec.ts, "Collections - Local" (create, query operations, restore, update, update
 * many, delete, draft types, max versions) and "Querying", through the Local API.
 */

type Doc = Record<string, any>
const ctx = useCms(test, versionsConfig)
const C = 'draft-posts' as const
const versionsOf = async (id: unknown, sort = '-updatedAt') =>
  (
    await ctx.cms.findVersions({
      collection: C,
      depth: 0,
      sort,
      limit: 0,
      where: { parent: { equals: id } },
    })
  ).docs as Doc[]

test.serial('Create: a draft may leave required fields out; a published one may not', async (t) => {
  const { cms } = ctx
  const draft = await cms.create({ collection: C, data: { description: 'no title' }, draft: true })
  t.is(draft._status, 'draft')
  t.is(draft.title ?? null, null)
  const e = await t.throwsAsync(
    cms.create({ collection: C, data: { description: 'x', _status: 'published' } }),
  )
  t.is(e?.name, 'ValidationError')
  t.is(e?.message, 'The following field is invalid: title')
})

test.serial('Create: a new version is created and updated; one is retrieved by id', async (t) => {
  const { cms } = ctx
  const doc = await cms.create({ collection: C, data: { title: 'v1', _status: 'published' } })
  await cms.update({ collection: C, id: doc.id, data: { title: 'v2' } })
  const versions = await versionsOf(doc.id)
  t.deepEqual(
    versions.map((v) => v.version.title),
    ['v2', 'v1'],
  )
  t.true(versions[0].latest)
  t.false(versions[1].latest)
  const one = (await cms.findVersionByID({ collection: C, id: versions[1].id, depth: 0 })) as Doc
  t.is(one.version.title, 'v1')
  t.is(one.parent, doc.id)
  // Each version has its own createdAt; the document's createdAt is carried in version.createdAt.
  t.not(versions[0].createdAt, versions[1].createdAt)
  t.is(versions[0].version.createdAt, versions[1].version.createdAt)
})

test.serial('Query operations: paginate versions, sort them, limit 0 returns all', async (t) => {
  const { cms } = ctx
  const doc = await cms.create({ collection: C, data: { title: 'page-0', _status: 'published' } })
  for (let i = 1; i < 12; i++)
    await cms.update({ collection: C, id: doc.id, data: { title: `page-${i}` } })
  const where = { parent: { equals: doc.id } }
  const page1 = await cms.findVersions({ collection: C, where, limit: 5, sort: '-createdAt' })
  t.like(page1, { totalDocs: 12, totalPages: 3, page: 1, hasNextPage: true, nextPage: 2 })
  const page3 = await cms.findVersions({
    collection: C,
    where,
    limit: 5,
    page: 3,
    sort: '-createdAt',
  })
  t.is(page3.docs.length, 2)
  t.false(page3.hasNextPage)
  const asc = await cms.findVersions({ collection: C, where, sort: 'version.title', limit: 3 })
  t.deepEqual(
    asc.docs.map((v: Doc) => v.version.title),
    ['page-0', 'page-1', 'page-10'],
  )
  const all = await cms.findVersions({ collection: C, where, limit: 0 })
  t.is(all.docs.length, 12)
  const other = await cms.create({ collection: C, data: { title: 'page-zz' }, draft: true })
  const drafts = await cms.find({
    collection: C,
    draft: true,
    sort: '-title',
    where: { title: { like: 'page-' } },
  })
  // Query drafts with sort: one answer per document, its newest version.
  t.deepEqual(
    drafts.docs.map((d) => [d.id, d.title]),
    [
      [other.id, 'page-zz'],
      [doc.id, 'page-11'],
    ],
  )
})

test.serial('Restore: versions come newest first; a version is restored', async (t) => {
  const { cms } = ctx
  const doc = await cms.create({
    collection: C,
    data: { title: 'original', description: 'd1' },
    draft: true,
  })
  await cms.update({
    collection: C,
    id: doc.id,
    data: { title: 'changed', description: 'd2' },
    draft: true,
  })
  const [newest, oldest] = await versionsOf(doc.id)
  t.is(newest.version.title, 'changed')
  const restored = await cms.restoreVersion({ collection: C, id: oldest.id })
  t.is(restored.title, 'original')
  t.is(restored.description, 'd1')
  t.is((await cms.findByID({ collection: C, id: doc.id, draft: true })).title, 'original')
})

test.serial(
  'Update: a draft is patched; publishing with draft: true still validates',
  async (t) => {
    const { cms } = ctx
    const doc = await cms.create({
      collection: C,
      data: { title: 'published title', _status: 'published' },
    })
    await cms.update({ collection: C, id: doc.id, data: { title: 'draft title' }, draft: true })
    t.is((await cms.findByID({ collection: C, id: doc.id })).title, 'published title')
    t.is((await cms.findByID({ collection: C, id: doc.id, draft: true })).title, 'draft title')
    const e = await t.throwsAsync(
      cms.update({
        collection: C,
        id: doc.id,
        data: { title: '', _status: 'published' },
        draft: true,
      }),
    )
    t.is(e?.name, 'ValidationError')
  },
)

test.serial('Update Many and Delete: drafts', async (t) => {
  const { cms } = ctx
  const a = await cms.create({
    collection: C,
    data: { title: 'many', description: 'x' },
    draft: true,
  })
  const updated = await cms.update({
    collection: C,
    where: { id: { equals: a.id } },
    data: { description: 'y' },
    draft: true,
  })
  t.is(updated.docs[0].description, 'y')
  t.is((await cms.findByID({ collection: C, id: a.id, draft: true })).description, 'y')
  await cms.delete({ collection: C, id: a.id })
  t.is(
    (await cms.find({ collection: C, draft: true, where: { id: { equals: a.id } } })).totalDocs,
    0,
  )
  t.is((await versionsOf(a.id)).length, 0, 'its versions go with it')
})

test.serial('Draft Types: required fields bind unless the save is a draft', async (t) => {
  const { cms } = ctx
  t.is((await cms.create({ collection: C, data: {}, draft: true }))._status, 'draft')
  for (const args of [{ draft: false }, {}]) {
    const e = await t.throwsAsync(
      cms.create({ collection: C, data: { _status: 'published' }, ...args }),
    )
    t.is(e?.name, 'ValidationError')
  }
})

test.serial('Max Versions: maxPerDoc keeps the newest versions of each document', async (t) => {
  const { cms } = ctx
  const V = 'version-posts' as const
  const one = await cms.create({ collection: V, data: { title: 'A' } })
  await cms.update({ collection: V, id: one.id, data: { title: 'B' } })
  await cms.update({ collection: V, id: one.id, data: { title: 'C' } })
  const two = await cms.create({ collection: V, data: { title: 'D' } })
  await cms.update({ collection: V, id: two.id, data: { title: 'E' } })
  await cms.update({ collection: V, id: two.id, data: { title: 'F' } })
  const titles = async (id: unknown) =>
    (
      await cms.findVersions({
        collection: V,
        sort: '-createdAt',
        where: { parent: { equals: id } },
      })
    ).docs.map((v: Doc) => v.version.title)
  t.deepEqual(await titles(one.id), ['C', 'B'])
  t.deepEqual(await titles(two.id), ['F', 'E'])
})

test.serial('Querying: draft=true reads the newest draft only; by id and more', async (t) => {
  const { cms } = ctx
  const doc = await cms.create({
    collection: C,
    data: { title: 'queried v1', _status: 'published' },
  })
  await cms.update({ collection: C, id: doc.id, data: { title: 'queried v2' }, draft: true })
  await cms.update({ collection: C, id: doc.id, data: { title: 'queried v3' }, draft: true })
  const find = (where: Where) => cms.find({ collection: C, draft: true, where })
  t.is((await cms.find({ collection: C, where: { title: { equals: 'queried v1' } } })).totalDocs, 1)
  t.is((await find({ title: { equals: 'queried v2' } })).totalDocs, 0)
  t.is((await find({ title: { equals: 'queried v3' } })).docs[0].title, 'queried v3')
  t.is((await find({ id: { equals: doc.id } })).docs[0].title, 'queried v3')
  t.is(
    (await find({ and: [{ id: { equals: doc.id } }, { title: { equals: 'queried v3' } }] }))
      .totalDocs,
    1,
  )
  t.is(
    (await find({ and: [{ id: { equals: doc.id } }, { title: { equals: 'queried v1' } }] }))
      .totalDocs,
    0,
  )
})

test.serial('Querying: more than 10 totalDocs; blockType contains with draft=true', async (t) => {
  const { cms } = ctx
  for (let i = 0; i < 12; i++)
    await cms.create({ collection: C, data: { title: `bulk ${i}` }, draft: true })
  t.true(
    (await cms.find({ collection: C, draft: true, where: { title: { like: 'bulk' } } }))
      .totalDocs === 12,
  )
  const withBlock = await cms.create({
    collection: C,
    data: { title: 'blocky', blocksField: [{ blockType: 'block', text: 'Block' }] },
    draft: true,
  })
  const found = await cms.find({
    collection: C,
    draft: true,
    where: { 'blocksField.blockType': { contains: 'block' } },
  })
  t.deepEqual(
    found.docs.map((d) => d.id),
    [withBlock.id],
  )
})

test.serial(
  'Globals - Local: versions, retrieval by id, limit 0, restore, patch and publish a draft',
  async (t) => {
    const { cms } = ctx
    const G = 'draft-global' as const
    await cms.updateGlobal({ slug: G, data: { title: 'g1', _status: 'published' } })
    await cms.updateGlobal({ slug: G, data: { title: 'g2' }, draft: true })
    t.is((await cms.findGlobal({ slug: G })).title, 'g1')
    t.is((await cms.findGlobal({ slug: G, draft: true })).title, 'g2')
    const versions = await cms.findGlobalVersions({ slug: G, sort: '-createdAt', limit: 0 })
    t.deepEqual(
      versions.docs.map((v: Doc) => v.version.title),
      ['g2', 'g1'],
    )
    const v1 = (await cms.findGlobalVersionByID({ slug: G, id: versions.docs[1].id })) as Doc
    t.is(v1.version.title, 'g1')
    await cms.updateGlobal({ slug: G, data: { title: 'g3', _status: 'published' } })
    t.is((await cms.findGlobal({ slug: G })).title, 'g3')
    const restored = await cms.restoreGlobalVersion({ slug: G, id: v1.id })
    t.is(restored.title, 'g1')
    // max: 3 keeps the three newest versions.
    t.is((await cms.findGlobalVersions({ slug: G, limit: 0 })).totalDocs, 3)
  },
)
