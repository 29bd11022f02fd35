import { strict as assert } from 'node:assert'
import test from 'ava'
import fc from 'fast-check'
import { passwords, securityConfig, seedSecurity } from '../fixtures/security.ts'
import { useServer } from '../helpers/http.ts'

/**
 * Property-based fuzzing of hostile queries (issue 30), the companion of fuzz.test.ts, against the security fixture
 * (`secretNote` on tickets is readable by admins only) as the member Alice:
 * - generated sorts over readable, unreadable, unknown and metacharacter keys, through REST lists, REST join
 *   options, GraphQL lists and GraphQL join arguments: a 200 that leaks no hidden value, or a 400 (the where
 *   refusal whenever a key names a hidden field), never a 5xx;
 * - generated join limits under generated list limits: refused with QUERY_TOO_COMPLEX exactly when the documented
 *   cost is over the maximum, else answered;
 * - generated fragment-spread documents (chains, fan-outs, repeats, cycles, unknown fragments): answered or refused
 *   with an error code, never a 5xx, and refused by the spread cap whenever they expand past it.
 * Reproducible: FUZZ_SEED=<printed seed>.
 */
const s = useServer(test, securityConfig, seedSecurity)
const seed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31))
const runs = { seed, numRuns: 40, endOnFailure: true, includeErrorInReport: true }

let token = ''
/** Alice's session (logged in on first use: `before` hooks run side by side with useServer's). */
async function auth(): Promise<Record<string, string>> {
  token ||= (
    await s.request('POST', '/api/users/login', {
      body: { email: 'alice@example.com', password: passwords.alice },
    })
  ).body.token
  return { authorization: `Bearer ${token}` }
}
type Body = { data?: any; errors?: { message: string; extensions?: Record<string, any> }[] }
async function gql(query: string, variables?: Record<string, unknown>) {
  const r = await s.request('POST', '/api/graphql', {
    body: { query, variables },
    headers: { ...(await auth()), accept: 'application/graphql-response+json' },
  })
  return { status: r.status, text: r.text, ...(r.body as Body) }
}

const HIDDEN = ['secretNote', 'parent.secretNote', 'parent__secretNote']
// A path through a relationship sorts by the related value, as Payload (issue 33).
const READABLE = ['title', 'createdAt', 'updatedAt', 'id', 'owner', 'parent', 'parent.title']
// The paths the contract's sort pattern names: every one above, through the relation too.
const PLAIN = [...HIDDEN, ...READABLE]
const INVALID = ['nope', 'parent.nope', "'; DROP TABLE tickets; --", '%_\\', 'title;DELETE', '`']
const keyArb = fc
  .tuple(fc.constantFrom('', '-', '+'), fc.constantFrom(...HIDDEN, ...READABLE, ...INVALID))
  .map(([sign, path]) => ({ key: `${sign}${path}`, path }))
const sortArb = fc.array(keyArb, { minLength: 1, maxLength: 3 })

test('sorts over readable and hidden fields: 200 without a leak, or 400 (the where refusal for hidden keys), never 5xx', async (t) => {
  t.log(`FUZZ_SEED=${seed}`)
  const alice = s.data.alice.id
  await fc.assert(
    fc.asyncProperty(sortArb, fc.constantFrom(0, 1, 2, 3), async (keys, surface) => {
      const sort = keys.map((k) => k.key).join(',')
      const hidden = keys.some((k) => HIDDEN.includes(k.path))
      const invalid = keys.some((k) => INVALID.includes(k.path))
      let status: number
      let message: string | undefined
      /** Why the paths were refused: the error's data (the message is Payload's, naming the paths only). */
      let reason: string
      let text: string
      if (surface < 2) {
        const r = await s.request('GET', surface === 0 ? '/api/tickets' : `/api/users/${alice}`, {
          query:
            surface === 0
              ? `sort=${encodeURIComponent(sort)}`
              : `joins[tickets][sort]=${encodeURIComponent(sort)}`,
          headers: await auth(),
          // The list's `sort` is a pattern over the sortable paths (issue 31), through relations too (issue 33): an
          // unknown key is refused by the contract too (a validating proxy answers it itself).
          ...(surface === 0 &&
            keys.some((k) => !PLAIN.includes(k.path)) && {
              invalid: 'a sort key outside the contract pattern of sortable paths',
            }),
        })
        ;({ status, text } = r)
        message = r.body?.errors?.[0]?.message
        reason = JSON.stringify(r.body?.errors?.[0]?.data ?? null)
      } else {
        const r = await gql(
          surface === 2
            ? 'query ($s: String) { Tickets(sort: $s) { docs { id title } } }'
            : `query ($s: String) { User(id: ${alice}) { tickets(sort: $s) { docs { id title } } } }`,
          { s: sort },
        )
        status = r.errors ? 400 : 200
        message = r.errors?.[0]?.message
        reason = JSON.stringify(r.errors?.[0]?.extensions?.data ?? null)
        text = r.text
        assert.ok(r.status < 500, `${sort} → ${r.status}`)
      }
      assert.ok(status < 500, `${sort} (surface ${surface}) → ${status} ${text.slice(0, 200)}`)
      assert.ok(!text.includes('secret-'), `${sort} leaked a hidden value`)
      if (hidden) {
        assert.equal(status, 400, `${sort} (surface ${surface}) was answered`)
        assert.match(message ?? '', /^The following paths? cannot be queried: /, sort)
        assert.match(reason, /no such field, or one you may not read/, sort)
      } else if (invalid) assert.equal(status, 400, `${sort} (surface ${surface})`)
      else assert.equal(status, 200, `${sort} (surface ${surface}): ${message}`)
    }),
    runs,
  )
  t.pass()
})

test('join limits under list limits: QUERY_TOO_COMPLEX exactly when the documented cost is over 5000, else an answer', async (t) => {
  const limitArb = fc.oneof(fc.constantFrom(0, 1, 5, 10, 1000), fc.integer({ min: 0, max: 1000 }))
  await fc.assert(
    fc.asyncProperty(
      fc.integer({ min: 1, max: 300 }),
      fc.option(limitArb, { nil: undefined }),
      async (list, join) => {
        const args = join === undefined ? '' : `(limit: ${join})`
        const query = `{ Tickets(limit: ${list}) { docs { parent { children${args} { docs { title } } } } } }`
        const page = join === undefined ? 10 : join === 0 ? 1000 : join
        const cost = 2 + list * (3 + page)
        const r = await gql(query)
        assert.ok(r.status < 500, `${query} → ${r.status}`)
        if (cost > 5000) {
          assert.equal(r.errors?.[0]?.extensions?.code, 'QUERY_TOO_COMPLEX', query)
          assert.equal(
            r.errors?.[0]?.message,
            `Query complexity ${cost} exceeds the maximum of 5000.`,
          )
          assert.equal(r.data, undefined)
        } else assert.equal(r.errors, undefined, `${query}: ${r.errors?.[0]?.message}`)
      },
    ),
    runs,
  )
  t.pass()
})

/** A generated document: fragments F0…Fn-1 on Query, each selecting fields and spreading others. */
interface Doc {
  root: number[]
  fragments: { fields: number; spreads: number[] }[]
}
const docArb: fc.Arbitrary<Doc> = fc.integer({ min: 1, max: 14 }).chain((n) =>
  fc.record({
    root: fc.array(fc.integer({ min: 0, max: n - 1 }), { minLength: 1, maxLength: 8 }),
    fragments: fc.tuple(
      ...Array.from({ length: n }, (_, i) =>
        fc.record({
          fields: fc.integer({ min: 0, max: 3 }),
          // Mostly later fragments (a DAG whose expansion can grow exponentially); now and then any fragment (a
          // cycle) or one that does not exist (F<n>).
          spreads: fc.array(
            fc.oneof(
              { weight: 12, arbitrary: fc.integer({ min: Math.min(i + 1, n - 1), max: n - 1 }) },
              { weight: 1, arbitrary: fc.integer({ min: 0, max: n }) },
            ),
            { maxLength: i + 1 < n ? 5 : 0 },
          ),
        }),
      ),
    ),
  }),
)
const FIELDS = ['countPages { totalDocs }', 'Pages { totalDocs }', '__typename']
/** The document, with every fragment the generated root does not reach spread at the root too (no unused one). */
function withAllUsed(d: Doc): Doc {
  const reached = new Set<number>()
  const visit = (i: number) => {
    if (reached.has(i) || !d.fragments[i]) return
    reached.add(i)
    d.fragments[i].spreads.forEach(visit)
  }
  d.root.forEach(visit)
  return { ...d, root: [...d.root, ...d.fragments.map((_, i) => i).filter((i) => !reached.has(i))] }
}
function render(d: Doc): string {
  const body = (f: Doc['fragments'][number], i: number) => {
    const parts = [
      ...Array.from({ length: f.fields }, (_, k) => `f${k}: ${FIELDS[k % FIELDS.length]}`),
      ...f.spreads.map((j) => `...F${j}`),
    ]
    return `fragment F${i} on Query { ${parts.length ? parts.join(' ') : '__typename'} }`
  }
  return `{ ${d.root.map((j) => `...F${j}`).join(' ')} } ${d.fragments.map(body).join(' ')}`
}
/**
 * The spreads the operation expands to, as the cost walk counts them (each place counts; a fragment already on
 * the path or unknown is counted, not expanded), counting stops past 100.
 */
function expandedSpreads(d: Doc): number {
  let count = 0
  const walk = (spreads: number[], path: Set<number>) => {
    for (const j of spreads) {
      if (++count > 100) return
      const f = d.fragments[j]
      if (f && !path.has(j)) walk(f.spreads, new Set([...path, j]))
    }
  }
  walk(d.root, new Set())
  return count
}

test('fragment-spread documents are answered or refused with a code, never a 5xx; past the cap always refused', async (t) => {
  const seen = new Map<string, number>()
  await fc.assert(
    fc.asyncProperty(docArb.map(withAllUsed), async (d) => {
      const query = render(d)
      const r = await s.request('POST', '/api/graphql', {
        body: { query },
        headers: { accept: 'application/graphql-response+json' },
      })
      const body = r.body as Body
      assert.ok(r.status < 500, `${query.slice(0, 300)} → ${r.status}`)
      if (body.errors) {
        assert.ok(body.errors.length > 0)
        for (const e of body.errors) assert.equal(typeof e.extensions?.code, 'string', e.message)
      } else assert.ok(body.data, query.slice(0, 300))
      const outcome = body.errors
        ? String(body.errors[0].extensions?.limit ?? body.errors[0].extensions?.code)
        : 'answered'
      seen.set(outcome, (seen.get(outcome) ?? 0) + 1)
      // Refused by the spread cap exactly when the expansion passes it (fields and cost stay far below theirs).
      const capped = body.errors?.[0]?.extensions?.limit === 'graphQL.maxFragmentSpreads'
      assert.equal(capped, expandedSpreads(d) > 100, query.slice(0, 300))
      if (capped) {
        assert.equal(body.data, undefined)
        assert.equal(body.errors?.[0]?.extensions?.code, 'QUERY_TOO_COMPLEX')
      }
    }),
    runs,
  )
  t.log(Object.fromEntries(seen))
  t.pass()
})
