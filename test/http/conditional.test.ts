import test from 'ava'
import { contentGeneration } from '../../server/db/totals.ts'
import { contractStamp, entityTag } from '../../server/http/conditional.ts'
import { defineConfig } from '../../server/index.ts'
import { countQueries } from '../helpers/db.ts'
import { useServer } from '../helpers/http.ts'

/**
 * Conditional reads over HTTP: an anonymous read carries a strong ETag and public caching headers; the same
 * request with `If-None-Match` is a 304 without a body and without reading documents, until a write anywhere
 * changes the tag; an authenticated caller's answers are `no-store` and never 304; a caller access turns away
 * gets its 401/403, not a 304. Every answer is checked against the contract (304 included).
 */
const config = defineConfig({
  collections: [
    {
      slug: 'users',
      auth: true,
      fields: [],
      access: { create: () => true, read: () => true },
    },
    {
      slug: 'posts',
      versions: { drafts: true },
      access: {
        read: () => true,
        readVersions: () => true,
        create: () => true,
        update: () => true,
      },
      fields: [
        { name: 'title', type: 'text' },
        { name: 'author', type: 'relationship', relationTo: 'users' },
      ],
    },
    { slug: 'secrets', access: { read: ({ req }) => Boolean(req.user) }, fields: [] },
  ],
  globals: [
    { slug: 'settings', access: { read: () => true }, fields: [{ name: 'motto', type: 'text' }] },
  ],
  email: { sendEmail: () => {} },
})

const s = useServer(test, config, async (cms) => {
  const user = await cms.create({
    collection: 'users',
    data: { email: 'a@example.com', password: 'a-password' },
  })
  const post = await cms.create({ collection: 'posts', data: { title: 'One', author: user.id } })
  return { post }
})

const get = (path: string, headers: Record<string, string> = {}) =>
  s.request('GET', path, { headers })

test.serial(
  'an anonymous read is tagged; the tag back is a 304 with no body that reads no document',
  async (t) => {
    const first = await get('/api/posts', {})
    t.is(first.status, 200)
    const tag = first.headers.get('etag')!
    t.regex(tag, /^"[\w-]{27}"$/)
    t.is(first.headers.get('cache-control'), 'public, max-age=0, must-revalidate')
    t.is(first.headers.get('vary'), 'Authorization, Cookie')
    const again = await countQueries(s.cms, () => get('/api/posts', { 'if-none-match': tag }))
    t.is(again.result.status, 304)
    t.is(again.result.text, '')
    t.is(again.result.headers.get('etag'), tag)
    // One statement: the generations' sum; no document is read.
    t.is(again.queries, 1, again.statements.join('\n'))
    // The weak form and a list of tags match too; another query is another tag.
    t.is((await get('/api/posts', { 'if-none-match': `"x", W/${tag}` })).status, 304)
    const other = await get('/api/posts?limit=1', { 'if-none-match': tag })
    t.is(other.status, 200)
    t.not(other.headers.get('etag'), tag)
  },
)

test.serial('any write through the CMS makes the tags of every read new', async (t) => {
  const id = s.data.post.id
  // The kept total holds while the sum does (db/totals.ts) and is counted again after a write.
  const before = (await get('/api/posts')).body.totalDocs
  await s.cms.create({ collection: 'posts', data: { title: 'Counted' } })
  t.is((await get('/api/posts')).body.totalDocs, before + 1)
  t.is((await get('/api/posts/count')).body.totalDocs, before + 1)
  const byId = await get(`/api/posts/${id}`)
  const global = await get('/api/globals/settings')
  t.is(byId.status, 200)
  t.is(global.status, 200)
  await s.cms.update({ collection: 'posts', id, data: { title: 'Two' } })
  const changed = await get(`/api/posts/${id}`, { 'if-none-match': byId.headers.get('etag')! })
  t.is(changed.status, 200)
  t.is(changed.body.title, 'Two')
  // A global's write changes the tags too.
  const still = await get('/api/globals/settings', { 'if-none-match': global.headers.get('etag')! })
  t.is(still.status, 200) // the post's write came after the global's tag
  const tag = still.headers.get('etag')!
  t.is((await get('/api/globals/settings', { 'if-none-match': tag })).status, 304)
  await s.cms.updateGlobal({ slug: 'settings', data: { motto: 'New' } })
  const after = await get('/api/globals/settings', { 'if-none-match': tag })
  t.is(after.status, 200)
  t.is(after.body.motto, 'New')
  // Counts, versions and distinct values are tagged as well.
  for (const path of [
    '/api/posts/count',
    '/api/posts/versions',
    '/api/posts/distinct?field=title',
  ]) {
    const r = await get(path)
    t.is(r.status, 200, path)
    t.is((await get(path, { 'if-none-match': r.headers.get('etag')! })).status, 304, path)
  }
})

test.serial('an authenticated caller gets no-store answers and never a 304', async (t) => {
  const login = await s.request('POST', '/api/users/login', {
    body: { email: 'a@example.com', password: 'a-password' },
  })
  const auth = { authorization: `Bearer ${login.body.token}` }
  const tag = (await get('/api/posts')).headers.get('etag')!
  const r = await get('/api/posts', { ...auth, 'if-none-match': tag })
  t.is(r.status, 200)
  t.is(r.headers.get('etag'), null)
  t.is(r.headers.get('cache-control'), 'no-store')
})

test.serial('a caller access turns away gets its 401, even with the current tag', async (t) => {
  const document = (await s.request('GET', '/api/openapi.json')).body
  const tag = entityTag(
    await contentGeneration(s.cms.db, s.cms.db.dialect),
    contractStamp(document),
    '/secrets',
    '',
  )
  const r = await get('/api/secrets', { 'if-none-match': tag })
  t.is(r.status, 401)
  t.is(r.headers.get('etag'), null)
})
