/**
 * Implemented options that no other suite set to a value of their own (issue 18), over real HTTP: the GraphQL
 * limits and the API reference switches. Each test fails if the server stopped reading its option.
 */
import test from 'ava'
import { pino } from 'pino'
import { defineConfig } from '../../server/config/define-config.ts'
import type { Config } from '../../server/config/types.ts'
import { listen } from '../../server/http/server.ts'
import { getCms } from '../../server/local/get-cms.ts'
import { freshDatabaseUrl } from '../helpers/db.ts'

const base = (extra: Partial<Config>): Config =>
  defineConfig({
    secret: 'a-test-secret-that-is-at-least-32-bytes-long',
    collections: [
      {
        slug: 'notes',
        access: { read: () => true },
        fields: [
          { name: 'text', type: 'text' },
          { name: 'items', type: 'array', fields: [{ name: 'x', type: 'text' }] },
        ],
      },
    ],
    ...extra,
  })

/** Starts a server for `config` (with NODE_ENV as given), runs `fn` against its URL, and stops it. */
async function withServer(
  config: Config,
  fn: (url: string) => Promise<void>,
  env = process.env.NODE_ENV,
): Promise<void> {
  const previous = process.env.NODE_ENV
  process.env.NODE_ENV = env
  const fresh = await freshDatabaseUrl()
  const cms = await getCms({ config: { ...config, db: { url: fresh.url } } })
  const server = await listen(cms, { port: 0, logger: pino({ level: 'silent' }) })
  try {
    await fn(server.url)
  } finally {
    await server.close()
    await fresh.drop()
    if (previous === undefined) delete process.env.NODE_ENV
    else process.env.NODE_ENV = previous
  }
}
type Answer = { data?: unknown; errors?: { message: string; extensions?: { limit?: string } }[] }
const gql = async (url: string, query: string): Promise<Answer> =>
  (await (
    await fetch(`${url}/api/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query }),
    })
  ).json()) as Answer
const error = async (url: string, query: string) => (await gql(url, query)).errors?.[0]

test.serial(
  'graphQL.maxComplexity, listFanOut and maxAliases set the cost and alias limits',
  async (t) => {
    const config = base({ graphQL: { maxComplexity: 50, listFanOut: 100, maxAliases: 1 } })
    await withServer(config, async (url) => {
      // 1 + (1 + limit × 1): 42 passes, 62 does not (the default maximum, 5000, would take it).
      t.deepEqual(await gql(url, '{ Notes(limit: 40) { docs { text } } }'), {
        data: { Notes: { docs: [] } },
      })
      t.regex(
        (await error(url, '{ Notes(limit: 60) { docs { text } } }'))?.message ?? '',
        /^Query complexity 62 exceeds the maximum of 50\./,
      )
      // An array multiplies what is under it by listFanOut: 3 + 100 (13 with the default 10).
      t.regex(
        (await error(url, '{ Notes(limit: 1) { docs { items { x } } } }'))?.message ?? '',
        /^Query complexity 103 exceeds/,
      )
      t.truthy((await gql(url, '{ a: countNotes { totalDocs } }')).data)
      t.regex(
        (await error(url, '{ a: countNotes { totalDocs } b: countNotes { totalDocs } }'))
          ?.message ?? '',
        /more than 1 aliases \(graphQL\.maxAliases\)/,
      )
    })
  },
)

test.serial('graphQL.maxDepth and maxTokens set the depth and size limits', async (t) => {
  await withServer(base({ graphQL: { maxDepth: 2, maxTokens: 25 } }), async (url) => {
    t.truthy((await gql(url, '{ countNotes { totalDocs } }')).data)
    t.regex(
      (await error(url, '{ Notes { docs { text } } }'))?.message ?? '',
      /^Query depth 3 exceeds the maximum of 2\./,
    )
    const long = `{ countNotes { ${'totalDocs '.repeat(30)}} }`
    t.is((await error(url, long))?.extensions?.limit, 'graphQL.maxTokens')
  })
})

test.serial(
  'apiDocs.disable turns the API reference off; graphQL.disableIntrospectionInProduction: false keeps it on in production',
  async (t) => {
    await withServer(base({ apiDocs: { disable: true } }), async (url) => {
      t.is((await fetch(`${url}/api/docs`)).status, 404)
      t.is((await fetch(`${url}/api/openapi.json`)).status, 200)
    })
    await withServer(
      base({ graphQL: { disableIntrospectionInProduction: false } }),
      async (url) => {
        t.is((await fetch(`${url}/api/docs`)).status, 200)
      },
      'production',
    )
  },
)

test.serial('routes.api moves the whole API', async (t) => {
  await withServer(base({ routes: { api: '/content' } }), async (url) => {
    t.is((await fetch(`${url}/content/notes`)).status, 200)
    t.is((await fetch(`${url}/api/notes`)).status, 404)
  })
})
