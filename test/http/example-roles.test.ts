import test from 'ava'
import exampleConfig from '../../cms.config.ts'
import { useServer } from '../helpers/http.ts'

/** The example app's roles over REST: members write their own posts as themselves; endpoints keep access. */
const s = useServer(test, { ...exampleConfig, email: { sendEmail: () => {} } }, (cms) =>
  cms.config.seed!(cms),
)

const tokens = new Map<string, string>()
async function as(name: 'admin' | 'alice' | 'bob'): Promise<Record<string, string>> {
  if (!tokens.has(name)) {
    const body = { email: `${name}@example.com`, password: `${name}-password` }
    const login = await s.request('POST', '/api/users/login', { body })
    tokens.set(name, login.body.token)
  }
  return { authorization: `Bearer ${tokens.get(name)}` }
}
const idOf = async (email: string) =>
  (await s.cms.find({ collection: 'users', where: { email: { equals: email } } })).docs[0]
    .id as number
const post = async (name: 'admin' | 'alice', body: Record<string, unknown>) =>
  s.request('POST', '/api/posts', { body, headers: await as(name) })
const patch = async (name: 'admin' | 'alice', id: number, body: Record<string, unknown>) =>
  s.request('PATCH', `/api/posts/${id}`, { body, headers: await as(name) })
const authorOf = async (id: number) => {
  const doc = await s.cms.findByID({ collection: 'posts', id, depth: 0, draft: true })
  return doc.author
}

test('a member creating a post is its author, whatever author the body names', async (t) => {
  const [admin, alice] = [await idOf('admin@example.com'), await idOf('alice@example.com')]
  const r = await s.request('POST', '/api/posts', {
    body: { title: 'Forged', slug: 'forged-author', author: admin, _status: 'published' },
    headers: await as('alice'),
  })
  t.is(r.status, 201)
  t.is(await authorOf(r.body.doc.id), alice)
  const plain = await post('alice', { title: 'Mine', slug: 'mine-no-author' })
  t.is(plain.status, 201)
  t.is(await authorOf(plain.body.doc.id), alice)
})

test('a member cannot hand their post to someone else; an admin may set any author', async (t) => {
  const [admin, alice] = [await idOf('admin@example.com'), await idOf('alice@example.com')]
  const bob = await idOf('bob@example.com')
  const created = await post('alice', { title: 'Own', slug: 'own-post' })
  const id = created.body.doc.id as number
  t.is((await patch('alice', id, { author: bob, title: 'Own, edited' })).status, 200)
  t.is(await authorOf(id), alice)
  t.is(
    (await s.cms.findByID({ collection: 'posts', id, depth: 0, draft: true })).title,
    'Own, edited',
  )

  const byAdmin = await post('admin', { title: 'For Bob', slug: 'for-bob', author: bob })
  t.is(byAdmin.status, 201)
  t.is(await authorOf(byAdmin.body.doc.id), bob)
  const defaulted = await post('admin', { title: 'Admin own', slug: 'admin-own' })
  t.is(await authorOf(defaulted.body.doc.id), admin)
  t.is((await patch('admin', id, { author: admin })).status, 200)
  t.is(await authorOf(id), admin)
  // Now the admin's post: the member may no longer edit it at all.
  t.is((await patch('alice', id, { title: 'x' })).status, 403)
})

test("the tracking endpoint applies the collection's update access like PATCH: 401, 403, 404, 400, 200", async (t) => {
  const parcel = (await s.cms.find({ collection: 'tracking', sort: 'id', limit: 1 })).docs[0]
  const path = `/api/tracking/${parcel.id}/tracking`
  const body = { status: 'delivered', lastEvent: 'Forged by a member' }

  const anonymous = await s.request('POST', path, { body })
  t.is(anonymous.status, 401)
  t.truthy(anonymous.headers.get('www-authenticate'))
  t.is(typeof anonymous.body.errors[0].message, 'string')

  t.is(
    (await s.request('PATCH', `/api/tracking/${parcel.id}`, { body, headers: await as('alice') }))
      .status,
    403,
  )
  const member = await s.request('POST', path, { body, headers: await as('alice') })
  t.is(member.status, 403)
  t.is(typeof member.body.errors[0].message, 'string')
  t.is((await s.cms.findByID({ collection: 'tracking', id: parcel.id })).status, parcel.status)

  t.is(
    (await s.request('POST', '/api/tracking/999999/tracking', { body, headers: await as('admin') }))
      .status,
    404,
  )
  const invalid = await s.request('POST', path, {
    body: { status: 'lost' },
    headers: await as('admin'),
    invalid: 'a status outside its enum',
  })
  t.is(invalid.status, 400)
  t.is(invalid.body.errors[0].data.errors[0].path, 'status')

  const update = { status: 'in_transit', lastEvent: 'Left the depot' }
  const ok = await s.request('POST', path, { body: update, headers: await as('admin') })
  t.is(ok.status, 200)
  t.like(await s.cms.findByID({ collection: 'tracking', id: parcel.id }), update)
})

test("a member duplicating an admin's post gets a copy of their own: a duplicate is a create (issue 30, finding 6)", async (t) => {
  const [admin, alice] = [await idOf('admin@example.com'), await idOf('alice@example.com')]
  const source = await post('admin', { title: 'By the admin', slug: 'by-the-admin' })
  const id = source.body.doc.id as number
  t.is(await authorOf(id), admin)
  const r = await s.request('POST', `/api/posts/${id}/duplicate`, {
    headers: await as('alice'),
    query: { draft: 'false', depth: '0' },
    body: { title: 'Forged', slug: 'forged', _status: 'published' },
  })
  t.is(r.status, 200)
  t.is(r.body.doc.author, alice)
  t.is(await authorOf(r.body.doc.id), alice)
  // The same through GraphQL's duplicatePost, and the Local API for the caller.
  const g = await s.request('POST', '/api/graphql', {
    headers: await as('alice'),
    body: {
      query: `mutation { duplicatePost(id: ${id}, draft: false, data: { slug: "forged-gql" }) { id } }`,
    },
  })
  t.is(g.body.errors, undefined)
  t.is(await authorOf(g.body.data.duplicatePost.id), alice)
  const user = { ...(await s.cms.findByID({ collection: 'users', id: alice })), id: alice }
  const local = await s.cms.duplicate({
    collection: 'posts',
    id,
    data: { slug: 'forged-local' },
    overrideAccess: false,
    user: { ...user, collection: 'users' },
  })
  t.is(await authorOf(local.id as number), alice)
  // An admin's copy keeps the source's author.
  const byAdmin = await s.request('POST', `/api/posts/${id}/duplicate`, {
    headers: await as('admin'),
    body: { slug: 'admin-copy' },
  })
  t.is(await authorOf(byAdmin.body.doc.id), admin)
})
