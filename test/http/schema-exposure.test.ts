/**
 * Issue 30, finding 13: in production the contracts and the API reference follow introspection, under one
 * switch (`graphQL.disableIntrospectionInProduction`, default true). This file runs in its own process, so
 * NODE_ENV is production for both servers from the start (the switch is read when a server starts).
 */
import test from 'ava'
import { defineConfig } from '../../server/config/define-config.ts'
import type { Config } from '../../server/config/types.ts'
import { compileOpenAPI } from '../../server/contracts/openapi.ts'
import { serviceUrls } from '../../server/http/urls.ts'
import { useServer, type ServerState } from '../helpers/http.ts'

process.env.NODE_ENV = 'production'

const notes = (extra: Partial<Config> = {}): Config =>
  defineConfig({
    secret: 'Tq8-exposure-test-secret-of-32+-bytes',
    collections: [
      { slug: 'notes', access: { read: () => true }, fields: [{ name: 'text', type: 'text' }] },
    ],
    ...extra,
  })
const closed = useServer(test, notes())
const open = useServer(test, notes({ graphQL: { disableIntrospectionInProduction: false } }))

const SCHEMA_PATHS = [
  '/api/openapi.json',
  '/api/graphql/schema.graphql',
  '/api/docs',
  '/api/docs/assets/swagger-ui.css',
  '/api/docs/assets/swagger-ui-bundle.js',
]
const introspect = (s: ServerState<undefined>) =>
  s.request('POST', '/api/graphql', { body: { query: '{ __schema { types { name } } }' } })

test('in production by default the contracts, the API reference and introspection are all off', async (t) => {
  for (const path of SCHEMA_PATHS) {
    // The contract declares this 404 with the standard error body (the helper checks the answer against it).
    const r = await closed.request('GET', path)
    t.is(r.status, 404, path)
    t.deepEqual(
      r.body,
      { errors: [{ name: 'NotFound', message: `Route not found: GET ${path}` }] },
      path,
    )
  }
  t.regex((await introspect(closed)).body.errors?.[0]?.message ?? '', /introspection/i)
  // The API itself is unchanged.
  t.is((await closed.request('GET', '/api/notes')).status, 200)
  const count = await closed.request('POST', '/api/graphql', {
    body: { query: '{ countNotes { totalDocs } }' },
  })
  t.deepEqual(count.body, { data: { countNotes: { totalDocs: 0 } } })
  // npm start prints only what is served.
  const labels = serviceUrls(closed.cms.config, 'http://x').map((u) => u.label)
  t.deepEqual(labels, ['REST API', 'Admin', 'GraphQL', 'Health'])
  // And so does the API's index (issue 57).
  const index = await closed.request('GET', '/api')
  t.deepEqual(Object.keys(index.body).sort(), [
    'admin',
    'api',
    'collections',
    'globals',
    'graphql',
    'health',
    'login',
  ])
})

test('graphQL.disableIntrospectionInProduction: false serves all of them in production', async (t) => {
  for (const path of SCHEMA_PATHS) t.is((await open.request('GET', path)).status, 200, path)
  t.is((await open.request('GET', '/api/openapi.json')).body.openapi, '3.1.0')
  t.falsy((await introspect(open)).body.errors)
  t.truthy((await introspect(open)).body.data.__schema.types.length)
  const labels = serviceUrls(open.cms.config, 'http://x').map((u) => u.label)
  t.deepEqual(labels, [
    'REST API',
    'Admin',
    'GraphQL',
    'API reference',
    'OpenAPI 3.1',
    'GraphQL SDL',
    'Health',
  ])
  const index = await open.request('GET', '/api')
  t.like(index.body, {
    docs: '/api/docs',
    openapi: '/api/openapi.json',
    graphqlSchema: '/api/graphql/schema.graphql',
  })
  t.is(index.body.graphqlPlayground, undefined)
})

test('the contract declares that 404 for each of them, with the switch that lifts it', (t) => {
  type Doc = {
    paths: Record<string, { get: { responses: Record<string, { description: string }> } }>
  }
  const document = compileOpenAPI(closed.cms.config) as unknown as Doc
  for (const path of ['/openapi.json', '/graphql/schema.graphql', '/docs'])
    t.regex(
      document.paths[path].get.responses['404'].description,
      /Off in production \(NODE_ENV=production\) unless graphQL\.disableIntrospectionInProduction is false/,
      path,
    )
  t.truthy(document.paths['/docs/assets/{file}'].get.responses['404'])
})
