import test from 'ava'
import { useServer } from '../helpers/http.ts'
import { trashConfig } from './trash.config.ts'
import { ids, query } from './helpers.ts'

/**
 * Payload's test/trash/int.spec.ts: the rest of "LOCAL API" (drafts in the trash, restoring versions, localized
 * data), "REST API", "GRAPHQL API", "Relationship population" and "Writes referencing a trashed document".
 */

const s = useServer(test, trashConfig, async (cms) => {
  await cms.create({
    collection: 'users',
    data: { email: 'user@example.com', password: 'secret-pass-1', roles: ['is_user'] },
  })
})
const state = { one: {} as Record<string, any>, two: {} as Record<string, any>, token: '' }
const now = () => new Date().toISOString()
const auth = () => ({ authorization: `JWT ${state.token}` })

test.beforeEach(async () => {
  const { cms } = s
  if (!state.token) {
    const login = await s.request('POST', '/api/users/login', {
      body: { email: 'user@example.com', password: 'secret-pass-1' },
    })
    state.token = login.body.token
  }
  await cms.delete({ collection: 'pages', where: {} })
  await cms.delete({ collection: 'registrations', where: {} })
  await cms.delete({ collection: 'posts', where: {}, trash: true })
  state.one = await cms.create({
    collection: 'posts',
    data: { title: 'Doc one', _status: 'published' },
  })
  state.two = await cms.create({
    collection: 'posts',
    data: { title: 'Doc two', deletedAt: now(), _status: 'published' },
  })
})

const get = (path: string, q = '') => s.request('GET', path, { query: q, headers: auth() })
async function gql(q: string) {
  const r = await s.request('POST', '/api/graphql', { body: { query: q }, headers: auth() })
  return r.body as { data?: any; errors?: { message: string; extensions?: { code?: string } }[] }
}

test.serial(
  'LOCAL trash and drafts: empty required fields trash and restore as draft, not as published',
  async (t) => {
    const { cms } = s
    const draft = await cms.create({
      collection: 'posts',
      data: { title: '', _status: 'draft' },
      draft: true,
    })
    t.is(draft.title, '')
    const trashed = await cms.update({
      collection: 'posts',
      id: draft.id,
      data: { deletedAt: now() },
    })
    t.is(typeof trashed.deletedAt, 'string')
    t.is(trashed._status, 'draft')
    const restored = await cms.update({
      collection: 'posts',
      id: draft.id,
      data: { deletedAt: null, _status: 'draft' },
      trash: true,
    })
    t.is(restored.deletedAt, null)
    t.is(restored._status, 'draft')
    await cms.update({ collection: 'posts', id: draft.id, data: { deletedAt: now() } })
    const e = await t.throwsAsync(
      cms.update({
        collection: 'posts',
        id: draft.id,
        data: { deletedAt: null, _status: 'published' },
        trash: true,
      }),
    )
    t.is(e?.name, 'ValidationError')
    t.is(e?.message, 'The following field is invalid: title')
  },
)

test.serial(
  'LOCAL restoreVersion: a version of a trashed document cannot be restored',
  async (t) => {
    const { cms } = s
    await cms.update({
      collection: 'posts',
      id: state.two.id,
      data: { title: 'Updated Before Restore' },
      trash: true,
    })
    const { docs } = await cms.findVersions({
      collection: 'posts',
      depth: 0,
      trash: true,
      where: { parent: { equals: state.two.id } },
    })
    const e = await t.throwsAsync(cms.restoreVersion({ collection: 'posts', id: docs[0].id }))
    t.regex(e?.message ?? '', /trash/i)
    // REST and GraphQL refuse it the same way.
    const rest = await s.request('POST', `/api/posts/versions/${docs[0].id}`, { headers: auth() })
    t.true(rest.status >= 400 && rest.status < 500, rest.text)
    const g = await gql(`mutation { restoreVersionPost(id: ${docs[0].id}) { id } }`)
    t.truthy(g.errors?.length)
  },
)

test.serial('LOCAL: bulk trashing drafts keeps their localized data', async (t) => {
  const { cms } = s
  const doc = await cms.create({
    collection: 'posts',
    data: { title: 'loc', localizedField: 'english' },
    draft: true,
  })
  await cms.update({
    collection: 'posts',
    id: doc.id,
    locale: 'es',
    data: { localizedField: 'español' },
    draft: true,
  })
  await cms.update({
    collection: 'posts',
    where: { id: { equals: doc.id } },
    data: { deletedAt: now() },
    draft: true,
  })
  const es = await cms.findByID({
    collection: 'posts',
    id: doc.id,
    locale: 'es',
    trash: true,
    draft: true,
  })
  const en = await cms.findByID({
    collection: 'posts',
    id: doc.id,
    locale: 'en',
    trash: true,
    draft: true,
  })
  t.is(es.localizedField, 'español')
  t.is(en.localizedField, 'english')
  t.is(typeof en.deletedAt, 'string')
})

test.serial('REST find / findByID / count with and without trash', async (t) => {
  t.is((await get('/api/posts', 'trash=true')).body.totalDocs, 2)
  const trashed = await get(
    '/api/posts',
    `trash=true&${query({ where: { deletedAt: { exists: true } } })}`,
  )
  t.deepEqual(ids(trashed.body.docs), [state.two.id])
  t.deepEqual(ids((await get('/api/posts', 'trash=false')).body.docs), [state.one.id])
  t.is((await get(`/api/posts/${state.two.id}`, 'trash=true')).body.id, state.two.id)
  const missing = await get(`/api/posts/${state.two.id}`)
  t.is(missing.status, 404)
  t.is(missing.body.errors[0].message, 'Not Found')
  t.deepEqual((await get('/api/posts/count')).body, { totalDocs: 1 })
  t.deepEqual((await get('/api/posts/count', 'trash=true')).body, { totalDocs: 2 })
  const onlyTrashed = await get(
    '/api/posts/count',
    `trash=true&${query({ where: { deletedAt: { exists: true } } })}`,
  )
  t.deepEqual(onlyTrashed.body, { totalDocs: 1 })
})

test.serial('REST versions with and without trash', async (t) => {
  const parents = async (q: string) =>
    (await get('/api/posts/versions', `depth=0&${q}`)).body.docs
      .map((v: { parent: number }) => v.parent)
      .sort()
  t.deepEqual(await parents('trash=true'), [state.one.id, state.two.id].sort())
  t.deepEqual(
    await parents(`trash=true&${query({ where: { 'version.deletedAt': { exists: true } } })}`),
    [state.two.id],
  )
  t.deepEqual(await parents('trash=false'), [state.one.id])
  const version = (
    await get(
      '/api/posts/versions',
      `depth=0&trash=true&${query({ where: { parent: { equals: state.two.id } } })}`,
    )
  ).body.docs[0]
  t.is(
    (await get(`/api/posts/versions/${version.id}`, 'trash=true&depth=0')).body.parent,
    state.two.id,
  )
  t.is((await get(`/api/posts/versions/${version.id}`)).status, 404)
})

test.serial('REST updateByID, update and delete with and without trash', async (t) => {
  const h = { headers: auth() }
  const patched = await s.request('PATCH', `/api/posts/${state.two.id}`, {
    query: 'trash=true',
    body: { title: 'Updated' },
    ...h,
  })
  t.is(patched.body.doc.title, 'Updated')
  t.is(
    (await s.request('PATCH', `/api/posts/${state.two.id}`, { body: { title: 'x' }, ...h })).status,
    404,
  )
  const normal = await s.request('PATCH', '/api/posts', {
    query: `trash=false&${query({ where: { title: { exists: true } } })}`,
    body: { title: 'Updated Normal via REST' },
    ...h,
  })
  t.deepEqual(ids(normal.body.docs), [state.one.id])
  const all = await s.request('PATCH', '/api/posts', {
    query: `trash=true&${query({ where: { title: { exists: true } } })}`,
    body: { title: 'Bulk Updated All' },
    ...h,
  })
  t.is(all.body.docs.length, 2)
  const restored = await s.request('PATCH', `/api/posts/${state.two.id}`, {
    query: 'trash=true',
    body: { deletedAt: null },
    ...h,
  })
  t.is(restored.body.doc.deletedAt, null)
  await s.cms.update({ collection: 'posts', id: state.two.id, data: { deletedAt: now() } })
  t.is((await s.request('DELETE', `/api/posts/${state.two.id}`, h)).status, 404)
  const removed = await s.request('DELETE', '/api/posts', {
    query: `trash=false&${query({ where: { title: { exists: true } } })}`,
    ...h,
  })
  t.deepEqual(ids(removed.body.docs), [state.one.id])
  const rest = await s.request('DELETE', '/api/posts', {
    query: `trash=true&${query({ where: { title: { exists: true } } })}`,
    ...h,
  })
  t.deepEqual(ids(rest.body.docs), [state.two.id])
})

test.serial('GRAPHQL find, findByID, count, versions, update and delete with trash', async (t) => {
  const list = await gql('{ Posts(trash: true) { totalDocs } }')
  t.is(list.data.Posts.totalDocs, 2)
  const trashed = await gql(
    '{ Posts(trash: true, where: { deletedAt: { exists: true } }) { docs { id } } }',
  )
  t.deepEqual(ids(trashed.data.Posts.docs), [state.two.id])
  t.deepEqual(ids((await gql('{ Posts(trash: false) { docs { id } } }')).data.Posts.docs), [
    state.one.id,
  ])
  t.is((await gql(`{ Post(id: ${state.two.id}, trash: true) { id } }`)).data.Post.id, state.two.id)
  const missing = await gql(`{ Post(id: ${state.two.id}) { id } }`)
  t.is(missing.errors?.[0].message, 'Not Found')
  t.is((await gql('{ countPosts { totalDocs } }')).data.countPosts.totalDocs, 1)
  t.is((await gql('{ countPosts(trash: true) { totalDocs } }')).data.countPosts.totalDocs, 2)
  const versions = await gql('{ versionsPosts(trash: true) { totalDocs } }')
  t.is(versions.data.versionsPosts.totalDocs, 2)
  const updated = await gql(
    `mutation { updatePost(id: ${state.two.id}, trash: true, data: { title: "g" }) { title deletedAt } }`,
  )
  t.is(updated.data.updatePost.title, 'g')
  t.is(typeof updated.data.updatePost.deletedAt, 'string')
  const notFound = await gql(
    `mutation { updatePost(id: ${state.two.id}, data: { title: "h" }) { id } }`,
  )
  t.is(notFound.errors?.[0].message, 'Not Found')
  t.is(
    (await gql(`mutation { deletePost(id: ${state.two.id}) { id } }`)).errors?.[0].message,
    'Not Found',
  )
  t.is(
    (await gql(`mutation { deletePost(id: ${state.two.id}, trash: true) { id } }`)).data.deletePost
      .id,
    state.two.id,
  )
})

test.serial('GRAPHQL versions, trashed counts, normal updates and restores', async (t) => {
  const parents = async (args: string) =>
    (
      (await gql(`{ versionsPosts(${args}) { docs { parent { id } } } }`)).data.versionsPosts
        .docs as {
        parent: { id: number }
      }[]
    )
      .map((v) => v.parent.id)
      .sort()
  t.deepEqual(await parents('trash: true, where: { version__deletedAt: { exists: true } }'), [
    state.two.id,
  ])
  t.deepEqual(await parents('trash: false'), [state.one.id])
  const [version] = (
    await gql(
      `{ versionsPosts(trash: true, where: { parent: { equals: ${state.two.id} } }) { docs { id } } }`,
    )
  ).data.versionsPosts.docs
  t.is(
    (await gql(`{ versionPost(id: ${version.id}, trash: true) { parent { id } } }`)).data
      .versionPost.parent.id,
    state.two.id,
  )
  t.is((await gql(`{ versionPost(id: ${version.id}) { id } }`)).errors?.[0].message, 'Not Found')
  const trashedCount = await gql(
    '{ countPosts(trash: true, where: { deletedAt: { exists: true } }) { totalDocs } }',
  )
  t.is(trashedCount.data.countPosts.totalDocs, 1)
  const normal = await gql(
    `mutation { updatePost(id: ${state.one.id}, trash: false, data: { title: "n" }) { title } }`,
  )
  t.is(normal.data.updatePost.title, 'n')
  const restored = await gql(
    `mutation { updatePost(id: ${state.two.id}, trash: true, data: { deletedAt: null }) { deletedAt } }`,
  )
  t.is(restored.data.updatePost.deletedAt, null)
  const after = await gql('{ Posts(trash: false) { docs { id } } }')
  t.deepEqual(ids(after.data.Posts.docs).sort(), [state.one.id, state.two.id].sort())
  t.deepEqual(await parents(`trash: false, where: { parent: { equals: ${state.two.id} } }`), [
    state.two.id,
  ])
})

test.serial('Relationship population: trashed documents are left out when populated', async (t) => {
  const { cms } = s
  const many = await cms.create({
    collection: 'pages',
    data: { title: 'p', relatedPosts: [state.one.id, state.two.id] },
  })
  const populated = await cms.findByID({ collection: 'pages', id: many.id, depth: 1 })
  t.deepEqual(ids(populated.relatedPosts as { id: number }[]), [state.one.id])
  const raw = await cms.findByID({ collection: 'pages', id: many.id, depth: 0 })
  t.deepEqual(raw.relatedPosts, [state.one.id, state.two.id])
  const single = await cms.create({
    collection: 'pages',
    data: { title: 'p', featuredPost: state.two.id },
  })
  t.is((await cms.findByID({ collection: 'pages', id: single.id, depth: 1 })).featuredPost, null)
  const live = await cms.create({
    collection: 'pages',
    data: { title: 'p', featuredPost: state.one.id },
  })
  t.is(
    (
      (await cms.findByID({ collection: 'pages', id: live.id, depth: 1 })).featuredPost as {
        id: number
      }
    ).id,
    state.one.id,
  )
})

test.serial('Writes referencing a trashed document persist (Local and REST)', async (t) => {
  const { cms } = s
  const local = await cms.create({
    collection: 'registrations',
    data: { post: state.two.id, title: 'local' },
  })
  t.is(
    (await cms.count({ collection: 'registrations', where: { id: { equals: local.id } } }))
      .totalDocs,
    1,
  )
  const rest = await s.request('POST', '/api/registrations', {
    body: { post: state.two.id, title: 'rest' },
    headers: auth(),
  })
  t.is(rest.status, 201)
  t.is(
    (await cms.count({ collection: 'registrations', where: { id: { equals: rest.body.doc.id } } }))
      .totalDocs,
    1,
  )
})
