/**
 * Payload's `test/relationships` spec, querying and writing relationships: by id and through them (one to four
 * levels, in arrays and blocks, hasMany with contains and in, polymorphic by relationTo/value and object syntax),
 * population depth and a field's maxDepth, removing and clearing relations, writing a document object as the
 * value. Local API, REST and GraphQL. Ledger: docs/payload-specs/relationships.md.
 */
import test from 'ava'
import { useServer } from '../helpers/http.ts'
import { relationshipsConfig } from './relationships-config.ts'

type Doc = Record<string, any>
const s = useServer(test, relationshipsConfig, async (cms) => {
  const director = await cms.create({
    collection: 'directors',
    data: { name: 'Director1', localized: 'Director1_Localized' },
  })
  const movie = await cms.create({
    collection: 'movies',
    data: { name: 'M1', director: director.id },
  })
  const other = await cms.create({ collection: 'movies', data: { name: 'M2' } })
  const r = (data: Doc) => cms.create({ collection: 'relations', data, depth: 0 })
  const r3 = await r({ title: 'level-3' })
  const r2 = await r({ title: 'level-2', relationField: r3.id })
  const r1 = await r({
    title: 'level-1',
    relationField: r2.id,
    maxDepthRelation: r2.id,
    relationHasMany: [r2.id, r3.id],
    polymorphic: { relationTo: 'movies', value: movie.id },
    polymorphicMany: [
      { relationTo: 'relations', value: r3.id },
      { relationTo: 'movies', value: other.id },
    ],
    rows: [{ movie: movie.id }],
    layout: [{ blockType: 'feature', movies: [other.id] }],
  })
  return { director, movie, other, r1, r2, r3 }
})

const find = async (collection: string, where: Doc, extra: Doc = {}) =>
  (await s.cms.find({ collection, where, depth: 0, ...extra })).docs.map((d) => d.id)

test.serial('by relationship id and through it; an object where is an AND', async (t) => {
  const { director, movie } = s.data
  t.deepEqual(await find('movies', { director: { equals: director.id } }), [movie.id])
  t.deepEqual(await find('movies', { 'director.id': { equals: director.id } }), [movie.id])
  t.deepEqual(
    await find('movies', {
      'director.name': { equals: 'Director1' },
      'director.localized': { equals: 'Director1_Localized' },
    }),
    [movie.id],
  )
  t.deepEqual(
    await find('movies', {
      'director.name': { equals: 'Director1_Fake' },
      'director.localized': { equals: 'Director1_Localized' },
    }),
    [],
  )
  // A localized related value in another locale: the German value was never written.
  t.deepEqual(
    await find(
      'movies',
      { 'director.localized': { equals: 'Director1_Localized' } },
      { locale: 'de', fallbackLocale: 'none' },
    ),
    [],
  )
})

test.serial('querying one, two and three levels deep, on values and on ids', async (t) => {
  const { r1, r2, r3 } = s.data
  t.deepEqual(await find('relations', { 'relationField.title': { equals: 'level-2' } }), [r1.id])
  t.deepEqual(
    await find('relations', { 'relationField.relationField.title': { equals: 'level-3' } }),
    [r1.id],
  )
  t.deepEqual(await find('relations', { 'relationField.relationField.id': { equals: r3.id } }), [
    r1.id,
  ])
  t.deepEqual(
    await find('relations', { 'relationField.relationField.relationField': { exists: false } }),
    [r1.id],
  )
  t.deepEqual(await find('relations', { 'relationField.id': { equals: r2.id } }), [r1.id])
})

test.serial('within arrays and blocks, and hasMany with contains and in', async (t) => {
  const { r1, r2, movie, other } = s.data
  t.deepEqual(await find('relations', { 'rows.movie.name': { equals: 'M1' } }), [r1.id])
  t.deepEqual(await find('relations', { 'rows.movie': { equals: movie.id } }), [r1.id])
  t.deepEqual(await find('relations', { 'layout.movies.name': { equals: 'M2' } }), [r1.id])
  t.deepEqual(await find('relations', { 'layout.movies': { in: [other.id] } }), [r1.id])
  t.deepEqual(await find('relations', { relationHasMany: { contains: r2.id } }), [r1.id])
  t.deepEqual(await find('relations', { relationHasMany: { in: [r2.id, 9999] } }), [r1.id])
  t.deepEqual(await find('relations', { 'relationHasMany.title': { equals: 'level-3' } }), [r1.id])
  t.deepEqual(
    await find('relations', { relationHasMany: { not_in: [r2.id] } }).then((ids) =>
      ids.includes(r1.id),
    ),
    false,
  )
})

test.serial('totalDocs counts each document once with or and a hasMany relationship', async (t) => {
  const { r1, r2, r3 } = s.data
  const r = await s.cms.find({
    collection: 'relations',
    where: { or: [{ relationHasMany: { in: [r2.id, r3.id] } }, { title: { equals: 'level-1' } }] },
  })
  t.is(r.totalDocs, 1)
  t.deepEqual(
    r.docs.map((d) => d.id),
    [r1.id],
  )
})

test.serial(
  'polymorphic: by relationTo, value, and the { relationTo, value } object',
  async (t) => {
    const { r1, r3, movie, other } = s.data
    t.deepEqual(await find('relations', { 'polymorphic.relationTo': { equals: 'movies' } }), [
      r1.id,
    ])
    t.deepEqual(await find('relations', { 'polymorphic.value': { equals: movie.id } }), [r1.id])
    t.deepEqual(
      await find('relations', {
        polymorphic: { equals: { relationTo: 'movies', value: movie.id } },
      }),
      [r1.id],
    )
    t.deepEqual(
      await find('relations', {
        polymorphic: { equals: { relationTo: 'relations', value: movie.id } },
      }),
      [],
    )
    t.deepEqual(
      await find('relations', {
        polymorphicMany: { equals: { relationTo: 'movies', value: other.id } },
      }),
      [r1.id],
    )
    t.deepEqual(await find('relations', { 'polymorphicMany.value': { in: [r3.id] } }), [r1.id])
    const rest = await s.request<Doc>('GET', '/api/relations', {
      query: `where[polymorphic.relationTo][equals]=movies&where[polymorphic.value][equals]=${movie.id}&depth=0`,
    })
    t.is(rest.status, 200)
    t.deepEqual(
      rest.body.docs.map((d: Doc) => d.id),
      [r1.id],
    )
  },
)

test.serial(
  'depth: REST default populates, depth=0 gives ids, a field maxDepth bounds it',
  async (t) => {
    const { r1, r2, r3 } = s.data
    let r = await s.request<Doc>('GET', `/api/relations/${r1.id}`)
    t.is(r.body.relationField.id, r2.id)
    t.is(r.body.relationField.relationField.id, r3.id) // default depth 2
    r = await s.request<Doc>('GET', `/api/relations/${r1.id}`, { query: { depth: '1' } })
    t.is(r.body.relationField.relationField, r3.id)
    t.is(r.body.maxDepthRelation, r2.id) // maxDepth 0: never populated
    r = await s.request<Doc>('GET', `/api/relations/${r1.id}`, { query: { depth: '0' } })
    t.is(r.body.relationField, r2.id)
    t.deepEqual(r.body.polymorphic, { relationTo: 'movies', value: s.data.movie.id })
    const local = await s.cms.find({
      collection: 'relations',
      where: { id: { equals: r1.id } },
      depth: 1,
    })
    t.is((local.docs[0].relationField as Doc).title, 'level-2')
    t.is(local.docs[0].maxDepthRelation, r2.id)
  },
)

test.serial(
  'writing: removing a relationship, clearing a hasMany list, more than 10 related documents',
  async (t) => {
    const { r2 } = s.data
    const many = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        s.cms.create({ collection: 'movies', data: { name: `many-${i}` } }),
      ),
    )
    const doc = await s.cms.create({
      collection: 'relations',
      data: { title: 'writes', relationField: r2.id, relationHasMany: [r2.id] },
      depth: 0,
    })
    const d = await s.cms.create({
      collection: 'directors',
      data: { movies: many.map((m) => m.id) },
      depth: 1,
    })
    t.is((d.movies as Doc[]).length, 12)
    t.deepEqual(
      (d.movies as Doc[]).map((m) => m.name),
      many.map((m) => m.name),
    )
    const r = await s.request<Doc>('PATCH', `/api/relations/${doc.id}`, {
      body: { relationField: null, relationHasMany: [] },
      query: { depth: '0' },
    })
    t.is(r.status, 200)
    t.is(r.body.doc.relationField, null)
    t.deepEqual(r.body.doc.relationHasMany, [])
    const read = await s.cms.findByID({ collection: 'relations', id: doc.id, depth: 0 })
    t.is(read.relationField, null)
    t.deepEqual(read.relationHasMany, [])
  },
)

test.serial(
  'hierarchy: root items by parent equals null or exists false, children by parent',
  async (t) => {
    const root = await s.cms.create({ collection: 'tree', data: { text: 'root' } })
    const sub = await s.cms.create({ collection: 'tree', data: { text: 'sub', parent: root.id } })
    t.deepEqual(await find('tree', { parent: { equals: null } }), [root.id])
    t.deepEqual(await find('tree', { parent: { exists: false } }), [root.id])
    t.deepEqual(await find('tree', { parent: { equals: root.id } }), [sub.id])
    t.deepEqual(await find('tree', { parent: { exists: true } }), [sub.id])
  },
)

test.serial('GraphQL: where by a relationship and populated relations', async (t) => {
  const { movie } = s.data
  const r = await s.request<Doc>('POST', '/api/graphql', {
    body: {
      query: `{ Movies(where: { director: { equals: ${s.data.director.id} } }) { docs { id director { name } } } }`,
    },
  })
  t.is(r.body.errors, undefined)
  t.deepEqual(r.body.data.Movies.docs, [{ id: movie.id, director: { name: 'Director1' } }])
})

test.serial(
  'writing a related document object as the value stores its id (create and update)',
  async (t) => {
    const movie = await s.cms.create({ collection: 'movies', data: { name: 'object' } })
    const created = await s.cms.create({
      collection: 'directors',
      data: { movie, movies: [movie] } as Doc,
      depth: 1,
    })
    t.deepEqual(created.movie, movie)
    t.deepEqual(created.movies, [movie])
    const rel = await s.cms.create({ collection: 'relations', data: { title: 'obj' }, depth: 0 })
    const updated = await s.cms.update({
      collection: 'relations',
      id: rel.id,
      data: { polymorphic: { relationTo: 'movies', value: movie } } as Doc,
      depth: 0,
    })
    t.deepEqual(updated.polymorphic, { relationTo: 'movies', value: movie.id })
    await s.cms.delete({ collection: 'relations', id: rel.id })
    await s.cms.delete({ collection: 'directors', id: created.id })
  },
)

test.serial('a hasMany select of a related document; relations inside array rows', async (t) => {
  const movie = await s.cms.create({
    collection: 'movies',
    data: { name: 'sel', select: ['a', 'b'] },
  })
  const mega = await s.cms.create({
    collection: 'directors',
    data: { name: 'Mega', movie: movie.id },
  })
  t.deepEqual(await find('directors', { 'movie.select': { equals: 'a' } }), [mega.id])
  t.deepEqual(await find('directors', { 'movie.select': { equals: 'c' } }), [])
  const held = await s.cms.create({
    collection: 'movies',
    data: {
      name: 'rows',
      array: [{ polymorphic: { relationTo: 'directors', value: mega.id }, directors: [mega.id] }],
    },
  })
  t.deepEqual(
    await find('movies', {
      'array.polymorphic': { equals: { relationTo: 'directors', value: mega.id } },
    }),
    [held.id],
  )
  t.deepEqual(await find('movies', { 'array.directors': { equals: mega.id } }), [held.id])
  t.deepEqual(await find('movies', { 'array.directors.name': { equals: 'Mega' } }), [held.id])
  // Two levels through two collections: movies → directors → movies.
  t.deepEqual(await find('directors', { 'movie.array.directors.name': { equals: 'Mega' } }), [])
  await s.cms.update({ collection: 'directors', id: mega.id, data: { movie: held.id } })
  t.deepEqual(await find('directors', { 'movie.array.directors.name': { equals: 'Mega' } }), [
    mega.id,
  ])
  t.deepEqual(await find('movies', { 'director.movie.name': { equals: 'rows' } }), [])
})
