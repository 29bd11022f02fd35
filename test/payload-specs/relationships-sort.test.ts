/**
 * Payload's `test/relationships` spec, "sorting by relationships": a list sorted by a value of its related
 * documents (`director.name`, through two relationships, by several keys, through a hasMany relationship),
 * through the Local API, REST and GraphQL. Ledger: docs/payload-specs/relationships.md.
 */
import test from 'ava'
import { useServer } from '../helpers/http.ts'
import { relationshipsConfig } from './relationships-config.ts'

type Doc = Record<string, any>
const s = useServer(test, relationshipsConfig, async (cms) => {
  // Created in the opposite order of their names, so a sort by id or creation never passes for a sort by name.
  const mrDan = await cms.create({
    collection: 'directors',
    data: { name: 'Mr. Dan', localized: 'Mr. Dan' },
  })
  await cms.update({
    collection: 'directors',
    id: mrDan.id,
    locale: 'de',
    data: { localized: 'Dan' },
  })
  const dan = await cms.create({ collection: 'directors', data: { name: 'Dan', localized: 'Dan' } })
  await cms.update({
    collection: 'directors',
    id: dan.id,
    locale: 'de',
    data: { localized: 'Mr. Dan' },
  })
  const movie1 = await cms.create({
    collection: 'movies',
    data: { name: 'Some Movie 1', director: dan.id },
  })
  const movie2 = await cms.create({
    collection: 'movies',
    data: { name: 'Some Movie 2', director: mrDan.id },
  })
  const orphan = await cms.create({ collection: 'movies', data: { name: 'No director' } })
  return { dan, mrDan, movie1, movie2, orphan }
})

const ids = (docs: Doc[]) => docs.map((d) => d.id)
const movies = async (sort: string | string[], locale?: string) =>
  ids(
    (
      await s.cms.find({
        collection: 'movies',
        sort,
        depth: 0,
        locale,
        where: { director: { exists: true } },
      })
    ).docs,
  )

test.serial(
  'Local: sort by a property of a relationship, ascending and descending, in a locale',
  async (t) => {
    const { movie1, movie2 } = s.data
    t.deepEqual(await movies('director.name'), [movie1.id, movie2.id]) // Dan < Mr. Dan
    t.deepEqual(await movies('-director.name'), [movie2.id, movie1.id])
    // The related value in the request's locale: in German, movie 2's director is "Dan".
    t.deepEqual(await movies('director.localized'), [movie1.id, movie2.id])
    t.deepEqual(await movies('director.localized', 'de'), [movie2.id, movie1.id])
  },
)

test.serial('Local: a document without a related one sorts as a missing value, once', async (t) => {
  const { movie1, movie2, orphan } = s.data
  const all = await s.cms.find({ collection: 'movies', sort: 'director.name', depth: 0 })
  t.is(all.totalDocs, 3)
  // Missing values first ascending (NULL sorts first on SQLite and MariaDB), each document once.
  t.deepEqual(ids(all.docs), [orphan.id, movie1.id, movie2.id])
})

test.serial('Local: sort by several properties of a relationship (a list of keys)', async (t) => {
  const a = await s.cms.create({ collection: 'directors', data: { name: 'Twin' } })
  const b = await s.cms.create({ collection: 'directors', data: { name: 'Twin' } })
  await s.cms.update({ collection: 'directors', id: a.id, data: { localized: 'z' } })
  const m1 = await s.cms.create({ collection: 'movies', data: { name: 'twin-1', director: a.id } })
  const m2 = await s.cms.create({ collection: 'movies', data: { name: 'twin-2', director: b.id } })
  const where = { name: { like: 'twin-' } }
  const find = (sort: string[]) =>
    s.cms.find({ collection: 'movies', where, sort, depth: 0 }).then((r) => ids(r.docs))
  t.deepEqual(await find(['director.name', 'director.id']), [m1.id, m2.id])
  t.deepEqual(await find(['director.name', '-director.id']), [m2.id, m1.id])
  t.deepEqual(await find(['director.name', '-director.localized']), [m1.id, m2.id])
  await s.cms.delete({ collection: 'movies', where })
})

test.serial(
  'Local: sort by a property of a nested relationship (director.movie.name)',
  async (t) => {
    const d1 = await s.cms.create({ collection: 'directors', data: {} })
    const d2 = await s.cms.create({ collection: 'directors', data: {} })
    const m1 = await s.cms.create({
      collection: 'movies',
      data: { name: 'nested b', director: d1.id },
    })
    const m2 = await s.cms.create({
      collection: 'movies',
      data: { name: 'nested a', director: d2.id },
    })
    await s.cms.update({ collection: 'directors', id: d1.id, data: { movie: m1.id } })
    await s.cms.update({ collection: 'directors', id: d2.id, data: { movie: m2.id } })
    const where = { name: { like: 'nested' } }
    const find = (sort: string) =>
      s.cms.find({ collection: 'movies', where, sort, depth: 0 }).then((r) => ids(r.docs))
    t.deepEqual(await find('director.movie.name'), [m2.id, m1.id])
    t.deepEqual(await find('-director.movie.name'), [m1.id, m2.id])
    await s.cms.delete({ collection: 'movies', where })
  },
)

test.serial(
  'Local: sort by a property of a hasMany relationship: smallest ascending, largest descending',
  async (t) => {
    const pulp = await s.cms.create({ collection: 'movies', data: { name: 'Pulp Fiction' } })
    const inception = await s.cms.create({ collection: 'movies', data: { name: 'Inception' } })
    const alien = await s.cms.create({ collection: 'movies', data: { name: 'Alien' } })
    const tarantino = await s.cms.create({
      collection: 'directors',
      data: { name: 'Quentin Tarantino', movies: [pulp.id] },
    })
    const nolan = await s.cms.create({
      collection: 'directors',
      data: { name: 'Christopher Nolan', movies: [inception.id] },
    })
    // Both "Alien" (smallest of all) and "Pulp Fiction" (largest): first both ways, listed once.
    const both = await s.cms.create({
      collection: 'directors',
      data: { name: 'Both', movies: [alien.id, pulp.id] },
    })
    const where = { movies: { exists: true } }
    const find = (sort: string) => s.cms.find({ collection: 'directors', where, sort, depth: 0 })
    const desc = await find('-movies.name')
    t.is(desc.totalDocs, 3)
    // Pulp Fiction ties Tarantino and Both (the later id first, as the tiebreaker follows the first key's order).
    t.deepEqual(ids(desc.docs), [both.id, tarantino.id, nolan.id])
    const asc = await find('movies.name')
    t.deepEqual(ids(asc.docs), [both.id, nolan.id, tarantino.id]) // Alien, Inception, Pulp Fiction
  },
)

test.serial(
  'REST: sort=director.name and -director.name, checked against the contract',
  async (t) => {
    const { movie1, movie2 } = s.data
    const where = JSON.stringify({ director: { exists: true } })
    let r = await s.request<Doc>('GET', '/api/movies', {
      query: { sort: 'director.name', where, depth: '0' },
    })
    t.is(r.status, 200)
    t.deepEqual(ids(r.body.docs), [movie1.id, movie2.id])
    r = await s.request<Doc>('GET', '/api/movies', {
      query: { sort: '-director.localized', where, depth: '0', locale: 'de' },
    })
    t.deepEqual(ids(r.body.docs), [movie1.id, movie2.id]) // de: "Mr. Dan" > "Dan"
    // A path that leads nowhere past a relationship is still a 400 naming it.
    r = await s.request<Doc>('GET', '/api/movies', {
      query: { sort: 'director.nope' },
    })
    t.is(r.status, 400)
    t.regex(JSON.stringify(r.body), /director\.nope/)
  },
)

test.serial('GraphQL: Movies(sort: "-director.name")', async (t) => {
  const { movie1, movie2 } = s.data
  const r = await s.request<Doc>('POST', '/api/graphql', {
    body: {
      query: `{ Movies(sort: "-director.name", where: { director: { exists: true } }) { docs { id director { name } } } }`,
    },
  })
  t.is(r.body.errors, undefined)
  t.deepEqual(
    r.body.data.Movies.docs.map((d: Doc) => [d.id, d.director.name]),
    [
      [movie2.id, 'Mr. Dan'],
      [movie1.id, 'Dan'],
    ],
  )
})
