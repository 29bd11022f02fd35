import test from 'ava'
import { useServer } from '../helpers/http.ts'
import { collectionsRestConfig } from './collections-rest.config.ts'
import { clear, createPost, ids, query } from './helpers.ts'

/** Payload's test/collections-rest/int.spec.ts, describe "Querying" (relationships, edge cases, operators). */

const s = useServer(test, collectionsRestConfig)
test.beforeEach(async () => {
  await clear(s, 'posts')
  await clear(s, 'relation')
})

const find = async (where: unknown, extra: Record<string, unknown> = {}) => {
  const r = await s.request('GET', '/api/posts', { query: query({ where, ...extra }) })
  if (r.status !== 200) throw new Error(`${r.status} ${r.text}`)
  return r.body as { docs: Record<string, any>[]; totalDocs: number }
}
const relation = async (name?: string) =>
  (await s.request('POST', '/api/relation', { body: name ? { name } : {} })).body.doc

test.serial('Relationships: query by property value, count, id; LIKE by id', async (t) => {
  const rel = await relation('name')
  const post = await createPost(s, { relationField: rel.id })
  await createPost(s)
  const found = await find({ relationField: { equals: rel.id } })
  t.deepEqual(ids(found.docs), [post.id])
  t.is(found.totalDocs, 1)
  const count = await s.request('GET', '/api/posts/count', {
    query: query({ where: { relationField: { equals: rel.id } } }),
  })
  t.deepEqual(count.body, { totalDocs: 1 })

  const buddy = await s.cms.create({ collection: 'posts', data: { title: 'find me buddy' } })
  const like = await find({ id: { like: buddy.id } })
  t.deepEqual(ids(like.docs), [buddy.id])
  // The same on the Local API, and a term that is no id matches nothing instead of failing.
  t.is(
    (await s.cms.find({ collection: 'posts', where: { id: { like: String(buddy.id) } } }))
      .totalDocs,
    1,
  )
  t.is((await find({ id: { like: 'words partial' } })).totalDocs, 0)
  t.is((await find({ id: { not_like: buddy.id } })).totalDocs, 2)
})

test.serial('Relationships: nested hasMany, polymorphic by value, not_equals', async (t) => {
  const [a, b] = [await relation('name'), await relation('name2')]
  const many = await createPost(s, { relationHasManyField: [a.id, b.id] })
  const poly = await createPost(s, {
    relationMultiRelationTo: { relationTo: 'relation', value: a.id },
  })
  const polyMany = await createPost(s, {
    relationMultiRelationToHasMany: [
      { relationTo: 'relation', value: a.id },
      { relationTo: 'relation', value: b.id },
    ],
  })
  await createPost(s)
  t.deepEqual(ids((await find({ 'relationHasManyField.name': { equals: 'name' } })).docs), [
    many.id,
  ])
  t.deepEqual(ids((await find({ 'relationHasManyField.name': { equals: 'name2' } })).docs), [
    many.id,
  ])
  t.deepEqual(ids((await find({ 'relationMultiRelationTo.value': { equals: a.id } })).docs), [
    poly.id,
  ])
  t.deepEqual(
    ids((await find({ 'relationMultiRelationToHasMany.value': { equals: b.id } })).docs),
    [polyMany.id],
  )
  const not = await find({ and: [{ 'relationMultiRelationTo.value': { not_equals: a.id } }] })
  t.false(ids(not.docs).includes(poly.id))
  t.is(not.totalDocs, 3)
})

test.serial(
  'Edge cases: a localized field without localization is queried as a plain one',
  async (t) => {
    await createPost(s, { fakeLocalization: 'test' })
    await createPost(s)
    t.is((await find({ fakeLocalization: { equals: 'test' } })).docs.length, 1)
  },
)

test.serial('Edge cases: departure: sorting on a field that does not exist is a 400', async (t) => {
  // docs/decisions.md: DESIGN.md §5 validates query parameters (Payload ignores an unknown sort key).
  const r = await s.request('GET', '/api/posts', {
    query: 'sort=fake',
    invalid: 'an unknown sort key',
  })
  t.is(r.status, 400)
  t.regex(r.body.errors[0].message, /fake/)
})

test.serial('Operators: equals, not_equals, in, not_in', async (t) => {
  const a = await createPost(s, { title: 'valueToQuery' })
  const b = await createPost(s)
  const c = await createPost(s, { title: undefined, description: 'no title' })
  t.deepEqual(ids((await find({ title: { equals: 'valueToQuery' } })).docs), [a.id])
  // not_equals matches documents without a value too; newest first.
  t.deepEqual(ids((await find({ title: { not_equals: 'valueToQuery' } })).docs), [c.id, b.id])
  t.deepEqual(ids((await find({ title: { in: ['valueToQuery'] } })).docs), [a.id])
  t.deepEqual(ids((await find({ title: { not_in: ['valueToQuery'] } })).docs), [c.id, b.id])
})

test.serial('Operators: in and not_in on relationships, empty lists allowed', async (t) => {
  const rel = await s.cms.create({ collection: 'relation', data: {} })
  const linked = await createPost(s, { relationField: rel.id, title: 'me' })
  const other = await createPost(s, { title: 'not-me' })
  t.deepEqual(ids((await find({ relationField: { in: [rel.id] } })).docs), [linked.id])
  t.deepEqual(ids((await find({ relationField: { not_in: [rel.id] } })).docs), [other.id])
  // Empty lists in the JSON form (qs leaves an empty array out of the bracket form).
  const json = (w: unknown) =>
    s.request('GET', '/api/posts', { query: `where=${encodeURIComponent(JSON.stringify(w))}` })
  const none = await json({ relationField: { in: [] } })
  t.is(none.status, 200)
  t.is(none.body.totalDocs, 0)
  const all = await json({ relationField: { not_in: [] } })
  t.is(all.status, 200)
  t.is(all.body.totalDocs, 2)
})

test.serial('Operators: like, special characters, cyrillic, partial words', async (t) => {
  const prefix = await createPost(s, { title: 'prefix-value' })
  t.deepEqual(ids((await find({ title: { like: 'prefix' } })).docs), [prefix.id])
  await clear(s, 'posts')
  const special = '~!@#$%^&*()_+-+[]{}|;:"<>,.?/})'
  const post = await createPost(s, { title: special })
  await createPost(s, { title: 'plain words only' })
  for (const character of special.split('')) {
    t.deepEqual(ids((await find({ title: { like: character } })).docs), [post.id], character)
  }
  const cyr = await createPost(s, { title: 'Тест' })
  t.deepEqual(ids((await find({ title: { like: 'Тест' } })).docs), [cyr.id])
  const words = await createPost(s, { title: 'привет, это тест полезной нагрузки' })
  t.deepEqual(ids((await find({ title: { like: 'привет нагрузки' } })).docs), [words.id])
  const partial = await createPost(s, { title: 'separate words should partially match' })
  t.deepEqual(ids((await find({ title: { like: 'words partial' } })).docs), [partial.id])
})

test.serial(
  'Operators: like and contains fold case beyond ASCII (Local, REST, GraphQL)',
  async (t) => {
    const upper = await createPost(s, { title: 'ÄÖÜ Straße' })
    const lower = await createPost(s, { title: 'äöü weg' })
    await createPost(s, { title: 'aou' })
    const both = [lower.id, upper.id]
    t.deepEqual(ids((await find({ title: { like: 'äöü' } })).docs), both)
    t.deepEqual(ids((await find({ title: { contains: 'ÄÖÜ' } })).docs), both)
    t.deepEqual(ids((await find({ title: { like: 'тест' } })).docs), [])
    const local = await s.cms.find({
      collection: 'posts',
      where: { title: { like: 'STRASSE straße' } },
    })
    t.is(local.totalDocs, 0, 'ß has no single upper case: no match, no error')
    const notLike = await s.cms.find({ collection: 'posts', where: { title: { not_like: 'Äöü' } } })
    t.is(notLike.totalDocs, 1)
    const gql = await s.request('POST', '/api/graphql', {
      body: { query: '{ Posts(where: { title: { like: "äÖü" } }) { totalDocs } }' },
    })
    t.is(gql.body.data.Posts.totalDocs, 2)
  },
)

test.serial('Operators: exists true and false', async (t) => {
  const withDesc = await createPost(s, { description: 'exists' })
  const without = await createPost(s, { description: undefined })
  t.deepEqual(ids((await find({ description: { exists: true } })).docs), [withDesc.id])
  t.deepEqual(ids((await find({ description: { exists: false } })).docs), [without.id])
})

test.serial('Operators: numbers: greater_than(_equal), less_than(_equal)', async (t) => {
  const one = await createPost(s, { number: 1 })
  const two = await createPost(s, { number: 2 })
  t.deepEqual(ids((await find({ number: { greater_than: 1 } })).docs), [two.id])
  t.deepEqual(
    ids((await find({ number: { greater_than_equal: 1 } })).docs).sort(),
    [one.id, two.id].sort(),
  )
  t.deepEqual(ids((await find({ number: { less_than: 2 } })).docs), [one.id])
  t.deepEqual(
    ids((await find({ number: { less_than_equal: 2 } })).docs).sort(),
    [one.id, two.id].sort(),
  )
})

test.serial('Operators: or, or with one result, and', async (t) => {
  const a = await createPost(s, { title: 'post1', description: 'description' })
  const b = await createPost(s, { title: 'post2', description: 'description' })
  await createPost(s)
  const or = await find({ or: [{ title: { equals: 'post1' } }, { title: { equals: 'post2' } }] })
  t.deepEqual(ids(or.docs).sort(), [a.id, b.id].sort())
  const one = await find({
    or: [{ title: { equals: 'post1' } }, { title: { equals: 'non-existent' } }],
  })
  t.deepEqual(ids(one.docs), [a.id])
  const and = await find({
    and: [{ title: { equals: 'post1' } }, { description: { equals: 'description' } }],
  })
  t.deepEqual(ids(and.docs), [a.id])
})

test.serial(
  'Operators: can query deeply nested fields within rows, tabs, collapsibles',
  async (t) => {
    const nested = await createPost(s, { D1: { D2: { D3: { D4: 'nested message' } } } })
    await createPost(s)
    const r = await find({ 'D1.D2.D3.D4': { equals: 'nested message' } })
    t.is(r.totalDocs, 1)
    t.deepEqual(r.docs, [nested])
  },
)

test.serial(
  'Sort: an array of keys, or a comma-separated list (Local, REST, GraphQL)',
  async (t) => {
    const a1 = await createPost(s, { title: 'a' })
    const b1 = await createPost(s, { title: 'b' })
    const a2 = await createPost(s, { title: 'a' })
    const b2 = await createPost(s, { title: 'b' })
    const expected = [b1.id, b2.id, a1.id, a2.id]
    const local = await s.cms.find({ collection: 'posts', sort: ['-title', 'id'] })
    t.deepEqual(ids(local.docs), expected)
    t.deepEqual(ids((await find(undefined, { sort: '-title,id' })).docs), expected)
    const array = await s.request('GET', '/api/posts', {
      query: query({ sort: ['-title', 'id'] }),
      invalid: "Payload's array form sort[0]=-title&sort[1]=id, read as the contract's comma form",
    })
    t.is(array.status, 200)
    t.deepEqual(ids(array.body.docs), expected)
    const gql = await s.request('POST', '/api/graphql', {
      body: { query: '{ Posts(sort: "-title,id") { docs { id } } }' },
    })
    t.deepEqual(ids(gql.body.data.Posts.docs), expected)
  },
)
