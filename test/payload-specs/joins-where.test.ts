/**
 * Payload's `test/joins` spec, querying by a join field: `relatedPosts.title` matches a category when one of the
 * posts joined to it matches; `relatedPosts` alone compares the joined posts' ids; `exists` asks whether any is
 * joined; through a hasMany relationship and a group; several conditions at once. Local API and REST (GraphQL's
 * where inputs, as Payload's, have no join fields). Ledger: docs/payload-specs/joins.md.
 */
import test from 'ava'
import { useServer } from '../helpers/http.ts'
import { joinsSpecConfig } from './joins-config.ts'

type Doc = Record<string, any>
const s = useServer(test, joinsSpecConfig, async (cms) => {
  const [news, sport, empty] = await Promise.all(
    ['news', 'sport', 'empty'].map((name) =>
      cms.create({ collection: 'categories', data: { name } }),
    ),
  )
  const post = (data: Doc) => cms.create({ collection: 'posts', data })
  const p1 = await post({ title: 'my-title', category: news.id, categories: [sport.id] })
  const p2 = await post({ title: 'other', category: sport.id, isFiltered: true })
  const p3 = await post({ title: 'in-group', group: { category: sport.id }, isFiltered: true })
  const hidden = await post({ title: 'secret', category: empty.id, isPublic: false })
  await cms.create({
    collection: 'users',
    data: { email: 'u@example.com', password: 'password-1' },
  })
  return { news, sport, empty, p1, p2, p3, hidden }
})

const names = async (where: Doc, overrideAccess = true) =>
  (await s.cms.find({ collection: 'categories', where, sort: 'name', overrideAccess })).docs.map(
    (d) => d.name,
  )

test('Local: a top-level join field by a field of its documents, and by their ids', async (t) => {
  const { p1, p2 } = s.data
  t.deepEqual(await names({ 'relatedPosts.title': { equals: 'my-title' } }), ['news'])
  t.deepEqual(await names({ 'relatedPosts.id': { equals: p1.id } }), ['news'])
  t.deepEqual(await names({ relatedPosts: { equals: p2.id } }), ['sport'])
  t.deepEqual(await names({ relatedPosts: { in: [p1.id, p2.id] } }), ['news', 'sport'])
  t.deepEqual(await names({ 'relatedPosts.title': { like: 'tit' } }), ['news'])
})

test('Local: exists on a join field: any document joined, or none', async (t) => {
  t.deepEqual(await names({ relatedPosts: { exists: true } }), ['empty', 'news', 'sport'])
  t.deepEqual(await names({ hasManyPosts: { exists: true } }), ['sport'])
  t.deepEqual(await names({ hasManyPosts: { exists: false } }), ['empty', 'news'])
  t.deepEqual(await names({ 'group.relatedPosts': { exists: false } }), ['empty', 'news'])
})

test('Local: through a hasMany relationship and a relationship in a group', async (t) => {
  t.deepEqual(await names({ 'hasManyPosts.title': { equals: 'my-title' } }), ['sport'])
  t.deepEqual(await names({ 'group.relatedPosts.title': { equals: 'in-group' } }), ['sport'])
  t.deepEqual(await names({ 'group.relatedPosts.title': { equals: 'my-title' } }), [])
})

test('Local: several conditions on one join field, each on some joined document', async (t) => {
  const where = {
    and: [
      { 'group.relatedPosts.title': { equals: 'in-group' } },
      { 'group.relatedPosts.title': { exists: true } },
      { 'group.relatedPosts.isFiltered': { equals: true } },
    ],
  }
  t.deepEqual(await names(where), ['sport'])
  t.deepEqual(
    await names({
      and: [
        { 'hasManyPosts.title': { equals: 'my-title' } },
        { 'hasManyPosts.isFiltered': { equals: true } },
      ],
    }),
    [],
  )
})

test('Local: a negative operator matches when no joined document matches the positive one', async (t) => {
  // equals and not_equals partition the categories, as on every other field.
  t.deepEqual(await names({ 'relatedPosts.title': { not_equals: 'my-title' } }), ['empty', 'sport'])
  t.deepEqual(await names({ relatedPosts: { not_in: [s.data.p2.id] } }), ['empty', 'news'])
})

test("Local: the join's own where bounds what its path matches", async (t) => {
  // p2 is isFiltered, so the filtered join of sport holds nothing.
  t.deepEqual(await names({ 'filtered.title': { equals: 'other' } }), [])
  t.deepEqual(await names({ 'relatedPosts.title': { equals: 'other' } }), ['sport'])
  t.deepEqual(await names({ filtered: { exists: true } }), ['empty', 'news'])
})

test('Local with access: only joined documents the caller may read can match', async (t) => {
  t.deepEqual(await names({ 'relatedPosts.title': { equals: 'secret' } }), ['empty'])
  t.deepEqual(await names({ 'relatedPosts.title': { equals: 'secret' } }, false), [])
  t.deepEqual(await names({ relatedPosts: { exists: true } }, false), ['news', 'sport'])
})

test('REST: where[relatedPosts.title] and where[hasManyPosts][exists], anonymous and logged in', async (t) => {
  let r = await s.request<Doc>('GET', '/api/categories', {
    query: 'where[relatedPosts.title][equals]=my-title&depth=0',
  })
  t.is(r.status, 200)
  t.deepEqual(
    r.body.docs.map((d: Doc) => d.name),
    ['news'],
  )
  r = await s.request<Doc>('GET', '/api/categories', {
    query: { where: JSON.stringify({ hasManyPosts: { exists: true } }), depth: '0' },
  })
  t.deepEqual(
    r.body.docs.map((d: Doc) => d.name),
    ['sport'],
  )
  // The anonymous caller may not read the secret post: no category matches by it.
  r = await s.request<Doc>('GET', '/api/categories', {
    query: 'where[relatedPosts.title][equals]=secret',
  })
  t.deepEqual(r.body.docs, [])
  const login = await s.request<Doc>('POST', '/api/users/login', {
    body: { email: 'u@example.com', password: 'password-1' },
  })
  r = await s.request<Doc>('GET', '/api/categories', {
    query: 'where[relatedPosts.title][equals]=secret&depth=0',
    headers: { authorization: `JWT ${login.body.token}` },
  })
  t.deepEqual(
    r.body.docs.map((d: Doc) => d.name),
    ['empty'],
  )
  // A path past the joined collection's fields is a 400 naming it.
  r = await s.request<Doc>('GET', '/api/categories', {
    query: 'where[relatedPosts.nope][equals]=1',
  })
  t.is(r.status, 400)
  t.regex(JSON.stringify(r.body), /relatedPosts\.nope/)
})

test('$raw and unknown operators are refused at the top, inside and/or, and in a join where', async (t) => {
  const bad: Doc[] = [
    { name: { $raw: '1=1' } },
    { and: [{ name: { $raw: '1=1' } }] },
    { or: [{ name: { equals: 'x' } }, { name: { $raw: '1=1' } }] },
    { 'relatedPosts.title': { $raw: '1=1' } },
    { name: { unknown_op: 'x' } },
  ]
  for (const where of bad) {
    const e = await t.throwsAsync(s.cms.find({ collection: 'categories', where }))
    t.is(e?.name, 'QueryError', JSON.stringify(where))
    const r = await s.request<Doc>('GET', '/api/categories', {
      query: { where: JSON.stringify(where) },
      invalid: 'an operator the contract does not declare',
    })
    t.is(r.status, 400, JSON.stringify(where))
  }
  const e = await t.throwsAsync(
    s.cms.find({
      collection: 'categories',
      // Sent as untyped data would be: the operator is not in the Where type.
      joins: { relatedPosts: { where: { and: [{ title: { $raw: '1=1' } as Doc }] } } },
    }),
  )
  t.is(e?.name, 'QueryError')
})
