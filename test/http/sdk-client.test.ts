import test from 'ava'
import { client } from '../../generated/openapi/client.gen.ts'
import { countPosts, findPostById, findPosts, findSiteSetting, health } from '../../generated/openapi/sdk.gen.ts'
import exampleConfig from '../../cms.config.ts'
import { useServer } from '../helpers/http.ts'

/** The committed, generated REST client against the example app's server (seeded with the example data). */
const s = useServer(test, exampleConfig, async (cms) => {
  await cms.config.seed!(cms)
})

test.serial('the generated client lists, filters with a nested where, reads by id, counts and reads a global', async (t) => {
  client.setConfig({ baseUrl: `${s.url}/api` })
  t.deepEqual((await health()).data, { status: 'ok' })
  const where = { and: [{ status: { equals: 'published' as const } }, { or: [{ views: { greater_than: 500 } }, { featured: { equals: true } }] }] }
  const list = await findPosts({ query: { where, limit: 100, depth: 0, sort: '-views' } })
  t.is(list.response?.status, 200)
  const docs = list.data!.docs
  t.true(docs.length > 0)
  t.true(docs.every((p) => p.status === 'published' && ((p.views ?? 0) > 500 || p.featured === true)))
  const direct = await s.cms.count({ collection: 'posts', where, overrideAccess: false })
  t.is(list.data!.totalDocs, direct.totalDocs)

  const one = await findPostById({ path: { id: docs[0].id }, query: { depth: 1, select: { title: true, category: true } } })
  t.deepEqual(Object.keys(one.data!).sort(), ['category', 'id', 'title'])
  t.is(typeof one.data!.category, 'object')

  const count = await countPosts({ query: { where: { status: { equals: 'published' } } } })
  t.is(count.data!.totalDocs, (await s.cms.count({ collection: 'posts', where: { status: { equals: 'published' } }, overrideAccess: false })).totalDocs)

  const settings = await findSiteSetting()
  t.is(settings.data!.globalType, 'site-settings')

  const missing = await findPostById({ path: { id: 999999 } })
  t.is(missing.response?.status, 404)
  t.is(missing.error!.errors[0].name, 'NotFound')
})
