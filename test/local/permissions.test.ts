import test from 'ava'
import { dupAccessConfig, seedDupAccess } from '../fixtures/dupaccess.ts'
import { rejectsWith, useCms } from '../helpers/db.ts'

const state = useCms(test, dupAccessConfig, seedDupAccess)

test('access: an admin may do everything (Payload collapses all-true fields to true)', async (t) => {
  const { cms, data } = state
  const r = await cms.access({ user: data.admin })
  t.deepEqual(r, {
    // A logged-in user of the first auth collection (no root admin.user, no access.admin), as Payload.
    canAccessAdmin: true,
    collections: {
      members: { create: true, read: true, update: true, delete: true, fields: true },
      articles: {
        create: true,
        read: true,
        update: true,
        delete: true,
        readVersions: true,
        fields: true,
      },
      tags: { create: true, read: true, update: true, delete: true, fields: true },
      // Payload's document locks (issue 57): open to the trusted callers only, as every collection the CMS adds.
      'payload-locked-documents': {
        create: true,
        read: true,
        update: true,
        delete: true,
        fields: true,
      },
    },
    globals: { settings: { read: true, update: true, fields: true } },
  })
})

test('access: an editor gets Wheres unevaluated, field access per field, denied operations left out', async (t) => {
  const { cms, data } = state
  const r = await cms.access({ user: data.editor })
  const where = { owner: { equals: data.editor.id } }
  t.deepEqual(r.collections!.articles, {
    create: true,
    read: { permission: true, where },
    update: { permission: true, where },
    readVersions: true,
    fields: {
      title: true,
      slug: true,
      code: true,
      counter: true,
      owner: true,
      links: true,
      meta: { create: true, read: true, update: true, fields: { note: true } },
      _status: true,
      createdAt: true,
      updatedAt: true,
    },
  })
  // Members: read for anyone, create for admins, update and delete for any logged-in user (no access function).
  // Fields inherit the denied create, so they are listed (as Payload); hidden auth fields (hash, salt, tokens) never.
  const readUpdate = { read: true, update: true }
  t.deepEqual(r.collections!.members, {
    read: true,
    update: true,
    delete: true,
    fields: { email: readUpdate, role: readUpdate, createdAt: readUpdate, updatedAt: readUpdate },
  })
  t.deepEqual(r.globals!.settings, {
    read: true,
    update: { permission: true, where: { siteName: { equals: 'Open' } } },
    fields: true,
  })
})

test('access: anonymous sees only what is open to anyone; raw answers every decision', async (t) => {
  const { cms } = state
  const r = await cms.access({})
  t.deepEqual(r, {
    canAccessAdmin: false,
    collections: {
      members: {
        read: true,
        fields: {
          email: { read: true },
          role: { read: true },
          createdAt: { read: true },
          updatedAt: { read: true },
        },
      },
      tags: {
        read: true,
        create: true,
        fields: {
          name: { create: true, read: true },
          createdAt: { create: true, read: true },
          updatedAt: { create: true, read: true },
        },
      },
    },
    globals: {
      settings: {
        read: true,
        fields: { siteName: { read: true }, createdAt: { read: true }, updatedAt: { read: true } },
      },
    },
  })
  const raw = await cms.access({ raw: true })
  const articles = raw.collections!.articles as Record<string, { permission: boolean }>
  t.deepEqual(articles.read, { permission: false })
  t.deepEqual(articles.delete, { permission: false })
})

test('docAccess: a Where is matched against the stored document', async (t) => {
  const { cms, data } = state
  const own = await cms.docAccess({
    collection: 'articles',
    id: data.article.id,
    user: data.editor,
  })
  const where = { owner: { equals: data.editor.id } }
  t.like(own, {
    create: true,
    read: { permission: true, where },
    update: { permission: true, where },
  })
  t.is(own.delete, undefined)
  // A document the caller may not read is answered as a missing one (issue 30, finding 9), raw or not.
  for (const raw of [false, true]) {
    const other = await rejectsWith(
      t,
      cms.docAccess({ collection: 'articles', id: data.adminArticle.id, user: data.editor, raw }),
      'NotFound',
      404,
    )
    const missing = await rejectsWith(
      t,
      cms.docAccess({ collection: 'articles', id: 424242, user: data.editor, raw }),
      'NotFound',
      404,
    )
    t.is(other.message, missing.message)
  }
})

test('docAccessGlobal: the Where of update is matched against the stored global, or the data given', async (t) => {
  const { cms, data } = state
  const before = await cms.docAccessGlobal({ slug: 'settings', user: data.editor })
  t.is(before.update, undefined) // never saved: matches nothing
  await cms.updateGlobal({ slug: 'settings', data: { siteName: 'Open' } })
  const after = await cms.docAccessGlobal({ slug: 'settings', user: data.editor })
  t.deepEqual(after.update, { permission: true, where: { siteName: { equals: 'Open' } } })
  // Field access functions see the data given instead of the stored global.
  const admin = await cms.docAccessGlobal({
    slug: 'settings',
    user: data.admin,
    data: { siteName: 'x' },
  })
  t.deepEqual(admin, { read: true, update: true, fields: true })
  await cms.updateGlobal({ slug: 'settings', data: { siteName: 'Closed' } })
  const closed = await cms.docAccessGlobal({ slug: 'settings', user: data.editor })
  t.is(closed.update, undefined)
})
