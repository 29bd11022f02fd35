/**
 * Join fields (issue 19, item 4): virtual reverse relationships, read through the Local API on the test database.
 */
import test from 'ava'
import { defineConfig } from '../../server/config/define-config.ts'
import type { Config } from '../../server/config/types.ts'
import { sanitizeConfig } from '../../server/config/sanitize.ts'
import { countQueries, rejectsWith, useCms } from '../helpers/db.ts'

export const joinsConfig = defineConfig({
  collections: [
    {
      slug: 'categories',
      access: { read: () => true },
      fields: [
        { name: 'name', type: 'text' },
        { name: 'posts', type: 'join', collection: 'posts', on: 'category' },
        {
          name: 'published',
          type: 'join',
          collection: 'posts',
          on: 'category',
          where: { status: { equals: 'published' } },
          defaultSort: 'title',
          defaultLimit: 2,
        },
        {
          name: 'meta',
          type: 'group',
          fields: [{ name: 'featured', type: 'join', collection: 'posts', on: 'extra.featuredIn' }],
        },
        { name: 'tagged', type: 'join', collection: 'posts', on: 'tags', defaultSort: 'title' },
        { name: 'mentions', type: 'join', collection: 'notes', on: 'about', maxDepth: 0 },
      ],
    },
    {
      slug: 'posts',
      access: { read: () => true },
      fields: [
        { name: 'title', type: 'text' },
        { name: 'status', type: 'select', options: ['draft', 'published'] },
        { name: 'category', type: 'relationship', relationTo: 'categories' },
        {
          name: 'extra',
          type: 'group',
          fields: [{ name: 'featuredIn', type: 'relationship', relationTo: 'categories' }],
        },
        { name: 'tags', type: 'relationship', relationTo: 'categories', hasMany: true },
        {
          name: 'secret',
          type: 'text',
          access: { read: ({ req }) => Boolean(req.user) },
        },
      ],
    },
    {
      slug: 'notes',
      access: { read: ({ req }) => (req.user ? true : { public: { equals: true } }) },
      fields: [
        { name: 'text', type: 'text' },
        { name: 'public', type: 'checkbox' },
        { name: 'about', type: 'relationship', relationTo: ['categories', 'posts'] },
      ],
    },
    {
      slug: 'users',
      auth: true,
      access: { read: () => true },
      fields: [{ name: 'name', type: 'text' }],
    },
  ],
}) satisfies Config

const s = useCms(test, joinsConfig, async (cms) => {
  const [news, tech, empty] = []
  void news
  void tech
  void empty
  const cats = []
  for (const name of ['News', 'Tech', 'Empty'])
    cats.push(await cms.create({ collection: 'categories', data: { name } }))
  const posts = []
  for (let i = 0; i < 5; i++)
    posts.push(
      await cms.create({
        collection: 'posts',
        data: {
          title: `P${i}`,
          status: i % 2 ? 'draft' : 'published',
          category: cats[i < 3 ? 0 : 1].id,
          extra: { featuredIn: i === 4 ? cats[0].id : null },
          tags: i < 2 ? [cats[0].id, cats[1].id] : [cats[1].id],
        },
        depth: 0,
      }),
    )
  await cms.create({
    collection: 'notes',
    data: { text: 'public', public: true, about: { relationTo: 'categories', value: cats[0].id } },
  })
  await cms.create({
    collection: 'notes',
    data: { text: 'private', public: false, about: { relationTo: 'categories', value: cats[0].id } },
  })
  await cms.create({
    collection: 'notes',
    data: { text: 'on a post', public: true, about: { relationTo: 'posts', value: posts[0].id } },
  })
  return { cats, posts }
})

test('a join field lists the documents relating to each document, as ids at depth 0', async (t) => {
  const { cats, posts } = s.data
  const news = await s.cms.findByID({ collection: 'categories', id: cats[0].id, depth: 0 })
  t.deepEqual(news.posts, { docs: [posts[2].id, posts[1].id, posts[0].id], hasNextPage: false })
  t.deepEqual(news.published, { docs: [posts[0].id, posts[2].id], hasNextPage: false })
  t.deepEqual(news.meta, { featured: { docs: [posts[4].id], hasNextPage: false } })
  t.deepEqual(news.tagged, { docs: [posts[0].id, posts[1].id], hasNextPage: false })
  t.deepEqual(news.mentions, { docs: [3, 2].map((n) => n - 1), hasNextPage: false })
  const empty = await s.cms.findByID({ collection: 'categories', id: cats[2].id, depth: 0 })
  t.deepEqual(empty.posts, { docs: [], hasNextPage: false })
})
