import test from 'ava'
import { querySurfaceConfig } from '../fixtures/query-surface.ts'
import { useServer } from '../helpers/http.ts'

/**
 * Issue 19, item 8 over HTTP: `all` / `not_like`, `GET /api/{slug}/distinct`, `draft=false` everywhere and trash,
 * through REST (every answer validated against the contract) and GraphQL.
 */

const s = useServer(test, querySurfaceConfig, async (cms) => {
  await cms.create({
    collection: 'users',
    data: { email: 'admin@example.com', password: 'secret-pass-1', role: 'admin' },
  })
  await cms.create({
    collection: 'users',
    data: { email: 'editor@example.com', password: 'secret-pass-1', role: 'editor' },
  })
  const [red, green] = await Promise.all(
    ['red', 'green'].map((name) => cms.create({ collection: 'tags', data: { name } })),
  )
  const note = (data: Record<string, unknown>) =>
    cms.create({ collection: 'notes', data: { _status: 'published', ...data } })
  await note({
    title: 'Alpha release notes',
    slug: 'alpha',
    category: 'news',
    labels: ['x', 'y'],
    tags: [red.id, green.id],
    tag: red.id,
    score: 3,
    secret: 's1',
  })
  await note({
    title: 'Beta how to guide',
    slug: 'beta',
    category: 'howto',
    labels: ['y'],
    tags: [green.id],
    tag: green.id,
    score: 5,
  })
  await note({ title: 'Gamma news digest', slug: 'gamma', category: 'news', labels: ['x'] })
  return { red, green }
})

const login = async (email: string) =>
  (
    await s.request('POST', '/api/users/login', {
      body: { email, password: 'secret-pass-1' },
    })
  ).body.token as string
const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

async function gql(query: string, token?: string) {
  const headers: Record<string, string> = { accept: 'application/graphql-response+json' }
  if (token) headers.authorization = `Bearer ${token}`
  const r = await s.request('POST', '/api/graphql', { body: { query }, headers })
  return r.body as { data?: any; errors?: { message: string; extensions?: { code?: string } }[] }
}
const titlesOf = (docs: { title: string }[]) => docs.map((d) => d.title).sort()

test.serial(
  'all and not_like: the same documents through REST (bracket and JSON where) and GraphQL',
  async (t) => {
    const rest = await s.request('GET', '/api/notes', {
      query: 'where[labels][all]=x,y&sort=title',
    })
    t.is(rest.status, 200)
    t.deepEqual(titlesOf(rest.body.docs), ['Alpha release notes'])
    const json = await s.request('GET', '/api/notes', {
      query: { where: JSON.stringify({ title: { not_like: 'NEWS guide' } }) },
    })
    t.deepEqual(titlesOf(json.body.docs), ['Alpha release notes'])
    const tags = await s.request('GET', '/api/notes', {
      query: { where: JSON.stringify({ tags: { all: [s.data.red.id, s.data.green.id] } }) },
    })
    t.deepEqual(titlesOf(tags.body.docs), ['Alpha release notes'])

    const g = await gql(
      `{ all: Notes(where: { labels: { all: ["x", "y"] } }) { docs { title } }
       rel: Notes(where: { tags: { all: [${s.data.red.id}, ${s.data.green.id}] } }) { docs { title } }
       notLike: Notes(where: { title: { not_like: "NEWS guide" } }) { docs { title } }
       one: Notes(where: { category: { all: [news] } }) { totalDocs } }`,
    )
    t.falsy(g.errors, JSON.stringify(g.errors))
    t.deepEqual(titlesOf(g.data.all.docs), ['Alpha release notes'])
    t.deepEqual(titlesOf(g.data.rel.docs), ['Alpha release notes'])
    t.deepEqual(titlesOf(g.data.notLike.docs), ['Alpha release notes'])
    t.is(g.data.one.totalDocs, 2)
    // An operator the field type does not take is a 400 naming it.
    const bad = await s.request('GET', '/api/notes', { query: 'where[score][not_like]=x' })
    t.is(bad.status, 400)
    t.regex(JSON.stringify(bad.body), /score/)
  },
)

test.serial(
  'GET /api/{slug}/distinct answers Payload findDistinct shape, pages, sorts; 400 for an unknown or unreadable field',
  async (t) => {
    const all = await s.request('GET', '/api/notes/distinct', { query: 'field=category' })
    t.is(all.status, 200)
    t.deepEqual(all.body.values, [{ category: 'howto' }, { category: 'news' }])
    t.like(all.body, { totalDocs: 2, limit: 0, page: 1, totalPages: 1, hasNextPage: false })
    const paged = await s.request('GET', '/api/notes/distinct', {
      query: 'field=labels&limit=1',
      invalid: 'labels holds several values per document: not a distinct field',
    })
    t.is(paged.status, 400)
    const page2 = await s.request('GET', '/api/notes/distinct', {
      query: {
        field: 'score',
        where: '{"score":{"exists":true}}',
        limit: '1',
        page: '2',
        sort: '-score',
      },
    })
    t.deepEqual(page2.body.values, [{ score: 3 }])
    t.like(page2.body, { totalDocs: 2, totalPages: 2, page: 2, hasPrevPage: true, prevPage: 1 })
    const populated = await s.request('GET', '/api/notes/distinct', {
      query: 'field=tag&depth=1&where[tag][exists]=true',
    })
    t.deepEqual(
      populated.body.values.map((v: { tag: { name: string } }) => v.tag.name),
      ['red', 'green'],
    )
    const unknown = await s.request('GET', '/api/notes/distinct', {
      query: 'field=nope',
      invalid: 'an unknown field',
    })
    t.is(unknown.status, 400)
    t.regex(JSON.stringify(unknown.body), /field/)
    // secret is readable by admins only: anyone else may not list its values.
    const denied = await s.request('GET', '/api/notes/distinct', { query: 'field=secret' })
    t.is(denied.status, 400)
    t.regex(JSON.stringify(denied.body), /secret/)
    const admin = await s.request('GET', '/api/notes/distinct', {
      query: 'field=secret&where[secret][exists]=true',
      headers: bearer(await login('admin@example.com')),
    })
    t.deepEqual(admin.body.values, [{ secret: 's1' }])
  },
)

test.serial(
  'draft=false is accepted by every operation that takes draft (REST and GraphQL), on collections with and without drafts',
  async (t) => {
    const token = await login('editor@example.com')
    const h = bearer(token)
    for (const path of ['/api/notes', '/api/tags', '/api/notes/count', '/api/tags/count']) {
      const r = await s.request('GET', path, { query: 'draft=false' })
      t.is(r.status, 200, path)
    }
    t.is(
      (await s.request('GET', `/api/tags/${s.data.red.id}`, { query: 'draft=false' })).status,
      200,
    )
    const created = await s.request('POST', '/api/tags', {
      query: 'draft=false',
      body: { name: 'blue' },
      headers: h,
    })
    t.is(created.status, 201)
    const id = created.body.doc.id
    t.is(
      (
        await s.request('PATCH', `/api/tags/${id}`, {
          query: 'draft=false',
          body: { name: 'navy' },
          headers: h,
        })
      ).status,
      200,
    )
    t.is((await s.request('GET', '/api/globals/site', { query: 'draft=false' })).status, 200)
    t.is(
      (
        await s.request('POST', '/api/globals/site', {
          query: 'draft=false',
          body: { name: 'Site' },
          headers: h,
        })
      ).status,
      200,
    )
    const note = await s.request('POST', '/api/notes', {
      query: 'draft=true',
      body: { title: 'Draft only' },
      headers: h,
    })
    t.is(note.status, 201)
    const noteId = note.body.doc.id
    // draft=false on a read of a never-published draft answers the main document (which is the draft itself).
    t.is((await s.request('GET', `/api/notes/${noteId}`, { query: 'draft=false' })).status, 200)
    const bad = await s.request('GET', '/api/notes', {
      query: 'draft=maybe',
      invalid: 'not a boolean',
    })
    t.is(bad.status, 400)

    const g = await gql(
      `{ Tags(draft: false) { totalDocs } Tag(id: ${s.data.red.id}, draft: false) { name }
       countTags(draft: false) { totalDocs } Site(draft: false) { name } }`,
    )
    t.falsy(g.errors, JSON.stringify(g.errors))
    t.is(g.data.Tag.name, 'red')
    t.is(g.data.Site.name, 'Site')
    const m = await gql(
      `mutation { createTag(data: { name: "cyan" }, draft: false) { id name }
                updateSite(data: { name: "Site 2" }, draft: false) { name } }`,
      token,
    )
    t.falsy(m.errors, JSON.stringify(m.errors))
    t.is(m.data.createTag.name, 'cyan')
  },
)

test.serial(
  'trash over REST: PATCH deletedAt trashes, reads need trash=true, PATCH with trash=true restores, DELETE removes for good',
  async (t) => {
    const h = bearer(await login('editor@example.com'))
    const created = await s.request('POST', '/api/notes', {
      body: { title: 'REST trash', _status: 'published' },
      headers: h,
    })
    const id = created.body.doc.id
    const trashed = await s.request('PATCH', `/api/notes/${id}`, {
      body: { deletedAt: '2026-03-01T10:00:00.000Z' },
      headers: h,
    })
    t.is(trashed.status, 200)
    t.is(trashed.body.doc.deletedAt, '2026-03-01T10:00:00.000Z')
    t.is((await s.request('GET', `/api/notes/${id}`)).status, 404)
    t.is((await s.request('GET', `/api/notes/${id}`, { query: 'trash=false' })).status, 404)
    const found = await s.request('GET', `/api/notes/${id}`, { query: 'trash=true' })
    t.is(found.status, 200)
    t.is(found.body.title, 'REST trash')
    const only = await s.request('GET', '/api/notes', {
      query: 'trash=true&where[deletedAt][exists]=true',
    })
    t.deepEqual(titlesOf(only.body.docs), ['REST trash'])
    t.false(titlesOf((await s.request('GET', '/api/notes')).body.docs).includes('REST trash'))
    const counts = await Promise.all([
      s.request('GET', '/api/notes/count'),
      s.request('GET', '/api/notes/count', { query: 'trash=true' }),
    ])
    t.is(counts[1].body.totalDocs - counts[0].body.totalDocs, 1)
    const distinct = await s.request('GET', '/api/notes/distinct', {
      query: 'field=title&trash=true&where[deletedAt][exists]=true',
    })
    t.deepEqual(distinct.body.values, [{ title: 'REST trash' }])
    const versions = await s.request('GET', '/api/notes/versions', {
      query: `trash=true&where[parent][equals]=${id}&where[version.deletedAt][exists]=true`,
      headers: h,
    })
    t.is(versions.body.totalDocs, 1)
    // The editor may trash but not delete for good (delete access sees no deletedAt in data).
    t.is(
      (await s.request('DELETE', `/api/notes/${id}`, { query: 'trash=true', headers: h })).status,
      403,
    )
    // Without trash=true the trashed document is not there to update or delete.
    t.is(
      (await s.request('PATCH', `/api/notes/${id}`, { body: { title: 'x' }, headers: h })).status,
      404,
    )
    const restored = await s.request('PATCH', `/api/notes/${id}`, {
      query: 'trash=true',
      body: { deletedAt: null },
      headers: h,
    })
    t.is(restored.status, 200)
    t.is(restored.body.doc.deletedAt, null)
    t.is((await s.request('GET', `/api/notes/${id}`)).status, 200)
    const admin = bearer(await login('admin@example.com'))
    const removed = await s.request('DELETE', `/api/notes/${id}`, { headers: admin })
    t.is(removed.status, 200)
    t.is((await s.request('GET', `/api/notes/${id}`, { query: 'trash=true' })).status, 404)
    t.is(
      (await s.request('GET', '/api/notes', { query: 'trash=yes', invalid: 'not a boolean' }))
        .status,
      400,
    )
  },
)

test.serial(
  'trash over GraphQL: trash arguments on the document, list, count, update and delete',
  async (t) => {
    const editor = await login('editor@example.com')
    const created = await gql(
      'mutation { createNote(data: { title: "GraphQL trash", _status: published }) { id } }',
      editor,
    )
    t.falsy(created.errors, JSON.stringify(created.errors))
    const id = created.data.createNote.id
    const trashed = await gql(
      `mutation { updateNote(id: ${id}, data: { deletedAt: "2026-03-02T10:00:00.000Z" }) { id deletedAt } }`,
      editor,
    )
    t.falsy(trashed.errors, JSON.stringify(trashed.errors))
    t.is(trashed.data.updateNote.deletedAt, '2026-03-02T10:00:00.000Z')
    const read = await gql(
      `{ hidden: Note(id: ${id}) { id } shown: Note(id: ${id}, trash: true) { title deletedAt }
       only: Notes(trash: true, where: { deletedAt: { exists: true } }) { docs { title } }
       without: countNotes { totalDocs } with: countNotes(trash: true) { totalDocs } }`,
    )
    // A trashed document read without trash is Not Found, as Payload's GraphQL answers; the other fields resolve.
    t.deepEqual(
      read.errors?.map((e) => [e.message, e.extensions?.code, (e as { path?: string[] }).path]),
      [['Not Found', 'NOT_FOUND', ['hidden']]],
    )
    t.is(read.data.hidden, null)
    t.is(read.data.shown.title, 'GraphQL trash')
    t.deepEqual(titlesOf(read.data.only.docs), ['GraphQL trash'])
    t.is(read.data.with.totalDocs - read.data.without.totalDocs, 1)
    const restored = await gql(
      `mutation { updateNote(id: ${id}, data: { deletedAt: null }, trash: true) { deletedAt } }`,
      editor,
    )
    t.falsy(restored.errors, JSON.stringify(restored.errors))
    t.is(restored.data.updateNote.deletedAt, null)
    await gql(
      `mutation { updateNote(id: ${id}, data: { deletedAt: "2026-03-03T00:00:00.000Z" }) { id } }`,
      editor,
    )
    const notThere = await gql(
      `mutation { deleteNote(id: ${id}) { id } }`,
      await login('admin@example.com'),
    )
    t.is(notThere.errors?.[0]?.extensions?.code, 'NOT_FOUND')
    const removed = await gql(
      `mutation { deleteNote(id: ${id}, trash: true) { id } }`,
      await login('admin@example.com'),
    )
    t.falsy(removed.errors, JSON.stringify(removed.errors))
    t.is(removed.data.deleteNote.id, id)
  },
)

test.serial(
  "Payload's own client (@payloadcms/sdk, unchanged) sends draft=false and trash, and the server honours them",
  async (t) => {
    const { PayloadSDK } = await import('@payloadcms/sdk')
    const token = await login('editor@example.com')
    const sdk = new PayloadSDK({
      baseURL: `${s.url}/api`,
      fetch: s.fetch,
      baseInit: { headers: { authorization: `Bearer ${token}` } },
    })
    const doc = await sdk.create({
      collection: 'notes' as never,
      data: { title: 'SDK trash', _status: 'published' } as never,
    })
    const id = (doc as { id: number }).id
    await sdk.update({
      collection: 'notes' as never,
      id,
      data: { deletedAt: '2026-03-04T00:00:00.000Z' } as never,
    })
    const without = await sdk.find({ collection: 'notes' as never, draft: false, limit: 100 })
    const withTrash = await sdk.find({
      collection: 'notes' as never,
      trash: true,
      draft: false,
      where: { deletedAt: { exists: true } },
    })
    t.false((without.docs as { id: number }[]).some((d) => d.id === id))
    t.deepEqual(
      (withTrash.docs as { id: number }[]).map((d) => d.id),
      [id],
    )
    const one = await sdk.findByID({ collection: 'notes' as never, id, trash: true, draft: false })
    t.is((one as { title: string }).title, 'SDK trash')
    const counted = await sdk.count({ collection: 'notes' as never, trash: true })
    t.is(counted.totalDocs, without.totalDocs + 1)
  },
)
