import test from 'ava'
import { useCms } from '../helpers/db.ts'
import { trashConfig } from './trash.config.ts'

/**
 * Payload's test/trash/int.spec.ts: "Access control", "Differentiated trash/delete permissions", "LOCAL API",
 * "Relationship population" and "Writes referencing a trashed document", through the Local API. Each test
 * starts from Payload's fixture: post one, and post two in the trash.
 */

const ctx = useCms(test, trashConfig, async (cms) => {
  const regular = await cms.create({
    collection: 'users',
    data: { email: 'user@example.com', password: 'secret-pass-1', roles: ['is_user'] },
  })
  const admin = await cms.create({
    collection: 'users',
    data: { email: 'dev@example.com', password: 'secret-pass-1', roles: ['is_admin'] },
  })
  // A user as the Local API takes it (Payload's req.user carries its collection).
  const asUser = (d: Record<string, unknown>) => ({ ...d, id: d.id as number, collection: 'users' })
  return { regular: asUser(regular), admin: asUser(admin) }
})
const state = { one: {} as Record<string, any>, two: {} as Record<string, any> }
const now = () => new Date().toISOString()

test.beforeEach(async () => {
  const { cms } = ctx
  for (const collection of [
    'posts',
    'differentiated-trash-collection',
    'restricted-collection',
  ] as const)
    await cms.delete({ collection, where: {}, trash: true })
  await cms.delete({ collection: 'pages', where: {} })
  await cms.delete({ collection: 'registrations', where: {} })
  state.one = await cms.create({
    collection: 'posts',
    data: { title: 'Doc one', _status: 'published' },
  })
  state.two = await cms.create({
    collection: 'posts',
    data: { title: 'Doc two', deletedAt: now(), _status: 'published' },
  })
})

const forbidden = async (t: any, p: Promise<unknown>) => {
  const e = (await t.throwsAsync(p)) as { name: string; status: number; message: string }
  t.is(e?.name, 'Forbidden')
  t.is(e?.status, 403)
  t.is(e?.message, 'You are not allowed to perform this action.')
}

test.serial('Access control: no bulk or single trashing without delete access', async (t) => {
  const { cms, data } = ctx
  const doc = await cms.create({
    collection: 'restricted-collection',
    data: { title: 'With Access Control one' },
  })
  const as = { overrideAccess: false, user: data.regular }
  await forbidden(
    t,
    cms.update({
      collection: 'restricted-collection',
      where: { title: { equals: doc.title } },
      data: { deletedAt: now() },
      ...as,
    }),
  )
  await forbidden(
    t,
    cms.update({
      collection: 'restricted-collection',
      id: doc.id,
      data: { deletedAt: now() },
      ...as,
    }),
  )
  t.is((await cms.findByID({ collection: 'restricted-collection', id: doc.id })).deletedAt, null)
})

test.serial('Differentiated: a regular user and an admin may trash', async (t) => {
  const { cms, data } = ctx
  for (const user of [data.regular, data.admin]) {
    const doc = await cms.create({
      collection: 'differentiated-trash-collection',
      data: { title: 'trash test' },
    })
    const trashed = await cms.update({
      collection: 'differentiated-trash-collection',
      id: doc.id,
      data: { deletedAt: now() },
      overrideAccess: false,
      user,
    })
    t.is(typeof trashed.deletedAt, 'string')
  }
})

test.serial('Differentiated: only an admin deletes a trashed document for good', async (t) => {
  const { cms, data } = ctx
  const c = 'differentiated-trash-collection' as const
  const doc = await cms.create({
    collection: c,
    data: { title: 'perm delete test', deletedAt: now() },
  })
  await forbidden(
    t,
    cms.delete({
      collection: c,
      id: doc.id,
      trash: true,
      overrideAccess: false,
      user: data.regular,
    }),
  )
  const deleted = await cms.delete({
    collection: c,
    id: doc.id,
    trash: true,
    overrideAccess: false,
    user: data.admin,
  })
  t.is(deleted.id, doc.id)
  const gone = await t.throwsAsync(cms.findByID({ collection: c, id: doc.id, trash: true }))
  t.is(gone?.message, 'Not Found')
})

test.serial(
  'Differentiated: bulk trash by a user; bulk delete for good by an admin only',
  async (t) => {
    const { cms, data } = ctx
    const c = 'differentiated-trash-collection' as const
    await cms.create({ collection: c, data: { title: 'Bulk trash test 1' } })
    await cms.create({ collection: c, data: { title: 'Bulk trash test 2' } })
    const trashed = await cms.update({
      collection: c,
      where: { title: { like: 'Bulk trash test' } },
      data: { deletedAt: now() },
      overrideAccess: false,
      user: data.regular,
    })
    t.is(trashed.docs.length, 2)
    t.true(trashed.docs.every((d) => typeof d.deletedAt === 'string'))
    const where = { title: { like: 'Bulk trash test' } }
    await forbidden(
      t,
      cms.delete({ collection: c, where, trash: true, overrideAccess: false, user: data.regular }),
    )
    t.is((await cms.find({ collection: c, where, trash: true })).docs.length, 2)
    const removed = await cms.delete({
      collection: c,
      where,
      trash: true,
      overrideAccess: false,
      user: data.admin,
    })
    t.is(removed.docs.length, 2)
    t.is((await cms.find({ collection: c, where, trash: true })).docs.length, 0)
  },
)

test.serial('LOCAL find: trash true, trashed only, trash false, restored', async (t) => {
  const { cms } = ctx
  t.is((await cms.find({ collection: 'posts', trash: true })).totalDocs, 2)
  const trashed = await cms.find({
    collection: 'posts',
    trash: true,
    where: { deletedAt: { exists: true } },
  })
  t.deepEqual(
    trashed.docs.map((d) => d.id),
    [state.two.id],
  )
  const normal = await cms.find({ collection: 'posts', trash: false })
  t.deepEqual(
    normal.docs.map((d) => d.id),
    [state.one.id],
  )
  await cms.update({
    collection: 'posts',
    id: state.two.id,
    data: { deletedAt: null },
    trash: true,
  })
  const all = await cms.find({ collection: 'posts', trash: false })
  t.is(all.docs.find((d) => d.id === state.two.id)?.deletedAt, null)
})

test.serial('LOCAL findDistinct: without the trash, with it, only trashed, filtered', async (t) => {
  const { cms } = ctx
  const values = async (args: Record<string, unknown>) =>
    (
      await cms.findDistinct({ collection: 'posts', field: 'title', sort: 'title', ...args })
    ).values.map((v) => v.title)
  t.deepEqual(await values({}), ['Doc one'])
  t.deepEqual(await values({ trash: true }), ['Doc one', 'Doc two'])
  t.deepEqual(await values({ trash: true, where: { deletedAt: { exists: true } } }), ['Doc two'])
  t.deepEqual(await values({ trash: true, where: { title: { equals: 'Doc one' } } }), ['Doc one'])
})

test.serial('LOCAL findByID: a trashed document with trash true, NotFound without', async (t) => {
  const { cms } = ctx
  t.is(
    (await cms.findByID({ collection: 'posts', id: state.two.id, trash: true })).id,
    state.two.id,
  )
  const e = await t.throwsAsync(cms.findByID({ collection: 'posts', id: state.two.id }))
  t.is(e?.name, 'NotFound')
  t.is(e?.message, 'Not Found')
})

test.serial('LOCAL findVersions / findVersionByID with and without trash', async (t) => {
  const { cms } = ctx
  const parents = async (args: Record<string, unknown>) =>
    (await cms.findVersions({ collection: 'posts', depth: 0, ...args })).docs
      .map((v) => v.parent)
      .sort()
  t.deepEqual(await parents({ trash: true }), [state.one.id, state.two.id].sort())
  t.deepEqual(await parents({ trash: true, where: { 'version.deletedAt': { exists: true } } }), [
    state.two.id,
  ])
  t.deepEqual(await parents({ trash: false }), [state.one.id])
  const [version] = (
    await cms.findVersions({
      collection: 'posts',
      trash: true,
      where: { parent: { equals: state.two.id } },
    })
  ).docs
  t.is(
    (await cms.findVersionByID({ collection: 'posts', id: version.id, trash: true, depth: 0 }))
      .parent,
    state.two.id,
  )
  const e = await t.throwsAsync(cms.findVersionByID({ collection: 'posts', id: version.id }))
  t.is(e?.name, 'NotFound')
  await cms.update({
    collection: 'posts',
    id: state.two.id,
    data: { deletedAt: null },
    trash: true,
  })
  const restored = await cms.findVersions({
    collection: 'posts',
    where: {
      and: [{ parent: { equals: state.two.id } }, { 'version.deletedAt': { exists: false } }],
    },
  })
  t.true(restored.docs.length >= 1)
})

test.serial(
  'LOCAL updateByID: trashed with trash true, NotFound without, normal, restore',
  async (t) => {
    const { cms } = ctx
    const updated = await cms.update({
      collection: 'posts',
      id: state.two.id,
      data: { title: 'Updated Soft Deleted' },
      trash: true,
    })
    t.is(updated.title, 'Updated Soft Deleted')
    t.is(typeof updated.deletedAt, 'string')
    const e = await t.throwsAsync(
      cms.update({ collection: 'posts', id: state.two.id, data: { title: 'x' } }),
    )
    t.is(e?.name, 'NotFound')
    const normal = await cms.update({
      collection: 'posts',
      id: state.one.id,
      data: { title: 'Updated Normal' },
      trash: false,
    })
    t.is(normal.title, 'Updated Normal')
    const restored = await cms.update({
      collection: 'posts',
      id: state.two.id,
      data: { deletedAt: null },
      trash: true,
    })
    t.is(restored.deletedAt, null)
  },
)

test.serial('LOCAL update (bulk): normal only, all with trash, trashed only', async (t) => {
  const { cms } = ctx
  const normal = await cms.update({
    collection: 'posts',
    where: { title: { exists: true } },
    data: { title: 'n' },
    trash: false,
  })
  t.deepEqual(
    normal.docs.map((d) => d.id),
    [state.one.id],
  )
  const all = await cms.update({
    collection: 'posts',
    where: { title: { exists: true } },
    data: { title: 'all' },
    trash: true,
  })
  t.is(all.docs.length, 2)
  t.true(all.docs.every((d) => d.title === 'all'))
  const three = await cms.create({
    collection: 'posts',
    data: { title: 'Doc three', deletedAt: now() },
  })
  const trashed = await cms.update({
    collection: 'posts',
    where: { deletedAt: { exists: true } },
    data: { title: 't' },
    trash: true,
  })
  t.deepEqual(trashed.docs.map((d) => d.id).sort(), [state.two.id, three.id].sort())
})

test.serial('LOCAL delete (bulk): all with trash, normal only without', async (t) => {
  const { cms } = ctx
  const normal = await cms.delete({
    collection: 'posts',
    where: { title: { exists: true } },
    trash: false,
  })
  t.deepEqual(
    normal.docs.map((d) => d.id),
    [state.one.id],
  )
  t.is((await cms.count({ collection: 'posts', trash: true })).totalDocs, 1)
  const all = await cms.delete({
    collection: 'posts',
    where: { title: { exists: true } },
    trash: true,
  })
  t.deepEqual(
    all.docs.map((d) => d.id),
    [state.two.id],
  )
  t.is((await cms.count({ collection: 'posts', trash: true })).totalDocs, 0)
})

test.serial('LOCAL deleteByID: NotFound without trash, deleted with it', async (t) => {
  const { cms } = ctx
  const e = await t.throwsAsync(cms.delete({ collection: 'posts', id: state.two.id }))
  t.is(e?.name, 'NotFound')
  t.is((await cms.delete({ collection: 'posts', id: state.two.id, trash: true })).id, state.two.id)
  t.is((await cms.count({ collection: 'posts', trash: true })).totalDocs, 1)
})

test.serial('LOCAL count: by default, with trash, trashed only', async (t) => {
  const { cms } = ctx
  t.is((await cms.count({ collection: 'posts' })).totalDocs, 1)
  t.is((await cms.count({ collection: 'posts', trash: true })).totalDocs, 2)
  t.is(
    (await cms.count({ collection: 'posts', trash: true, where: { deletedAt: { exists: true } } }))
      .totalDocs,
    1,
  )
})
