import test from 'ava'
import { useServer } from '../helpers/http.ts'
import { selectMoreConfig } from './select-more.config.ts'
import { query } from './helpers.ts'

/**
 * Payload's test/select/int.spec.ts: "Local API - Deep Fields", the rest of "Versioned Drafts Collection",
 * select on `/me`, populate at depth 2 and select on a blocks field holding relationships.
 */

type Doc = Record<string, any>
const state = { deep: {} as Doc }
const s = useServer(test, selectMoreConfig, async (cms) => {
  await cms.create({
    collection: 'users',
    data: { email: 'select@example.com', password: 'secret-pass-1', name: 'Ann', number: 5 },
  })
  state.deep = await cms.create({
    collection: 'deep-posts',
    data: {
      group: {
        array: [{ group: { text: 'a1', number: 1 } }, { group: { text: 'a2', number: 2 } }],
        blocks: [{ blockType: 'block', text: 'b1', number: 3 }],
      },
      arrayTop: [{ text: 't1', arrayNested: [{ text: 'n1', number: 4 }] }],
    },
  })
})

const deep = (select: Doc) =>
  s.cms.findByID({ collection: 'deep-posts', id: state.deep.id, select })

test('Deep Fields: group.array.group.text', async (t) => {
  const post = state.deep
  t.deepEqual(await deep({ group: { array: { group: { text: true } } } }), {
    id: post.id,
    group: {
      array: post.group.array.map((r: Doc) => ({ id: r.id, group: { text: r.group.text } })),
    },
  })
})

test('Deep Fields: group.array.group.*', async (t) => {
  const post = state.deep
  t.deepEqual(await deep({ group: { array: { group: true } } }), {
    id: post.id,
    group: { array: post.group.array.map((r: Doc) => ({ id: r.id, group: r.group })) },
  })
})

test('Deep Fields: group.blocks.block.text', async (t) => {
  const post = state.deep
  t.deepEqual(await deep({ group: { blocks: { block: { text: true } } } }), {
    id: post.id,
    group: {
      blocks: post.group.blocks.map((b: Doc) => ({
        id: b.id,
        blockType: b.blockType,
        text: b.text,
      })),
    },
  })
})

test('Deep Fields: array.array.text', async (t) => {
  const post = state.deep
  t.deepEqual(await deep({ arrayTop: { arrayNested: { text: true } } }), {
    id: post.id,
    arrayTop: post.arrayTop.map((r: Doc) => ({
      id: r.id,
      arrayNested: r.arrayNested.map((n: Doc) => ({ id: n.id, text: n.text })),
    })),
  })
  // REST takes the same select in bracket syntax.
  const r = await s.request('GET', `/api/deep-posts/${post.id}`, {
    query: query({ select: { arrayTop: { arrayNested: { text: true } } } }),
  })
  t.deepEqual(r.body.arrayTop[0].arrayNested, [
    { id: post.arrayTop[0].arrayNested[0].id, text: 'n1' },
  ])
})

test('Versioned drafts: exclude only number; blocks {} keeps the base fields', async (t) => {
  const { cms } = s
  const post = await cms.create({
    collection: 'versioned-posts',
    data: { text: 'x', number: 1, blocks: [{ blockType: 'test', text: 'in block' }] },
    draft: true,
  })
  const full = await cms.findByID({ collection: 'versioned-posts', id: post.id, draft: true })
  const { number: _dropped, ...rest } = full
  t.deepEqual(
    await cms.findByID({
      collection: 'versioned-posts',
      id: post.id,
      draft: true,
      select: { number: false },
    }),
    rest,
  )
  const found = await cms.find({
    collection: 'versioned-posts',
    draft: true,
    select: { blocks: {} },
    where: { id: { equals: post.id } },
  })
  t.deepEqual(found.docs[0], {
    id: post.id,
    blocks: (post as Doc).blocks.map((b: Doc) => ({ id: b.id, blockType: b.blockType })),
  })
})

test('REST /me: select narrows the user; without it every field is there', async (t) => {
  const login = await s.request('POST', '/api/users/login', {
    body: { email: 'select@example.com', password: 'secret-pass-1' },
  })
  const headers = { authorization: `JWT ${login.body.token}` }
  const narrowed = await s.request('GET', '/api/users/me', {
    headers,
    query: query({ depth: 0, select: { name: true } }),
  })
  t.is(narrowed.status, 200)
  t.is(narrowed.body.user.name, 'Ann')
  t.is(narrowed.body.user.email, undefined)
  t.is(narrowed.body.user.number, undefined)
  const all = await s.request('GET', '/api/users/me', { headers, query: 'depth=0' })
  t.like(all.body.user, { email: 'select@example.com', name: 'Ann', number: 5 })
})

test('populate applies at depth 2', async (t) => {
  const { cms } = s
  const p1 = await cms.create({ collection: 'pages', data: { slug: 'page-1', title: 'one' } })
  const p2 = await cms.create({ collection: 'pages', data: { slug: 'page-2', relatedPage: p1.id } })
  const p3 = await cms.create({ collection: 'pages', data: { slug: 'page-3', relatedPage: p2.id } })
  const result = await cms.findByID({
    collection: 'pages',
    id: p3.id,
    depth: 3,
    populate: { pages: { slug: true, relatedPage: true } },
  })
  t.is((result as Doc).relatedPage.id, p2.id)
  t.deepEqual((result as Doc).relatedPage.relatedPage, {
    id: p1.id,
    slug: 'page-1',
    relatedPage: null,
  })
  const rest = await s.request('GET', `/api/pages/${p3.id}`, {
    query: query({ depth: 3, populate: { pages: { slug: true, relatedPage: true } } }),
  })
  t.deepEqual(rest.body.relatedPage.relatedPage, { id: p1.id, slug: 'page-1', relatedPage: null })
})

test('select on a blocks field keeps its relationships, as ids at depth 0 and populated at 1', async (t) => {
  const { cms } = s
  const rel = await cms.create({ collection: 'rels', data: { text: 'rel-1' } })
  const doc = await cms.create({
    collection: 'relationships-blocks',
    data: { blocks: [{ blockType: 'block', hasOne: rel.id, hasMany: [rel.id] }] },
  })
  const read = (depth: number) =>
    cms.findByID({
      collection: 'relationships-blocks',
      id: doc.id,
      depth,
      select: { blocks: true },
    })
  const flat = await read(0)
  t.is((flat as Doc).blocks[0].hasOne, rel.id)
  t.deepEqual((flat as Doc).blocks[0].hasMany, [rel.id])
  const populated = await read(1)
  t.is((populated as Doc).blocks[0].hasOne.text, 'rel-1')
  t.is((populated as Doc).blocks[0].hasMany[0].text, 'rel-1')
})
