/**
 * Payload's `test/access-control` spec, the server's part: field read access (also by sibling data in array rows,
 * also inside where and sort, also through a relationship), field write access keeping the stored value, hidden
 * fields kept by partial updates, overrideAccess on Local reads and writes, a read Where on a hidden field (find,
 * count, versions), and an async group access its children inherit in the document's permissions. Local API and
 * REST. Ledger: docs/payload-specs/access-control.md.
 */
import test from 'ava'
import { useServer } from '../helpers/http.ts'
import { accessSpecConfig, seenByHook } from './access-control-config.ts'

type Doc = Record<string, any>
const password = 'access-password-1'
const s = useServer(test, accessSpecConfig, async (cms) => {
  const admin = await cms.create({
    collection: 'users',
    data: { email: 'admin@example.com', password, roles: ['admin'] },
  })
  const member = await cms.create({
    collection: 'users',
    data: { email: 'member@example.com', password, roles: ['user'] },
  })
  return { admin: { ...admin, collection: 'users' }, member: { ...member, collection: 'users' } }
})
const create = (data: Doc) =>
  s.cms.create({ collection: 'restricted', data: { cannotMutate: 'original', ...data } })
const QUERY = /The following path cannot be queried/

test('a field without read access is left out for callers, kept with overrideAccess (default on Local)', async (t) => {
  const { id } = await create({ restrictedField: 'restricted' })
  const anonymous: Doc = await s.cms.findByID({
    collection: 'restricted',
    id,
    overrideAccess: false,
  })
  t.false('restrictedField' in anonymous)
  const asAdmin: Doc = await s.cms.findByID({
    collection: 'restricted',
    id,
    overrideAccess: false,
    user: s.data.admin,
  })
  t.is(asAdmin.restrictedField, 'restricted')
  t.is((await s.cms.findByID({ collection: 'restricted', id })).restrictedField, 'restricted')
  t.is(
    (await s.cms.findByID({ collection: 'restricted', id, overrideAccess: true })).restrictedField,
    'restricted',
  )
  const rest = await s.request<Doc>('GET', `/api/restricted/${id}`)
  t.false('restrictedField' in rest.body)
})

test('an unreadable field cannot be queried (in and/or of any case) or sorted by, also through a relationship', async (t) => {
  const post = await create({ restrictedField: 'restricted' })
  await s.cms.create({ collection: 'relation-restricted', data: { name: 'r', post: post.id } })
  const caller = { overrideAccess: false } as const
  for (const op of ['AND', 'OR', 'and', 'or']) {
    const e = await t.throwsAsync(
      s.cms.find({
        collection: 'restricted',
        ...caller,
        where: {
          [op]: [{ id: { equals: post.id } }, { restrictedField: { equals: 'restricted' } }],
        },
      }),
    )
    t.regex(e?.message ?? '', /restrictedField/, op)
  }
  for (const [collection, args] of [
    ['relation-restricted', { where: { 'post.restrictedField': { equals: 'restricted' } } }],
    ['restricted', { sort: 'restrictedField' }],
    ['relation-restricted', { sort: 'post.restrictedField' }],
    ['relation-restricted', { sort: '-post.restrictedField' }],
  ] as const) {
    const e = await t.throwsAsync(s.cms.find({ collection, ...caller, ...args }))
    t.regex(e?.message ?? '', QUERY, JSON.stringify(args))
  }
  // An admin may: the sort through the relationship then orders by the restricted value.
  const ok = await s.cms.find({
    collection: 'relation-restricted',
    overrideAccess: false,
    user: s.data.admin,
    sort: 'post.restrictedField',
  })
  t.true(ok.docs.length >= 1)
  const rest = await s.request<Doc>('GET', '/api/restricted', {
    query: 'where[restrictedField][equals]=restricted',
  })
  t.is(rest.status, 400)
  t.regex(JSON.stringify(rest.body), /restrictedField/)
})

test('array rows: a field read access decided by its sibling data', async (t) => {
  const { id } = await create({
    rows: [
      { allowPublicReadability: true, text: 'first' },
      { allowPublicReadability: false, text: 'second' },
    ],
  })
  const anonymous: Doc = await s.cms.findByID({
    collection: 'restricted',
    id,
    overrideAccess: false,
  })
  t.is(anonymous.rows[0].text, 'first')
  t.false('text' in anonymous.rows[1])
  const full: Doc = await s.cms.findByID({ collection: 'restricted', id })
  t.is(full.rows[1].text, 'second')
})

test('a field without update access keeps its stored value, also when required and missing from the data', async (t) => {
  const { id } = await s.cms.create({
    collection: 'restricted',
    data: { cannotMutate: 'original', cannotCreate: 'dropped', name: 'n' },
    overrideAccess: false,
  })
  let doc: Doc = await s.cms.findByID({ collection: 'restricted', id })
  t.is(doc.cannotCreate, null) // create access false: the caller's value was dropped
  doc = await s.cms.update({
    collection: 'restricted',
    id,
    overrideAccess: false,
    data: { cannotMutate: 'new', name: 'renamed' },
  })
  t.is(doc.cannotMutate, 'original')
  t.is(doc.name, 'renamed')
  doc = await s.cms.update({
    collection: 'restricted',
    id,
    overrideAccess: false,
    data: { name: 'again' },
  })
  t.is(doc.cannotMutate, 'original') // required, missing from the data, not a validation error
  const rest = await s.request<Doc>('PATCH', `/api/restricted/${id}`, {
    body: { cannotMutate: 'rest' },
  })
  t.is(rest.status, 200)
  t.is(rest.body.doc.cannotMutate, 'original')
  doc = await s.cms.update({ collection: 'restricted', id, data: { cannotMutate: 'override' } })
  t.is(doc.cannotMutate, 'override')
})

test('hidden fields: kept by updates (one and many), never answered, their default stored', async (t) => {
  const doc = await create({ partiallyHidden: { name: 'public_name', value: 'private_value' } })
  await s.cms.update({ collection: 'restricted', id: doc.id, data: { name: 'Doc Title' } })
  await s.cms.update({
    collection: 'restricted',
    where: { id: { equals: doc.id } },
    data: { name: 'Many' },
  })
  const shown: Doc = await s.cms.findByID({
    collection: 'restricted',
    id: doc.id,
    showHiddenFields: true,
  })
  t.is(shown.partiallyHidden.value, 'private_value')
  t.is(shown.hiddenWithDefault, 'default value')
  const plain: Doc = await s.cms.findByID({
    collection: 'restricted',
    id: doc.id,
    overrideAccess: false,
  })
  t.false('hiddenWithDefault' in plain)
  t.deepEqual(plain.partiallyHidden, { name: 'public_name' })
})

test('overrideAccess on Local: false applies collection access, true and the default skip it', async (t) => {
  const doc = await create({})
  const e = await t.throwsAsync(
    s.cms.delete({ collection: 'restricted', id: doc.id, overrideAccess: false }),
  )
  t.is((e as Error & { status?: number })?.status, 401)
  const member = await t.throwsAsync(
    s.cms.delete({
      collection: 'restricted',
      id: doc.id,
      overrideAccess: false,
      user: s.data.member,
    }),
  )
  t.is((member as Error & { status?: number })?.status, 403)
  const many = await t.throwsAsync(
    s.cms.delete({
      collection: 'restricted',
      where: { id: { equals: doc.id } },
      overrideAccess: false,
      user: s.data.member,
    }),
  )
  t.is((many as Error & { status?: number })?.status, 403)
  t.truthy(await s.cms.delete({ collection: 'restricted', id: doc.id }))
})

test('a read Where on a hidden field narrows find, count and versions', async (t) => {
  const seen = await s.cms.create({ collection: 'hidden-access', data: { title: 'hello' } })
  await s.cms.create({ collection: 'hidden-access', data: { title: 'hello', hidden: true } })
  const caller = { collection: 'hidden-access', overrideAccess: false } as const
  const found = await s.cms.find(caller)
  t.deepEqual(
    found.docs.map((d) => d.id),
    [seen.id],
  )
  t.is((await s.cms.count(caller)).totalDocs, 1)
  const versions = await s.cms.findVersions({ ...caller, depth: 0 })
  t.deepEqual(
    versions.docs.map((v) => v.parent),
    [seen.id],
  )
  t.is((await s.cms.find({ collection: 'hidden-access' })).totalDocs, 2)
  const rest = await s.request<Doc>('GET', '/api/hidden-access/count')
  t.deepEqual(rest.body, { totalDocs: 1 })
})

test('an async group access: its children inherit it in the permissions, and in reads', async (t) => {
  const doc = await s.cms.create({
    collection: 'async-parent',
    data: { title: 'T', parentField: { childField1: 'c', nestedGroup: { deepChild: 'd' } } },
  })
  const asAdmin: Doc = await s.cms.docAccess({
    collection: 'async-parent',
    id: doc.id,
    user: s.data.admin,
    raw: true,
  })
  const asMember: Doc = await s.cms.docAccess({
    collection: 'async-parent',
    id: doc.id,
    user: s.data.member,
    raw: true,
  })
  const group = (p: Doc) => p.fields.parentField
  t.deepEqual(group(asAdmin).read, { permission: true })
  t.deepEqual(group(asAdmin).fields.nestedGroup.fields.deepChild.update, { permission: true })
  t.deepEqual(group(asMember).read, { permission: false })
  t.deepEqual(group(asMember).fields.childField1.read, { permission: false })
  t.deepEqual(group(asMember).fields.nestedGroup.fields.deepChild.update, { permission: false })
  const read: Doc = await s.cms.findByID({
    collection: 'async-parent',
    id: doc.id,
    overrideAccess: false,
    user: s.data.member,
  })
  t.false('parentField' in read)
})

test('an array of operators on an unreadable field is refused like the object form', async (t) => {
  const e = await t.throwsAsync(
    s.cms.find({
      collection: 'restricted',
      overrideAccess: false,
      where: { restrictedField: [{ equals: 'restricted' }] } as unknown as Doc,
    }),
  )
  t.regex(e?.message ?? '', /restrictedField/)
})

test('field update access on update many: kept for callers, written with overrideAccess (default)', async (t) => {
  const doc = await create({ name: 'many' })
  const where = { id: { equals: doc.id } }
  let r = await s.cms.update({
    collection: 'restricted',
    where,
    overrideAccess: false,
    data: { cannotMutate: 'new' },
  })
  t.is(r.docs[0].cannotMutate, 'original')
  r = await s.cms.update({
    collection: 'restricted',
    where,
    overrideAccess: true,
    data: { cannotMutate: 'true' },
  })
  t.is(r.docs[0].cannotMutate, 'true')
  r = await s.cms.update({ collection: 'restricted', where, data: { cannotMutate: 'default' } })
  t.is(r.docs[0].cannotMutate, 'default')
})

test.serial(
  'beforeChange sees the stored value of a field the caller may not update',
  async (t) => {
    const doc = await create({ name: 'hooked' })
    seenByHook.length = 0
    await s.cms.update({
      collection: 'restricted',
      id: doc.id,
      overrideAccess: false,
      data: { cannotMutate: 'updated', name: 'hooked 2' },
    })
    t.deepEqual(seenByHook, ['original'])
  },
)

test('collection update access on update many: false refuses, true and the default write', async (t) => {
  const doc = await s.cms.create({ collection: 'no-update', data: { title: 'a' } })
  const where = { id: { equals: doc.id } }
  const e = await t.throwsAsync(
    s.cms.update({ collection: 'no-update', where, overrideAccess: false, data: { title: 'b' } }),
  )
  t.is((e as Error & { status?: number })?.status, 401)
  let r = await s.cms.update({
    collection: 'no-update',
    where,
    overrideAccess: true,
    data: { title: 'c' },
  })
  t.is(r.docs[0].title, 'c')
  r = await s.cms.update({ collection: 'no-update', where, data: { title: 'd' } })
  t.is(r.docs[0].title, 'd')
})

test('a collection Where on a field its readers may not read still narrows find, drafts and versions', async (t) => {
  const collection = 'fields-and-top-access'
  await s.cms.create({ collection, data: { secret: 'will-fail-access-read' } })
  const hit = await s.cms.create({ collection, data: { secret: 'will-success-access-read' } })
  await s.cms.create({ collection, data: { secret: 'will-fail-access-read' } })
  const found = await s.cms.find({ collection, overrideAccess: false })
  t.deepEqual(
    found.docs.map((d) => d.id),
    [hit.id],
  )
  t.false('secret' in found.docs[0])
  const drafts = await s.cms.find({ collection, overrideAccess: false, draft: true })
  t.deepEqual(
    drafts.docs.map((d) => d.id),
    [hit.id],
  )
  const versions = await s.cms.findVersions({ collection, overrideAccess: false, depth: 0 })
  t.deepEqual(
    versions.docs.map((v) => v.parent),
    [hit.id],
  )
  // The caller's own where or sort on it is still refused.
  const e = await t.throwsAsync(s.cms.find({ collection, overrideAccess: false, sort: 'secret' }))
  t.regex(e?.message ?? '', QUERY)
})
