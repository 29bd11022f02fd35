import test from 'ava'
import { useServer } from '../helpers/http.ts'
import { joinsVersionsConfig } from './joins-versions.config.ts'
import { ids } from './helpers.ts'

/**
 * Payload's test/joins/int.spec.ts: camelCase joins in a group, a singular slug, a hasMany select in a join's
 * where, "Joins with versions" (Local and GraphQL), and a join `where` on a field the caller may not read.
 */

type Doc = Record<string, any>
const s = useServer(test, joinsVersionsConfig, async (cms) => {
  await cms.create({
    collection: 'users',
    data: { email: 'joins@example.com', password: 'secret-pass-1' },
  })
})
const CV = 'categories-versions'

test.serial('camelCase join names populate through a group, both ways', async (t) => {
  const { cms } = s
  const category = await cms.create({ collection: 'categories', data: { name: 'camel' } })
  for (let i = 0; i < 12; i++)
    await cms.create({
      collection: 'posts',
      data: { title: `p${i}`, group: { camelCaseCategory: category.id } },
    })
  const { docs } = (await cms.find({ collection: 'posts', limit: 1, depth: 1 })) as { docs: Doc[] }
  const populated = docs[0].group.camelCaseCategory
  t.is(populated.id, category.id)
  t.is(populated.name, 'camel')
  t.is(populated.group.camelCasePosts.docs.length, 10)
})

test.serial('a join from a collection with a singular slug', async (t) => {
  const { cms } = s
  const category = await cms.create({ collection: 'categories', data: { name: 'singular' } })
  const singular = await cms.create({ collection: 'singular', data: { category: category.id } })
  const read = (await cms.findByID({ collection: 'categories', id: category.id })) as Doc
  t.deepEqual(ids(read.singulars.docs), [singular.id])
})

test.serial('a join where on a hasMany select, with in and exists', async (t) => {
  const { cms } = s
  const category = await cms.create({ collection: 'categories', data: { name: 'folders' } })
  const one = await cms.create({
    collection: 'posts',
    data: { title: 'a', category: category.id, folderType: ['one'] },
  })
  const both = await cms.create({
    collection: 'posts',
    data: { title: 'b', category: category.id, folderType: ['one', 'two'] },
  })
  const none = await cms.create({
    collection: 'posts',
    data: { title: 'c', category: category.id },
  })
  const joined = async (where: Doc) =>
    ids(
      (
        (await cms.findByID({
          collection: 'categories',
          id: category.id,
          joins: { relatedPosts: { limit: 100, sort: 'title', where } },
        })) as Doc
      ).relatedPosts.docs,
    )
  t.deepEqual(await joined({ folderType: { in: ['two'] } }), [both.id])
  t.deepEqual(await joined({ folderType: { in: ['one'] } }), [one.id, both.id])
  t.deepEqual(
    await joined({ or: [{ folderType: { in: ['two'] } }, { folderType: { exists: false } }] }),
    [both.id, none.id],
  )
})

test.serial('Joins with versions: published on both sides, one and hasMany', async (t) => {
  const { cms } = s
  await cms.delete({ collection: 'versions', where: {} })
  await cms.delete({ collection: CV, where: {} })
  const category = await cms.create({ collection: CV, data: { _status: 'published' } })
  const one = await cms.create({
    collection: 'versions',
    data: { title: 'version', categoryVersion: category.id, _status: 'published' },
  })
  const many = await cms.create({
    collection: 'versions',
    data: { title: 'many', categoryVersions: [category.id], _status: 'published' },
  })
  for (const draft of [false, true]) {
    const [doc] = (await cms.find({ collection: CV, draft })).docs as Doc[]
    t.deepEqual(ids(doc.relatedVersions.docs), [one.id], `draft ${draft}`)
    t.deepEqual(ids(doc.relatedVersionsMany.docs), [many.id], `draft ${draft}`)
  }
})

test.serial('Joins with versions: drafts on both sides read the newest draft', async (t) => {
  const { cms } = s
  await cms.delete({ collection: 'versions', where: {} })
  await cms.delete({ collection: CV, where: {} })
  const category = await cms.create({ collection: CV, data: { _status: 'draft' }, draft: true })
  const version = await cms.create({
    collection: 'versions',
    data: { title: 'original-title', _status: 'draft', categoryVersion: category.id },
    draft: true,
  })
  await cms.update({
    collection: 'versions',
    id: version.id,
    data: { title: 'updated-title' },
    draft: true,
  })
  const [doc] = (await cms.find({ collection: CV, draft: true })).docs as Doc[]
  t.deepEqual(ids(doc.relatedVersions.docs), [version.id])
  t.is(doc.relatedVersions.docs[0].title, 'updated-title')
  const r = await s.request('POST', '/api/graphql', {
    body: {
      query: `{ CategoriesVersions(draft: true) { docs { relatedVersions(limit: 1) { docs { id title } hasNextPage } } } }`,
    },
  })
  t.is(r.body.errors, undefined)
  const joined = r.body.data.CategoriesVersions.docs[0].relatedVersions
  t.deepEqual(joined.docs, [{ id: version.id, title: 'updated-title' }])
  t.false(joined.hasNextPage)
})

// Departure (docs/decisions.md, "A join field's own `where` is the config's"): Payload refuses the read.
test.serial(
  'a join field configured with a `where` on an unreadable field applies it',
  async (t) => {
    const { cms } = s
    const category = await cms.create({
      collection: 'restricted-categories',
      data: { name: 'restricted category' },
    })
    const kept = await cms.create({
      collection: 'restricted-posts',
      data: { title: 'restricted post', category: category.id, restrictedField: 'restricted' },
    })
    await cms.create({
      collection: 'restricted-posts',
      data: { title: 'other post', category: category.id, restrictedField: 'other' },
    })
    const user = {
      ...(await cms.find({ collection: 'users', limit: 1 })).docs[0],
      collection: 'users',
    } as { id: number; collection: string }
    const read = (await cms.findByID({
      collection: 'restricted-categories',
      id: category.id,
      overrideAccess: false,
      user,
    })) as Doc
    t.deepEqual(ids(read.restrictedPosts.docs), [kept.id])
    // The field itself stays unreadable, and a caller's own join where on it is refused.
    t.false('restrictedField' in read.restrictedPosts.docs[0])
    const e = await t.throwsAsync(
      cms.findByID({
        collection: 'restricted-categories',
        id: category.id,
        overrideAccess: false,
        user,
        joins: { restrictedPosts: { where: { restrictedField: { equals: 'other' } } } },
      }),
    )
    t.regex(e?.message ?? '', /restrictedField/)
  },
)
