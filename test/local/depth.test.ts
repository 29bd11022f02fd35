import test from 'ava'
import type { Cms } from '../../server/local/cms.ts'
import { blogConfig } from '../fixtures/blog.ts'
import { countQueries, useCms } from '../helpers/db.ts'

async function seed(cms: Cms) {
  const mentor = await cms.create({
    collection: 'authors',
    data: { name: 'Mentor', roles: ['admin'] },
  })
  const ann = await cms.create({ collection: 'authors', data: { name: 'Ann', mentor: mentor.id } })
  const root = await cms.create({ collection: 'categories', data: { title: 'Root' } })
  const child = await cms.create({
    collection: 'categories',
    data: { title: 'Child', parent: root.id },
  })
  const articles = []
  for (let i = 0; i < 30; i++) {
    articles.push(
      await cms.create({
        collection: 'articles',
        data: {
          title: `A${i}`,
          _status: 'published',
          author: ann.id,
          categories: [child.id, root.id],
          featured: {
            relationTo: i % 2 ? 'authors' : 'categories',
            value: i % 2 ? ann.id : child.id,
          },
          meta: { editor: mentor.id },
        },
        depth: 0,
      }),
    )
  }
  return { mentor, ann, root, child, first: articles[0] }
}
const state = useCms(test, blogConfig, seed)

test('depth 0 returns ids for hasOne, hasMany and polymorphic relations', async (t) => {
  const { first, ann, child, root, mentor } = state.data
  const doc = await state.cms.findByID({ collection: 'articles', id: first.id, depth: 0 })
  t.is(doc.author, ann.id)
  t.deepEqual(doc.categories, [child.id, root.id])
  t.deepEqual(doc.featured, { relationTo: 'categories', value: child.id })
  t.deepEqual(doc.meta, { editor: mentor.id })
})

test('depth 1 populates one level; depth 2 and 3 go further', async (t) => {
  const { first, mentor } = state.data
  const d1 = await state.cms.findByID({ collection: 'articles', id: first.id, depth: 1 })
  const a1 = d1.author as Record<string, unknown>
  t.is(a1.name, 'Ann')
  t.is(a1.mentor, mentor.id)
  t.deepEqual(
    (d1.categories as { title: string }[]).map((c) => c.title),
    ['Child', 'Root'],
  )
  t.is((d1.categories as Record<string, unknown>[])[0].parent, state.data.root.id)
  t.like(d1.featured, { relationTo: 'categories', value: { title: 'Child' } })
  t.like(d1.meta, { editor: { name: 'Mentor' } })

  const d2 = await state.cms.findByID({ collection: 'articles', id: first.id, depth: 2 })
  t.like(d2.author, { name: 'Ann', mentor: { name: 'Mentor', mentor: null } })
  t.like((d2.categories as object[])[0], { title: 'Child', parent: { title: 'Root' } })

  const d3 = await state.cms.findByID({ collection: 'articles', id: first.id, depth: 3 })
  t.like(d3.author, { mentor: { name: 'Mentor' } })
  // The default depth is 2.
  t.deepEqual(await state.cms.findByID({ collection: 'articles', id: first.id }), d2)
})

test.serial(
  'population costs one query per related collection per level, whatever the number of documents',
  async (t) => {
    const run = (limit: number, depth: number) =>
      countQueries(state.cms, () => state.cms.find({ collection: 'articles', limit, depth }))
    const small1 = await run(2, 1)
    const large1 = await run(25, 1)
    t.is(large1.result.docs.length, 25)
    t.is(small1.queries, large1.queries)
    // page + count + authors + categories (polymorphic featured shares them) at level 1.
    t.is(large1.queries, 4)
    const large2 = await run(25, 2)
    t.is(large2.queries, 6) // + authors (mentors) + categories (parents) at level 2
    t.is((await run(3, 2)).queries, large2.queries)
  },
)

test('a relation whose document is gone, or that the caller may not read, stays an id', async (t) => {
  const { cms } = state
  const ghost = await cms.create({ collection: 'authors', data: { name: 'Ghost' } })
  const a = await cms.create({
    collection: 'articles',
    data: { title: 'Haunted', author: ghost.id },
    depth: 0,
  })
  await cms.delete({ collection: 'authors', id: ghost.id })
  t.is((await cms.findByID({ collection: 'articles', id: a.id, depth: 1 })).author, ghost.id)
})
