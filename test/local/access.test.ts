import test from 'ava'
import type { Cms } from '../../server/local/cms.ts'
import { blogConfig } from '../fixtures/blog.ts'
import { rejectsWith, useCms } from '../helpers/db.ts'

async function seed(cms: Cms) {
  const admin = await cms.create({
    collection: 'authors',
    data: { name: 'Admin', roles: ['admin'], salary: 100 },
  })
  const ann = await cms.create({
    collection: 'authors',
    data: { name: 'Ann', roles: ['member'], salary: 50 },
  })
  const bob = await cms.create({
    collection: 'authors',
    data: { name: 'Bob', roles: ['member'], salary: 40 },
  })
  for (let i = 0; i < 6; i++) {
    await cms.create({
      collection: 'articles',
      data: {
        title: `P${i}`,
        _status: i < 4 ? 'published' : 'draft',
        author: i % 2 ? ann.id : bob.id,
      },
      depth: 0,
    })
  }
  const user = (doc: Record<string, unknown>) =>
    ({ ...doc, collection: 'authors' }) as Record<string, unknown> & {
      id: number
      collection: string
    }
  return { admin: user(admin), ann: user(ann), bob: user(bob) }
}
const state = useCms(test, blogConfig, seed)

test('rule 2: the Local layer skips access by default (administrator privilege)', async (t) => {
  const r = await state.cms.find({ collection: 'articles', limit: 100 })
  t.is(r.totalDocs, 6)
  const created = await state.cms.create({ collection: 'authors', data: { name: 'Trusted job' } })
  t.truthy(created.id)
})

test('rule 3: passing user alone changes nothing', async (t) => {
  const r = await state.cms.find({ collection: 'articles', user: null })
  t.is(r.totalDocs, 6)
  const salaries = await state.cms.find({
    collection: 'authors',
    user: state.data.ann,
    where: { name: { equals: 'Admin' } },
  })
  t.is(salaries.docs[0].salary, 100)
})

test('rule 4: overrideAccess false with a user scopes to that user', async (t) => {
  const { ann, admin } = state.data
  // Field read access: only admins see salaries.
  const asAnn = await state.cms.find({
    collection: 'authors',
    user: ann,
    overrideAccess: false,
    where: { name: { equals: 'Admin' } },
  })
  t.false('salary' in asAnn.docs[0])
  const asAdmin = await state.cms.find({
    collection: 'authors',
    user: admin,
    overrideAccess: false,
    where: { name: { equals: 'Admin' } },
  })
  t.is(asAdmin.docs[0].salary, 100)
  // Collection create access: members may not create authors.
  await rejectsWith(
    t,
    state.cms.create({
      collection: 'authors',
      data: { name: 'X' },
      user: ann,
      overrideAccess: false,
    }),
    'Forbidden',
    403,
  )
  // Update access is a Where: Ann may update herself, and her salary change is dropped by field access.
  const self = await state.cms.update({
    collection: 'authors',
    id: ann.id,
    data: { name: 'Ann B', salary: 999 },
    user: ann,
    overrideAccess: false,
  })
  t.is(self.name, 'Ann B')
  t.is((await state.cms.findByID({ collection: 'authors', id: ann.id })).salary, 50)
  // Another author exists, so updating him is 403, not 404; nothing changes.
  await rejectsWith(
    t,
    state.cms.update({
      collection: 'authors',
      id: state.data.bob.id,
      data: { name: 'Hacked' },
      user: ann,
      overrideAccess: false,
    }),
    'Forbidden',
    403,
  )
  t.is((await state.cms.findByID({ collection: 'authors', id: state.data.bob.id })).name, 'Bob')
})

test('rule 5: overrideAccess false without a user sees what a visitor sees, inside the SQL query', async (t) => {
  const page = await state.cms.find({
    collection: 'articles',
    overrideAccess: false,
    limit: 3,
    sort: 'title',
  })
  t.deepEqual(
    page.docs.map((d) => d.title),
    ['P0', 'P1', 'P2'],
  )
  // totals and pagination count only what the visitor may see, so the Where ran in the query
  t.like(page, { totalDocs: 4, totalPages: 2, hasNextPage: true })
  t.deepEqual(await state.cms.count({ collection: 'articles', overrideAccess: false }), {
    totalDocs: 4,
  })
  const draft = (
    await state.cms.find({
      collection: 'articles',
      where: { _status: { equals: 'draft' } },
      limit: 1,
    })
  ).docs[0]
  await rejectsWith(
    t,
    state.cms.findByID({ collection: 'articles', id: draft.id, overrideAccess: false }),
    'NotFound',
    404,
  )
  await rejectsWith(
    t,
    state.cms.create({ collection: 'articles', data: { title: 'Anon' }, overrideAccess: false }),
    'UnauthorizedError',
    401,
  )
  await rejectsWith(
    t,
    state.cms.delete({ collection: 'articles', id: draft.id, overrideAccess: false }),
    'UnauthorizedError',
    401,
  )
  t.truthy(await state.cms.findByID({ collection: 'articles', id: draft.id }))
})

test('a bulk update by a member touches only what its Where allows', async (t) => {
  const { ann } = state.data
  const r = await state.cms.update({
    collection: 'articles',
    where: { title: { in: ['P0', 'P1', 'P2', 'P3'] } },
    data: { body: 'edited by ann' },
    user: ann,
    overrideAccess: false,
  })
  t.deepEqual(r.docs.map((d) => d.title).sort(), ['P1', 'P3'])
  t.is(
    (
      await state.cms.count({
        collection: 'articles',
        where: { body: { equals: 'edited by ann' } },
      })
    ).totalDocs,
    2,
  )
})

test('collections without access functions need a logged-in user', async (t) => {
  await rejectsWith(
    t,
    state.cms.find({ collection: 'audit', overrideAccess: false }),
    'UnauthorizedError',
    401,
  )
  const r = await state.cms.find({
    collection: 'audit',
    overrideAccess: false,
    user: state.data.bob,
  })
  t.is(r.totalDocs, 0)
})
