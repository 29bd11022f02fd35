import test from 'ava'
import exampleConfig from '../../cms.config.ts'
import { useCms } from '../helpers/db.ts'

const state = useCms(test, exampleConfig, async (cms) => cms.config.seed!(cms))

test('the example app seeds realistic data that the README query finds', async (t) => {
  const { cms } = state
  t.deepEqual(await cms.count({ collection: 'users' }), { totalDocs: 3 })
  t.deepEqual(await cms.count({ collection: 'posts' }), { totalDocs: 30 })
  const published = await cms.find({
    collection: 'posts',
    where: { status: { equals: 'published' } },
    limit: 100,
    depth: 0,
  })
  t.is(published.totalDocs, 20)
  const post = published.docs[0]
  t.truthy(post.title)
  t.is(typeof post.category, 'number')
  t.is((post.layout as { blockType: string }[])[0].blockType, 'hero')
  t.true(Array.isArray(post.location))
  const news = await cms.find({
    collection: 'posts',
    where: { 'category.slug': { in: ['news', 'guides'] } },
    limit: 0,
  })
  t.true(news.docs.length > 0)
  const settings = await cms.findGlobal({ slug: 'site-settings' })
  t.like(settings, { siteName: 'Contract CMS Example', maintenanceMode: false })
  t.is(
    (await cms.count({ collection: 'orders', where: { status: { equals: 'shipped' } } })).totalDocs,
    2,
  )
})
