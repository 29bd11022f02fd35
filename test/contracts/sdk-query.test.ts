import test from 'ava'
import { client } from '../../generated/openapi/client.gen.ts'
import { findPosts, countPosts } from '../../generated/openapi/sdk.gen.ts'

/** The generated client, as committed, sends where/select/populate of any depth as one JSON query parameter each. */
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
    const where = {
      or: [
        { title: { like: 'hello' } },
        { and: [{ views: { greater_than: 3 } }, { 'seo.title': { exists: true } }] },
      ],
    }
    await findPosts({
      query: {
        where,
        limit: 5,
        depth: 1,
        select: { title: true, seo: { title: true } },
        populate: { categories: { name: true } },
        sort: '-views',
      },
    })
    await countPosts({ query: { where: { status: { in: ['draft', 'published'] } } } })
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
