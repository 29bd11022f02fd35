import test from 'ava'
import { useServer } from '../helpers/http.ts'
import { trashConfig } from './trash.config.ts'
import { ids } from './helpers.ts'

/**
 * Payload's test/trash/int.spec.ts, "Relationship population" through GraphQL: a relation to a trashed document
 * reads as absent there too (left out of a hasMany list, null as a single value), as REST and Local populate
 * it; a root field read with `trash: true` populates trashed documents too.
 */

const s = useServer(test, trashConfig, async (cms) => {
  await cms.create({
    collection: 'users',
    data: { email: 'gql@example.com', password: 'secret-pass-1', roles: ['is_user'] },
  })
})
const state = { token: '' }

async function gql(q: string) {
  if (!state.token) {
    const login = await s.request('POST', '/api/users/login', {
      body: { email: 'gql@example.com', password: 'secret-pass-1' },
    })
    state.token = login.body.token
  }
  const r = await s.request('POST', '/api/graphql', {
    body: { query: q },
    headers: { authorization: `JWT ${state.token}` },
  })
  return r.body as { data?: any; errors?: unknown[] }
}

test.serial('GRAPHQL relationship population leaves trashed documents out, as REST', async (t) => {
  const { cms } = s
  const live = await cms.create({
    collection: 'posts',
    data: { title: 'live', _status: 'published' },
  })
  const gone = await cms.create({
    collection: 'posts',
    data: { title: 'gone', _status: 'published', deletedAt: new Date().toISOString() },
  })
  const page = await cms.create({
    collection: 'pages',
    data: { title: 'p', relatedPosts: [live.id, gone.id], featuredPost: gone.id },
  })
  const q = (args: string) =>
    `{ Page(id: ${page.id}${args}) { relatedPosts { id title } featuredPost { id } } }`
  const r = await gql(q(''))
  t.is(r.errors, undefined)
  t.deepEqual(ids(r.data.Page.relatedPosts), [live.id])
  t.is(r.data.Page.featuredPost, null)
  // REST at depth 1 answers the same.
  const rest = await s.request('GET', `/api/pages/${page.id}`, { query: 'depth=1' })
  t.deepEqual(ids(rest.body.relatedPosts), [live.id])
  t.is(rest.body.featuredPost, null)
  // A list reads the same way; with `trash: true` the root asked for the trash and sees it in relations too.
  const list = await gql(
    `{ Pages(where: { id: { equals: ${page.id} } }) { docs { relatedPosts { id } } } }`,
  )
  t.deepEqual(ids(list.data.Pages.docs[0].relatedPosts), [live.id])
  const withTrash = await gql(q(', trash: true'))
  t.deepEqual(ids(withTrash.data.Page.relatedPosts), [live.id, gone.id])
  t.is(withTrash.data.Page.featuredPost.id, gone.id)
  // Restored, it populates again.
  await cms.update({ collection: 'posts', id: gone.id, data: { deletedAt: null }, trash: true })
  const back = await gql(q(''))
  t.deepEqual(ids(back.data.Page.relatedPosts), [live.id, gone.id])
  t.is(back.data.Page.featuredPost.id, gone.id)
})
