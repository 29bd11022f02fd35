import test from 'ava'
import exampleConfig from '../../cms.config.ts'
import { compileOpenAPI } from '../../server/contracts/openapi.ts'
import { MAX_PATH_ID, maxPage } from '../../server/local/params.ts'
import { seededBearer, useServer } from '../helpers/http.ts'

/**
 * Issue 31 (Schemathesis), classes 2 and 5 (ids, empty strings, unit_price): every bound the server enforces on
 * a page, an id, a required string or a price is declared in the contract, so a request the contract accepts is
 * not refused for it (and a huge page is a 400, never a 500). A refusal the contract declares comes from the
 * contract validator ("Invalid request: …"), before any handler.
 */
process.env.PAYMENTS_WEBHOOK_SECRET = 'test-webhook-secret'
const s = useServer(test, { ...exampleConfig, email: { sendEmail: () => {} } }, (cms) =>
  cms.config.seed!(cms),
)

const HUGE = ['4611686018427387903', '1' + '0'.repeat(21)]
const as = seededBearer(s)

type Param = { name: string; in: string; schema?: { type?: string; maximum?: number } }
function parameters(document: any): [string, Param][] {
  const shared = document.components.parameters as Record<string, Param>
  const out: [string, Param][] = []
  for (const [path, item] of Object.entries(document.paths as Record<string, any>))
    for (const [method, op] of Object.entries(item as Record<string, any>))
      for (const p of (op.parameters ?? []) as (Param & { $ref?: string })[])
        out.push([`${method.toUpperCase()} ${path}`, p.$ref ? shared[p.$ref.split('/').pop()!] : p])
  return out
}

test('every page parameter declares the maximum the server honours; every integer path id its 15 digits', (t) => {
  const document = compileOpenAPI(s.cms.config) as any
  const params = parameters(document)
  const pages = params.filter(([, p]) => p.name === 'page' && p.in === 'query')
  t.true(pages.length >= 5)
  for (const [where, p] of pages)
    t.is(p.schema?.maximum, maxPage(s.cms.config.maxLimit), `${where} page`)
  t.is(maxPage(1000), 9_007_199_254_740)
  const ids = params.filter(([, p]) => p.in === 'path' && p.schema?.type === 'integer')
  t.true(ids.some(([where]) => where === 'GET /v1/orders/{order}'))
  t.true(ids.some(([where]) => where === 'GET /posts/versions/{id}'))
  for (const [where, p] of ids) t.is(p.schema?.maximum, MAX_PATH_ID, `${where} id`)
})

test('a huge page is a 400 naming page and its maximum on lists, version lists and the orders API; the maximum itself answers', async (t) => {
  const max = maxPage(s.cms.config.maxLimit)
  const admin = await as('admin')
  for (const path of ['/api/posts', '/api/posts/versions', '/api/categories/distinct'])
    for (const page of [...HUGE, String(max + 1)]) {
      const query = `page=${page}${path.endsWith('distinct') ? '&field=name' : ''}`
      const r = await s.request('GET', path, { query, headers: admin, invalid: 'page too big' })
      t.is(r.status, 400, `${path}?${query}`)
      t.regex(r.body.errors[0].message, new RegExp(`page.*${max}`), `${path}?${query}`)
    }
  for (const path of ['/api/v1/orders', '/api/v1/admin/orders']) {
    const r = await s.request('GET', path, {
      query: `page=${HUGE[0]}`,
      headers: admin,
      invalid: 'page too big',
    })
    t.is(r.status, 400, path)
    t.regex(r.headers.get('content-type') ?? '', /application\/problem\+json/)
    t.like(r.body, { title: 'Bad Request', status: 400 })
    t.regex(r.body.detail, new RegExp(`page.*${max}`))
  }
  // The largest page is a real (empty) page on both databases: its offset fits the SQL LIMIT/OFFSET.
  for (const [path, limit] of [
    ['/api/posts', '1000'],
    ['/api/posts/versions', '10'],
  ]) {
    const r = await s.request('GET', path, { query: { page: String(max), limit }, headers: admin })
    t.is(r.status, 200, path)
    t.like(r.body, { docs: [], page: max, hasPrevPage: true, hasNextPage: false })
    t.is(r.body.pagingCounter, (max - 1) * Number(limit) + 1)
  }
  const orders = await s.request('GET', '/api/v1/orders', {
    query: { page: String(max) },
    headers: admin,
  })
  t.is(orders.status, 200)
  t.deepEqual(orders.body.data, [])
  t.is(orders.body.meta.current_page, max)
})

test('huge limit and depth are a 400 naming them, never a 500', async (t) => {
  for (const name of ['limit', 'depth'])
    for (const value of HUGE) {
      const r = await s.request('GET', '/api/posts', {
        query: `${name}=${value}`,
        invalid: `${name} too big`,
      })
      t.is(r.status, 400, `${name}=${value}`)
      t.regex(r.body.errors[0].message, new RegExp(name))
    }
})

test('the Local API refuses a page past the maximum with a 400 naming page, for lists and version lists', async (t) => {
  const max = maxPage(s.cms.config.maxLimit)
  for (const call of [
    () => s.cms.find({ collection: 'posts', page: max + 1 }),
    () => s.cms.findVersions({ collection: 'posts', page: 2 ** 62 }),
  ]) {
    const error = (await t.throwsAsync(call())) as Error & { status: number }
    t.is(error.name, 'BadRequest')
    t.is(error.status, 400)
    t.regex(error.message, new RegExp(`page must be an integer from 1 to ${max}`))
  }
  t.like(await s.cms.find({ collection: 'posts', page: max, limit: 5 }), { docs: [], page: max })
})

test('ids: the largest 15-digit id is read (404), a longer one is refused by the contract (400), orders too', async (t) => {
  const admin = await as('admin')
  const big = String(MAX_PATH_ID)
  for (const path of [`/api/categories/${big}`, `/api/posts/versions/${big}`]) {
    const r = await s.request('GET', path, { headers: admin })
    t.is(r.status, 404, path)
  }
  t.is((await s.request('GET', `/api/v1/orders/${big}`, { headers: admin })).status, 404)
  for (const path of [
    `/api/categories/${MAX_PATH_ID + 1}`,
    `/api/posts/versions/${MAX_PATH_ID + 1}`,
  ]) {
    const r = await s.request('GET', path, { headers: admin, invalid: 'id past the maximum' })
    t.is(r.status, 400, path)
    t.regex(r.body.errors[0].message, new RegExp(`id.*${MAX_PATH_ID}`))
  }
  // An order id past the maximum was a 404 (the handler's own check): now the contract says it, 400.
  const order = await s.request('GET', `/api/v1/orders/${MAX_PATH_ID + 1}`, {
    headers: admin,
    invalid: 'order id past the maximum',
  })
  t.is(order.status, 400)
  t.regex(order.body.detail, new RegExp(`order.*${MAX_PATH_ID}`))
})
