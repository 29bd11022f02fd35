import test from 'ava'
import exampleConfig from '../../cms.config.ts'
import type { Config } from '../../server/config/types.ts'
import { compileOpenAPI } from '../../server/contracts/openapi.ts'
import { MALFORMED_JSON, useServer } from '../helpers/http.ts'

/**
 * Contract-driven fuzzing: for every REST operation of the contract, invalid inputs (wrong types, missing and
 * extra fields, huge values, malformed and deeply nested JSON, prototype keys, SQL and LIKE metacharacters in
 * values, keys and sort). Every answer must be a 4xx whose body the contract describes (the helper checks),
 * never a 5xx, and the database must be unchanged. Reproducible: FUZZ_SEED=<printed seed>.
 */
const config: Config = {
  ...exampleConfig,
  email: { sendEmail: () => {} },
  rateLimit: {
    login: { max: 100_000, windowMs: 60_000 },
    forgotPassword: { max: 100_000, windowMs: 60_000 },
  },
}
const s = useServer(test, config, async (cms) => {
  await cms.config.seed!(cms)
})

const seed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31))
let state = seed
const rand = (n: number) => ((state = (Math.imul(state, 1103515245) + 12345) >>> 0), state % n)
const pick = <T>(list: T[]): T => list[rand(list.length)]

const deep = (depth: number): unknown => (depth === 0 ? 'x' : { a: deep(depth - 1) })
const SQLISH = [
  "'; DROP TABLE posts; --",
  '" OR 1=1 --',
  '%',
  '_',
  '\\',
  '%_\\%',
  '`',
  '\u0000',
  'title;DELETE FROM users',
  '../../etc/passwd',
]
const WRONG: unknown[] = [
  42,
  -1,
  1e308,
  'x'.repeat(100_000),
  true,
  null,
  [],
  [1, 2],
  {},
  { nested: { deeper: 1 } },
  '',
]

async function fingerprint(): Promise<string> {
  const rows: string[] = []
  for (const c of s.cms.config.collections) {
    const [r] = await s.cms.db.all<{ n: number; u: string | null }>(
      `SELECT COUNT(*) AS n, MAX(${s.cms.db.dialect.quote('updatedAt')}) AS u FROM ${s.cms.db.dialect.quote(c.table)}`,
      [],
    )
    rows.push(`${c.slug}:${r.n}:${r.u}`)
  }
  const [g] = await s.cms.db.all<{ u: string | null }>(
    `SELECT MAX(${s.cms.db.dialect.quote('updatedAt')}) AS u FROM cms_globals`,
    [],
  )
  return `${rows.join(',')};globals:${g.u}`
}

interface Input {
  method: string
  path: string
  query?: string
  raw?: string
  body?: unknown
  auth?: boolean
  note: string
}

function inputsFor(
  method: string,
  template: string,
  op: { requestBody?: unknown; parameters?: { name?: string; in?: string }[] },
): Input[] {
  const out: Input[] = []
  const path = (id: string) => template.replace(/\{[^}]+\}/g, id)
  const hasId = /\{[^}]+\}/.test(template)
  const valid = path('1')
  if (hasId)
    for (const id of ['abc', '-1', '0', '99999999999999999999', '1.5', '%00', "1'--"])
      out.push({
        method,
        path: path(encodeURIComponent(id)),
        note: `path ${id}`,
        auth: true,
        body: method === 'GET' || method === 'DELETE' ? undefined : { title: 5 },
      })
  const params = (op.parameters ?? []).map((p) => p.name).filter(Boolean) as string[]
  for (const p of params.filter((n) => ['limit', 'page', 'depth'].includes(n)))
    for (const v of ['abc', '-5', '1e9', '99999999', '1.5'])
      out.push({
        method,
        path: valid.replace('/1', hasId ? '/1' : ''),
        query: `${p}=${encodeURIComponent(v)}`,
        note: `${p}=${v}`,
        auth: true,
        body: method === 'POST' || method === 'PATCH' ? { title: 7 } : undefined,
      })
  if (params.includes('sort'))
    for (let i = 0; i < 3; i++)
      out.push({
        method,
        path: valid,
        query: `sort=${encodeURIComponent(pick(SQLISH))}`,
        note: 'sort metacharacters',
        auth: true,
        body: method === 'PATCH' ? { title: 7 } : undefined,
      })
  if (params.includes('where') || params.some((p) => p === 'where')) {
    out.push({
      method,
      path: valid,
      query: `where[${encodeURIComponent(pick(SQLISH))}][equals]=1`,
      note: 'where key metacharacters',
      auth: true,
      body: method === 'PATCH' ? {} : undefined,
    })
    out.push({
      method,
      path: valid,
      query: `where=${encodeURIComponent(JSON.stringify(deep(40)))}`,
      note: 'deep where',
      auth: true,
      body: method === 'PATCH' ? {} : undefined,
    })
    out.push({
      method,
      path: valid,
      query: `where=${encodeURIComponent('{"__proto__":{"polluted":true}}')}`,
      note: 'where __proto__',
      auth: true,
      body: method === 'PATCH' ? {} : undefined,
    })
    out.push({
      method,
      path: valid,
      query: `where[title][nope]=1`,
      note: 'unknown operator',
      auth: true,
      body: method === 'PATCH' ? {} : undefined,
    })
    out.push({ method, path: valid, query: 'where={bad', note: 'malformed where JSON', auth: true })
    // Sizes past limits.where (issue 15): refused before any SQL, also on bulk writes.
    const body = method === 'PATCH' ? { title: 'x' } : undefined
    out.push({
      method,
      path: valid,
      query: `where[id][in]=${Array.from({ length: 1500 }, (_, i) => i).join(',')}`,
      note: 'where too many values',
      auth: true,
      body,
    })
    out.push({
      method,
      path: valid,
      query: `where=${encodeURIComponent(JSON.stringify({ or: Array.from({ length: 150 }, (_, i) => ({ id: { equals: i } })) }))}`,
      note: 'where too many conditions',
      auth: true,
      body,
    })
    out.push({
      method,
      path: valid,
      query: `where[title][like]=${'x'.repeat(1200)}`,
      note: 'where value too long',
      auth: true,
      body,
    })
  }
  if (op.requestBody) {
    out.push({ method, path: valid, raw: '{"title": ', note: 'malformed JSON', auth: true })
    out.push({
      method,
      path: valid,
      raw: JSON.stringify(deep(2000)).slice(0, 100_000),
      note: 'deeply nested JSON',
      auth: true,
    })
    out.push({
      method,
      path: valid,
      raw: '{"__proto__": {"admin": true}, "constructor": {"prototype": {"x": 1}}}',
      note: 'prototype keys',
      auth: true,
    })
    out.push({ method, path: valid, body: [1, 2, 3], note: 'array body', auth: true })
    out.push({ method, path: valid, body: 'just a string', note: 'string body', auth: true })
    for (let i = 0; i < 4; i++)
      out.push({
        method,
        path: valid,
        body: {
          [pick([
            'title',
            'name',
            'email',
            'password',
            'items',
            'views',
            'status',
            'siteName',
            'label',
            'user',
          ])]: pick(WRONG),
          [`unknown_${pick(SQLISH)}`]: 1,
        },
        note: 'wrong types and an unknown field',
        auth: true,
      })
  }
  return out
}

test.serial(
  'every REST operation answers invalid input with a 4xx the contract describes, never a 5xx, and writes nothing',
  async (t) => {
    t.log(`FUZZ_SEED=${seed}`)
    const token = (
      await s.request('POST', '/api/users/login', {
        body: { email: 'admin@example.com', password: 'admin-password' },
      })
    ).body.token as string
    const doc = compileOpenAPI(s.cms.config) as {
      paths: Record<
        string,
        Record<string, { requestBody?: unknown; parameters?: { name?: string; $ref?: string }[] }>
      >
      components: { parameters: Record<string, { name: string; in: string }> }
    }
    const before = await fingerprint()
    let tried = 0
    const operations = new Set<string>()
    for (const [template, item] of Object.entries(doc.paths)) {
      if (
        template.startsWith('/docs') ||
        template === '/openapi.json' ||
        template.endsWith('schema.graphql') ||
        template === '/health'
      )
        continue
      if (
        template.includes('/webhooks/') ||
        template.endsWith('/logout') ||
        template.endsWith('/refresh-token')
      )
        continue // covered by their own suites (they end sessions)
      for (const [method, op] of Object.entries(item)) {
        const params = (op.parameters ?? []).map((p) =>
          p.$ref ? doc.components.parameters[p.$ref.split('/').pop()!] : p,
        ) as { name?: string; in?: string }[]
        for (const input of inputsFor(method.toUpperCase(), `/api${template}`, {
          ...op,
          parameters: params,
        })) {
          const headers: Record<string, string> = input.auth
            ? { authorization: `Bearer ${token}` }
            : {}
          if (input.raw !== undefined) headers['content-type'] = 'application/json'
          const r = await s.request(input.method, input.path, {
            query: input.query,
            raw: input.raw,
            body: input.raw === undefined ? input.body : undefined,
            headers,
            invalid: `fuzz: ${input.note}`,
            direct: input.note === 'malformed JSON' ? MALFORMED_JSON : undefined,
          })
          tried++
          operations.add(`${method} ${template}`)
          if (r.status >= 500)
            t.fail(
              `${input.method} ${input.path}?${input.query ?? ''} (${input.note}) → ${r.status} ${r.text.slice(0, 300)}`,
            )
          // Inputs that are merely unusual but valid (metacharacters as values) may succeed on reads; writes may not.
          if (r.status < 400 && input.method !== 'GET')
            t.fail(
              `${input.method} ${input.path}?${input.query ?? ''} (${input.note}) was accepted: ${r.status} ${r.text.slice(0, 300)}`,
            )
        }
      }
    }
    t.log(`${tried} invalid inputs over ${operations.size} operations`)
    t.true(tried > 500)
    t.is(await fingerprint(), before, 'nothing was written')
    t.is(({} as Record<string, unknown>).polluted, undefined)
    t.is(({} as Record<string, unknown>).admin, undefined)
  },
)

test.serial(
  'GraphQL: malformed queries, queries over the limits and wrong variable types are errors, never a 500',
  async (t) => {
    const before = await fingerprint()
    const cases: { query: string; variables?: Record<string, unknown> }[] = [
      { query: '{ Posts { docs { title } ' },
      { query: '}{' },
      { query: 'x'.repeat(200_000) },
      { query: `{ Posts { docs { ${'related { '.repeat(30)}id${' }'.repeat(30)} } } }` },
      { query: 'query ($id: Int!) { Post(id: $id) { title } }', variables: { id: 'not a number' } },
      { query: 'query ($id: Int!) { Post(id: $id) { title } }', variables: {} },
      { query: 'mutation { createCategory(data: { name: 5, slug: "x" }) { id } }' },
      {
        query: 'mutation ($d: mutationCategoryInput!) { createCategory(data: $d) { id } }',
        variables: { d: { name: 'x', slug: 'y', __proto__: { admin: true } } },
      },
      { query: '{ Posts(where: { title: { like: "%_\\\\" } }) { totalDocs } }' },
      { query: '{ Posts(sort: "\'; DROP TABLE posts; --") { totalDocs } }' },
      { query: '{ Posts(limit: -1) { totalDocs } }' },
      { query: '{ Posts(limit: 1000000) { docs { related { related { title } } } } }' },
      // Fan-out, aliases and sizes (issue 15): each is refused by a limit, never run to exhaustion.
      { query: `{ Posts(limit: 0) { docs { ${'related { '.repeat(8)}id${' }'.repeat(8)} } } }` },
      {
        query: `{ ${Array.from({ length: 2400 }, (_, i) => `a${i}: countPosts(where: { title: { like: "${'word '.repeat(30)}" } }) { totalDocs }`).join(' ')} }`,
      },
      {
        query: 'query ($l: Int) { Posts(limit: $l) { docs { related { related { title } } } } }',
        variables: { l: 0 },
      },
      {
        query: 'query ($p: Boolean) { Posts(pagination: $p) { docs { related { title } } } }',
        variables: { p: false },
      },
      {
        query: 'query ($w: Post_where) { Posts(where: $w) { totalDocs } }',
        variables: { w: { id: { in: Array.from({ length: 40_000 }, (_, i) => i) } } },
      },
      {
        query: 'query ($w: Post_where) { countPosts(where: $w) { totalDocs } }',
        variables: {
          w: { OR: Array.from({ length: 1100 }, (_, i) => ({ views: { equals: i } })) },
        },
      },
      {
        query: 'query ($w: Post_where) { countPosts(where: $w) { totalDocs } }',
        variables: { w: { title: { like: 'x'.repeat(900_000) } } },
      },
    ]
    for (const c of cases) {
      for (const accept of ['application/json', 'application/graphql-response+json']) {
        const r = await s.request('POST', '/api/graphql', { body: c, headers: { accept } })
        t.true(r.status < 500, `${c.query.slice(0, 60)} → ${r.status}`)
        if (!(r.status === 200 && r.body?.data && !r.body.errors))
          t.true(Array.isArray(r.body?.errors), `${c.query.slice(0, 60)}: ${r.text.slice(0, 200)}`)
      }
    }
    const raw = await s.request('POST', '/api/graphql', {
      raw: '{"query": ',
      headers: { 'content-type': 'application/json' },
    })
    t.true(raw.status >= 400 && raw.status < 500)
    t.is(await fingerprint(), before)
  },
)
