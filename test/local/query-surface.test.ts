import test from 'ava'
import type { Cms } from '../../server/local/cms.ts'
import type { Where } from '../../server/config/types.ts'
import { querySurfaceConfig } from '../fixtures/query-surface.ts'
import { rejectsWith, useCms } from '../helpers/db.ts'

/** Issue 19, item 8 through the Local API: `all`, `not_like`, findDistinct, `draft: false` and trash. */

async function seed(cms: Cms) {
  const admin = await cms.create({
    collection: 'users',
    data: { email: 'admin@example.com', password: 'secret-pass-1', role: 'admin' },
  })
  const editor = await cms.create({
    collection: 'users',
    data: { email: 'editor@example.com', password: 'secret-pass-1', role: 'editor' },
  })
  const [red, green, blue] = await Promise.all(
    ['red', 'green', 'blue'].map((name) => cms.create({ collection: 'tags', data: { name } })),
  )
  const note = (data: Record<string, unknown>) =>
    cms.create({ collection: 'notes', data: { _status: 'published', ...data } })
  const alpha = await note({
    title: 'Alpha release notes',
    slug: 'alpha',
    category: 'news',
    labels: ['x', 'y'],
    tags: [red.id, green.id],
    tag: red.id,
    score: 3,
    meta: { source: 'web' },
    secret: 's1',
  })
  const beta = await note({
    title: 'Beta how to guide',
    slug: 'beta',
    category: 'howto',
    labels: ['y', 'z'],
    tags: [green.id, blue.id],
    tag: green.id,
    score: 5,
    meta: { source: 'mail' },
  })
  const gamma = await note({
    title: 'Gamma news digest',
    slug: 'gamma',
    category: 'news',
    labels: ['x', 'y', 'z'],
    tags: [red.id, green.id, blue.id],
    tag: red.id,
    score: 1,
    meta: { source: 'web' },
  })
  const delta = await note({ title: 'Delta', slug: 'delta' })
  // Acting users, as access functions see them.
  const asUser = (u: typeof admin) => ({ ...u, collection: 'users' })
  return {
    admin: asUser(admin),
    editor: asUser(editor),
    red,
    green,
    blue,
    alpha,
    beta,
    gamma,
    delta,
  }
}

const state = useCms(test, querySurfaceConfig, seed)
const titles = async (where: Where, extra: Record<string, unknown> = {}) =>
  (
    await state.cms.find({ collection: 'notes', where, sort: 'title', limit: 100, ...extra })
  ).docs.map((d) => d.title)

// ---- a. all and not_like ----------------------------------------------------------------------

test.serial(
  'all: a hasMany field holds every listed value (text, relationship), and any order or form of the list',
  async (t) => {
    const { red, green, blue } = state.data
    t.deepEqual(await titles({ labels: { all: ['x', 'y'] } }), [
      'Alpha release notes',
      'Gamma news digest',
    ])
    t.deepEqual(await titles({ labels: { all: 'z,x' } }), ['Gamma news digest'])
    t.deepEqual(await titles({ tags: { all: [red.id, blue.id] } }), ['Gamma news digest'])
    t.deepEqual(await titles({ tags: { all: [green.id] } }), [
      'Alpha release notes',
      'Beta how to guide',
      'Gamma news digest',
    ])
    // An empty list matches nothing (MongoDB's $all: []).
    t.deepEqual(await titles({ labels: { all: [] } }), [])
  },
)

test.serial('all on a single-value field: every listed value must equal it', async (t) => {
  t.deepEqual(await titles({ category: { all: ['news'] } }), [
    'Alpha release notes',
    'Gamma news digest',
  ])
  t.deepEqual(await titles({ category: { all: ['news', 'howto'] } }), [])
  t.deepEqual(await titles({ tag: { all: [state.data.green.id] } }), ['Beta how to guide'])
})

test.serial(
  'not_like: none of the words appears (case-insensitive); documents without a value match',
  async (t) => {
    t.deepEqual(await titles({ title: { not_like: 'NEWS' } }), [
      'Alpha release notes',
      'Beta how to guide',
      'Delta',
    ])
    t.deepEqual(await titles({ title: { not_like: 'alpha guide' } }), [
      'Delta',
      'Gamma news digest',
    ])
    // like and not_like with one word partition the collection, nulls included.
    const like = await titles({ 'meta.source': { like: 'we' } })
    const notLike = await titles({ 'meta.source': { not_like: 'we' } })
    t.deepEqual(like, ['Alpha release notes', 'Gamma news digest'])
    t.deepEqual(notLike, ['Beta how to guide', 'Delta'])
    // On a hasMany field: no element contains any of the words.
    t.deepEqual(await titles({ labels: { not_like: 'z' } }), ['Alpha release notes', 'Delta'])
    t.deepEqual(await titles({ labels: { not_like: 'z x' } }), ['Delta'])
    // A metacharacter is literal.
    t.is((await titles({ title: { not_like: '%' } })).length, 4)
  },
)

test.serial('all and not_like refuse what they cannot mean (400 QueryError)', async (t) => {
  await rejectsWith(t, titles({ score: { not_like: 'x' } }), 'QueryError', 400)
  await rejectsWith(t, titles({ title: { not_like: { a: 1 } } as never }), 'QueryError', 400)
  await rejectsWith(t, titles({ score: { all: ['x'] } }), 'QueryError', 400)
})

// ---- b. findDistinct -----------------------------------------------------------------------------

test.serial(
  "findDistinct answers Payload's shape: values keyed by the field, sorted by the value, every value without limit",
  async (t) => {
    const result = await state.cms.findDistinct({ collection: 'notes', field: 'category' })
    t.deepEqual(result, {
      values: [{ category: null }, { category: 'howto' }, { category: 'news' }],
      totalDocs: 3,
      limit: 0,
      totalPages: 1,
      page: 1,
      pagingCounter: 1,
      hasPrevPage: false,
      hasNextPage: false,
      prevPage: null,
      nextPage: null,
    })
    const desc = await state.cms.findDistinct({
      collection: 'notes',
      field: 'meta.source',
      sort: '-meta.source',
      where: { 'meta.source': { exists: true } },
    })
    t.deepEqual(desc.values, [{ 'meta.source': 'web' }, { 'meta.source': 'mail' }])
  },
)

test.serial(
  'findDistinct pages with limit and page (a count of distinct values), sorts by another field',
  async (t) => {
    const first = await state.cms.findDistinct({
      collection: 'notes',
      field: 'score',
      where: { score: { exists: true } },
      limit: 2,
    })
    t.deepEqual(first.values, [{ score: 1 }, { score: 3 }])
    t.like(first, { totalDocs: 3, totalPages: 2, page: 1, hasNextPage: true, nextPage: 2 })
    const second = await state.cms.findDistinct({
      collection: 'notes',
      field: 'score',
      where: { score: { exists: true } },
      limit: 2,
      page: 2,
    })
    t.deepEqual(second.values, [{ score: 5 }])
    t.like(second, {
      totalDocs: 3,
      page: 2,
      hasPrevPage: true,
      hasNextPage: false,
      pagingCounter: 3,
    })
    // By the largest score among each category's documents, descending.
    const byScore = await state.cms.findDistinct({
      collection: 'notes',
      field: 'category',
      where: { category: { exists: true } },
      sort: '-score',
    })
    t.deepEqual(byScore.values, [{ category: 'howto' }, { category: 'news' }])
  },
)

test.serial(
  'findDistinct: relationship values populate with depth; read access Where and trash apply',
  async (t) => {
    const { red, green } = state.data
    const ids = await state.cms.findDistinct({
      collection: 'notes',
      field: 'tag',
      where: { tag: { exists: true } },
    })
    t.deepEqual(ids.values, [{ tag: red.id }, { tag: green.id }])
    const docs = await state.cms.findDistinct({
      collection: 'notes',
      field: 'tag',
      where: { tag: { exists: true } },
      depth: 1,
    })
    t.deepEqual(
      docs.values.map((v) => (v.tag as { name: string }).name),
      ['red', 'green'],
    )
  },
)

test.serial(
  'findDistinct refuses an unknown, hidden, unreadable or many-valued field with a 400 naming it',
  async (t) => {
    const { editor } = state.data
    const e = await rejectsWith(
      t,
      state.cms.findDistinct({ collection: 'notes', field: 'nope' }),
      'QueryError',
      400,
    )
    t.regex(e.message, /nope/)
    await rejectsWith(
      t,
      state.cms.findDistinct({ collection: 'users', field: 'hash' }),
      'QueryError',
      400,
    )
    await rejectsWith(
      t,
      state.cms.findDistinct({ collection: 'notes', field: 'labels' }),
      'QueryError',
      400,
    )
    await rejectsWith(
      t,
      state.cms.findDistinct({
        collection: 'notes',
        field: 'secret',
        overrideAccess: false,
        user: editor,
      }),
      'QueryError',
      400,
    )
    // The admin may read the field, so it may list its values.
    const secrets = await state.cms.findDistinct({
      collection: 'notes',
      field: 'secret',
      overrideAccess: false,
      user: state.data.admin,
      where: { secret: { exists: true } },
    })
    t.deepEqual(secrets.values, [{ secret: 's1' }])
  },
)

// ---- c. draft: false -----------------------------------------------------------------------------

test.serial(
  'draft: false reads published content on every read, and writes published',
  async (t) => {
    const { alpha } = state.data
    await state.cms.update({
      collection: 'notes',
      id: alpha.id,
      data: { title: 'Alpha draft title' },
      draft: true,
    })
    t.is(
      (await state.cms.findByID({ collection: 'notes', id: alpha.id, draft: false })).title,
      'Alpha release notes',
    )
    t.is(
      (await state.cms.findByID({ collection: 'notes', id: alpha.id, draft: true })).title,
      'Alpha draft title',
    )
    t.is((await state.cms.count({ collection: 'notes', draft: false })).totalDocs, 4)
    const back = await state.cms.update({
      collection: 'notes',
      id: alpha.id,
      data: { title: 'Alpha release notes', _status: 'published' },
      draft: false,
    })
    t.is(back._status, 'published')
    // On a collection without drafts it changes nothing.
    t.is((await state.cms.find({ collection: 'tags', draft: false })).totalDocs, 3)
  },
)

// ---- d. trash --------------------------------------------------------------------------------------

test.serial(
  'trash: an update setting deletedAt moves a document to the trash; reads leave it out unless trash: true',
  async (t) => {
    const cms = state.cms
    const doc = await cms.create({
      collection: 'notes',
      data: { title: 'Trash me', slug: 'trash-me' },
    })
    t.is(doc.deletedAt, null)
    const trashed = await cms.update({
      collection: 'notes',
      id: doc.id,
      data: { deletedAt: new Date().toISOString() },
    })
    t.truthy(trashed.deletedAt)
    await rejectsWith(t, cms.findByID({ collection: 'notes', id: doc.id }), 'NotFound', 404)
    t.is((await cms.findByID({ collection: 'notes', id: doc.id, trash: true })).title, 'Trash me')
    t.false((await titles({})).includes('Trash me'))
    t.true((await titles({}, { trash: true })).includes('Trash me'))
    t.deepEqual(await titles({ deletedAt: { exists: true } }, { trash: true }), ['Trash me'])
    t.is((await cms.count({ collection: 'notes' })).totalDocs, 4)
    t.is((await cms.count({ collection: 'notes', trash: true })).totalDocs, 5)
    // Updating or deleting a trashed document without trash: true is a 404.
    await rejectsWith(
      t,
      cms.update({ collection: 'notes', id: doc.id, data: { title: 'x' } }),
      'NotFound',
      404,
    )
    await rejectsWith(t, cms.delete({ collection: 'notes', id: doc.id }), 'NotFound', 404)
    // Versions holding a trashed state are left out too (version.deletedAt, as Payload): the one saved before.
    const byParent = { parent: { equals: doc.id } }
    const versions = await cms.findVersions({ collection: 'notes', where: byParent })
    t.is(versions.totalDocs, 1)
    t.is(versions.docs[0].version.deletedAt, null)
    const all = await cms.findVersions({ collection: 'notes', where: byParent, trash: true })
    t.is(all.totalDocs, 2)
    const inTrash = await cms.findVersions({
      collection: 'notes',
      where: { ...byParent, 'version.deletedAt': { exists: true } },
      trash: true,
    })
    t.is(inTrash.totalDocs, 1)
    await rejectsWith(
      t,
      cms.findVersionByID({ collection: 'notes', id: inTrash.docs[0].id }),
      'NotFound',
      404,
    )
    t.is(
      (
        await cms.findVersionByID({
          collection: 'notes',
          id: inTrash.docs[0].id,
          trash: true,
          depth: 0,
        })
      ).parent,
      doc.id,
    )
    // A version of a trashed document cannot be restored until the document is.
    const restoreError = await rejectsWith(
      t,
      cms.restoreVersion({ collection: 'notes', id: versions.docs[0].id }),
      'Forbidden',
      403,
    )
    t.regex(restoreError.message, /trashed document/)
    // Restore: deletedAt back to null, with trash: true.
    const restored = await cms.update({
      collection: 'notes',
      id: doc.id,
      data: { deletedAt: null },
      trash: true,
    })
    t.is(restored.deletedAt, null)
    t.is((await cms.findByID({ collection: 'notes', id: doc.id })).title, 'Trash me')
    // Delete removes for good, trash or not.
    await cms.delete({ collection: 'notes', id: doc.id })
    await rejectsWith(
      t,
      cms.findByID({ collection: 'notes', id: doc.id, trash: true }),
      'NotFound',
      404,
    )
  },
)

test.serial(
  'trash: a trashed document keeps its unique values and reads as absent through relationships (as Payload)',
  async (t) => {
    const cms = state.cms
    const doc = await cms.create({ collection: 'notes', data: { title: 'Linked', slug: 'linked' } })
    const link = await cms.create({ collection: 'links', data: { note: doc.id } })
    await cms.update({
      collection: 'notes',
      id: doc.id,
      data: { deletedAt: '2026-01-01T00:00:00Z' },
    })
    t.is((await cms.findByID({ collection: 'links', id: link.id, depth: 1 })).note, null)
    t.is((await cms.findByID({ collection: 'links', id: link.id, depth: 0 })).note, doc.id)
    // A read asking for the trash populates it.
    const read = await cms.findByID({ collection: 'links', id: link.id, depth: 1, trash: true })
    t.is((read.note as { title: string; deletedAt: string }).title, 'Linked')
    t.truthy((read.note as { deletedAt: string }).deletedAt)
    const e = await rejectsWith(
      t,
      cms.create({ collection: 'notes', data: { title: 'Dup', slug: 'linked' } }),
      'ValidationError',
      400,
    )
    t.regex(JSON.stringify(e.data), /slug/)
    await cms.delete({ collection: 'notes', id: doc.id, trash: true })
  },
)

test.serial('trash: bulk update and delete leave the trash alone unless trash: true', async (t) => {
  const cms = state.cms
  const a = await cms.create({ collection: 'notes', data: { title: 'Bulk A', category: 'misc' } })
  const b = await cms.create({ collection: 'notes', data: { title: 'Bulk B', category: 'misc' } })
  await cms.update({ collection: 'notes', id: a.id, data: { deletedAt: new Date().toISOString() } })
  const updated = await cms.update({
    collection: 'notes',
    where: { category: { equals: 'misc' } },
    data: { score: 9 },
  })
  t.deepEqual(
    updated.docs.map((d) => d.id),
    [b.id],
  )
  const removed = await cms.delete({
    collection: 'notes',
    where: { category: { equals: 'misc' } },
    trash: true,
  })
  t.deepEqual(removed.docs.map((d) => d.id).sort(), [a.id, b.id].sort())
})

test.serial(
  'trash: moving to the trash needs delete access, which sees the data; deleting for good is admin-only here',
  async (t) => {
    const cms = state.cms
    const { editor, admin } = state.data
    const doc = await cms.create({ collection: 'notes', data: { title: 'Guarded' } })
    // The editor may trash (delete access allows it when data.deletedAt is set) but not delete for good.
    const trashed = await cms.update({
      collection: 'notes',
      id: doc.id,
      data: { deletedAt: new Date().toISOString() },
      overrideAccess: false,
      user: editor,
    })
    t.truthy(trashed.deletedAt)
    await rejectsWith(
      t,
      cms.delete({
        collection: 'notes',
        id: doc.id,
        trash: true,
        overrideAccess: false,
        user: editor,
      }),
      'Forbidden',
      403,
    )
    // Anonymous: update access denies first.
    await rejectsWith(
      t,
      cms.update({
        collection: 'notes',
        id: doc.id,
        data: { deletedAt: null },
        trash: true,
        overrideAccess: false,
      }),
      'UnauthorizedError',
      401,
    )
    await cms.delete({
      collection: 'notes',
      id: doc.id,
      trash: true,
      overrideAccess: false,
      user: admin,
    })
    t.pass()
  },
)

test.serial(
  'trash must be a boolean, and trash: true on a collection without trash changes nothing',
  async (t) => {
    await rejectsWith(
      t,
      state.cms.find({ collection: 'notes', trash: 'yes' as never }),
      'BadRequest',
      400,
    )
    t.is((await state.cms.find({ collection: 'tags', trash: true })).totalDocs, 3)
  },
)
