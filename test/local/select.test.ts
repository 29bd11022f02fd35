import test from 'ava'
import { defineConfig } from '../../server/config/define-config.ts'
import { rejectsWith, useCms } from '../helpers/db.ts'

const config = defineConfig({
  collections: [
    {
      slug: 'categories',
      fields: [
        { name: 'title', type: 'text' },
        { name: 'description', type: 'textarea' },
        { name: 'color', type: 'text' },
      ],
    },
    {
      slug: 'posts',
      fields: [
        { name: 'title', type: 'text' },
        { name: 'body', type: 'textarea' },
        {
          name: 'seo',
          type: 'group',
          fields: [
            { name: 'title', type: 'text' },
            { name: 'description', type: 'text' },
          ],
        },
        {
          name: 'links',
          type: 'array',
          fields: [
            { name: 'url', type: 'text' },
            { name: 'label', type: 'text' },
          ],
        },
        { name: 'category', type: 'relationship', relationTo: 'categories' },
      ],
    },
  ],
  globals: [
    {
      slug: 'settings',
      fields: [
        { name: 'siteName', type: 'text' },
        { name: 'tagline', type: 'text' },
      ],
    },
  ],
})

const state = useCms(test, config, async (cms) => {
  const category = await cms.create({
    collection: 'categories',
    data: { title: 'News', description: 'Long text', color: 'red' },
  })
  const post = await cms.create({
    collection: 'posts',
    data: {
      title: 'Hello',
      body: 'Body',
      seo: { title: 'SEO title', description: 'SEO description' },
      links: [{ url: 'https://a.example', label: 'A' }],
      category: category.id,
    },
  })
  await cms.updateGlobal({ slug: 'settings', data: { siteName: 'Site', tagline: 'Tag' } })
  return { category, post }
})

test('select includes only the named fields (and id), nested into groups and array rows', async (t) => {
  const { cms, data } = state
  const doc = await cms.findByID({
    collection: 'posts',
    id: data.post.id,
    select: { title: true, seo: { title: true }, links: { url: true } },
  })
  t.deepEqual(Object.keys(doc).sort(), ['id', 'links', 'seo', 'title'])
  t.deepEqual(doc.seo, { title: 'SEO title' })
  t.deepEqual(doc.links, [
    { id: (data.post.links as { id: string }[])[0].id, url: 'https://a.example' },
  ])
  const list = await cms.find({ collection: 'posts', select: { title: true } })
  t.deepEqual(list.docs, [{ id: data.post.id, title: 'Hello' }])
})

test('select with false excludes the named fields', async (t) => {
  const { cms, data } = state
  const doc = await cms.findByID({
    collection: 'posts',
    id: data.post.id,
    depth: 0,
    select: { body: false, seo: { description: false } },
  })
  t.false('body' in doc)
  t.deepEqual(doc.seo, { title: 'SEO title' })
  t.is(doc.title, 'Hello')
  t.is(doc.category, data.category.id)
})

test('populate chooses the fields of related documents', async (t) => {
  const { cms, data } = state
  const doc = await cms.findByID({
    collection: 'posts',
    id: data.post.id,
    depth: 1,
    populate: { categories: { title: true } },
  })
  t.deepEqual(doc.category, { id: data.category.id, title: 'News' })
  const full = await cms.findByID({ collection: 'posts', id: data.post.id, depth: 1 })
  t.is((full.category as { color: string }).color, 'red')
})

test('findGlobal takes select', async (t) => {
  const { cms } = state
  const settings = await cms.findGlobal({ slug: 'settings', select: { siteName: true } })
  t.deepEqual(settings, { siteName: 'Site', globalType: 'settings' })
})

test('a key naming no field selects nothing, as in Payload (its plugins select fields a config may lack)', async (t) => {
  const { cms, data } = state
  const read = await cms.findByID({
    collection: 'posts',
    id: data.post.id,
    select: { titel: true, title: true },
  })
  t.deepEqual(Object.keys(read).sort(), ['id', 'title'])
  const none = await cms.findByID({
    collection: 'posts',
    id: data.post.id,
    select: { titel: true },
  })
  t.deepEqual(none, { id: data.post.id })
  const nested = await cms.findByID({
    collection: 'posts',
    id: data.post.id,
    select: { seo: { nope: true } },
  })
  t.deepEqual(nested, { id: data.post.id, seo: {} })
})

test('a bad select or populate is a 400 naming what is wrong', async (t) => {
  const { cms } = state
  const mixed = await rejectsWith(
    t,
    cms.find({ collection: 'posts', select: { title: true, body: false } }),
    'BadRequest',
    400,
  )
  t.regex(mixed.message, /cannot mix true and false/)
  await rejectsWith(
    t,
    cms.find({ collection: 'posts', select: { title: 'yes' } as never }),
    'BadRequest',
    400,
  )
  await rejectsWith(
    t,
    cms.find({ collection: 'posts', select: { seo: { title: 1 } } as never }),
    'BadRequest',
    400,
  )
  const pop = await rejectsWith(
    t,
    cms.find({ collection: 'posts', populate: { tags: { title: true } } }),
    'BadRequest',
    400,
  )
  t.is(pop.message, 'populate: "tags" is not a collection.')
})
