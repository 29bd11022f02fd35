import test from 'ava'
import exampleConfig from '../../cms.config.ts'
import type { Config } from '../../server/config/types.ts'
import type { Cms } from '../../server/local/cms.ts'
import { LimitExceeded } from '../../server/errors/limit-exceeded.ts'
import { countQueries, rejectsWith } from '../helpers/db.ts'
import { GRAPHQL, useServer } from '../helpers/http.ts'

/**
 * Hostile requests against the example app: each of these once crashed or stalled the server. Five published
 * posts whose `related` lists all five make every population level five times larger than the one before.
 */
const config: Config = { ...exampleConfig, email: { sendEmail: () => {} }, maxLimit: 40 }
async function fanOut(cms: Cms): Promise<void> {
  const ids: number[] = []
  for (let i = 1; i <= 5; i++) {
    ids.push(
      (
        await cms.create({
          collection: 'posts',
          data: { title: `Fan ${i}`, slug: `fan-${i}`, _status: 'published' },
        })
      ).id as number,
    )
  }
  for (const id of ids) await cms.update({ collection: 'posts', id, data: { related: ids } })
}
const s = useServer(test, config, async (cms) => {
  await fanOut(cms)
  // More categories than maxLimit (40) allows in one unpaginated list.
  for (let i = 0; i < 41; i++)
    await cms.create({ collection: 'categories', data: { name: `C${i}`, slug: `c-${i}` } })
})
// The same data under tighter limits, one server per limit.
const tight = (limits: Config['limits']) => useServer(test, { ...config, limits }, fanOut)
const fewDocs = tight({ population: { maxDocs: 100 } })
const fewBytes = tight({ population: { maxBytes: 2000 } })
const fewStatements = tight({ maxStatements: 3 })

type GraphQLBody = {
  data?: any
  errors?: { message: string; extensions?: { code?: string; data?: { limit?: string } } }[]
}
async function gql(
  query: string,
  variables?: Record<string, unknown>,
  server = s,
): Promise<GraphQLBody & { status: number }> {
  const r = await server.request('POST', '/api/graphql', {
    body: { query, variables },
    headers: { accept: 'application/graphql-response+json' },
  })
  return { status: r.status, ...(r.body as GraphQLBody) }
}
const nested = (levels: number, leaf = 'title') =>
  Array.from({ length: levels }).reduce<string>((inner) => `related { title ${inner} }`, leaf)

test('an anonymous depth=8 list over mutually related posts is a 400 naming the population budget, not a dead process', async (t) => {
  const r = await s.request('GET', '/api/posts', {
    query: 'where[slug][equals]=fan-1&limit=1&depth=8',
  })
  t.is(r.status, 400)
  t.is(r.body.errors[0].name, 'LimitExceeded')
  t.deepEqual(r.body.errors[0].data, { limit: 'limits.population.maxDocs', max: 10_000 })
  t.regex(r.body.errors[0].message, /limits\.population\.maxDocs = 10000/)
  // The server is alive and serves the same request at a depth the budget allows (5 + 25 + 125 documents).
  const ok = await s.request('GET', '/api/posts', {
    query: 'where[slug][equals]=fan-1&limit=1&depth=3',
  })
  t.is(ok.status, 200)
  const third = ok.body.docs[0].related
    .flatMap((a: any) => a.related)
    .flatMap((b: any) => b.related)
  t.is(third.length, 125)
  t.true(
    third.every(
      (d: any) =>
        d.slug.startsWith('fan-') && Array.isArray(d.related) && typeof d.related[0] === 'number',
    ),
  )
})

test.serial(
  'identical related documents are fetched once per level: the statements do not grow with the fan-out',
  async (t) => {
    const at = async (depth: number) =>
      (
        await countQueries(s.cms, () =>
          s.cms.find({
            collection: 'posts',
            where: { slug: { equals: 'fan-1' } },
            depth,
            overrideAccess: false,
          }),
        )
      ).queries
    const [d2, d3, d4] = [await at(2), await at(3), await at(4)]
    // One statement per level, whatever the 5, 25, 125 or 625 places the documents stand in.
    t.is(d3 - d2, 1)
    t.is(d4 - d3, 1)
  },
)

test('Local with overrideAccess: false has the same budget; trusted Local calls are not charged', async (t) => {
  const e = await rejectsWith(
    t,
    s.cms.find({
      collection: 'posts',
      where: { slug: { equals: 'fan-1' } },
      depth: 8,
      overrideAccess: false,
    }),
    'LimitExceeded',
    400,
  )
  t.true(e instanceof LimitExceeded)
  // Trusted code decides for itself; population no longer copies documents, so this stays small in memory.
  const trusted = await s.cms.find({
    collection: 'posts',
    where: { slug: { equals: 'fan-1' } },
    depth: 6,
    limit: 1,
  })
  t.is(trusted.docs.length, 1)
})

test('the byte budget and the statement budget answer 400 naming their keys', async (t) => {
  const bytes = await fewBytes.request('GET', '/api/posts', {
    query: 'where[slug][equals]=fan-1&depth=2',
  })
  t.is(bytes.status, 400)
  t.deepEqual(bytes.body.errors[0].data, { limit: 'limits.population.maxBytes', max: 2000 })
  t.is(
    (await fewBytes.request('GET', '/api/posts', { query: 'where[slug][equals]=fan-1&depth=0' }))
      .status,
    200,
  )
  // A list (1), its count (0: the page is partial) and one statement per population level.
  const statements = await fewStatements.request('GET', '/api/posts', {
    query: 'where[slug][equals]=fan-1&depth=4',
  })
  t.is(statements.status, 400)
  t.deepEqual(statements.body.errors[0].data, { limit: 'limits.maxStatements', max: 3 })
  t.is(
    (
      await fewStatements.request('GET', '/api/posts', {
        query: 'where[slug][equals]=fan-1&depth=2',
      })
    ).status,
    200,
  )
})

test('GraphQL: hasMany fan-out counts in the cost, so nesting related eight deep is refused before it runs', async (t) => {
  const r = await gql(
    `{ Posts(where: { slug: { equals: "fan-1" } }, limit: 1) { docs { ${nested(8)} } } }`,
  )
  t.is(r.errors?.[0].extensions?.code, 'QUERY_TOO_COMPLEX')
  t.falsy(r.data)
})

test.serial(
  'GraphQL: rich text counts in the static cost, so thirty aliases of forty posts with their body are refused before any SQL',
  async (t) => {
    const alias = (i: number) => `p${i}: Posts(limit: 40) { docs { title body } }`
    const query = `{ ${Array.from({ length: 30 }, (_, i) => alias(i)).join(' ')} }`
    const { queries, result } = await countQueries(s.cms, () => gql(query))
    t.is(result.errors?.[0].extensions?.code, 'QUERY_TOO_COMPLEX')
    // 30 × (2 + 40 × (1 + RICH_TEXT_COST 20)) = 25,260: the message says it.
    t.regex(result.errors?.[0].message ?? '', /Query complexity 25260 exceeds the maximum of 5000/)
    t.is(queries, 0, 'refused before any statement')
    t.falsy(result.data)
    // One of them is within the cost (842) and answers.
    const one = await gql(`{ ${alias(0)} }`)
    t.falsy(one.errors, JSON.stringify(one.errors))
  },
)

test('GraphQL: a query within the cost limit that would materialise more than the budget ends in one LIMIT_EXCEEDED error', async (t) => {
  // 5 + 25 + 125 related documents: a cost of about 190, well under 5000, but more than 100 documents.
  const query = `{ Posts(where: { slug: { equals: "fan-1" } }, limit: 1) { docs { ${nested(3)} } } }`
  const r = await gql(query, undefined, fewDocs)
  t.is(r.errors?.length, 1)
  t.is(r.errors?.[0].extensions?.code, 'LIMIT_EXCEEDED')
  t.is(r.errors?.[0].extensions?.data?.limit, 'limits.population.maxDocs')
  t.falsy(r.data, 'no partial answer')
  // Under the default budget the same query answers.
  const ok = await gql(query)
  t.falsy(ok.errors)
  t.is(ok.data.Posts.docs[0].related[0].related[0].related.length, 5)
})

test('GraphQL cost: limit 0 and pagination false cost maxLimit, variables are resolved, where size counts, aliases are capped', async (t) => {
  // limit: 0 past maxLimit (41 categories > 40): refused with the limit named, never silently cut.
  const tooMany = await gql('{ Categories(limit: 0) { docs { id } } }')
  t.is(tooMany.errors?.[0].extensions?.code, 'LIMIT_EXCEEDED')
  t.is(tooMany.errors?.[0].extensions?.data?.limit, 'maxLimit')
  t.is((await gql('{ Posts(limit: 0) { docs { id } } }')).data.Posts.docs.length, 5)

  // A variable limit is costed at its value: related fan-out (maxRows 5) under 40 posts is 40 × 5 × 5 × 5 × …
  const q = `query ($l: Int) { Posts(limit: $l) { docs { ${nested(3, 'id title slug')} } } }`
  t.falsy((await gql(q, { l: 1 })).errors)
  t.is((await gql(q, { l: 40 })).errors?.[0].extensions?.code, 'QUERY_TOO_COMPLEX')
  t.is(
    (
      await gql(
        `query ($l: Int = 40) { Posts(limit: $l) { docs { ${nested(3, 'id title slug')} } } }`,
      )
    ).errors?.[0].extensions?.code,
    'QUERY_TOO_COMPLEX',
  )
  t.is(
    (await gql(`{ Posts(pagination: false) { docs { ${nested(3, 'id title slug')} } } }`))
      .errors?.[0].extensions?.code,
    'QUERY_TOO_COMPLEX',
  )

  // Where size counts: 300-word like values under 20 aliases.
  const words = Array.from({ length: 300 }, (_, i) => `w${i}`).join(' ')
  const aliases = Array.from(
    { length: 20 },
    (_, i) => `c${i}: countPosts(where: { title: { like: "${words}" } }) { totalDocs }`,
  ).join(' ')
  t.is((await gql(`{ ${aliases} }`)).errors?.[0].extensions?.code, 'QUERY_TOO_COMPLEX')

  // More than 30 aliases: refused whatever they cost.
  const many = Array.from({ length: 31 }, (_, i) => `a${i}: countPosts { totalDocs }`).join(' ')
  const capped = await gql(`{ ${many} }`)
  t.is(capped.errors?.[0].extensions?.code, 'TOO_MANY_ALIASES')
  t.falsy(capped.data)
  t.falsy(
    (
      await gql(
        `{ ${Array.from({ length: 30 }, (_, i) => `a${i}: countPosts { totalDocs }`).join(' ')} }`,
      )
    ).errors,
  )
})

test('REST: limit=0 and pagination=false return at most maxLimit documents, else a 400 naming maxLimit', async (t) => {
  const all = await s.request('GET', '/api/categories', { query: 'limit=0' })
  t.is(all.status, 400)
  t.deepEqual(all.body.errors[0].data, { limit: 'maxLimit', max: 40 })
  const few = await s.request('GET', '/api/posts', { query: 'limit=0' })
  t.is(few.status, 200)
  t.is(few.body.docs.length, 5)
  t.is(
    (
      await s.request('GET', '/api/categories', {
        query: 'limit=41',
        invalid: 'a limit past the maxLimit the contract declares',
      })
    ).status,
    400,
  )
  t.is(
    (await s.request('GET', '/api/categories', { query: 'limit=40&pagination=false' })).status,
    200,
  )
})

test('where sizes past the database limits are 400s naming the limit, on every database and every surface', async (t) => {
  const ids = Array.from({ length: 40_000 }, (_, i) => i + 1)
  const orBranches = Array.from({ length: 1100 }, (_, i) => ({ views: { equals: i } }))
  const longLike = Array.from({ length: 40_000 }, (_, i) => `w${i}`).join(' ')
  const hugeWord = 'x'.repeat(900 * 1024)
  const cases: [string, unknown, string][] = [
    ['40,000 in ids', { id: { in: ids } }, 'limits.where.maxValues'],
    ['1,100 or branches', { or: orBranches }, 'limits.where.maxConditions'],
    ['a 40,000-word like', { title: { like: longLike } }, 'limits.where.maxValues'],
    ['a 900 KB like word', { title: { like: hugeWord } }, 'limits.where.maxValueLength'],
  ]
  for (const [what, where, limit] of cases) {
    const local = await rejectsWith(
      t,
      s.cms.find({ collection: 'posts', where: where as never, overrideAccess: false }),
      'LimitExceeded',
      400,
    )
    t.is((local.data as { limit: string }).limit, limit, what)
    await rejectsWith(
      t,
      s.cms.count({ collection: 'posts', where: where as never, overrideAccess: false }),
      'LimitExceeded',
      400,
    )
    // GraphQL: the where is a variable, so it reaches the resolver when its cost allows, and the Local check otherwise.
    const w = 'or' in (where as object) ? { OR: (where as { or: unknown }).or } : where
    const r = await gql('query ($w: Post_where) { Posts(where: $w) { totalDocs } }', { w })
    t.true(
      ['QUERY_TOO_COMPLEX', 'LIMIT_EXCEEDED'].includes(r.errors?.[0].extensions?.code ?? ''),
      `${what}: ${JSON.stringify(r.errors?.[0]).slice(0, 200)}`,
    )
  }
  // REST, within what a URL can carry: 1,500 ids.
  const rest = await s.request('GET', '/api/posts', {
    query: `where[id][in]=${ids.slice(0, 1500).join(',')}`,
  })
  t.is(rest.status, 400)
  t.is(rest.body.errors[0].data.limit, 'limits.where.maxValues')
  // Bulk writes check the same limits before touching anything.
  await rejectsWith(
    t,
    s.cms.update({
      collection: 'posts',
      where: { id: { in: ids } },
      data: { title: 'x' },
      overrideAccess: false,
      user: null,
    }),
    'UnauthorizedError',
    401,
  )
  const admin = await s.cms.create({
    collection: 'users',
    data: { email: 'limits@example.com', password: 'limits-password', roles: ['admin'] },
  })
  const bulk = s.cms.update({
    collection: 'posts',
    where: { id: { in: ids } },
    data: { title: 'x' },
    overrideAccess: false,
    user: { ...admin, collection: 'users' },
  })
  await rejectsWith(t, bulk, 'LimitExceeded', 400)
  t.is((await s.cms.find({ collection: 'posts', where: { title: { equals: 'x' } } })).totalDocs, 0)
})

test.serial(
  'an anonymous client hammering the worst requests gets budget errors while health checks go on (bounded load)',
  async (t) => {
    const health = async () => {
      const started = performance.now()
      t.is((await s.request('GET', '/api/health')).status, 200)
      return performance.now() - started
    }
    const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
    const idle: number[] = []
    for (let i = 0; i < 30; i++) idle.push(await health())

    // The hostile client reads raw answers (no contract check on this side), as a real one would.
    const get = async (query: string) =>
      (await fetch(`${s.url}/api/posts?${query}`)).json() as Promise<any>
    const post = async (query: string) =>
      (
        await fetch(s.directUrl('/api/graphql', GRAPHQL), {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query }),
        })
      ).json() as Promise<GraphQLBody>
    const bomb = `{ ${Array.from({ length: 2400 }, (_, i) => `a${i}: countPosts(where: { title: { like: "${'word '.repeat(30)}" } }) { totalDocs }`).join(' ')} }`
    const worst: [string, () => Promise<unknown>][] = [
      [
        'LimitExceeded',
        async () => (await get('where[slug][equals]=fan-1&limit=1&depth=8')).errors[0].name,
      ],
      [
        'QUERY_TOO_COMPLEX',
        async () =>
          (await post(`{ Posts(limit: 40) { docs { ${nested(8)} } } }`)).errors?.[0].extensions
            ?.code,
      ],
      ['QUERY_TOO_LARGE', async () => (await post(bomb)).errors?.[0].extensions?.code],
      // The largest fan-out the budget allows: 5 + 25 + 125 + 625 + 3125 documents.
      [
        'allowed',
        async () =>
          (await get('where[slug][equals]=fan-1&limit=1&depth=5')).docs ? 'allowed' : 'refused',
      ],
    ]
    const answers = new Map<string, number>()
    const until = Date.now() + 3000
    let sent = 0
    const hammer = async (k: number) => {
      // Bounded: at most 3 s and 400 requests in all.
      for (let i = k; Date.now() < until && sent < 400; i += 4) {
        sent++
        const [expected, run] = worst[i % worst.length]
        const got = String(await run())
        answers.set(got, (answers.get(got) ?? 0) + 1)
        if (got !== expected) t.fail(`expected ${expected}, got ${got}`)
      }
    }
    const loaded: number[] = []
    let hammering = true
    const probes = (async () => {
      while (hammering) loaded.push(await health())
    })()
    await Promise.all([0, 1, 2, 3].map(hammer))
    hammering = false
    await probes
    t.log(
      `health p50 idle ${p50(idle).toFixed(1)} ms, under load ${p50(loaded).toFixed(1)} ms (×${(p50(loaded) / p50(idle)).toFixed(1)}); ${sent} hostile requests: ${JSON.stringify(Object.fromEntries(answers))}`,
    )
    t.true(sent >= worst.length)
    t.true(loaded.length > 0)
  },
)
