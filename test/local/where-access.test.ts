import test from 'ava'
import { defineConfig } from '../../server/config/define-config.ts'
import { rejectsWith, useCms } from '../helpers/db.ts'

type User = Record<string, unknown> & { id: number; collection: string }
const isAdmin = (user: Record<string, unknown> | null) => user?.role === 'admin'

const config = defineConfig({
  collections: [
    {
      slug: 'members',
      access: { read: () => true },
      fields: [
        { name: 'name', type: 'text' },
        { name: 'role', type: 'text' },
        { name: 'pin', type: 'number', access: { read: ({ req }) => isAdmin(req.user) } },
        { name: 'salt', type: 'text', hidden: true },
      ],
    },
    {
      slug: 'secrets',
      access: {
        read: ({ req }) =>
          isAdmin(req.user) ? true : req.user ? { owner: { equals: req.user.id } } : false,
      },
      fields: [
        { name: 'code', type: 'text' },
        { name: 'owner', type: 'relationship', relationTo: 'members' },
      ],
    },
    {
      slug: 'notes',
      access: { read: () => true },
      fields: [
        { name: 'text', type: 'text' },
        { name: 'secret', type: 'relationship', relationTo: 'secrets' },
        { name: 'member', type: 'relationship', relationTo: 'members' },
      ],
    },
  ],
})

const state = useCms(test, config, async (cms) => {
  const as = (doc: Record<string, unknown>) => ({ ...doc, collection: 'members' }) as User
  const admin = as(
    await cms.create({ collection: 'members', data: { name: 'Root', role: 'admin', pin: 1111 } }),
  )
  const ann = as(
    await cms.create({ collection: 'members', data: { name: 'Ann', role: 'member', pin: 2222 } }),
  )
  const bob = as(
    await cms.create({ collection: 'members', data: { name: 'Bob', role: 'member', pin: 3333 } }),
  )
  const annSecret = await cms.create({
    collection: 'secrets',
    data: { code: 'ann-code', owner: ann.id },
  })
  const bobSecret = await cms.create({
    collection: 'secrets',
    data: { code: 'bob-code', owner: bob.id },
  })
  await cms.create({
    collection: 'notes',
    data: { text: 'about ann', secret: annSecret.id, member: ann.id },
  })
  await cms.create({
    collection: 'notes',
    data: { text: 'about bob', secret: bobSecret.id, member: bob.id },
  })
  return { admin, ann, bob, bobSecret }
})

test('a path through a relationship matches only related documents the caller may read', async (t) => {
  const { cms, data } = state
  const probe = { 'secret.code': { equals: 'bob-code' } }
  t.is(
    (await cms.find({ collection: 'notes', where: probe, user: data.ann, overrideAccess: false }))
      .totalDocs,
    0,
  )
  t.is(
    (await cms.count({ collection: 'notes', where: probe, user: data.ann, overrideAccess: false }))
      .totalDocs,
    0,
  )
  t.is(
    (await cms.find({ collection: 'notes', where: probe, user: data.bob, overrideAccess: false }))
      .totalDocs,
    1,
  )
  t.is(
    (await cms.find({ collection: 'notes', where: probe, user: data.admin, overrideAccess: false }))
      .totalDocs,
    1,
  )
  t.is(
    (await cms.find({ collection: 'notes', where: probe })).totalDocs,
    1,
    'the Local default (overrideAccess) sees everything',
  )
  // Matching by id needs no read of the related document.
  t.is(
    (
      await cms.find({
        collection: 'notes',
        where: { secret: { equals: data.bobSecret.id } },
        user: data.ann,
        overrideAccess: false,
      })
    ).totalDocs,
    1,
  )
})

test('a relationship whose collection the caller may not read cannot be queried through', async (t) => {
  const { cms } = state
  const error = await rejectsWith(
    t,
    cms.find({
      collection: 'notes',
      where: { 'secret.code': { like: 'code' } },
      overrideAccess: false,
    }),
    'QueryError',
    400,
  )
  t.is(error.message, 'The following path cannot be queried: secret.code')
})

test('a field the caller may not read cannot be filtered on, directly or through a relationship', async (t) => {
  const { cms, data } = state
  await rejectsWith(
    t,
    cms.find({
      collection: 'members',
      where: { pin: { equals: 3333 } },
      user: data.ann,
      overrideAccess: false,
    }),
    'QueryError',
    400,
  )
  await rejectsWith(
    t,
    cms.find({
      collection: 'notes',
      where: { or: [{ text: { exists: true } }, { 'member.pin': { greater_than: 3000 } }] },
      user: data.ann,
      overrideAccess: false,
    }),
    'QueryError',
    400,
  )
  const asAdmin = await cms.find({
    collection: 'notes',
    where: { 'member.pin': { greater_than: 3000 } },
    user: data.admin,
    overrideAccess: false,
  })
  t.deepEqual(
    asAdmin.docs.map((d) => d.text),
    ['about bob'],
  )
})

test('an unknown, a hidden and an unreadable field are refused with one message: the error tells none from another', async (t) => {
  const { cms, data } = state
  const refusal = async (path: string, sort?: string) =>
    await rejectsWith(
      t,
      cms.find({
        collection: 'members',
        ...(sort ? { sort } : { where: { [path]: { equals: 1 } } }),
        overrideAccess: false,
        user: data.ann,
      }),
      'QueryError',
      400,
    )
  // The message and the reason in data: neither may tell the three apart.
  const said = async (path: string, sort?: string) => {
    const e = (await refusal(path, sort)) as unknown as { message: string; data: unknown }
    return JSON.stringify([e.message, e.data]).replaceAll(path.replace(/^-/, ''), '<path>')
  }
  const messages = new Set([
    await said('nosuchfield'),
    await said('salt'),
    await said('pin'),
    await said('nosuchfield', 'nosuchfield'),
    await said('salt', 'salt'),
    await said('pin', 'pin'),
    await said('pin', '-pin'),
  ])
  t.deepEqual(
    [...messages].map((m) => m.replaceAll('-<path>', '<path>')),
    [
      JSON.stringify([
        'The following path cannot be queried: <path>',
        [{ path: '<path>', message: 'no such field, or one you may not read' }],
      ]),
    ],
  )
})
