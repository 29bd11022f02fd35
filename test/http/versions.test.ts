import test from 'ava'
import { defineConfig } from '../../server/config/define-config.ts'
import { useServer } from '../helpers/http.ts'

/**
 * Versions over HTTP (issue 19): a global's versions and drafts on REST (every answer checked against the
 * contract) and GraphQL, autosave on both, GraphQL versions of collections and globals with Payload's names, and
 * the draft / locale / fallbackLocale arguments of relationship fields.
 */
const config = defineConfig({
  localization: { locales: ['en', 'de'], defaultLocale: 'en' },
  collections: [
    { slug: 'users', auth: true, fields: [] },
    {
      slug: 'authors',
      versions: { drafts: true },
      access: { read: () => true },
      fields: [
        { name: 'name', type: 'text' },
        { name: 'bio', type: 'text', localized: true },
      ],
    },
    {
      slug: 'pages',
      versions: { drafts: { autosave: true } },
      access: {
        read: () => true,
        readVersions: ({ req }) => Boolean(req.user),
        update: ({ req }) => Boolean(req.user),
      },
      fields: [
        { name: 'title', type: 'text', required: true },
        { name: 'author', type: 'relationship', relationTo: 'authors' },
        { name: 'featured', type: 'relationship', relationTo: ['authors', 'pages'] },
      ],
    },
    { slug: 'notes', versions: true, fields: [{ name: 'text', type: 'text' }] },
  ],
  globals: [
    {
      slug: 'site-settings',
      versions: { drafts: { autosave: true }, max: 20 },
      access: { read: () => true, update: ({ req }) => Boolean(req.user) },
      fields: [
        { name: 'siteName', type: 'text', required: true },
        { name: 'tagline', type: 'text' },
      ],
    },
  ],
})

const s = useServer(test, config, async (cms) => {
  await cms.create({
    collection: 'users',
    data: { email: 'editor@example.com', password: 'editor-password' },
  })
  const author = await cms.create({
    collection: 'authors',
    data: { name: 'Ada', bio: 'English bio', _status: 'published' },
  })
  await cms.update({
    collection: 'authors',
    id: author.id,
    locale: 'de',
    data: { bio: 'Deutsche Bio' },
  })
  // A draft over the published author: only `draft: true` reads see it.
  await cms.update({
    collection: 'authors',
    id: author.id,
    draft: true,
    data: { name: 'Ada (draft)' },
  })
  return { author: author.id }
})

let token = ''
const auth = () => ({ authorization: `Bearer ${token}` })
/** Logs the editor in once (the server starts in a before hook of its own). */
let loggingIn: Promise<void> | undefined
const login = () =>
  (loggingIn ??= s
    .request('POST', '/api/users/login', {
      body: { email: 'editor@example.com', password: 'editor-password' },
    })
    .then((r) => {
      token = r.body.token
    }))
test.beforeEach(() => login())

async function gql<T = any>(query: string, variables?: Record<string, unknown>, withToken = true) {
  const r = await s.request('POST', '/api/graphql', {
    body: { query, variables },
    headers: { accept: 'application/graphql-response+json', ...(withToken ? auth() : {}) },
  })
  return r.body as { data?: T; errors?: { message: string; extensions?: { code?: string } }[] }
}

test.serial(
  'REST: a global keeps versions; draft writes and reads; list, read and restore a version',
  async (t) => {
    const published = await s.request('POST', '/api/globals/site-settings', {
      body: { siteName: 'Live', tagline: 'one', _status: 'published' },
      headers: auth(),
    })
    t.is(published.status, 200)
    t.is(published.body.message, 'Updated successfully.')
    const draft = await s.request('POST', '/api/globals/site-settings', {
      query: { draft: 'true' },
      body: { tagline: 'draft tagline' },
      headers: auth(),
    })
    t.is(draft.status, 200)
    t.is(draft.body.message, 'Draft saved successfully.')
    t.like(draft.body.result, { siteName: 'Live', tagline: 'draft tagline', _status: 'draft' })

    t.like((await s.request('GET', '/api/globals/site-settings')).body, {
      tagline: 'one',
      _status: 'published',
      globalType: 'site-settings',
    })
    t.like(
      (await s.request('GET', '/api/globals/site-settings', { query: { draft: 'true' } })).body,
      {
        tagline: 'draft tagline',
        _status: 'draft',
      },
    )

    const list = await s.request('GET', '/api/globals/site-settings/versions', { headers: auth() })
    t.is(list.status, 200)
    t.like(list.body, { totalDocs: 2, page: 1, limit: 10, hasNextPage: false })
    t.deepEqual(
      list.body.docs.map((d: any) => [d.version.tagline, d.latest, d.autosave]),
      [
        ['draft tagline', true, false],
        ['one', false, false],
      ],
    )
    const filtered = await s.request('GET', '/api/globals/site-settings/versions', {
      query: 'where[version._status][equals]=published&limit=1&sort=createdAt',
      headers: auth(),
    })
    t.deepEqual(
      filtered.body.docs.map((d: any) => d.version.tagline),
      ['one'],
    )
    const json = await s.request('GET', '/api/globals/site-settings/versions', {
      query: { where: JSON.stringify({ 'version.tagline': { like: 'draft' } }), page: '1' },
      headers: auth(),
    })
    t.is(json.body.totalDocs, 1)

    const oldest = list.body.docs[1]
    const one = await s.request('GET', `/api/globals/site-settings/versions/${oldest.id}`, {
      headers: auth(),
    })
    t.is(one.status, 200)
    t.like(one.body, { id: oldest.id, version: { siteName: 'Live', tagline: 'one' } })

    const restored = await s.request('POST', `/api/globals/site-settings/versions/${oldest.id}`, {
      headers: auth(),
    })
    t.is(restored.status, 200)
    t.is(restored.body.message, 'Restored Successfully.')
    t.like(restored.body.doc, { siteName: 'Live', tagline: 'one', globalType: 'site-settings' })
    t.is(
      (await s.request('GET', '/api/globals/site-settings/versions', { headers: auth() })).body
        .totalDocs,
      3,
    )
  },
)

test('REST: global versions answer 401, 404 and 400 where they should', async (t) => {
  const anonymous = await s.request('GET', '/api/globals/site-settings/versions')
  t.is(anonymous.status, 401)
  const missing = await s.request('GET', '/api/globals/site-settings/versions/999999', {
    headers: auth(),
  })
  t.is(missing.status, 404)
  const restoreMissing = await s.request('POST', '/api/globals/site-settings/versions/999999', {
    headers: auth(),
  })
  t.is(restoreMissing.status, 404)
  const anonymousRestore = await s.request('POST', '/api/globals/site-settings/versions/1')
  t.is(anonymousRestore.status, 401)
  const badWhere = await s.request('GET', '/api/globals/site-settings/versions', {
    query: 'where[version.nope][equals]=1',
    headers: auth(),
    invalid: 'an unknown where path',
  })
  t.is(badWhere.status, 400)
  const badId = await s.request('GET', '/api/globals/site-settings/versions/abc', {
    headers: auth(),
    invalid: 'a version id that is not an integer',
  })
  t.is(badId.status, 400)
})

test.serial(
  'REST: autosave overwrites the newest autosave version, with its message',
  async (t) => {
    const created = await s.request('POST', '/api/pages', {
      body: { title: 'Start', _status: 'published' },
      headers: auth(),
    })
    const id = created.body.doc.id
    for (const title of ['T', 'Ty', 'Typ']) {
      const r = await s.request('PATCH', `/api/pages/${id}`, {
        query: { draft: 'true', autosave: 'true' },
        body: { title },
        headers: auth(),
      })
      t.is(r.status, 200)
      t.is(r.body.message, 'Autosaved successfully.')
      t.is(r.body.doc.title, title)
    }
    const versions = await s.request('GET', '/api/pages/versions', {
      query: { where: JSON.stringify({ parent: { equals: id } }) },
      headers: auth(),
    })
    t.deepEqual(
      versions.body.docs.map((d: any) => [d.version.title, d.autosave]),
      [
        ['Typ', true],
        ['Start', false],
      ],
    )
    t.is((await s.request('GET', `/api/pages/${id}`)).body.title, 'Start')
    const draft = await s.request('PATCH', `/api/pages/${id}`, {
      query: { draft: 'true' },
      body: { title: 'Saved' },
      headers: auth(),
    })
    t.is(draft.body.message, 'Draft saved successfully.')

    const global = await s.request('POST', '/api/globals/site-settings', {
      query: { draft: 'true', autosave: 'true' },
      body: { tagline: 'auto' },
      headers: auth(),
    })
    t.is(global.body.message, 'Autosaved successfully.')

    // A collection without autosave does not declare the parameter: the contract refuses it.
    const note = await s.cms.create({ collection: 'notes', data: { text: 'n' } })
    const refused = await s.request('PATCH', `/api/notes/${note.id}`, {
      query: { autosave: 'true' },
      body: { text: 'm' },
      headers: auth(),
      invalid: 'autosave on a collection without versions.drafts.autosave',
    })
    t.is(refused.status, 400)
  },
)

test.serial('GraphQL: versions of a collection, with Payload names', async (t) => {
  const page = await s.cms.create({
    collection: 'pages',
    data: { title: 'G1', _status: 'published' },
  })
  await s.cms.update({ collection: 'pages', id: page.id, data: { title: 'G2' } })
  const list = await gql(
    `query ($id: Int) { versionsPages(where: { parent: { equals: $id } }, sort: "createdAt", limit: 5) {
      docs { id latest autosave parent { id title } version { title _status } } totalDocs page limit } }`,
    { id: page.id },
  )
  t.falsy(list.errors, JSON.stringify(list.errors))
  t.like(list.data.versionsPages, { totalDocs: 2, page: 1, limit: 5 })
  t.deepEqual(
    list.data.versionsPages.docs.map((d: any) => [d.version.title, d.latest, d.parent.title]),
    [
      ['G1', false, 'G2'],
      ['G2', true, 'G2'],
    ],
  )
  const first = list.data.versionsPages.docs[0].id
  const one = await gql(`query ($id: Int) { versionPage(id: $id) { id version { title } } }`, {
    id: first,
  })
  t.deepEqual(one.data.versionPage, { id: first, version: { title: 'G1' } })
  const restored = await gql(`mutation ($id: Int) { restoreVersionPage(id: $id) { id title } }`, {
    id: first,
  })
  t.deepEqual(restored.data.restoreVersionPage, { id: page.id, title: 'G1' })

  const autosaved = await gql(
    `mutation ($id: Int!) { a: updatePage(id: $id, data: { title: "x" }, draft: true, autosave: true) { title }
      b: updatePage(id: $id, data: { title: "xy" }, draft: true, autosave: true) { title } }`,
    { id: page.id },
  )
  t.falsy(autosaved.errors, JSON.stringify(autosaved.errors))
  t.is(
    (await s.cms.countVersions({ collection: 'pages', where: { parent: { equals: page.id } } }))
      .totalDocs,
    4,
  )

  const anonymous = await gql('{ versionsPages { totalDocs } }', undefined, false)
  t.is(anonymous.errors?.[0].extensions?.code, 'UNAUTHENTICATED')
})

test.serial('GraphQL: versions and drafts of a global', async (t) => {
  await gql(
    'mutation { updateSiteSetting(data: { tagline: "gq", _status: published }) { tagline } }',
  )
  const draft = await gql(
    'mutation { updateSiteSetting(data: { tagline: "gq draft" }, draft: true) { tagline _status } }',
  )
  t.deepEqual(draft.data.updateSiteSetting, { tagline: 'gq draft', _status: 'draft' })
  const read = await gql(
    '{ live: SiteSetting { tagline } newest: SiteSetting(draft: true) { tagline _status } }',
  )
  t.deepEqual(read.data, {
    live: { tagline: 'gq' },
    newest: { tagline: 'gq draft', _status: 'draft' },
  })
  const list = await gql(
    '{ versionsSiteSetting(limit: 2, where: { version__tagline: { like: "gq" } }) { docs { id latest version { tagline } } totalDocs } }',
  )
  t.falsy(list.errors, JSON.stringify(list.errors))
  t.is(list.data.versionsSiteSetting.totalDocs, 2)
  const [newest, older] = list.data.versionsSiteSetting.docs
  t.deepEqual([newest.version.tagline, older.version.tagline], ['gq draft', 'gq'])
  const one = await gql(
    `query ($id: Int) { versionSiteSetting(id: $id) { version { tagline } } }`,
    {
      id: older.id,
    },
  )
  t.is(one.data.versionSiteSetting.version.tagline, 'gq')
  const restored = await gql(
    `mutation ($id: Int) { restoreVersionSiteSetting(id: $id, draft: true) { tagline _status } }`,
    { id: older.id },
  )
  t.deepEqual(restored.data.restoreVersionSiteSetting, { tagline: 'gq', _status: 'draft' })
  const missing = await gql('{ versionSiteSetting(id: 999999) { id } }')
  t.is(missing.data.versionSiteSetting, null)
})

test('GraphQL: relationship fields take draft, locale and fallbackLocale', async (t) => {
  const author = s.data.author
  const page = await s.cms.create({
    collection: 'pages',
    data: { title: 'With author', author, featured: { relationTo: 'authors', value: author } },
  })
  const r = await gql(
    `query ($id: Int!) { Page(id: $id) {
      author { name bio }
      draftAuthor: author(draft: true) { name }
      german: author(locale: de) { bio }
      featured { value { ... on Author { name } } }
      draftFeatured: featured(draft: true, locale: de) { value { ... on Author { name bio } } }
    } }`,
    { id: page.id },
  )
  t.falsy(r.errors, JSON.stringify(r.errors))
  t.deepEqual(r.data.Page, {
    author: { name: 'Ada', bio: 'English bio' },
    draftAuthor: { name: 'Ada (draft)' },
    german: { bio: 'Deutsche Bio' },
    featured: { value: { name: 'Ada' } },
    draftFeatured: { value: { name: 'Ada (draft)', bio: 'Deutsche Bio' } },
  })
  const root = await gql(
    `query ($id: Int!) { Page(id: $id, locale: de) { author { bio } english: author(locale: en, fallbackLocale: none) { bio } } }`,
    { id: page.id },
  )
  t.deepEqual(root.data.Page, { author: { bio: 'Deutsche Bio' }, english: { bio: 'English bio' } })
})
