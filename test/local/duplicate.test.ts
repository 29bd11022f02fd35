import test from 'ava'
import { getCms } from '../../server/local/get-cms.ts'
import { dupAccessConfig, seedDupAccess } from '../fixtures/dupaccess.ts'
import { freshDatabaseUrl, rejectsWith, useCms } from '../helpers/db.ts'

const state = useCms(test, dupAccessConfig, seedDupAccess)

test('duplicate copies every locale, appends " - Copy" to a unique text, empties a unique number, runs beforeDuplicate', async (t) => {
  const { cms, data } = state
  const copy = await cms.duplicate({
    collection: 'articles',
    id: data.article.id,
    locale: 'en',
    depth: 0,
  })
  t.not(copy.id, data.article.id)
  t.like(copy, { title: 'Hello', slug: 'hello - Copy', counter: 0, owner: data.editor.id })
  // Payload's default for a unique number is no value: the copy does not break uniqueness.
  t.is(copy.code, null)
  t.deepEqual(
    (copy.links as { label: string }[]).map((l) => l.label),
    ['one', 'two'],
  )
  // Rows are new rows: new ids.
  const source = await cms.findByID({ collection: 'articles', id: data.article.id })
  const ids = (source.links as { id: string }[]).map((l) => l.id)
  for (const row of copy.links as { id: string }[]) t.false(ids.includes(row.id))
  t.deepEqual(copy.meta, { note: 'n', internal: 'secret' })
  const all = await cms.findByID({ collection: 'articles', id: copy.id, locale: 'all' })
  t.deepEqual(all.title, { en: 'Hello', fr: 'Bonjour' })
  // Local duplicate is published unless asked (Payload's Local default); the source was published.
  t.is(copy._status, 'published')
  // The source is untouched.
  t.like(source, { slug: 'hello', code: 7, counter: 41 })
})

test('duplicate with data overrides fields in the request locale; other locales are kept', async (t) => {
  const { cms, data } = state
  const copy = await cms.duplicate({
    collection: 'articles',
    id: data.article.id,
    locale: 'fr',
    data: { title: 'Salut', slug: 'salut', code: 8 },
    draft: true,
  })
  t.like(copy, { title: 'Salut', slug: 'salut', code: 8, _status: 'draft' })
  const all = await cms.findByID({
    collection: 'articles',
    id: copy.id,
    locale: 'all',
    draft: true,
  })
  t.deepEqual(all.title, { en: 'Hello', fr: 'Salut' })
})

test('selectedLocales copies only those locales of localized fields; an unknown locale is a 400', async (t) => {
  const { cms, data } = state
  const copy = await cms.duplicate({
    collection: 'articles',
    id: data.article.id,
    data: { slug: 'hello-en-only' },
    selectedLocales: ['en'],
  })
  const all = await cms.findByID({ collection: 'articles', id: copy.id, locale: 'all' })
  t.deepEqual(all.title, { en: 'Hello' })
  t.is(all.slug, 'hello-en-only')
  const error = await rejectsWith(
    t,
    cms.duplicate({ collection: 'articles', id: data.article.id, selectedLocales: ['en', 'xx'] }),
    'BadRequest',
    400,
  )
  t.regex(error.message, /selectedLocales: unknown locale "xx"; the locales are en, fr/)
})

test('create({ duplicateFromID }) is the same operation', async (t) => {
  const { cms, data } = state
  const copy = await cms.create({
    collection: 'articles',
    duplicateFromID: data.adminArticle.id,
    data: { slug: 'from-create' },
    depth: 0,
  })
  t.like(copy, { title: 'Admin only', slug: 'from-create', owner: data.admin.id })
})

test('duplicating twice appends " - Copy" to the copy; the same copy again is a unique violation', async (t) => {
  const { cms, data } = state
  const first = await cms.duplicate({ collection: 'articles', id: data.adminArticle.id })
  t.is(first.slug, 'admin-only - Copy')
  const second = await cms.duplicate({ collection: 'articles', id: first.id })
  t.is(second.slug, 'admin-only - Copy - Copy')
  const error = await rejectsWith(
    t,
    cms.duplicate({ collection: 'articles', id: data.adminArticle.id }),
    'ValidationError',
    400,
  )
  t.regex(JSON.stringify(error.data), /slug/)
})

test('access: read access on the source and create access both apply', async (t) => {
  const { cms, data } = state
  // The viewer may not create articles.
  await rejectsWith(
    t,
    cms.duplicate({
      collection: 'articles',
      id: data.article.id,
      overrideAccess: false,
      user: data.viewer,
    }),
    'Forbidden',
    403,
  )
  // The editor may create, but reads only their own articles: the admin's article is hidden by a Where (403).
  await rejectsWith(
    t,
    cms.duplicate({
      collection: 'articles',
      id: data.adminArticle.id,
      overrideAccess: false,
      user: data.editor,
    }),
    'Forbidden',
    403,
  )
  // Anonymous: read access denies (401).
  await rejectsWith(
    t,
    cms.duplicate({ collection: 'articles', id: data.article.id, overrideAccess: false }),
    'UnauthorizedError',
    401,
  )
  // A missing document, for a caller read access lets in fully: 404.
  await rejectsWith(
    t,
    cms.duplicate({ collection: 'articles', id: 999999, overrideAccess: false, user: data.admin }),
    'NotFound',
    404,
  )
  // The editor duplicates their own article. A duplicate is a create (issue 30, finding 6): the field they may
  // not create takes neither their value nor the source's.
  const copy = await cms.duplicate({
    collection: 'articles',
    id: data.article.id,
    data: { slug: 'editor-copy', meta: { note: 'edited', internal: 'forged' } },
    overrideAccess: false,
    user: data.editor,
  })
  t.like(copy, { slug: 'editor-copy', meta: { note: 'edited' } })
  t.is((copy.meta as Record<string, unknown>).internal, undefined) // not readable by the editor
  const stored = await cms.findByID({ collection: 'articles', id: copy.id })
  t.is((stored.meta as Record<string, unknown>).internal, null)
  // Without data for the group, the source's note is copied and its internal value is not.
  const plain = await cms.duplicate({
    collection: 'articles',
    id: data.article.id,
    data: { slug: 'editor-copy-2' },
    overrideAccess: false,
    user: data.editor,
  })
  const plainStored = await cms.findByID({ collection: 'articles', id: plain.id })
  t.deepEqual(plainStored.meta, { note: 'n', internal: null })
})

test('disableDuplicate: a 400 naming the collection; auth collections are not duplicated by default', async (t) => {
  const { cms, data } = state
  const tag = await cms.create({ collection: 'tags', data: { name: 'news' } })
  const e = await rejectsWith(
    t,
    cms.duplicate({ collection: 'tags', id: tag.id }),
    'BadRequest',
    400,
  )
  t.is(e.message, 'The collection with slug tags cannot be duplicated.')
  await rejectsWith(
    t,
    cms.create({ collection: 'members', duplicateFromID: data.viewer.id, data: {} }),
    'BadRequest',
    400,
  )
})

test('an auth collection with disableDuplicate: false is copied without its secrets', async (t) => {
  const config = {
    ...dupAccessConfig,
    globals: [],
    collections: [
      {
        slug: 'members',
        auth: true,
        disableDuplicate: false,
        fields: [{ name: 'role', type: 'text' as const }],
      },
    ],
  }
  const fresh = await freshDatabaseUrl()
  const cms = await getCms({ config: { ...config, db: { url: fresh.url } } })
  t.teardown(async () => {
    await cms.destroy()
    await fresh.drop()
  })
  const m = await cms.create({
    collection: 'members',
    data: { email: 'a@example.com', password: 'a-password', role: 'x' },
  })
  // The unique email is left empty: a new one (and a password) must be given.
  const error = await rejectsWith(
    t,
    cms.duplicate({ collection: 'members', id: m.id }),
    'ValidationError',
    400,
  )
  t.regex(JSON.stringify(error.data), /password/)
  const copy = await cms.duplicate({
    collection: 'members',
    id: m.id,
    data: { email: 'b@example.com', password: 'b-password' },
    showHiddenFields: true,
  })
  t.like(copy, { email: 'b@example.com', role: 'x' })
  t.not(copy.hash, undefined)
  t.not(
    copy.hash,
    (await cms.findByID({ collection: 'members', id: m.id, showHiddenFields: true })).hash,
  )
})

test('config: disableDuplicate must be a boolean', async (t) => {
  const config = {
    collections: [{ slug: 'x', disableDuplicate: 'yes', fields: [] }],
  } as never
  const error = await t.throwsAsync(getCms({ config }))
  t.regex(error!.message, /disableDuplicate must be true or false/)
})
