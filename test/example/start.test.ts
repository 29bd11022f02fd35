import test from 'ava'
import { serveCli } from '../helpers/cli.ts'

test('npm start prints the REST, admin, GraphQL, playground, API reference, contract and health URLs, and each answers', async (t) => {
  const { lines, url, stop } = await serveCli({})
  try {
    const labels = [
      'REST API',
      'Admin',
      'GraphQL',
      'Playground',
      'API reference',
      'OpenAPI 3.1',
      'GraphQL SDL',
      'Health',
    ]
    t.deepEqual(
      lines.slice(1).map((l) => l.split(/\s{2,}/)[0]),
      labels,
    )
    for (const label of labels.filter((l) => l !== 'Admin'))
      t.regex(url(label), /^http:\/\/127\.0\.0\.1:\d+\/api/, label)
    // Issue 57: the admin's address, which a newcomer opens first (`/admin` redirects to the app at `/admin/`).
    t.regex(url('Admin'), /^http:\/\/127\.0\.0\.1:\d+\/admin$/)
    const admin = await fetch(url('Admin'))
    t.is(admin.status, 200)
    t.regex(admin.headers.get('content-type') ?? '', /^text\/html/)
    t.is((await fetch(`${url('REST API')}/posts?limit=1`)).status, 200)
    const gql = await fetch(url('GraphQL'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ Posts(limit: 1) { totalDocs } }' }),
    })
    t.true(
      ((await gql.json()) as { data: { Posts: { totalDocs: number } } }).data.Posts.totalDocs > 0,
    )
    for (const label of ['Playground', 'API reference', 'GraphQL SDL', 'Health']) {
      t.is((await fetch(url(label))).status, 200, label)
    }
    const contract = (await (await fetch(url('OpenAPI 3.1'))).json()) as {
      openapi: string
    }
    t.regex(contract.openapi, /^3\.1/)
  } finally {
    await stop()
  }
})

test('in production it prints only what production serves: no playground, API reference or contracts', async (t) => {
  const { lines, url, stop } = await serveCli({
    NODE_ENV: 'production',
    CMS_SECRET: 'start-test-Kq3vZ8pW2mR7xN4t-of-32-bytes',
  })
  try {
    t.deepEqual(
      lines.slice(1).map((l) => l.split(/\s{2,}/)[0]),
      ['REST API', 'Admin', 'GraphQL', 'Health'],
    )
    // The contracts follow introspection (graphQL.disableIntrospectionInProduction, on by default).
    t.is((await fetch(`${url('REST API')}/graphql/schema.graphql`)).status, 404)
    t.is((await fetch(`${url('REST API')}/openapi.json`)).status, 404)
  } finally {
    await stop()
  }
})
