/**
 * Issue 30, findings 4 and 5: the static cost of a GraphQL operation counts a join field's page (its `limit`, else
 * its `defaultLimit`, `0` as `maxLimit`) like the page of a root list; and the walks that judge a document (depth,
 * cost) stop at their caps before graphql-js's own rules run, so a document of fragment spreads is refused after a
 * bounded amount of work. Work is asserted through a deterministic proxy (selections walked), never a time.
 */
import test from 'ava'
import { parse, type OperationDefinitionNode } from 'graphql'
import { defineConfig } from '../../server/config/define-config.ts'
import { sanitizeConfig } from '../../server/config/sanitize.ts'
import { buildExecutableSchema } from '../../server/http/graphql.ts'
import {
  costModel,
  fragmentsOf,
  measureCost,
  operationCost,
} from '../../server/http/graphql/limits.ts'
import type { Cms } from '../../server/local/cms.ts'
import { passwords, securityConfig, seedSecurity } from '../fixtures/security.ts'
import { countQueries } from '../helpers/db.ts'
import { useServer, type ServerState } from '../helpers/http.ts'

const s = useServer(test, securityConfig, seedSecurity)
// The same app with a tighter cost limit (to see costs that differ below the default maximum) and spread cap.
const tight = useServer(
  test,
  { ...securityConfig, graphQL: { maxComplexity: 1000, maxFragmentSpreads: 2 } },
  seedSecurity,
)
// A join field whose defaultLimit is 0 (all, at most maxLimit) and one whose defaultLimit is 3.
const defaults = defineConfig({
  ...securityConfig,
  collections: securityConfig.collections!.map((c) =>
    c.slug === 'users'
      ? {
          ...c,
          fields: c.fields.map((f) =>
            'name' in f && f.name === 'tickets' ? { ...f, defaultLimit: 0 } : f,
          ),
        }
      : c.slug === 'tickets'
        ? {
            ...c,
            fields: c.fields.map((f) =>
              'name' in f && f.name === 'children' ? { ...f, defaultLimit: 3 } : f,
            ),
          }
        : c,
  ),
})
const withDefaults = useServer(test, defaults, seedSecurity)

type Body = { data?: any; errors?: { message: string; extensions?: Record<string, any> }[] }
async function gql(
  server: ServerState<unknown>,
  query: string,
  token?: string,
  variables?: Record<string, unknown>,
) {
  const r = await server.request('POST', '/api/graphql', {
    body: { query, ...(variables ? { variables } : {}) },
    headers: {
      accept: 'application/graphql-response+json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  })
  return { status: r.status, ...(r.body as Body) }
}
async function login(server: ServerState<unknown>): Promise<string> {
  const r = await server.request('POST', '/api/users/login', {
    body: { email: 'alice@example.com', password: passwords.alice },
  })
  return r.body.token
}
const joinQuery = (limit?: number) =>
  `{ Tickets(limit: 200) { docs { parent { children${limit === undefined ? '' : `(limit: ${limit})`} { docs { title } } } } } }`

/** The cost of `query` under `cms`'s cost model, and how many selections the walk visited. */
function measure(cms: Cms, query: string) {
  const { schema, plan } = buildExecutableSchema(cms, () => {})
  const document = parse(query)
  const operation = document.definitions[0] as OperationDefinitionNode
  return measureCost(costModel(cms, plan, schema), schema, fragmentsOf(document), operation, {})
}

test.serial(
  'the issue query (join limit 0 under 200 tickets) is refused before any SQL runs; join limits change the cost',
  async (t) => {
    const token = await login(s)
    // Anonymous (no statement authenticates the caller): the refusal comes before anything runs.
    const { result, queries } = await countQueries(s.cms, () => gql(s, joinQuery(0)))
    t.is(result.status, 400)
    t.is(result.errors?.[0].extensions?.code, 'QUERY_TOO_COMPLEX')
    t.is(result.errors?.[0].message, 'Query complexity 200602 exceeds the maximum of 5000.')
    t.falsy(result.data)
    t.is(queries, 0)
    // 2 + 200 × (3 + limit): 1 → 802 and 5 → 1602 answer; 1000 is refused like 0.
    for (const limit of [1, 5]) {
      const r = await gql(s, joinQuery(limit), token)
      t.falsy(r.errors, `limit ${limit}`)
      // T2's parent T1 has T2 as a child (and T4, in the trash, until joins leave the trash out).
      const pages = r.data.Tickets.docs
        .filter((d: any) => d.parent)
        .map((d: any) => d.parent.children)
      t.is(pages.length, 1)
      t.true(pages[0].docs.length >= 1 && pages[0].docs.length <= limit)
    }
    const big = await gql(s, joinQuery(1000), token)
    t.is(big.errors?.[0].message, 'Query complexity 200602 exceeds the maximum of 5000.')
    // Under maxComplexity 1000 the difference shows: 1 answers, 5 is refused at its own cost.
    const tightToken = await login(tight)
    t.falsy((await gql(tight, joinQuery(1), tightToken)).errors)
    t.is(
      (await gql(tight, joinQuery(5), tightToken)).errors?.[0].message,
      'Query complexity 1602 exceeds the maximum of 1000.',
    )
  },
)

test.serial(
  'a document with variables is judged per request; one without keeps its verdict (documents.ts)',
  async (t) => {
    const token = await login(tight)
    const withVariable =
      'query ($n: Int) { Tickets(limit: 200) { docs { parent { children(limit: $n) { docs { title } } } } } }'
    // The same text, its cost changed by the variable alone: 1 answers, 5 is refused, 1 answers again.
    t.falsy((await gql(tight, withVariable, token, { n: 1 })).errors)
    t.is(
      (await gql(tight, withVariable, token, { n: 5 })).errors?.[0].message,
      'Query complexity 1602 exceeds the maximum of 1000.',
    )
    t.falsy((await gql(tight, withVariable, token, { n: 1 })).errors)
    // Without variables the verdict is the document's: refused the first time and every time after.
    for (let i = 0; i < 2; i++)
      t.is(
        (await gql(tight, joinQuery(5), token)).errors?.[0].message,
        'Query complexity 1602 exceeds the maximum of 1000.',
      )
    t.falsy((await gql(tight, joinQuery(1), token)).errors)
  },
)

test('cost model: a join docs page counts its limit, else the field defaultLimit (0 as maxLimit), else 10', (t) => {
  const cost = (cms: Cms, q: string) => measure(cms, q).cost
  t.deepEqual(
    [1, 5, 1000, 0].map((l) => cost(s.cms, joinQuery(l))),
    [802, 1602, 200602, 200602],
  )
  t.is(cost(s.cms, joinQuery()), 2 + 200 * (3 + 10))
  t.is(cost(withDefaults.cms, joinQuery()), 2 + 200 * (3 + 3))
  t.is(cost(withDefaults.cms, joinQuery(7)), 2 + 200 * (3 + 7))
  // users.tickets with defaultLimit 0: each user's page counts maxLimit (1000) tickets.
  const users = '{ Users { docs { tickets { docs { title } } } } }'
  t.is(cost(withDefaults.cms, users), 2 + 10 * (2 + 1000))
  t.is(cost(s.cms, users), 2 + 10 * (2 + 10))
  // A fragment on the join's page type carries the page size to its docs.
  t.is(
    cost(
      s.cms,
      `{ Tickets(limit: 200) { docs { parent { children(limit: 5) { ...P } } } } } fragment P on Ticket_Children { docs { title } }`,
    ),
    1602,
  )
  // operationCost is the same number.
  const { schema, plan } = buildExecutableSchema(s.cms, () => {})
  const document = parse(joinQuery(5))
  t.is(
    operationCost(
      costModel(s.cms, plan, schema),
      schema,
      document,
      document.definitions[0] as OperationDefinitionNode,
      {},
    ),
    1602,
  )
})

test('a join field with defaultLimit 0 makes a plain list of users costly enough to refuse', async (t) => {
  const r = await gql(withDefaults, '{ Users { docs { tickets { docs { title } } } } }')
  t.is(r.errors?.[0].extensions?.code, 'QUERY_TOO_COMPLEX')
  t.is(r.errors?.[0].message, 'Query complexity 10022 exceeds the maximum of 5000.')
})

const rep = (n: number, f: (i: number) => string) =>
  Array.from({ length: n }, (_, i) => f(i)).join(' ')
/** 800 distinct fragments spread in one selection (about 32 KB): graphql-js's field merging is quadratic in them. */
const spread800 = `{ Pages { docs { ${rep(800, (i) => `...F${i}`)} } } } ${rep(800, (i) => `fragment F${i} on Page { title }`)}`
/** Each fragment spreads the next twice: 2^levels expansions from a document of a few hundred bytes. */
const doubling = (levels: number) =>
  `{ ...F0 } ${rep(levels, (i) => `fragment F${i} on Query { ...F${i + 1} ...F${i + 1} }`)} fragment F${levels} on Query { countPages { totalDocs } }`

test('an anonymous document of 800 fragment spreads is refused by the spread cap, before graphql-js validation', async (t) => {
  for (const query of [spread800, doubling(60)]) {
    const r = await gql(s, query)
    t.is(r.status, 400)
    t.falsy(r.data)
    t.is(r.errors?.length, 1)
    t.is(r.errors?.[0].extensions?.code, 'QUERY_TOO_COMPLEX')
    t.is(r.errors?.[0].extensions?.limit, 'graphQL.maxFragmentSpreads')
    t.is(
      r.errors?.[0].message,
      'The operation expands more than 100 fragment spreads (graphQL.maxFragmentSpreads).',
    )
  }
  // Only the cap answers, though graphql-js would find an unknown field in every fragment: its rules never ran.
  const invalid = spread800.replaceAll('{ title }', '{ nope }')
  const r = await gql(s, invalid)
  t.deepEqual(
    r.errors?.map((e) => e.extensions?.limit),
    ['graphQL.maxFragmentSpreads'],
  )
})

test('the cost walk stops at its caps: a 2^60 expansion or 6,000 fields are walked a bounded number of steps', (t) => {
  const spreads = measure(s.cms, doubling(60))
  t.is(spreads.stopped, 'spreads')
  // 101 spreads and the few fields under the first of them, never the expansion.
  t.true(spreads.visited < 200, `${spreads.visited} selections walked`)

  const big = measure(s.cms, spread800)
  t.is(big.stopped, 'spreads')
  t.true(big.visited <= 2 + 2 * 101, `${big.visited} selections walked`)

  // 50 spreads of a fragment of 120 fields: past 5000 fields the cost is over the maximum, the walk ends.
  const fields = measure(
    s.cms,
    `{ Page(id: "pub1") { ${rep(50, () => '...P')} } } fragment P on Page { ${rep(120, () => 'title')} }`,
  )
  t.is(fields.stopped, 'fields')
  t.true(fields.visited <= 5001 + 50 + 1, `${fields.visited} selections walked`)
  t.true(fields.cost > 5000)

  // Within the caps the walk is complete.
  const small = measure(s.cms, joinQuery(5))
  t.is(small.stopped, undefined)
  t.is(small.visited, 6)
})

test('fragments within the caps still answer; depth through a chain of fragments is measured once per fragment', async (t) => {
  const ok = await gql(
    s,
    `{ Pages { docs { ...A ...B } } } fragment A on Page { id ...C } fragment B on Page { title ...C } fragment C on Page { public }`,
  )
  t.falsy(ok.errors)
  t.deepEqual(ok.data.Pages.docs, [{ id: 'pub1', title: 'Public', public: true }])

  // Sixteen levels of parent through sixteen fragments: depth 19 > 15.
  const chain = `{ Tickets { docs { ...D0 } } } ${rep(16, (i) => `fragment D${i} on Ticket { parent { ${i === 15 ? 'title' : `...D${i + 1}`} } }`)}`
  const deep = await gql(s, chain, await login(s))
  t.is(deep.errors?.[0].extensions?.code, 'QUERY_TOO_DEEP')
  t.is(deep.errors?.[0].message, 'Query depth 19 exceeds the maximum of 15.')
})

test('graphQL.maxFragmentSpreads sets the cap (each place a fragment is spread counts); it is a non-negative integer', async (t) => {
  const fragments = 'fragment A on Page { id } fragment B on Page { title ...A }'
  t.falsy((await gql(tight, `{ Pages { docs { ...B } } } ${fragments}`)).errors)
  const three = await gql(tight, `{ Pages { docs { ...B ...A } } } ${fragments}`)
  t.is(three.errors?.[0].extensions?.limit, 'graphQL.maxFragmentSpreads')
  t.is(three.errors?.[0].extensions?.max, 2)
  t.throws(() => sanitizeConfig({ graphQL: { maxFragmentSpreads: -1 } }), {
    message: /config\.graphQL\.maxFragmentSpreads must be a non-negative integer/,
  })
})
