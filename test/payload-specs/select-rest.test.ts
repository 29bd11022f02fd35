import test from 'ava'
import { useServer } from '../helpers/http.ts'
import { selectConfig } from './select.config.ts'
import { query } from './helpers.ts'

/**
 * Payload's test/select/int.spec.ts: "REST API - Base", "Local API - Versioned Drafts Collection",
 * "Local API - Globals" and "populate / defaultPopulate" (without its rich text and upload relations).
 */

type Doc = Record<string, any>
const s = useServer(test, selectConfig, async (cms) => {
  const post: Doc = await cms.create({
    collection: 'posts',
    depth: 0,
    data: { text: 'text', number: 1, group: { text: 'in group', number: 2 } },
  })
  const versioned: Doc = await cms.create({
    collection: 'versioned-posts',
    data: { text: 'v', number: 1, array: [{ text: 'row' }], _status: 'published' },
  })
  const home = await cms.create({
    collection: 'homepages',
    data: { title: 'Home', slug: 'home', additional: 'more' },
  })
  const page = await cms.create({ collection: 'pages', data: { title: 'About', home: home.id } })
  return { post, versioned, home, page }
})

const rest = async (select: Doc) => {
  const { post } = s.data
  // qs leaves an empty object out, so `{}` goes in the JSON form.
  const q = Object.keys(select).length ? query({ depth: 0, select }) : 'depth=0&select=%7B%7D'
  const r = await s.request('GET', `/api/posts/${post.id}`, { query: q })
  if (r.status !== 200) throw new Error(r.text)
  return r.body as Doc
}
const omit = (doc: Doc, ...keys: string[]) =>
  Object.fromEntries(Object.entries(doc).filter(([k]) => !keys.includes(k)))

test('REST API - Base > Include mode: only text, number and text, group, text inside group', async (t) => {
  const { post } = s.data
  t.deepEqual(await rest({ text: true }), { id: post.id, text: 'text' })
  t.deepEqual(await rest({ number: true, text: true }), { id: post.id, number: 1, text: 'text' })
  t.deepEqual(await rest({ group: true }), { id: post.id, group: post.group })
  t.deepEqual(await rest({ group: { text: true } }), { id: post.id, group: { text: 'in group' } })
})

test('REST API - Base > Exclude mode: text, number, both, text inside group', async (t) => {
  const full = await rest({})
  t.deepEqual(full, { id: s.data.post.id })
  const all = (await s.request('GET', `/api/posts/${s.data.post.id}`, { query: 'depth=0' })).body
  t.deepEqual(await rest({ text: false }), omit(all, 'text'))
  t.deepEqual(await rest({ number: false }), omit(all, 'number'))
  t.deepEqual(await rest({ number: false, text: false }), omit(all, 'number', 'text'))
  t.deepEqual(await rest({ group: { text: false } }), { ...all, group: { number: 2 } })
})

test.serial(
  'Versioned drafts: select on findByID, find, findVersions; draft reads the newest version',
  async (t) => {
    const { cms, data } = s
    const id = data.versioned.id
    t.deepEqual(await cms.findByID({ collection: 'versioned-posts', id, select: {} }), { id })
    t.deepEqual(
      await cms.findByID({ collection: 'versioned-posts', id, select: { number: true } }),
      {
        id,
        number: 1,
      },
    )
    const found = await cms.find({
      collection: 'versioned-posts',
      select: { number: true, text: true },
    })
    t.deepEqual(found.docs, [{ id, number: 1, text: 'v' }])
    const rows = await cms.findByID({ collection: 'versioned-posts', id, select: { array: {} } })
    t.deepEqual(rows, { id, array: [{ id: data.versioned.array[0].id }] })
    const versions = await cms.findVersions({
      collection: 'versioned-posts',
      limit: 1,
      sort: '-updatedAt',
      where: { parent: { equals: id } },
      select: { version: { text: true } },
    })
    const [v] = versions.docs as Doc[]
    t.is(v.createdAt, undefined)
    t.deepEqual(v.version, { text: 'v' })

    const draft = await cms.create({
      collection: 'versioned-posts',
      data: { _status: 'draft', text: 'draft-post' },
      draft: true,
    })
    t.is(
      (
        await cms.findByID({
          collection: 'versioned-posts',
          id: draft.id,
          draft: true,
          select: { text: true },
        })
      ).text,
      'draft-post',
    )
    await cms.update({
      collection: 'versioned-posts',
      id: draft.id,
      data: { _status: 'published', text: 'published' },
    })
    t.deepEqual(
      await cms.findByID({
        collection: 'versioned-posts',
        id: draft.id,
        draft: true,
        select: { text: true },
      }),
      {
        id: draft.id,
        text: 'published',
      },
    )
  },
)

test.serial(
  'Versioned drafts: an update answering select {} still stores a complete version',
  async (t) => {
    const { cms, data } = s
    const id = data.versioned.id
    t.deepEqual(
      await cms.update({
        collection: 'versioned-posts',
        id,
        data: { number: 999, text: 'updated text' },
        select: {},
      }),
      { id },
    )
    const [latest] = (
      await cms.findVersions({
        collection: 'versioned-posts',
        limit: 1,
        sort: '-updatedAt',
        where: { parent: { equals: id } },
      })
    ).docs as Doc[]
    t.is(latest.version.text, 'updated text')
    t.is(latest.version.number, 999)
    t.deepEqual(latest.version.array, data.versioned.array)
  },
)

test('Globals: select with find and with update', async (t) => {
  const { cms } = s
  await cms.updateGlobal({ slug: 'global-post', data: { number: 2, text: '3' } })
  const read = await cms.findGlobal({ slug: 'global-post', select: { text: true } })
  t.is(read.text, '3')
  t.false('number' in read)
  const updated = await cms.updateGlobal({ slug: 'global-post', data: {}, select: { text: true } })
  t.is(updated.text, '3')
  t.false('number' in updated)
})

test('defaultPopulate: the shape of populated documents, overridden by populate (Local and REST)', async (t) => {
  const { cms, data } = s
  const expected = { id: data.home.id, slug: 'home' }
  const local = await cms.findByID({ collection: 'pages', id: data.page.id, depth: 1 })
  t.deepEqual(local.home, expected)
  const r = await s.request('GET', `/api/pages/${data.page.id}`, { query: 'depth=1' })
  t.deepEqual(r.body.home, expected)
  const override = { id: data.home.id, additional: 'more' }
  const byId = await cms.findByID({
    collection: 'pages',
    id: data.page.id,
    depth: 1,
    populate: { homepages: { additional: true } },
  })
  t.deepEqual(byId.home, override)
  const list = await cms.find({
    collection: 'pages',
    depth: 1,
    populate: { homepages: { additional: true } },
  })
  t.deepEqual(list.docs[0], byId)
  const viaRest = await s.request('GET', `/api/pages/${data.page.id}`, {
    query: query({ depth: 1, populate: { homepages: { additional: true } } }),
  })
  t.deepEqual(viaRest.body.home, override)
})
