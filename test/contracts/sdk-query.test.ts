import test from 'ava'
import { client } from '../../generated/openapi/client.gen.ts'
import { findPosts, countPosts } from '../../generated/openapi/sdk.gen.ts'
import type { Populate, PostSelect, PostWhere } from '../../generated/openapi/types.gen.ts'
import { createClient } from '../../sdk/index.ts'

/**
 * The generated client, as committed (hey-api's default settings), sends where/select/populate of any depth as
 * one JSON query parameter each: the contract declares them as JSON text, typed by their contentSchema.
 */
test('the generated REST client sends a nested where, select and populate as JSON query parameters', async (t) => {
  const urls: URL[] = []
  const local = client.getConfig()
  client.setConfig({
    baseUrl: 'http://127.0.0.1:9/api',
    fetch: (async (input: Request) => {
      urls.push(new URL(input.url))
      return Response.json({ totalDocs: 0 })
    }) as typeof fetch,
  })
  try {
    const where: PostWhere = {
      or: [
        { title: { like: 'hello' } },
        { and: [{ views: { greater_than: 3 } }, { 'seo.title': { exists: true } }] },
      ],
    }
    await findPosts({
      query: {
        where: JSON.stringify(where),
        limit: 5,
        depth: 1,
        select: JSON.stringify({ title: true, seo: { title: true } } satisfies PostSelect),
        populate: JSON.stringify({ categories: { name: true } } satisfies Populate),
        sort: '-views',
      },
    })
    const status: PostWhere = { status: { in: ['draft', 'published'] } }
    await countPosts({ query: { where: JSON.stringify(status) } })
  } finally {
    client.setConfig(local)
  }
  const [list, count] = urls
  t.is(list.pathname, '/api/posts')
  t.deepEqual(JSON.parse(list.searchParams.get('where')!), {
    or: [
      { title: { like: 'hello' } },
      { and: [{ views: { greater_than: 3 } }, { 'seo.title': { exists: true } }] },
    ],
  })
  t.deepEqual(JSON.parse(list.searchParams.get('select')!), { title: true, seo: { title: true } })
  t.deepEqual(JSON.parse(list.searchParams.get('populate')!), { categories: { name: true } })
  t.is(list.searchParams.get('limit'), '5')
  t.is(list.searchParams.get('sort'), '-views')
  t.is(count.pathname, '/api/posts/count')
  t.deepEqual(JSON.parse(count.searchParams.get('where')!), {
    status: { in: ['draft', 'published'] },
  })
})

test('the SDK facade takes where, select and populate as typed objects and sends them as JSON text', async (t) => {
  const urls: URL[] = []
  const cms = createClient({
    baseUrl: 'http://127.0.0.1:9',
    fetch: (async (input: Request) => {
      urls.push(new URL(input.url))
      return Response.json({ docs: [], totalDocs: 0 })
    }) as typeof fetch,
  })
  await cms.collection('posts').find({
    where: { and: [{ views: { greater_than: 3 } }, { or: [{ featured: { equals: true } }] }] },
    select: { title: true },
    populate: { categories: { name: true } },
    limit: 2,
  })
  const [url] = urls
  t.is(url.pathname, '/api/posts')
  t.deepEqual(JSON.parse(url.searchParams.get('where')!), {
    and: [{ views: { greater_than: 3 } }, { or: [{ featured: { equals: true } }] }],
  })
  t.deepEqual(JSON.parse(url.searchParams.get('select')!), { title: true })
  t.deepEqual(JSON.parse(url.searchParams.get('populate')!), { categories: { name: true } })
  t.is(url.searchParams.get('limit'), '2')
})
