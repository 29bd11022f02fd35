import { readFileSync } from 'node:fs'
import test from 'ava'
import exampleConfig from '../../cms.config.ts'
import { ERROR_CATALOGUE, STATUS_TITLES, type ErrorCode } from '../../server/errors/catalogue.ts'
import { useServer } from '../helpers/http.ts'

/**
 * The error catalogue against the committed contract: every code's response component exists, and every
 * operation that can raise a code declares its status, with the component the catalogue names (problem
 * details on the orders API).
 */
type Op = {
  'x-cms': { kind: string; collection?: string }
  parameters?: unknown[]
  requestBody?: unknown
  security?: unknown[]
  responses: Record<string, { $ref?: string }>
}
const doc = JSON.parse(readFileSync('contracts/openapi.json', 'utf8')) as {
  paths: Record<string, Record<string, Op>>
  components: { responses: Record<string, unknown> }
}
const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
  Object.entries(item).map(([method, op]) => ({ path, method, op, kind: op['x-cms'].kind })),
)
const served = operations.filter((o) => !['static', 'endpoint', 'health'].includes(o.kind))
const authCollections = new Set(exampleConfig.collections.filter((c) => c.auth).map((c) => c.slug))
const contentKinds = [
  'find',
  'findByID',
  'count',
  'findDistinct',
  'create',
  'update',
  'updateMany',
  'delete',
  'deleteMany',
  'duplicate',
]
const v1 = (o: (typeof operations)[number]) => o.path.startsWith('/v1/')
/**
 * A write that takes the session cookie (its security is not `[]`) and is not a public auth route is refused from
 * another site's page (CSRF, http/middleware/authenticate.ts). Found by Prism (test/http/tool-findings-prism.test.ts).
 */
const csrfChecked = (o: (typeof operations)[number]) =>
  !['get', 'head', 'options'].includes(o.method) &&
  !(Array.isArray(o.op.security) && o.op.security.length === 0) &&
  !/\/(login|forgot-password|reset-password|health)$/.test(o.path)

/** Which operations can raise each code: what the HTTP layer, Local and the orders API throw, and where. */
const raisedBy: Record<ErrorCode, (o: (typeof served)[number]) => boolean> = {
  BAD_REQUEST: (o) => Boolean(o.op.parameters?.length || o.op.requestBody),
  VALIDATION: (o) =>
    [
      'create',
      'update',
      'updateMany',
      'updateGlobal',
      'restoreVersion',
      'registerFirstUser',
      'unlock',
      'duplicate',
    ].includes(o.kind),
  QUERY: (o) =>
    ['find', 'count', 'findDistinct', 'updateMany', 'deleteMany', 'findVersions'].includes(o.kind),
  LIMIT_EXCEEDED: (o) =>
    ['find', 'findByID', 'findDistinct', 'findVersions', 'findGlobal'].includes(o.kind),
  UNAUTHORIZED: (o) => !(Array.isArray(o.op.security) && o.op.security.length === 0),
  AUTHENTICATION: (o) => o.kind === 'login',
  LOCKED_AUTH: (o) => o.kind === 'login',
  FORBIDDEN: (o) =>
    [
      ...contentKinds,
      'findVersions',
      'findVersionByID',
      'restoreVersion',
      'findGlobal',
      'updateGlobal',
    ].includes(o.kind) ||
    ['v1CancelOrder', 'v1AdminListOrders', 'v1AdminShipOrder'].includes(o.kind) ||
    ['unlock', 'verifyEmail', 'registerFirstUser'].includes(o.kind) ||
    csrfChecked(o),
  NOT_FOUND: (o) => /\{(id|order)\}/.test(o.path),
  CONFLICT: (o) => ['v1CancelOrder', 'v1AdminShipOrder', 'v1PaymentWebhook'].includes(o.kind),
  PAYLOAD_TOO_LARGE: (o) => o.method !== 'get',
  // Document locking: a write by another user while the lock lasts, and taking a lock another user holds.
  LOCKED: (o) =>
    o.kind === 'lockDocument' ||
    (['update', 'delete', 'updateGlobal'].includes(o.kind) &&
      JSON.stringify(o.op.parameters ?? []).includes('#/components/parameters/overrideLock')),
  UNPROCESSABLE: (o) => ['v1CreateOrder', 'v1PaymentWebhook'].includes(o.kind),
  RATE_LIMITED: (o) =>
    ['login', 'forgotPassword', 'resetPassword', 'registerFirstUser'].includes(o.kind) ||
    (['create', 'update', 'updateMany', 'duplicate'].includes(o.kind) &&
      authCollections.has(o.op['x-cms'].collection!)),
  INTERNAL: () => true,
  // The database unavailable (any operation), or a write's commit outcome unknown
  // (server/db/mysql-database.ts).
  UNAVAILABLE: () => true,
}

test('every code of the catalogue has a title, and a response component wherever an operation can raise it', (t) => {
  for (const [code, entry] of Object.entries(ERROR_CATALOGUE)) {
    t.truthy(STATUS_TITLES[entry.status], code)
    // Components no operation uses are left out of the contract (linters flag them).
    if (served.some((o) => !v1(o) && raisedBy[code as ErrorCode](o)))
      t.truthy(doc.components.responses[entry.response], `${code} → ${entry.response}`)
    // The orders API answers problem details: a code it can raise has a Problem<status> component.
    if (served.some((o) => v1(o) && raisedBy[code as ErrorCode](o)))
      t.truthy(
        doc.components.responses[`Problem${entry.status}`],
        `${code} → Problem${entry.status}`,
      )
  }
})

test('every operation that can raise a code declares its status, with the catalogue response', (t) => {
  let checked = 0
  for (const [code, entry] of Object.entries(ERROR_CATALOGUE) as [
    ErrorCode,
    (typeof ERROR_CATALOGUE)[ErrorCode],
  ][]) {
    const raising = served.filter(raisedBy[code])
    t.true(raising.length > 0, `${code} is raised somewhere`)
    for (const o of raising) {
      const declared = o.op.responses[String(entry.status)]
      const name = `${o.method.toUpperCase()} ${o.path} (${code})`
      t.truthy(declared, `${name} declares ${entry.status}`)
      const expected = v1(o) ? `Problem${entry.status}` : entry.response
      t.is(declared?.$ref, `#/components/responses/${expected}`, name)
      checked++
    }
  }
  t.log(`${checked} (operation, code) pairs checked`)
})

const s = useServer(test, { ...exampleConfig, email: { sendEmail: () => {} } }, (cms) =>
  cms.config.seed!(cms),
)

test('GraphQL errors carry the catalogue code; REST bodies the catalogue status', async (t) => {
  const gql = async (query: string, headers: Record<string, string> = {}) =>
    (await s.request('POST', '/api/graphql', { body: { query }, headers })).body
  const anonymous = await gql('mutation { createCategory(data: { name: "X", slug: "x" }) { id } }')
  t.is(anonymous.errors[0].extensions.code, ERROR_CATALOGUE.UNAUTHORIZED.graphql)
  const login = await s.request('POST', '/api/users/login', {
    body: { email: 'admin@example.com', password: 'admin-password' },
  })
  const admin = { authorization: `Bearer ${login.body.token}` }
  const missing = await gql(
    'mutation { updateCategory(id: 999999, data: { name: "Y" }) { id } }',
    admin,
  )
  t.is(missing.errors[0].extensions.code, ERROR_CATALOGUE.NOT_FOUND.graphql)
  t.is(missing.errors[0].extensions.status, 404)
  const invalid = await gql(
    'mutation { createCategory(data: { name: "", slug: "" }) { id } }',
    admin,
  )
  t.is(invalid.errors[0].extensions.code, ERROR_CATALOGUE.VALIDATION.graphql)

  const big = await s.request('POST', '/api/categories', {
    raw: JSON.stringify({ name: 'x'.repeat(3_000_000) }),
    headers: { ...admin, 'content-type': 'application/json' },
  })
  t.is(big.status, ERROR_CATALOGUE.PAYLOAD_TOO_LARGE.status)
  const unknown = await s.request('DELETE', '/api/categories', { headers: admin })
  t.is(unknown.status, 400)
  t.is(unknown.body.errors[0].name, 'BadRequest')
})
