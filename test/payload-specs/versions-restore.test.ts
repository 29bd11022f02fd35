import test from 'ava'
import { useServer } from '../helpers/http.ts'
import { versionsMoreConfig } from './versions-more.config.ts'

/**
 * Payload's test/versions/int.spec.ts, "Collections - Local" (Duplicate, Restore, Unpublish, findVersions
 * pagination), "Querying" and "Globals - Local", through the Local API and REST.
 */

type Doc = Record<string, any>
const s = useServer(test, versionsMoreConfig)
const D = 'drafts' as const
const G = 'draft-global' as const
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms))
const versionsOf = async (id: unknown) =>
  (await s.cms.findVersions({ collection: D, depth: 0, where: { parent: { equals: id } } }))
    .docs as Doc[]

test.serial('Duplicate: a versioned document duplicates as a draft', async (t) => {
  const { cms } = s
  const original = await cms.create({
    collection: D,
    data: { title: 'Original Title', description: 'Original', _status: 'published' },
  })
  const copy = await cms.create({
    collection: D,
    duplicateFromID: original.id,
    data: { _status: 'draft' },
    draft: true,
  })
  t.is(copy._status, 'draft')
  t.not(copy.id, original.id)
  t.is(copy.description, 'Original')
})

test.serial('Duplicate: a draft missing a required field, Local and REST', async (t) => {
  const { cms } = s
  const original = await cms.create({
    collection: D,
    data: { description: 'no title', _status: 'draft' },
    draft: true,
  })
  const local = await cms.duplicate({ collection: D, id: original.id, draft: true })
  t.is(local._status, 'draft')
  t.not(local.id, original.id)
  t.is(local.description, 'no title')
  // As the admin's duplicate button: `_status: 'draft'` in the body, no draft parameter.
  const rest = await s.request('POST', `/api/${D}/${original.id}/duplicate`, {
    body: { _status: 'draft' },
  })
  t.is(rest.status, 200)
  t.is(rest.body.doc._status, 'draft')
  t.not(rest.body.doc.id, original.id)
})

test.serial('Restore: over REST with a filterOptions relationship set', async (t) => {
  const { cms } = s
  const target = await cms.create({
    collection: D,
    data: { title: 'target', description: 'target' },
    draft: true,
  })
  const doc = await cms.create({
    collection: D,
    data: { title: 'doc', relationWithFilterOptions: [target.id] },
    draft: true,
  })
  await cms.update({
    collection: D,
    id: doc.id,
    data: { title: 'doc updated', relationWithFilterOptions: [target.id] },
    draft: true,
  })
  const oldest = (await versionsOf(doc.id)).at(-1)!
  t.deepEqual(oldest.version.relationWithFilterOptions, [target.id])
  const r = await s.request('POST', `/api/${D}/versions/${oldest.id}`)
  t.is(r.status, 200)
  t.is(r.body.errors, undefined)
  const restored = await cms.findByID({ collection: D, id: doc.id, depth: 0, draft: true })
  t.deepEqual(restored.relationWithFilterOptions, [target.id])
  t.is(restored.title, 'doc')
})

test.serial(
  'Restore: fields of the current document do not leak into the restored one',
  async (t) => {
    const { cms } = s
    const doc = await cms.create({
      collection: D,
      data: { title: 'leak test', blocksField: [{ blockType: 'block', text: 'original-text' }] },
      draft: true,
    })
    const blockId = (doc as Doc).blocksField[0].id
    await cms.update({
      collection: D,
      id: doc.id,
      data: {
        title: 'leak test',
        radio: 'test',
        select: ['test1'],
        blocksField: [
          { id: blockId, blockType: 'block', text: 'original-text', localized: 'leak' },
        ],
      },
      draft: true,
    })
    await cms.restoreVersion({ collection: D, id: (await versionsOf(doc.id)).at(-1)!.id })
    const restored = await cms.findByID({ collection: D, id: doc.id, draft: true })
    t.falsy(restored.radio)
    t.deepEqual(restored.select ?? [], [])
    t.falsy((restored as Doc).blocksField[0].localized)
    t.is((restored as Doc).blocksField[0].text, 'original-text')
  },
)

test.serial('Restore: a published version restores its data', async (t) => {
  const { cms } = s
  const post = await cms.create({
    collection: D,
    data: { _status: 'published', title: 'v1', description: 'description' },
  })
  await cms.update({
    collection: D,
    id: post.id,
    data: { _status: 'published', title: 'v2' },
    draft: true,
  })
  const restored = await cms.restoreVersion({
    collection: D,
    id: (await versionsOf(post.id)).at(-1)!.id,
  })
  t.is(restored.title, 'v1')
  t.is((await cms.findByID({ collection: D, id: post.id, draft: true })).title, 'v1')
  // In a locale where the required localized title is empty, without fallback, the restore still works.
  const de = await cms.restoreVersion({
    collection: D,
    id: (await versionsOf(post.id)).at(-1)!.id,
    locale: 'de',
    fallbackLocale: false,
  })
  t.is(de.id, post.id)
})

test.serial('findVersions: pagination, pagination false, and limit 0', async (t) => {
  const { cms } = s
  const post = await cms.create({ collection: D, data: { title: 'title', description: 'a' } })
  for (let i = 0; i < 100; i++) await cms.update({ collection: D, id: post.id, data: {} })
  const where = { parent: { equals: post.id } }
  const page = await cms.findVersions({ collection: D, where })
  t.is(page.totalDocs, 101)
  t.is(page.docs.length, 10)
  const all = await cms.findVersions({ collection: D, where, pagination: false })
  t.is(all.docs.length, 101)
  t.is(all.totalDocs, 101)
  const zero = await cms.findVersions({ collection: D, where, pagination: false, limit: 0 })
  t.is(zero.docs.length, 101)
  t.is(zero.totalDocs, 101)
})

test.serial("Querying: old drafts that don't match are not found with draft=true", async (t) => {
  const { cms } = s
  const doc = await cms.create({ collection: D, data: { title: 'original title', radio: 'test' } })
  await cms.update({ collection: D, id: doc.id, data: { title: 'new title 1' }, draft: true })
  await cms.update({ collection: D, id: doc.id, data: { title: 'new title 2' }, draft: true })
  const where = (title: string) => ({
    and: [{ id: { equals: doc.id } }, { title: { equals: title } }],
  })
  t.is(
    (await cms.find({ collection: D, draft: true, where: where('original title') })).totalDocs,
    0,
  )
  t.is((await cms.find({ collection: D, draft: true, where: where('new title 1') })).totalDocs, 0)
  t.is((await cms.find({ collection: D, draft: true, where: where('new title 2') })).totalDocs, 1)
  const rest = await s.request('GET', `/api/${D}`, {
    query: `draft=true&where[title][equals]=original%20title&where[id][equals]=${doc.id}`,
  })
  t.is(rest.body.totalDocs, 0)
})

test.serial(
  'Globals: a draft, then published; updatedAt moves on with drafts and autosave',
  async (t) => {
    const { cms } = s
    const draft = await cms.updateGlobal({
      slug: G,
      data: { _status: 'draft', title: 'Draft' },
      draft: true,
    })
    t.like(draft, { title: 'Draft', _status: 'draft' })
    const published = await cms.updateGlobal({
      slug: G,
      data: { _status: 'published', title: 'Published' },
      draft: false,
    })
    t.like(published, { title: 'Published', _status: 'published' })
    for (const autosave of [false, true]) {
      const created = await cms.updateGlobal({ slug: G, data: { title: 'title' }, draft: true })
      await wait(10)
      const updated = await cms.updateGlobal({
        slug: G,
        data: { title: 'updated title' },
        draft: true,
        autosave,
      })
      t.true(
        Date.parse(String(updated.updatedAt)) > Date.parse(String(created.updatedAt)),
        `autosave ${autosave}`,
      )
    }
  },
)

test.serial('Globals: a version saves every locale; versions paginate', async (t) => {
  const { cms } = s
  await cms.updateGlobal({ slug: G, data: { title: 'Title in EN', _status: 'published' } })
  const es = await cms.updateGlobal({ slug: G, data: { title: 'Title in ES' }, locale: 'es' })
  t.is(es.title, 'Title in ES')
  await cms.updateGlobal({ slug: G, data: { title: 'New title in EN' } })
  const [newest] = (await cms.findGlobalVersions({ slug: G, locale: 'all' })).docs as Doc[]
  t.deepEqual(newest.version.title, { en: 'New title in EN', es: 'Title in ES' })
  const U = 'unlimited-global'
  for (let i = 0; i < 100; i++) await cms.updateGlobal({ slug: U, data: { title: 'title' } })
  const page = await cms.findGlobalVersions({ slug: U })
  t.is(page.totalDocs, 100)
  t.is(page.docs.length, 10)
  for (const options of [{ pagination: false }, { pagination: false, limit: 0 }]) {
    const all = await cms.findGlobalVersions({ slug: U, ...options })
    t.is(all.docs.length, 100)
    t.is(all.totalDocs, 100)
  }
})

// Departure (docs/decisions.md, "Unpublishing writes a version"): an unpublish is a save, so it adds a draft
// version instead of rewriting the published one; the document and its newest version read `draft` as Payload's.
test.serial('Unpublish: a collection document and a global, from any locale', async (t) => {
  const { cms } = s
  const doc = await cms.create({
    collection: D,
    data: { _status: 'published', title: 'unpublish test', description: 'test' },
  })
  t.deepEqual(
    (await versionsOf(doc.id)).map((v) => v.version._status),
    ['published'],
  )
  const unpublished = await cms.update({ collection: D, id: doc.id, data: { _status: 'draft' } })
  t.is(unpublished._status, 'draft')
  t.deepEqual(
    (await versionsOf(doc.id)).map((v) => [v.version._status, v.latest]),
    [
      ['draft', true],
      ['published', false],
    ],
  )
  t.is((await cms.findByID({ collection: D, id: doc.id, draft: false }))._status, 'draft')
  // From a locale where the required localized title is empty.
  const other = await cms.create({
    collection: D,
    data: { _status: 'published', title: 'localized', description: 'test' },
    locale: 'en',
  })
  const es = await cms.update({
    collection: D,
    id: other.id,
    data: { _status: 'draft' },
    locale: 'es',
  })
  t.is(es._status, 'draft')
  await cms.updateGlobal({ slug: G, data: { _status: 'published', title: 'global' } })
  const before = (await cms.findGlobalVersions({ slug: G, limit: 0 })).totalDocs
  const g = await cms.updateGlobal({
    slug: G,
    data: { _status: 'draft' },
    locale: 'es',
    fallbackLocale: false,
  })
  t.is(g._status, 'draft')
  const after = await cms.findGlobalVersions({ slug: G, limit: 0 })
  t.is(after.totalDocs, before + 1)
  t.is((after.docs[0] as Doc).version._status, 'draft')
  t.is((await cms.findGlobal({ slug: G }))._status, 'draft')
})
