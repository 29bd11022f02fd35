import test from 'ava'
import exampleConfig from '../../cms.config.ts'
import type { Config } from '../../server/config/types.ts'
import {
  FindPostsDocument,
  CountPostsDocument,
  type FindPostsQuery,
  type FindPostsQueryVariables,
  type TypedDocumentString,
} from '../../generated/graphql/sdk/graphql.ts'
import { countQueries } from '../helpers/db.ts'
import { GRAPHQL, useServer } from '../helpers/http.ts'

const config: Config = { ...exampleConfig, email: { sendEmail: () => {} } }
const s = useServer(test, config, async (cms) => {
  await cms.config.seed!(cms)
})

async function gql<T = any>(
  query: string,
  variables?: Record<string, unknown>,
  token?: string,
): Promise<{
  status: number
  data?: T
  errors?: { message: string; extensions?: { code?: string } }[]
}> {
  // The GraphQL-over-HTTP media type: request errors (parse, validation) are 4xx, as the spec says for it.
  const headers: Record<string, string> = { accept: 'application/graphql-response+json' }
  if (token) headers.authorization = `Bearer ${token}`
  const r = await s.request('POST', '/api/graphql', { body: { query, variables }, headers })
  return { status: r.status, ...(r.body as object) }
}
const login = async (email: string, password: string) =>
  (await gql(`mutation { loginUser(email: "${email}", password: "${password}") { token } }`)).data
    .loginUser.token as string

test('queries: a document, a list with every page field, a count, a global; GET works for queries', async (t) => {
  const list = await gql(
    '{ Posts(limit: 3, page: 2, sort: "-views") { docs { id title views } totalDocs limit totalPages page pagingCounter hasPrevPage hasNextPage prevPage nextPage } }',
  )
  t.is(list.status, 200)
  const local = await s.cms.find({
    collection: 'posts',
    limit: 3,
    page: 2,
    sort: '-views',
    overrideAccess: false,
    depth: 0,
  })
  t.deepEqual(
    list.data.Posts.docs.map((d: { id: number }) => d.id),
    local.docs.map((d) => d.id),
  )
  t.like(list.data.Posts, {
    totalDocs: local.totalDocs,
    limit: 3,
    page: 2,
    pagingCounter: 4,
    hasPrevPage: true,
    prevPage: 1,
  })
  const one = await gql('query ($id: Int!) { Post(id: $id) { id title } }', {
    id: local.docs[0].id,
  })
  t.deepEqual(one.data.Post, { id: local.docs[0].id, title: local.docs[0].title })
  t.deepEqual((await gql('{ countPosts { totalDocs } }')).data.countPosts, {
    totalDocs: local.totalDocs,
  })
  t.is(
    (await gql('{ SiteSetting { siteName globalType } }')).data.SiteSetting.globalType,
    'site-settings',
  )
  const get = await fetch(
    s.directUrl(
      `/api/graphql?query=${encodeURIComponent('{ countPosts { totalDocs } }')}`,
      GRAPHQL,
    ),
  )
  t.deepEqual((await get.json()).data.countPosts, { totalDocs: local.totalDocs })
})

test('where takes enum values bare, AND/OR, group paths with __; sort uses the - convention', async (t) => {
  const r = await gql(
    '{ Posts(limit: 0, sort: "views", where: { status: { in: [published, review] }, OR: [{ views: { greater_than: 400 } }, { featured: { equals: true } }], AND: [{ seo__noIndex: { not_equals: true } }] }) { docs { id status views featured } } }',
  )
  t.falsy(r.errors)
  const local = await s.cms.find({
    collection: 'posts',
    limit: 0,
    sort: 'views',
    depth: 0,
    overrideAccess: false,
    where: {
      status: { in: ['published', 'review'] },
      or: [{ views: { greater_than: 400 } }, { featured: { equals: true } }],
      and: [{ 'seo.noIndex': { not_equals: true } }],
    },
  })
  t.deepEqual(
    r.data.Posts.docs.map((d: { id: number }) => d.id),
    local.docs.map((d) => d.id),
  )
  t.true(r.data.Posts.docs.length > 0)
  const bad = await gql('{ Posts(where: { status: { equals: nonsense } }) { totalDocs } }')
  t.is(bad.status, 400)
  t.regex(bad.errors![0].message, /nonsense/)
})

test('GraphQL, REST and the Local layer return the same documents for the same where, sort and limit', async (t) => {
  const cases: { where: Record<string, unknown>; gqlWhere: string; sort: string; limit: number }[] =
    [
      {
        where: { views: { greater_than: 100 } },
        gqlWhere: '{ views: { greater_than: 100 } }',
        sort: '-views',
        limit: 5,
      },
      {
        where: { or: [{ status: { equals: 'published' } }, { featured: { equals: true } }] },
        gqlWhere: '{ OR: [{ status: { equals: published } }, { featured: { equals: true } }] }',
        sort: 'title',
        limit: 7,
      },
      {
        where: { title: { like: 'order' } },
        gqlWhere: '{ title: { like: "order" } }',
        sort: '-createdAt',
        limit: 4,
      },
    ]
  for (const c of cases) {
    const local = (
      await s.cms.find({
        collection: 'posts',
        where: c.where as never,
        sort: c.sort,
        limit: c.limit,
        depth: 0,
        overrideAccess: false,
      })
    ).docs.map((d) => d.id)
    const rest = (
      await s.request('GET', '/api/posts', {
        query: { where: JSON.stringify(c.where), sort: c.sort, limit: String(c.limit), depth: '0' },
      })
    ).body.docs.map((d: { id: number }) => d.id)
    const graph = (
      await gql(
        `{ Posts(where: ${c.gqlWhere}, sort: "${c.sort}", limit: ${c.limit}) { docs { id } } }`,
      )
    ).data.Posts.docs.map((d: { id: number }) => d.id)
    t.deepEqual(rest, local)
    t.deepEqual(graph, local)
  }
})

test('access: an anonymous query sees only published posts, and relations it may not read are null', async (t) => {
  const anon = await gql('{ Posts(limit: 0) { totalDocs docs { _status author { email } } } }')
  t.falsy(anon.errors)
  t.true(
    anon.data.Posts.docs.every(
      (d: { _status: string; author: unknown }) => d._status === 'published' && d.author === null,
    ),
  )
  const token = await login('admin@example.com', 'admin-password')
  const admin = await gql(
    '{ Posts(limit: 0) { totalDocs docs { author { email } } } }',
    undefined,
    token,
  )
  t.true(admin.data.Posts.totalDocs > anon.data.Posts.totalDocs)
  t.true(
    admin.data.Posts.docs.some((d: { author: { email: string } | null }) =>
      d.author?.email.endsWith('@example.com'),
    ),
  )
  const denied = await gql('mutation { createCategory(data: { name: "X", slug: "x" }) { id } }')
  t.is(denied.errors![0].extensions!.code, 'UNAUTHENTICATED')
})

test.serial(
  'relations three levels deep resolve in one query per related collection per level, whatever the number of documents',
  async (t) => {
    const query = (limit: number) =>
      `{ Posts(limit: ${limit}, sort: "id") { docs { id category { name } related { title category { name } related { title author { email } category { slug } } } reference { relationTo value { ... on Post { title } ... on Category { name } } } } } }`
    const token = await login('admin@example.com', 'admin-password')
    const few = await countQueries(s.cms, () => gql(query(3), undefined, token))
    const many = await countQueries(s.cms, () => gql(query(25), undefined, token))
    t.falsy(many.result.errors)
    const nested = many.result.data.Posts.docs.find((d: { related: { related: unknown[] }[] }) =>
      d.related?.some((r) => r.related?.length),
    )
    t.truthy(nested, 'some post relates to a post that relates to another')
    t.log(`statements: ${few.queries} for 3 posts, ${many.queries} for 25`)
    t.is(many.queries, few.queries)
  },
)

test('mutations: create, update, delete; auth: login, me, refresh, logout, forgot and reset password', async (t) => {
  const token = await login('admin@example.com', 'admin-password')
  const created = await gql(
    'mutation ($data: mutationCategoryInput!) { createCategory(data: $data) { id name slug } }',
    { data: { name: 'GraphQL', slug: 'graphql' } },
    token,
  )
  const id = created.data.createCategory.id
  t.like(created.data.createCategory, { name: 'GraphQL', slug: 'graphql' })
  t.is(
    (
      await gql(
        `mutation { updateCategory(id: ${id}, data: { description: "Via GraphQL" }) { description } }`,
        undefined,
        token,
      )
    ).data.updateCategory.description,
    'Via GraphQL',
  )
  t.is(
    (await gql(`mutation { deleteCategory(id: ${id}) { id } }`, undefined, token)).data
      .deleteCategory.id,
    id,
  )
  const invalid = await gql(
    'mutation { createCategory(data: { name: "", slug: "graphql-2" }) { id } }',
    undefined,
    token,
  )
  t.is(invalid.errors![0].extensions!.code, 'BAD_USER_INPUT')

  const me = await gql('{ meUser { user { email } exp token } }', undefined, token)
  t.is(me.data.meUser.user.email, 'admin@example.com')
  t.is((await gql('{ meUser { user { email } } }')).data.meUser.user, null)
  const refreshed = await gql(
    'mutation { refreshTokenUser { refreshedToken exp user { email } } }',
    undefined,
    token,
  )
  const fresh = refreshed.data.refreshTokenUser.refreshedToken
  t.is(
    (await gql('mutation { logoutUser }', undefined, fresh)).data.logoutUser,
    'Logout successful.',
  )
  t.is(
    (
      await s.request('POST', '/api/graphql', {
        body: { query: '{ meUser { user { email } } }' },
        headers: { authorization: `Bearer ${token}` },
      })
    ).status,
    401,
  )

  t.true(
    (await gql('mutation { forgotPasswordUser(email: "bob@example.com") }')).data
      .forgotPasswordUser,
  )
  const resetToken = await s.cms.forgotPassword({
    collection: 'users',
    data: { email: 'bob@example.com' },
  })
  const reset = await gql(
    `mutation { resetPasswordUser(token: "${resetToken}", password: "bob-graphql-password") { token user { email } } }`,
  )
  t.is(reset.data.resetPasswordUser.user.email, 'bob@example.com')
  t.is(
    (
      await gql(
        'mutation { updateSiteSetting(data: { tagline: "GraphQL tagline" }) { tagline } }',
        undefined,
        await login('admin@example.com', 'admin-password'),
      )
    ).data.updateSiteSetting.tagline,
    'GraphQL tagline',
  )
})

test('secrets never appear in GraphQL results; errors carry a code and no stack', async (t) => {
  const token = await login('admin@example.com', 'admin-password')
  const r = await s.request('POST', '/api/graphql', {
    body: { query: '{ Users(limit: 0) { docs { email } } }' },
    headers: { authorization: `Bearer ${token}` },
  })
  for (const secret of ['hash', 'salt', 'resetPassword']) t.false(r.text.includes(secret))
  const unknown = await gql('{ Users { docs { hash } } }', undefined, token)
  t.is(unknown.status, 400)
  t.regex(unknown.errors![0].message, /Cannot query field "hash"/)
  t.false(JSON.stringify(unknown).includes('stack'))
})

test('depth and complexity limits refuse unbounded queries', async (t) => {
  const deep = await gql(`{ Posts { docs { ${'related { '.repeat(14)}id${' }'.repeat(14)} } } }`)
  t.is(deep.status, 400)
  t.is(deep.errors![0].extensions!.code, 'QUERY_TOO_DEEP', JSON.stringify(deep.errors))
  const costly = await gql(
    '{ Posts(limit: 1000) { docs { related { related { related { title } } } } } }',
  )
  t.is(costly.status, 400)
  t.is(costly.errors![0].extensions!.code, 'QUERY_TOO_COMPLEX')
})

test('documents typed by graphql-codegen (codegen.ts) match what the server returns', async (t) => {
  const run = async <R, V>(doc: TypedDocumentString<R, V>, variables: V): Promise<R> => {
    const r = await s.request('POST', '/api/graphql', {
      body: { query: doc.toString(), variables },
    })
    t.falsy(r.body.errors)
    return r.body.data as R
  }
  const variables: FindPostsQueryVariables = {
    limit: 2,
    sort: '-views',
    where: { status: { equals: 'published' } },
  }
  const result: FindPostsQuery = await run(FindPostsDocument, variables)
  const first = result.Posts!.docs[0]
  t.is(typeof first.id, 'number')
  t.is(first.status, 'published')
  t.true(first.category === null || typeof first.category.id === 'number')
  t.true(Array.isArray(first.layout) || first.layout === null)
  t.is(
    (await run(CountPostsDocument, {})).countPosts!.totalDocs,
    (await s.cms.count({ collection: 'posts', overrideAccess: false })).totalDocs,
  )
})
