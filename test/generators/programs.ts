/**
 * The programs `third-party-clients.test.ts` writes next to each generated client: what a frontend developer
 * writes against a client generated with the tool's defaults. Each is compiled with `tsc --strict`, so a
 * parameter declared with the wrong type, or an untyped (`any`) result, fails the test before it runs.
 */

/** What each program's `run` answers, for the test to compare with the seed. */
export interface ClientRun {
  status: number
  docs: unknown[]
  created: number
  createdTitle: string | null | undefined
  anonymous: number
}

export interface Query {
  where: object
  select: object
  populate: object
}

export const ADMIN = { email: 'admin@example.com', password: 'admin-password' }

const json = (value: unknown) => JSON.stringify(value)

// Compiles only when the list is typed: a Post's id is a number, its title a nullable string, its category an
// id or a Category. An `any` result makes every Equal false.
const typedPost = (category: string) => `
  type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false
  const post = docs[0]
  const typed: [
    Equal<typeof post.id, number>,
    Equal<typeof post.title, string | null | undefined>,
    Equal<typeof post.category, number | ${category} | null | undefined>,
  ] = [true, true, true]
  void typed`

/** @hey-api/openapi-ts with its default plugins (types, SDK functions, the fetch client) in `hey-api/`. */
export const heyApi = (q: Query) => `import { client } from './hey-api/client.gen.js'
import { createPost, findPosts, loginUser } from './hey-api/sdk.gen.js'
import type { Category, Populate, PostWhere, PostSelect } from './hey-api/types.gen.js'

export async function run(baseUrl: string, fetch: typeof globalThis.fetch) {
  client.setConfig({ baseUrl, fetch })
  const login = await loginUser({ body: ${json(ADMIN)} })
  if (!login.data) throw new Error(\`login: \${login.response?.status}\`)
  const headers = { authorization: \`Bearer \${login.data.token}\` }
  const list = await findPosts({
    query: {
      where: JSON.stringify(${json(q.where)} satisfies PostWhere),
      select: JSON.stringify(${json(q.select)} satisfies PostSelect),
      populate: JSON.stringify(${json(q.populate)} satisfies Populate),
      depth: 1,
      sort: 'id',
    },
    headers,
  })
  const docs = list.data?.docs ?? []
  ${typedPost('Category')}
  const created = await createPost({ body: { title: 'From hey-api', slug: 'from-hey-api' }, headers })
  const anonymous = await createPost({ body: { title: 'Anonymous', slug: 'anonymous-hey-api' } })
  return {
    status: list.response?.status,
    docs,
    created: created.response?.status,
    createdTitle: created.data?.doc.title,
    anonymous: anonymous.response?.status,
  }
}
`

/** openapi-typescript's types (`openapi-typescript/schema.d.ts`) with openapi-fetch's `createClient`. */
export const openapiFetch = (q: Query) => `import createClient from 'openapi-fetch'
import type { components, paths } from './openapi-typescript/schema.js'

type Schemas = components['schemas']

export async function run(baseUrl: string, fetch: typeof globalThis.fetch) {
  const client = createClient<paths>({ baseUrl, fetch })
  const login = await client.POST('/users/login', { body: ${json(ADMIN)} })
  if (!login.data) throw new Error(\`login: \${login.response.status}\`)
  const headers = { authorization: \`Bearer \${login.data.token}\` }
  const list = await client.GET('/posts', {
    params: {
      query: {
        where: JSON.stringify(${json(q.where)} satisfies Schemas['PostWhere']),
        select: JSON.stringify(${json(q.select)} satisfies Schemas['PostSelect']),
        populate: JSON.stringify(${json(q.populate)} satisfies Schemas['Populate']),
        depth: 1,
        sort: 'id',
      },
    },
    headers,
  })
  const docs = list.data?.docs ?? []
  ${typedPost(`Schemas['Category']`)}
  const created = await client.POST('/posts', {
    body: { title: 'From openapi-fetch', slug: 'from-openapi-fetch' },
    headers,
  })
  const anonymous = await client.POST('/posts', {
    body: { title: 'Anonymous', slug: 'anonymous-openapi-fetch' },
  })
  return {
    status: list.response.status,
    docs,
    created: created.response.status,
    createdTitle: created.data?.doc.title,
    anonymous: anonymous.response.status,
  }
}
`

/**
 * orval's fetch client (`orval/api.ts`). It calls the global fetch with the base URL fixed at generation
 * (output.baseUrl), so `run` takes no arguments.
 */
export const orval = (q: Query) => `import {
  createPost,
  findPosts,
  loginUser,
  type Category,
  type Populate,
  type PostWhere,
  type PostSelect,
} from './orval/api.js'

export async function run() {
  const login = await loginUser(${json(ADMIN)})
  if (login.status !== 200) throw new Error(\`login: \${login.status}\`)
  const headers = { authorization: \`Bearer \${login.data.token}\` }
  const list = await findPosts(
    {
      where: JSON.stringify(${json(q.where)} satisfies PostWhere),
      select: JSON.stringify(${json(q.select)} satisfies PostSelect),
      populate: JSON.stringify(${json(q.populate)} satisfies Populate),
      depth: 1,
      sort: 'id',
    },
    { headers },
  )
  const docs = list.status === 200 ? list.data.docs : []
  ${typedPost('Category')}
  const created = await createPost({ title: 'From orval', slug: 'from-orval' }, undefined, { headers })
  const anonymous = await createPost({ title: 'Anonymous', slug: 'anonymous-orval' })
  return {
    status: list.status,
    docs,
    created: created.status,
    createdTitle: created.status === 201 ? created.data.doc.title : undefined,
    anonymous: anonymous.status,
  }
}
`
