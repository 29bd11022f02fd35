import test from 'ava'
import type { Config } from '../../server/config/types.ts'
import { useServer } from '../helpers/http.ts'

/**
 * Payload's document locking (issue 57, "Two editors, one document"; docs/admin.md): the lock routes, the 423 of
 * Payload's REST update and delete while another user holds a live lock, `overrideLock`, the lock released by a
 * write, the Local API's default (override), globals, `lockDocuments: false` and `{ duration }`, and the
 * `payload-locked-documents` collection closed to everyone but the trusted callers.
 */
const isAdmin = (user: unknown) => (user as { role?: string } | null)?.role === 'admin'
const config: Config = {
  collections: [
    {
      slug: 'people',
      auth: true,
      admin: { useAsTitle: 'name' },
      access: {
        read: ({ req }) =>
          isAdmin(req.user) || (req.user ? { id: { equals: req.user.id } } : false),
        update: ({ req }) =>
          isAdmin(req.user) || (req.user ? { id: { equals: req.user.id } } : false),
      },
      fields: [
        { name: 'name', type: 'text' },
        { name: 'role', type: 'select', options: ['admin', 'editor', 'reader'] },
      ],
    },
    {
      slug: 'articles',
      access: {
        read: () => true,
        update: ({ req }) =>
          ['admin', 'editor'].includes((req.user as { role?: string })?.role ?? ''),
        delete: ({ req }) => Boolean(req.user),
      },
      fields: [{ name: 'title', type: 'text' }],
    },
    { slug: 'short', lockDocuments: { duration: 1 }, fields: [{ name: 'title', type: 'text' }] },
    { slug: 'unlocked', lockDocuments: false, fields: [{ name: 'title', type: 'text' }] },
  ],
  globals: [{ slug: 'banner', fields: [{ name: 'text', type: 'text' }] }],
}

const s = useServer(test, config, async (cms) => {
  for (const role of ['admin', 'editor', 'reader'])
    await cms.create({
      collection: 'people',
      data: {
        email: `${role}@example.com`,
        password: `${role}-password`,
        role,
        name: `The ${role}`,
      },
    })
})

const tokens = new Map<string, string>()
async function as(role: 'admin' | 'editor' | 'reader'): Promise<Record<string, string>> {
  if (!tokens.has(role)) {
    const body = { email: `${role}@example.com`, password: `${role}-password` }
    const r = await s.request('POST', '/api/people/login', { body })
    tokens.set(role, r.body.token)
  }
  return { authorization: `Bearer ${tokens.get(role)}` }
}
const create = async (collection: 'articles' | 'short' | 'unlocked') =>
  (await s.cms.create({ collection, data: { title: 'First' } })).id

test('an editor takes the lock; another user sees it, is refused 423 on update and delete, and may take it over', async (t) => {
  const id = await create('articles')
  const editor = await as('editor')
  const admin = await as('admin')
  const taken = await s.request('POST', `/api/articles/${id}/lock`, { headers: editor })
  t.is(taken.status, 200)
  t.like(taken.body, { locked: true, mine: true, duration: 300, user: { collection: 'people' } })
  t.true(Date.parse(taken.body.expiresAt) - Date.now() > 290_000)

  const seen = await s.request('GET', `/api/articles/${id}/lock`, { headers: admin })
  t.like(seen.body, { locked: true, mine: false, user: { title: 'The editor' } })
  const refused = await s.request('PATCH', `/api/articles/${id}`, {
    headers: admin,
    body: { title: 'Admin wins?' },
  })
  t.is(refused.status, 423)
  t.is(
    refused.body.errors[0].message,
    `Document with ID ${id} is currently locked by another user and cannot be updated.`,
  )
  const noDelete = await s.request('DELETE', `/api/articles/${id}`, { headers: admin })
  t.is(noDelete.status, 423)
  t.is(
    noDelete.body.errors[0].message,
    `Document with ID ${id} is currently locked and cannot be deleted.`,
  )
  // A bulk write lists the locked document among its errors and writes the others.
  const other = await create('articles')
  const bulk = await s.request('PATCH', '/api/articles', {
    headers: admin,
    query: { where: JSON.stringify({ id: { in: [id, other] } }) },
    body: { title: 'Bulk' },
  })
  t.is(bulk.status, 200)
  t.deepEqual(
    bulk.body.docs.map((d: any) => d.id),
    [other],
  )
  t.deepEqual(bulk.body.errors, [
    {
      id,
      message: `Document with ID ${id} is currently locked by another user and cannot be updated.`,
    },
  ])
  t.is((await s.cms.findByID({ collection: 'articles', id })).title, 'First')

  // Taking it without takeOver: 423 naming the holder; with takeOver the lock moves.
  const second = await s.request('POST', `/api/articles/${id}/lock`, { headers: admin, body: {} })
  t.is(second.status, 423)
  t.like(second.body.errors[0].data.lock, {
    locked: true,
    mine: false,
    user: { title: 'The editor' },
  })
  const over = await s.request('POST', `/api/articles/${id}/lock`, {
    headers: admin,
    body: { takeOver: true },
  })
  t.like(over.body, { locked: true, mine: true, user: { title: 'The admin' } })
  // The first editor is told at its next touch, and its save is refused.
  const told = await s.request('POST', `/api/articles/${id}/lock`, { headers: editor })
  t.is(told.status, 423)
  // The editor may not read the admin's account: the holder is named without its title.
  t.like(told.body.errors[0].data.lock, {
    locked: true,
    mine: false,
    user: { collection: 'people' },
  })
  t.false('title' in told.body.errors[0].data.lock.user)
  const lost = await s.request('PATCH', `/api/articles/${id}`, {
    headers: editor,
    body: { title: 'Editor' },
  })
  t.is(lost.status, 423)
  t.is(
    (await s.cms.count({ collection: 'payload-locked-documents' as never })).totalDocs >= 1,
    true,
  )
})

test("the holder's own save goes through and releases the lock (Payload); overrideLock=true writes anyway", async (t) => {
  const id = await create('articles')
  const editor = await as('editor')
  await s.request('POST', `/api/articles/${id}/lock`, { headers: editor })
  const saved = await s.request('PATCH', `/api/articles/${id}`, {
    headers: editor,
    body: { title: 'By the holder' },
  })
  t.is(saved.status, 200)
  const after = await s.request('GET', `/api/articles/${id}/lock`, { headers: editor })
  t.like(after.body, { locked: false, mine: false })

  await s.request('POST', `/api/articles/${id}/lock`, { headers: editor })
  const forced = await s.request('PATCH', `/api/articles/${id}?overrideLock=true`, {
    headers: await as('admin'),
    body: { title: 'Forced' },
  })
  t.is(forced.status, 200)
  t.is(forced.body.doc.title, 'Forced')
  t.false((await s.request('GET', `/api/articles/${id}/lock`, { headers: editor })).body.locked)
})

test('the Local API overrides locks by default, as Payload; overrideLock: false refuses', async (t) => {
  const id = await create('articles')
  await s.request('POST', `/api/articles/${id}/lock`, { headers: await as('editor') })
  const admin = (await s.cms.find({ collection: 'people', where: { role: { equals: 'admin' } } }))
    .docs[0]
  const error = await t.throwsAsync(
    s.cms.update({
      collection: 'articles',
      id,
      data: { title: 'Local' },
      overrideLock: false,
      user: { ...admin, collection: 'people' } as never,
    }),
  )
  t.is((error as { status?: number }).status, 423)
  const done = await s.cms.update({ collection: 'articles', id, data: { title: 'Local' } })
  t.is(done.title, 'Local')
  t.false((await s.cms.lockStatus({ collection: 'articles', id })).locked)
})

test('release: the holder releases; another user cannot release it', async (t) => {
  const id = await create('articles')
  const editor = await as('editor')
  await s.request('POST', `/api/articles/${id}/lock`, { headers: editor })
  const other = await s.request('DELETE', `/api/articles/${id}/lock`, {
    headers: await as('admin'),
  })
  t.is(other.status, 200)
  t.like(other.body, { locked: true, mine: false })
  const own = await s.request('DELETE', `/api/articles/${id}/lock`, { headers: editor })
  t.like(own.body, { locked: false, mine: false })
  const free = await s.request('PATCH', `/api/articles/${id}`, {
    headers: await as('admin'),
    body: { title: 'Free' },
  })
  t.is(free.status, 200)
})

test('an expired lock blocks nothing and is replaced; lockDocuments: false has no lock routes', async (t) => {
  const id = await create('short')
  const editor = await as('editor')
  t.is((await s.request('POST', `/api/short/${id}/lock`, { headers: editor })).body.duration, 1)
  await new Promise((r) => setTimeout(r, 1_100))
  t.false((await s.request('GET', `/api/short/${id}/lock`, { headers: editor })).body.locked)
  const write = await s.request('PATCH', `/api/short/${id}`, {
    headers: await as('admin'),
    body: { title: 'After expiry' },
  })
  t.is(write.status, 200)
  const unlockedId = await create('unlocked')
  const none = await s.request('POST', `/api/unlocked/${unlockedId}/lock`, {
    headers: editor,
    direct: 'the route is not in the contract: the collection has no locking',
  })
  t.is(none.status, 404)
  const contract = s.server.document as { paths: Record<string, unknown> }
  t.truthy(contract.paths['/short/{id}/lock'])
  t.falsy(contract.paths['/unlocked/{id}/lock'])
})

test('who may lock: anonymous 401, a reader without update access 403, a missing document 404', async (t) => {
  const id = await create('articles')
  t.is((await s.request('POST', `/api/articles/${id}/lock`)).status, 401)
  t.is((await s.request('GET', `/api/articles/${id}/lock`)).status, 401)
  const reader = await as('reader')
  t.is((await s.request('POST', `/api/articles/${id}/lock`, { headers: reader })).status, 403)
  // A reader may see who edits a document it may read.
  t.is((await s.request('GET', `/api/articles/${id}/lock`, { headers: reader })).status, 200)
  const editor = await as('editor')
  t.is((await s.request('POST', '/api/articles/999999/lock', { headers: editor })).status, 404)
  t.is((await s.request('GET', '/api/articles/999999/lock', { headers: editor })).status, 404)
})

test("a holder's title shows only to a caller who may read the holder", async (t) => {
  const id = await create('articles')
  await s.request('POST', `/api/articles/${id}/lock`, { headers: await as('editor') })
  const admin = await s.request('GET', `/api/articles/${id}/lock`, { headers: await as('admin') })
  t.like(admin.body, { locked: true, user: { title: 'The editor' } })
  const reader = await s.request('GET', `/api/articles/${id}/lock`, { headers: await as('reader') })
  t.true(reader.body.locked)
  t.is(reader.body.user.collection, 'people')
  t.false('title' in reader.body.user)
})

test('globals: REST updates override by default (Payload); overrideLock=false refuses while locked', async (t) => {
  const editor = await as('editor')
  const admin = await as('admin')
  t.like((await s.request('POST', '/api/globals/banner/lock', { headers: editor })).body, {
    locked: true,
    mine: true,
  })
  const refused = await s.request('POST', '/api/globals/banner?overrideLock=false', {
    headers: admin,
    body: { text: 'No' },
  })
  t.is(refused.status, 423)
  t.is(
    refused.body.errors[0].message,
    'Global document with slug "banner" is currently locked by another user and cannot be modified.',
  )
  const plain = await s.request('POST', '/api/globals/banner', {
    headers: admin,
    body: { text: 'Yes' },
  })
  t.is(plain.status, 200)
  t.false((await s.request('GET', '/api/globals/banner/lock', { headers: editor })).body.locked)
})

test('payload-locked-documents is closed to every user but the trusted ones', async (t) => {
  const id = await create('articles')
  await s.request('POST', `/api/articles/${id}/lock`, { headers: await as('editor') })
  for (const role of ['editor', 'reader'] as const) {
    const headers = await as(role)
    t.is((await s.request('GET', '/api/payload-locked-documents', { headers })).status, 403, role)
    const write = await s.request('POST', '/api/payload-locked-documents', {
      headers,
      body: { globalSlug: 'banner', user: { relationTo: 'people', value: 1 } },
    })
    t.is(write.status, 403, role)
  }
  // The admin (who may update every account) is trusted: it sees the locks, as Payload's admins do.
  const listed = await s.request('GET', '/api/payload-locked-documents?depth=0', {
    headers: await as('admin'),
  })
  t.is(listed.status, 200)
  t.true(
    listed.body.docs.some(
      (d: any) => d.document?.relationTo === 'articles' && d.document.value === id,
    ),
  )
  // A GraphQL read of the locks is refused to others too.
  const gql = await s.request('POST', '/api/graphql', {
    headers: await as('editor'),
    body: { query: '{ PayloadLockedDocuments { docs { id } } }' },
  })
  t.is(gql.body.errors?.[0]?.extensions?.code, 'FORBIDDEN', JSON.stringify(gql.body))
})
