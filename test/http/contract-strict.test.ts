import test from 'ava'
import { defineConfig } from '../../server/config/define-config.ts'
import { compileOpenAPI } from '../../server/contracts/openapi.ts'
import { contractBackend } from '../../server/http/validator.ts'
import { useServer } from '../helpers/http.ts'

/**
 * Issue 31 (Schemathesis): the contract is exactly as strict as the server. Every answer is checked against the
 * contract by useServer; each request here is also checked against the contract directly, so a request the
 * contract accepts is one the server serves, and one it refuses is one the server refuses.
 */
const open = () => true
const config = defineConfig({
  collections: [
    { slug: 'users', auth: true, fields: [] },
    { slug: 'tags', access: { read: open }, fields: [{ name: 'name', type: 'text' }] },
    {
      slug: 'notes',
      versions: { drafts: true },
      access: { read: open, create: open, update: open, readVersions: open },
      fields: [
        { name: 'title', type: 'text', required: true },
        { name: 'body', type: 'text' },
        { name: 'views', type: 'number' },
        { name: 'seo', type: 'group', fields: [{ name: 'title', type: 'text' }] },
        { name: 'rows', type: 'array', fields: [{ name: 'text', type: 'text' }] },
        {
          name: 'layout',
          type: 'blocks',
          blocks: [{ slug: 'quote', fields: [{ name: 'text', type: 'text' }] }],
        },
        { name: 'pin', type: 'relationship', relationTo: ['tags', 'notes'] },
        { name: 'labels', type: 'text', hasMany: true },
      ],
    },
  ],
  globals: [
    {
      slug: 'site',
      versions: true,
      access: { read: open, update: open, readVersions: open },
      fields: [{ name: 'name', type: 'text' }],
    },
  ],
})

const s = useServer(test, config, async (cms) => {
  const a = await cms.create({
    collection: 'notes',
    data: { title: 'b-note', body: 'one', views: 2, seo: { title: 'z' } },
  })
  const b = await cms.create({
    collection: 'notes',
    data: { title: 'a-note', body: 'two', views: 1, seo: { title: 'y' } },
  })
  await cms.update({ collection: 'notes', id: a.id, data: { body: 'one, edited' } })
  await cms.updateGlobal({ slug: 'site', data: { name: 'Site' } })
  return { a: a.id as number, b: b.id as number }
})

type Api = ReturnType<typeof contractBackend>
let api: Api | undefined
/** Whether the contract accepts a request (the path is relative to the API root). */
async function accepts(
  method: string,
  path: string,
  query: Record<string, string>,
  body?: unknown,
) {
  if (!api) {
    api = contractBackend(compileOpenAPI(s.cms.config))
    await api.init()
  }
  const headers = { 'content-type': 'application/json' }
  // The server validates the JSON-text parameters parsed (server/http/validator.ts).
  const json = ['select', 'where']
  const parsed = Object.fromEntries(
    Object.entries(query).map(([k, v]) => [k, json.includes(k) ? JSON.parse(v) : v]),
  )
  const r = api.validateRequest({ method, path, query: parsed, body, headers })
  return r.valid
}

test('a select leaving out what a schema requires still answers what the contract declares (finding 1)', async (t) => {
  const { a } = s.data
  const select = JSON.stringify({ id: true })
  const query = { select }
  // Versions: Payload applies select to the version row, so `parent` and `version` may be left out.
  t.true(await accepts('get', '/notes/versions', query))
  const versions = await s.request('GET', '/api/notes/versions', { query })
  t.is(versions.status, 200)
  t.true(versions.body.docs.length >= 3)
  for (const doc of versions.body.docs) t.deepEqual(Object.keys(doc), ['id'])
  const globalVersions = await s.request('GET', '/api/globals/site/versions', { query })
  t.is(globalVersions.status, 200)
  t.deepEqual(Object.keys(globalVersions.body.docs[0]), ['id'])
  // Documents keep `id` (and a global its `globalType`) whatever the select.
  const body = JSON.stringify({ body: true })
  const list = await s.request('GET', '/api/notes', { query: { select: body } })
  t.deepEqual(Object.keys(list.body.docs[0]).sort(), ['body', 'id'])
  const one = await s.request('GET', `/api/notes/${a}`, { query: { select: body } })
  t.deepEqual(one.body, { id: a, body: 'one, edited' })
  const created = await s.request('POST', '/api/notes', {
    query: { select: body },
    body: { title: 'selected' },
  })
  t.deepEqual(Object.keys(created.body.doc).sort(), ['body', 'id'])
  const updated = await s.request('PATCH', `/api/notes/${created.body.doc.id}`, {
    query: { select: body },
    body: { body: 'x' },
  })
  t.deepEqual(updated.body.doc, { id: created.body.doc.id, body: 'x' })
  const bulk = await s.request('PATCH', '/api/notes', {
    query: { select: body, where: JSON.stringify({ id: { equals: created.body.doc.id } }) },
    body: { body: 'y' },
  })
  t.deepEqual(bulk.body.docs, [{ id: created.body.doc.id, body: 'y' }])
  const copy = await s.request('POST', `/api/notes/${created.body.doc.id}/duplicate`, {
    query: { select: body },
    body: {},
  })
  t.deepEqual(Object.keys(copy.body.doc).sort(), ['body', 'id'])
  const global = await s.request('GET', '/api/globals/site', {
    query: { select: body.replace('body', 'name') },
  })
  // Another test renames the site concurrently.
  t.deepEqual(Object.keys(global.body).sort(), ['globalType', 'name'])
  const savedGlobal = await s.request('POST', '/api/globals/site', {
    query: { select: JSON.stringify({ id: true }) },
    body: { name: 'Site 2' },
  })
  t.is(savedGlobal.body.result.globalType, 'site')
})

const unknownKeys: [string, string, unknown, string][] = [
  ['post', '/notes', { title: 'x', nope: 1 }, 'nope'],
  ['patch', '/notes/1', { nope: 1 }, 'nope'],
  ['post', '/notes/1/duplicate', { nope: 1 }, 'nope'],
  ['post', '/notes/access/1', { nope: 1 }, 'nope'],
  ['post', '/globals/site', { nope: 1 }, 'nope'],
  ['post', '/globals/site', { globalType: 'site' }, 'globalType'],
  ['post', '/globals/site/access', { nope: 1 }, 'nope'],
  ['post', '/notes', { title: 'x', seo: { nope: 1 } }, 'seo.nope'],
  ['post', '/notes', { title: 'x', rows: [{ nope: 1 }] }, 'rows.0.nope'],
  ['post', '/notes', { title: 'x', layout: [{ blockType: 'quote', nope: 1 }] }, 'layout.0.nope'],
]

test('write bodies refuse every key that is not a field, in the contract as on the server (finding 5c)', async (t) => {
  for (const [method, path, body, key] of unknownKeys) {
    t.false(await accepts(method, path, {}, body), `${method} ${path} ${key}`)
    const r = await s.request(method.toUpperCase(), `/api${path}`, {
      body,
      invalid: 'an unknown key in a write body',
    })
    t.is(r.status, 400, `${method} ${path} ${key}`)
    t.regex(JSON.stringify(r.body), new RegExp(`"path":"${key}"`))
  }
})

test('id, createdAt and updatedAt in a write body are declared, accepted and ignored (finding 5c)', async (t) => {
  const system = {
    id: 777,
    createdAt: '2001-01-01T00:00:00.000Z',
    updatedAt: '2001-01-01T00:00:00.000Z',
  }
  const body = {
    title: 'with system keys',
    ...system,
    seo: { title: 's' },
    rows: [{ id: 'r1', text: 't' }],
  }
  t.true(await accepts('post', '/notes', {}, body))
  const created = await s.request('POST', '/api/notes', { body })
  t.is(created.status, 201)
  t.not(created.body.doc.id, 777)
  t.not(created.body.doc.createdAt, system.createdAt)
  t.is(created.body.doc.rows[0].text, 't')
  const id = created.body.doc.id
  t.true(await accepts('patch', `/notes/${id}`, {}, { ...system, title: 'renamed' }))
  const updated = await s.request('PATCH', `/api/notes/${id}`, {
    body: { ...system, title: 'renamed' },
  })
  t.is(updated.body.doc.id, id)
  t.is(updated.body.doc.title, 'renamed')
  t.is(updated.body.doc.createdAt, created.body.doc.createdAt)
  const global = await s.request('POST', '/api/globals/site', {
    body: { ...system, name: 'Site 3' },
  })
  t.is(global.body.result.name, 'Site 3')
  t.not(global.body.result.createdAt, system.createdAt)
})

test('sort names sortable paths only, in the contract as on the server (finding 5f)', async (t) => {
  for (const sort of ['nope', 'rows', 'labels', 'seo', 'title,nope', '- title']) {
    t.false(await accepts('get', '/notes', { sort }), sort)
    const r = await s.request('GET', '/api/notes', {
      query: { sort },
      invalid: 'not a sortable path',
    })
    t.is(r.status, 400, sort)
    t.regex(r.body.errors[0].message, new RegExp(sort.split(',').at(-1)!.replace('- ', '')))
  }
  const versions = await s.request('GET', '/api/notes/versions', {
    query: { sort: 'title' },
    invalid: 'a version is sorted by version.title',
  })
  t.is(versions.status, 400)
  t.false(await accepts('get', '/notes/versions', { sort: 'title' }))
  // Comma lists, "-" and "+", group paths dotted or with "__", a polymorphic relationship, the timestamps.
  for (const [sort, titles] of [
    ['title', ['a-note', 'b-note']],
    ['-views,+id', ['b-note', 'a-note']],
    ['seo.title', ['a-note', 'b-note']],
    ['-seo__title', ['b-note', 'a-note']],
    ['pin,createdAt', ['b-note', 'a-note']],
    [' title , ,', ['a-note', 'b-note']],
  ] as const) {
    t.true(await accepts('get', '/notes', { sort }), sort)
    const where = JSON.stringify({ title: { in: ['a-note', 'b-note'] } })
    const r = await s.request('GET', '/api/notes', { query: { sort, where } })
    t.is(r.status, 200, sort)
    t.deepEqual(
      r.body.docs.map((d: { title: string }) => d.title),
      titles,
      sort,
    )
  }
  for (const [path, sort] of [
    ['/notes/versions', '-version.title,parent,latest'],
    ['/globals/site/versions', '-updatedAt,version.name'],
    ['/notes/distinct', '-title'],
  ]) {
    const query: Record<string, string> = path.endsWith('distinct')
      ? { sort, field: 'title' }
      : { sort }
    t.true(await accepts('get', path, query), `${path} ${sort}`)
    t.is((await s.request('GET', `/api${path}`, { query })).status, 200, `${path} ${sort}`)
  }
})
