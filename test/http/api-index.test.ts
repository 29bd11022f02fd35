/**
 * Issue 57, item 10 ("First minutes"): `GET /api` answers an index of the API instead of a 404 (Payload 3 answers
 * `Route not found "/api"`; this is an extension, docs/rest.md): the collections and globals the caller may read,
 * the login routes, and the pages this server serves. The CMS's own collections (`webhooks`, `payload-jobs`) are
 * not named to an anonymous caller or a member they are closed to. Every answer is checked against the contract,
 * which declares the route (`apiIndex`).
 */
import test from 'ava'
import { defineConfig } from '../../server/index.ts'
import type { Access } from '../../server/config/types.ts'
import { sanitizeConfig } from '../../server/config/sanitize.ts'
import { compileContract } from '../../server/contracts/openapi.ts'
import { seededBearer, useServer } from '../helpers/http.ts'

const isAdmin = (user: Record<string, unknown> | null) => user?.role === 'admin'
const selfOrAdmin: Access = ({ req }) =>
  isAdmin(req.user) || (req.user ? { id: { equals: req.user.id } } : false)

const config = defineConfig({
  secret: 'api-index-test-secret-of-32-bytes-or-more',
  collections: [
    {
      slug: 'users',
      auth: true,
      access: { read: selfOrAdmin, update: selfOrAdmin },
      fields: [
        { name: 'role', type: 'select', options: ['admin', 'member'], defaultValue: 'member' },
      ],
    },
    { slug: 'notes', access: { read: () => true }, fields: [{ name: 'text', type: 'text' }] },
    // No read access: any logged-in caller (the default).
    { slug: 'drafts', fields: [{ name: 'text', type: 'text' }] },
    {
      slug: 'fragile',
      access: {
        read: () => {
          throw new Error('needs a document')
        },
      },
      fields: [{ name: 'text', type: 'text' }],
    },
  ],
  globals: [
    { slug: 'site', access: { read: () => true }, fields: [{ name: 'name', type: 'text' }] },
    { slug: 'secrets', fields: [{ name: 'key', type: 'text' }] },
  ],
  webhooks: {},
  jobs: { tasks: [{ slug: 'note', handler: () => ({ output: {} }) }] },
  email: { sendEmail: () => {} },
})

const s = useServer(test, config, async (cms) => {
  for (const role of ['admin', 'member'] as const)
    await cms.create({
      collection: 'users',
      data: { email: `${role}@example.com`, password: `${role}-password`, role },
    })
})
const as = seededBearer(s)

interface Index {
  api: string
  collections: { slug: string; url: string }[]
  globals: { slug: string; url: string }[]
  login: { collection: string; url: string }[]
  [page: string]: unknown
}
const slugs = (entries: { slug: string }[]) => entries.map((e) => e.slug)

test('GET /api answers the index an anonymous caller may use, not a 404', async (t) => {
  const r = await s.request<Index>('GET', '/api')
  t.is(r.status, 200)
  t.deepEqual(r.body, {
    api: '/api',
    collections: [{ slug: 'notes', url: '/api/notes' }],
    globals: [{ slug: 'site', url: '/api/globals/site' }],
    login: [{ collection: 'users', url: '/api/users/login' }],
    graphql: '/api/graphql',
    graphqlPlayground: '/api/graphql-playground',
    docs: '/api/docs',
    openapi: '/api/openapi.json',
    graphqlSchema: '/api/graphql/schema.graphql',
    health: '/api/health',
    admin: '/admin',
  })
  const slash = { direct: 'Prism matches the root without its trailing slash' }
  t.deepEqual((await s.request<Index>('GET', '/api/', slash)).body, r.body)
  // Every address it gives answers (the login route takes POST).
  for (const url of [
    ...r.body.collections.map((c) => c.url),
    ...r.body.globals.map((g) => g.url),
    ...['graphqlPlayground', 'docs', 'openapi', 'graphqlSchema', 'health'].map((k) =>
      String(r.body[k]),
    ),
  ])
    t.is((await fetch(`${s.server.url}${url}`)).status, 200, url)
  t.is((await fetch(`${s.server.url}/admin/`)).status, 200)
})

test("a member sees what its access lets it read; the CMS's own collections stay unnamed", async (t) => {
  const headers = await as('member')
  const r = await s.request<Index>('GET', '/api', { headers })
  t.is(r.status, 200)
  t.deepEqual(slugs(r.body.collections), ['users', 'notes', 'drafts'])
  t.deepEqual(slugs(r.body.globals), ['site', 'secrets'])
  for (const { url } of r.body.collections)
    t.is((await s.request('GET', url, { headers })).status, 200, url)
})

test('a trusted admin sees the webhooks and jobs collections too', async (t) => {
  const headers = await as('admin')
  const r = await s.request<Index>('GET', '/api', { headers })
  // Every collection but the one whose access throws (the CMS's own ones included, whichever the version adds).
  const all = s.cms.config.collections.map((c) => c.slug)
  t.deepEqual(
    slugs(r.body.collections),
    all.filter((slug) => slug !== 'fragile'),
  )
  for (const own of ['payload-jobs', 'webhooks']) t.true(all.includes(own), own)
  for (const { url } of r.body.collections)
    t.is((await s.request('GET', url, { headers })).status, 200, url)
  // A stale credential is ignored there, as on every operation declared `security: []`.
  const stale = await s.request<Index>('GET', '/api', {
    headers: { authorization: 'Bearer not-a-token' },
  })
  t.is(stale.status, 200)
  t.deepEqual(slugs(stale.body.collections), ['notes'])
})

test('the contract declares the index; a custom endpoint at GET / takes the route, as in Payload', (t) => {
  const op = compileContract(sanitizeConfig(config)).paths['/']?.get
  t.is(op?.operationId, 'apiIndex')
  t.deepEqual(op?.security, [])
  const own = sanitizeConfig({
    ...config,
    endpoints: [{ path: '/', method: 'get', handler: () => Response.json({ mine: true }) }],
  })
  t.is(compileContract(own).paths['/']?.get?.['x-cms'].kind, 'endpoint')
})
