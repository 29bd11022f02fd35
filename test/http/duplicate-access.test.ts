import test from 'ava'
import { dupAccessConfig, seedDupAccess } from '../fixtures/dupaccess.ts'
import { useServer } from '../helpers/http.ts'

/** Duplicate and access introspection over REST (every answer validated against the contract) and GraphQL. */
const s = useServer(test, dupAccessConfig, seedDupAccess)

const tokens = new Map<string, string>()
async function as(role: 'admin' | 'editor' | 'viewer'): Promise<Record<string, string>> {
  if (!tokens.has(role)) {
    const body = { email: `${role}@example.com`, password: `${role}-password` }
    tokens.set(role, (await s.request('POST', '/api/members/login', { body })).body.token)
  }
  return { authorization: `Bearer ${tokens.get(role)}` }
}
async function gql(query: string, headers: Record<string, string> = {}) {
  const r = await s.request('POST', '/api/graphql', { body: { query }, headers })
  return r.body as { data?: any; errors?: { message: string; extensions?: { status?: number } }[] }
}

test('POST /{slug}/{id}/duplicate: 200 { doc, message }, a draft by default, body overrides', async (t) => {
  const id = s.data.article.id
  const r = await s.request('POST', `/api/articles/${id}/duplicate`, {
    headers: await as('editor'),
    query: { depth: '0', locale: 'fr' },
  })
  t.is(r.status, 200)
  t.is(r.body.message, 'Article successfully duplicated.')
  t.like(r.body.doc, {
    title: 'Bonjour',
    slug: 'hello - Copy',
    counter: 0,
    _status: 'draft',
    owner: s.data.editor.id,
  })
  const other = await s.request('POST', `/api/articles/${id}/duplicate`, {
    headers: await as('admin'),
    query: { draft: 'false', depth: '0' },
    body: { slug: 'rest-copy', title: 'Copied' },
  })
  t.is(other.status, 200)
  t.like(other.body.doc, { slug: 'rest-copy', title: 'Copied', _status: 'published' })
  const all = await s.cms.findByID({ collection: 'articles', id: other.body.doc.id, locale: 'all' })
  t.deepEqual(all.title, { en: 'Copied', fr: 'Bonjour' })
})

test('POST /{slug}/{id}/duplicate?selectedLocales=fr copies only French; a locale the config lacks is a 400', async (t) => {
  const id = s.data.article.id
  const r = await s.request('POST', `/api/articles/${id}/duplicate`, {
    headers: await as('admin'),
    query: { depth: '0', locale: 'fr', selectedLocales: 'fr', draft: 'true' },
    body: { slug: 'french-only' },
  })
  t.is(r.status, 200)
  const all = await s.cms.findByID({
    collection: 'articles',
    id: r.body.doc.id,
    locale: 'all',
    draft: true,
  })
  t.deepEqual(all.title, { fr: 'Bonjour' })
  const bad = await s.request('POST', `/api/articles/${id}/duplicate`, {
    headers: await as('admin'),
    query: { selectedLocales: 'fr,de' },
    invalid: 'selectedLocales names a locale the config does not have',
  })
  t.is(bad.status, 400)
  t.regex(JSON.stringify(bad.body), /selectedLocales/)
})

test('duplicate: 403 without create access or behind a read Where, 401 anonymous, 404 missing, 400 bad body', async (t) => {
  const { article, adminArticle } = s.data
  t.is(
    (
      await s.request('POST', `/api/articles/${article.id}/duplicate`, {
        headers: await as('viewer'),
      })
    ).status,
    403,
  )
  t.is(
    (
      await s.request('POST', `/api/articles/${adminArticle.id}/duplicate`, {
        headers: await as('editor'),
      })
    ).status,
    403,
  )
  const anon = await s.request('POST', `/api/articles/${article.id}/duplicate`)
  t.is(anon.status, 401)
  t.is(
    (await s.request('POST', '/api/articles/999999/duplicate', { headers: await as('admin') }))
      .status,
    404,
  )
  const bad = await s.request('POST', `/api/articles/${article.id}/duplicate`, {
    headers: await as('admin'),
    body: { nope: 1 },
    invalid: 'an unknown field',
  })
  t.is(bad.status, 400)
})

test('disableDuplicate: no route (404), none for auth collections, and no GraphQL mutation', async (t) => {
  const tag = await s.cms.create({ collection: 'tags', data: { name: 'a' } })
  const r = await s.request('POST', `/api/tags/${tag.id}/duplicate`, {
    headers: await as('admin'),
    direct: 'not in the contract: the route does not exist',
  })
  t.is(r.status, 404)
  const m = await s.request('POST', `/api/members/${s.data.viewer.id}/duplicate`, {
    headers: await as('admin'),
    direct: 'not in the contract: the route does not exist',
  })
  t.is(m.status, 404)
  const document = (await s.request('GET', '/api/openapi.json')).body
  t.truthy(document.paths['/articles/{id}/duplicate'])
  t.falsy(document.paths['/tags/{id}/duplicate'])
  t.falsy(document.paths['/members/{id}/duplicate'])
  const sdl = (await s.request('GET', '/api/graphql/schema.graphql')).text
  t.regex(sdl, /duplicateArticle\(id: Int!, data: mutationArticleUpdateInput, draft: Boolean/)
  t.notRegex(sdl, /duplicateTag|duplicateMember/)
})

test('GET /access: the caller’s permissions in Payload’s shape', async (t) => {
  const admin = await s.request('GET', '/api/access', { headers: await as('admin') })
  t.is(admin.status, 200)
  t.deepEqual(admin.body.collections.articles, {
    create: true,
    read: true,
    update: true,
    delete: true,
    readVersions: true,
    fields: true,
  })
  const editor = await s.request('GET', '/api/access', { headers: await as('editor') })
  const where = { owner: { equals: s.data.editor.id } }
  t.like(editor.body.collections.articles, {
    create: true,
    read: { permission: true, where },
    update: { permission: true, where },
  })
  t.deepEqual(editor.body.collections.articles.fields.meta, {
    create: true,
    read: true,
    update: true,
    fields: { note: true },
  })
  t.false('delete' in editor.body.collections.articles)
  // No secret is ever named.
  t.notRegex(editor.text, /hash|salt|resetPassword|loginAttempts/)
  const anon = await s.request('GET', '/api/access')
  t.is(anon.status, 200)
  t.false('articles' in anon.body.collections)
})

test('POST /{slug}/access/{id} and /globals/{slug}/access: Wheres evaluated against the document', async (t) => {
  const { article, adminArticle } = s.data
  const own = await s.request('POST', `/api/articles/access/${article.id}`, {
    headers: await as('editor'),
  })
  t.is(own.status, 200)
  t.deepEqual(own.body.update, { permission: true, where: { owner: { equals: s.data.editor.id } } })
  // A document the caller may not read is answered exactly as a missing one (issue 30, finding 9).
  const other = await s.request('POST', `/api/articles/access/${adminArticle.id}`, {
    headers: await as('editor'),
    body: { title: 'anything' },
  })
  const missing = await s.request('POST', '/api/articles/access/999999', {
    headers: await as('editor'),
  })
  t.is(other.status, 404)
  t.is(missing.status, 404)
  t.deepEqual(other.body, missing.body)
  await s.cms.updateGlobal({ slug: 'settings', data: { siteName: 'Open' } })
  const g = await s.request('POST', '/api/globals/settings/access', { headers: await as('editor') })
  t.is(g.status, 200)
  t.deepEqual(g.body, {
    read: true,
    update: { permission: true, where: { siteName: { equals: 'Open' } } },
    fields: true,
  })
})

test('GraphQL: duplicate<Singular>, Access and docAccess<Singular> with typed permission objects', async (t) => {
  const id = s.data.adminArticle.id
  const dup = await gql(
    `mutation { duplicateArticle(id: ${id}, data: { slug: "gql-copy" }) { id slug title _status } }`,
    await as('admin'),
  )
  t.is(dup.errors, undefined)
  t.like(dup.data.duplicateArticle, { slug: 'gql-copy', title: 'Admin only' })
  const denied = await gql(`mutation { duplicateArticle(id: ${id}) { id } }`, await as('editor'))
  t.is(denied.errors?.[0].extensions?.status, 403)

  const access = await gql(
    '{ Access { canAccessAdmin articles { create { permission } read { permission where } delete { permission } fields { meta { read { permission } fields { internal { read { permission } } note { update { permission } } } } } } settings { update { permission where } } } }',
    await as('editor'),
  )
  t.is(access.errors, undefined)
  t.deepEqual(access.data.Access, {
    canAccessAdmin: true, // a logged-in user of the admin user collection without access.admin (as Payload)
    articles: {
      create: { permission: true },
      read: { permission: true, where: { owner: { equals: s.data.editor.id } } },
      delete: { permission: false },
      fields: {
        meta: {
          read: { permission: true },
          fields: {
            internal: { read: { permission: false } },
            note: { update: { permission: true } },
          },
        },
      },
    },
    settings: { update: { permission: true, where: { siteName: { equals: 'Open' } } } },
  })
  const own = await gql(
    `{ docAccessArticle(id: ${s.data.article.id}) { read { permission } update { permission } } docAccessSetting { read { permission } } }`,
    await as('editor'),
  )
  t.is(own.errors, undefined)
  t.deepEqual(own.data, {
    docAccessArticle: { read: { permission: true }, update: { permission: true } },
    docAccessSetting: { read: { permission: true } },
  })
  // The admin's article, which the editor may not read: the error a missing id gets (issue 30, finding 9).
  const hidden = await gql(
    `{ docAccessArticle(id: ${id}) { read { permission } } }`,
    await as('editor'),
  )
  const missing = await gql(
    '{ docAccessArticle(id: 999999) { read { permission } } }',
    await as('editor'),
  )
  t.is(hidden.errors?.[0].extensions?.status, 404)
  t.deepEqual(hidden, missing)
})
