import test from 'ava'
import fc from 'fast-check'
import { defineConfig } from '../../server/config/define-config.ts'
import type { Where } from '../../server/config/types.ts'
import { useServer } from '../helpers/http.ts'

/**
 * Cross-layer equivalence: random where trees (every operator that applies, and/or nesting, a dotted group
 * path), sorts and pages over random data give the same documents and totals through the Local layer, REST and
 * GraphQL, and the same as a small in-memory evaluator of the documented semantics. Reproducible:
 * EQUIV_SEED=<printed seed>.
 */
interface Item {
  id: number
  title: string | null
  n: number | null
  flag: boolean | null
  kind: string | null
  meta: { score: number | null }
}

const WORDS = ['apple', 'berry', 'cherry', 'date', 'elder', 'fig']
const seed = Number(process.env.EQUIV_SEED ?? Math.floor(Math.random() * 2 ** 31))
const itemArb = fc.record({
  title: fc.option(
    fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 }).map((w) => w.join(' ')),
    { nil: null, freq: 6 },
  ),
  n: fc.option(fc.integer({ min: -5, max: 20 }), { nil: null, freq: 6 }),
  flag: fc.option(fc.boolean(), { nil: null, freq: 6 }),
  kind: fc.option(fc.constantFrom('a', 'b', 'c'), { nil: null, freq: 6 }),
  score: fc.option(fc.integer({ min: 0, max: 9 }), { nil: null, freq: 6 }),
})

const items: Item[] = []
const s = useServer(
  test,
  defineConfig({
    collections: [
      {
        slug: 'items',
        timestamps: false,
        access: { read: () => true },
        fields: [
          { name: 'title', type: 'text' },
          { name: 'n', type: 'number' },
          { name: 'flag', type: 'checkbox' },
          { name: 'kind', type: 'select', options: ['a', 'b', 'c'] },
          { name: 'meta', type: 'group', fields: [{ name: 'score', type: 'number' }] },
        ],
      },
    ],
  }),
  async (cms) => {
    for (const data of fc.sample(itemArb, { numRuns: 60, seed })) {
      const doc = await cms.create({
        collection: 'items',
        data: {
          title: data.title,
          n: data.n,
          flag: data.flag,
          kind: data.kind,
          meta: { score: data.score },
        },
      })
      items.push({
        id: doc.id as number,
        title: data.title,
        n: data.n,
        flag: data.flag,
        kind: data.kind,
        meta: { score: data.score },
      })
    }
  },
)

// ---- the reference evaluator -------------------------------------------------------------

type Leaf = {
  path: 'title' | 'n' | 'flag' | 'kind' | 'meta.score' | 'id'
  op: string
  value: unknown
}
type Tree = { leaf: Leaf } | { and: Tree[] } | { or: Tree[] }

const get = (item: Item, path: Leaf['path']): unknown =>
  path === 'meta.score' ? item.meta.score : (item as unknown as Record<string, unknown>)[path]

function matches(item: Item, tree: Tree): boolean {
  if ('and' in tree) return tree.and.every((t) => matches(item, t))
  if ('or' in tree) return tree.or.some((t) => matches(item, t))
  const { path, op, value } = tree.leaf
  const v = get(item, path)
  switch (op) {
    case 'equals':
      return value === null ? v === null : v === value
    case 'not_equals':
      return value === null ? v !== null : v === null || v !== value
    case 'in':
      return (value as unknown[]).includes(v)
    case 'not_in':
      return v === null || !(value as unknown[]).includes(v)
    case 'greater_than':
      return v !== null && (v as number) > (value as number)
    case 'greater_than_equal':
      return v !== null && (v as number) >= (value as number)
    case 'less_than':
      return v !== null && (v as number) < (value as number)
    case 'less_than_equal':
      return v !== null && (v as number) <= (value as number)
    case 'contains':
      return typeof v === 'string' && v.toLowerCase().includes(String(value).toLowerCase())
    case 'like':
      return (
        typeof v === 'string' &&
        String(value)
          .toLowerCase()
          .split(/\s+/)
          .filter(Boolean)
          .every((w) => v.toLowerCase().includes(w))
      )
    case 'exists':
      return value ? v !== null : v === null
  }
  throw new Error(op)
}

function sorted(list: Item[], sort: { path: Leaf['path']; desc: boolean }): Item[] {
  const dir = sort.desc ? -1 : 1
  // NULL sorts first ascending (last descending) on SQLite and MySQL alike; text compares byte-wise.
  const norm = (v: unknown) =>
    (v === undefined ? null : typeof v === 'boolean' ? Number(v) : v) as string | number | null
  const cmp = (a: string | number | null, b: string | number | null) =>
    a === b ? 0 : a === null ? -1 : b === null ? 1 : a < b ? -1 : 1
  return [...list].sort(
    (x, y) => cmp(norm(get(x, sort.path)), norm(get(y, sort.path))) * dir || (x.id - y.id) * dir,
  )
}

// ---- generators -----------------------------------------------------------------------------

const num = fc.integer({ min: -5, max: 20 })
const leafArb: fc.Arbitrary<Leaf> = fc
  .oneof(
    fc.record({
      path: fc.constant('title' as const),
      op: fc.constantFrom('equals', 'not_equals', 'contains', 'like', 'exists', 'in', 'not_in'),
      value: fc.constantFrom(...WORDS),
    }),
    fc.record({
      path: fc.constantFrom('n' as const, 'meta.score' as const),
      op: fc.constantFrom(
        'equals',
        'not_equals',
        'greater_than',
        'greater_than_equal',
        'less_than',
        'less_than_equal',
        'exists',
        'in',
        'not_in',
      ),
      value: num,
    }),
    fc.record({
      path: fc.constant('flag' as const),
      op: fc.constantFrom('equals', 'not_equals', 'exists'),
      value: fc.boolean(),
    }),
    fc.record({
      path: fc.constant('kind' as const),
      op: fc.constantFrom('equals', 'not_equals', 'in', 'not_in', 'exists'),
      value: fc.constantFrom('a', 'b', 'c'),
    }),
    fc.record({
      path: fc.constant('id' as const),
      op: fc.constantFrom('greater_than', 'less_than_equal'),
      value: fc.integer({ min: 1, max: 60 }),
    }),
  )
  .map((leaf) => {
    if (leaf.op === 'exists')
      return { ...leaf, value: Boolean(Number(leaf.value) % 2) || leaf.value === true }
    if (leaf.op === 'in' || leaf.op === 'not_in') return { ...leaf, value: [leaf.value] }
    if (leaf.path === 'title' && (leaf.op === 'equals' || leaf.op === 'not_equals'))
      return {
        ...leaf,
        value: items.find((i) => i.title?.startsWith(String(leaf.value)))?.title ?? leaf.value,
      }
    return leaf
  })
const treeArb: fc.Arbitrary<Tree> = fc.letrec<{ tree: Tree }>((tie) => ({
  tree: fc.oneof(
    // At most five and/or lists around the conditions: the server's nesting limit (6 levels).
    { depthSize: 'small', withCrossShrink: true, maxDepth: 5 },
    leafArb.map((leaf) => ({ leaf })),
    fc.array(tie('tree'), { minLength: 1, maxLength: 3 }).map((and) => ({ and })),
    fc.array(tie('tree'), { minLength: 1, maxLength: 3 }).map((or) => ({ or })),
  ),
})).tree

const toWhere = (tree: Tree): Where =>
  'and' in tree
    ? { and: tree.and.map(toWhere) }
    : 'or' in tree
      ? { or: tree.or.map(toWhere) }
      : { [tree.leaf.path]: { [tree.leaf.op]: tree.leaf.value } }
const toGraphQL = (tree: Tree): Record<string, unknown> =>
  'and' in tree
    ? { AND: tree.and.map(toGraphQL) }
    : 'or' in tree
      ? { OR: tree.or.map(toGraphQL) }
      : { [tree.leaf.path.replace('.', '__')]: { [tree.leaf.op]: tree.leaf.value } }

test.serial(
  'Local, REST, GraphQL and the reference evaluator agree on documents and totals',
  async (t) => {
    t.log(`EQUIV_SEED=${seed}`)
    let runs = 0
    const outcome = await fc.check(
      fc.asyncProperty(
        treeArb,
        fc.record({
          path: fc.constantFrom(
            'title' as const,
            'n' as const,
            'kind' as const,
            'meta.score' as const,
            'id' as const,
          ),
          desc: fc.boolean(),
        }),
        fc.integer({ min: 1, max: 15 }),
        fc.integer({ min: 1, max: 3 }),
        async (tree, sort, limit, page) => {
          runs++
          const where = toWhere(tree)
          const sortKey = `${sort.desc ? '-' : ''}${sort.path}`
          const expected = sorted(
            items.filter((i) => matches(i, tree)),
            sort,
          )
          const expectedPage = expected.slice((page - 1) * limit, page * limit).map((i) => i.id)

          const local = await s.cms.find({
            collection: 'items',
            where,
            sort: sortKey,
            limit,
            page,
            overrideAccess: false,
            depth: 0,
          })
          const rest = (
            await s.request('GET', '/api/items', {
              query: {
                where: JSON.stringify(where),
                sort: sortKey,
                limit: String(limit),
                page: String(page),
                depth: '0',
              },
            })
          ).body
          const gql = (
            await s.request('POST', '/api/graphql', {
              body: {
                query:
                  'query ($w: Item_where, $s: String, $l: Int, $p: Int) { Items(where: $w, sort: $s, limit: $l, page: $p) { totalDocs docs { id } } }',
                variables: { w: toGraphQL(tree), s: sortKey, l: limit, p: page },
              },
            })
          ).body
          const ids = {
            local: local.docs.map((d) => d.id),
            rest: rest.docs.map((d: { id: number }) => d.id),
            graphql: gql.data.Items.docs.map((d: { id: number }) => d.id),
          }
          const context = `${JSON.stringify(where)} sort=${sortKey} limit=${limit} page=${page}`
          if (JSON.stringify(ids.local) !== JSON.stringify(expectedPage))
            throw new Error(
              `Local ${JSON.stringify(ids.local)} ≠ reference ${JSON.stringify(expectedPage)} for ${context}`,
            )
          if (JSON.stringify(ids.rest) !== JSON.stringify(expectedPage))
            throw new Error(`REST differs for ${context}`)
          if (JSON.stringify(ids.graphql) !== JSON.stringify(expectedPage))
            throw new Error(`GraphQL differs for ${context}`)
          for (const total of [local.totalDocs, rest.totalDocs, gql.data.Items.totalDocs])
            if (total !== expected.length)
              throw new Error(`total ${total} ≠ ${expected.length} for ${context}`)
        },
      ),
      { seed, numRuns: 60 },
    )
    t.log(`${runs} random queries, 3 layers each, over ${items.length} documents`)
    if (outcome.failed)
      t.fail(
        `${String((outcome.errorInstance as Error | undefined)?.message ?? outcome.errorInstance)}\ncounterexample: ${JSON.stringify(outcome.counterexample)}`,
      )
    else t.pass()
  },
)
