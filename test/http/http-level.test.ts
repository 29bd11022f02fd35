import test from 'ava'
import { request as httpRequest } from 'node:http'
import { connect } from 'node:net'
import exampleConfig from '../../cms.config.ts'
import type { CmsRequest, Config } from '../../server/config/types.ts'
import { compileOpenAPI } from '../../server/contracts/openapi.ts'
import { contractChecker, useServer } from '../helpers/http.ts'

/**
 * HTTP-level behaviour below the operations (issue 31, findings 3, 4, 6 and 8): methods a path does not serve
 * (405 with `Allow`), requests Node's parser refuses (400 and 431 with the error body, declared on every
 * operation), and public operations that ignore a credential that does not authenticate. TRACE and malformed
 * requests cannot go through fetch: node:http and raw sockets here, straight to the server.
 */
const ORIGIN = 'http://app.example'
const config: Config = {
  ...exampleConfig,
  // A custom endpoint declared public: a credential that does not authenticate leaves the caller anonymous.
  endpoints: [
    {
      path: '/open-ping',
      method: 'get',
      handler: (req: CmsRequest) => Response.json({ user: Boolean(req.user) }),
      openapi: {
        operationId: 'openPing',
        security: [],
        responses: {
          200: {
            description: 'Whether the caller is known',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['user'],
                  properties: { user: { type: 'boolean' } },
                },
              },
            },
          },
        },
      },
    },
  ],
  rateLimit: {
    login: { max: 1000, windowMs: 60_000 },
    forgotPassword: { max: 1000, windowMs: 60_000 },
  },
} as Config
const s = useServer(
  test,
  config,
  async (cms) => {
    await cms.create({
      collection: 'users',
      data: { email: 'plain@example.com', password: 'plain-password', roles: ['member'] },
      overrideAccess: true,
    })
  },
  { cors: [ORIGIN] },
)

interface Answer {
  status: number
  headers: Record<string, string>
  text: string
  body: any
}

const parse = (text: string) => {
  try {
    return text ? JSON.parse(text) : undefined
  } catch {
    return text
  }
}

/** A request through node:http, which sends any method (fetch refuses TRACE), to the server itself. */
function send(
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${s.server.url}${path}`, { method, headers }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (d: string) => (text += d))
      res.on('end', () =>
        resolve({
          status: res.statusCode!,
          headers: res.headers as Record<string, string>,
          text,
          body: parse(text),
        }),
      )
    })
    req.on('error', reject)
    req.end(body)
  })
}

/**
 * Bytes written as they are on a socket (invalid headers included), and the answer read back until the server
 * closes (the requests say `Connection: close` or are refused): not half-closed, which drops a slow answer.
 */
function raw(request: string): Promise<Answer> {
  const { port } = new URL(s.server.url)
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () =>
      socket.write(Buffer.from(request, 'latin1')),
    )
    let out = ''
    socket.on('data', (d) => (out += d.toString('latin1')))
    socket.on('error', reject)
    socket.on('close', () => {
      const [head, ...rest] = out.split('\r\n\r\n')
      const [statusLine, ...lines] = head.split('\r\n')
      const headers = Object.fromEntries(
        lines.map((l) => [
          l.slice(0, l.indexOf(':')).toLowerCase(),
          l.slice(l.indexOf(':') + 1).trim(),
        ]),
      )
      const text = rest.join('\r\n\r\n')
      resolve({ status: Number(statusLine.split(' ')[1]), headers, text, body: parse(text) })
    })
  })
}

const contract = () => compileOpenAPI(s.cms.config)
type Op = { security?: unknown[]; responses: Record<string, unknown>; 'x-cms': { kind: string } }
const pathsOf = () => contract().paths as Record<string, Record<string, Op>>
/** A concrete URL for a template: each parameter a plausible value. */
const concrete = (template: string) => `/api${template.replace(/\{[^}]+\}/g, '1')}`

test('every declared path answers a method it does not declare with 405, the error body and Allow listing its methods', async (t) => {
  let checked = 0
  for (const [template, item] of Object.entries(pathsOf())) {
    const declared = Object.keys(item)
      .map((m) => m.toUpperCase())
      .sort()
    const path = concrete(template)
    for (const method of ['GET', 'PUT', 'POST', 'DELETE', 'PATCH', 'TRACE']) {
      if (declared.includes(method)) continue
      const res = await send(method, path)
      const where = `${method} ${path}`
      t.is(res.status, 405, where)
      t.is(res.headers.allow, declared.join(', '), where)
      const message = path.startsWith('/api/v1/') ? res.body.detail : res.body.errors[0].message
      t.is(message, `Method not allowed: ${method} ${path} (allowed: ${declared.join(', ')})`)
      checked++
    }
  }
  t.true(checked > 150, `${checked} (path, method) pairs`)
})

test('PUT and TRACE on the collection path are 405; the orders API says it in problem details', async (t) => {
  const put = await send('PUT', '/api/posts', { 'content-type': 'application/json' }, '{}')
  t.is(put.status, 405)
  t.is(put.headers.allow, 'DELETE, GET, PATCH, POST')
  t.deepEqual(put.body, {
    errors: [
      {
        name: 'MethodNotAllowed',
        message: 'Method not allowed: PUT /api/posts (allowed: DELETE, GET, PATCH, POST)',
      },
    ],
  })
  const v1 = await send('TRACE', '/api/v1/orders/7')
  t.is(v1.status, 405)
  t.is(v1.headers.allow, 'GET')
  t.regex(v1.headers['content-type'], /^application\/problem\+json/)
  t.like(v1.body, { title: 'Method Not Allowed', status: 405 })
})

test('GraphQL and the playground, served outside the contract, answer 405 for other methods; unknown paths stay 404', async (t) => {
  const graphql = await send('PUT', '/api/graphql')
  t.is(graphql.status, 405)
  t.is(graphql.headers.allow, 'GET, POST')
  const playground = await send('DELETE', '/api/graphql-playground')
  t.is(playground.status, 405)
  t.is(playground.headers.allow, 'GET')
  for (const [method, path] of [
    ['TRACE', '/api/nothing-here'],
    ['PUT', '/api/posts/1/nothing'],
    ['TRACE', '/elsewhere'],
  ]) {
    const res = await send(method, path)
    t.is(res.status, 404, `${method} ${path}`)
    t.is(res.body.errors[0].message, `Route not found: ${method} ${path}`)
  }
})

test('a CORS preflight from an allowed origin still answers 204; HEAD keeps its answer', async (t) => {
  const preflight = await send('OPTIONS', '/api/posts', {
    origin: ORIGIN,
    'access-control-request-method': 'PUT',
  })
  t.is(preflight.status, 204)
  t.is(preflight.headers['access-control-allow-origin'], ORIGIN)
  t.is(preflight.headers['access-control-allow-methods'], 'GET, POST, PATCH, PUT, DELETE, OPTIONS')
  // HEAD is served by no route, as before: Koa's 404 without a body.
  const head = await send('HEAD', '/api/posts')
  t.is(head.status, 404)
  t.is(head.text, '')
})

/** Each parser refusal, its status and the reason its message names. */
const MALFORMED: [string, string, number, RegExp][] = [
  [
    'a control character in Authorization',
    'GET /api/posts HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer a\x01b\r\n\r\n',
    400,
    /^Malformed HTTP request: Invalid header value char\.$/,
  ],
  [
    'DEL in a header value',
    'GET /api/health HTTP/1.1\r\nHost: x\r\nX-Note: a\x7fb\r\n\r\n',
    400,
    /Invalid header value char/,
  ],
  [
    'an invalid header name',
    'GET /api/openapi.json HTTP/1.1\r\nHost: x\r\nBad Name: 1\r\n\r\n',
    400,
    /Invalid header token/,
  ],
  [
    'a bad chunk size',
    'POST /api/posts HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n',
    400,
    /Invalid character in chunk size/,
  ],
  [
    'an unknown HTTP version',
    'GET /api/posts HTTP/9.9\r\nHost: x\r\n\r\n',
    400,
    /Invalid HTTP version/,
  ],
  [
    'a query string over the header limit',
    `GET /api/posts?where[title][equals]=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
    431,
    /^The request line and headers are too large \(over 16384 bytes together\)/,
  ],
  [
    'headers over the limit',
    `GET /api/users/me HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${'a'.repeat(20_000)}\r\n\r\n`,
    431,
    /shorten the URL \(query string\) or the headers/,
  ],
]

for (const [what, request, status, message] of MALFORMED)
  test(`the parser's refusal of ${what} answers ${status} with the error body the operation declares`, async (t) => {
    const res = await raw(request)
    t.is(res.status, status)
    t.is(res.headers.connection, 'close')
    t.regex(res.headers['content-type'], /^application\/json/)
    t.is(Number(res.headers['content-length']), Buffer.byteLength(res.text))
    t.is(res.body.errors.length, 1)
    t.regex(res.body.errors[0].message, message)
    // The answer is the one the operation declares (status and body schema).
    const [method, target] = request.split(' ')
    const check = await contractChecker(contract())
    t.notThrows(() =>
      check(method, new URL(`http://x${target}`), status, res.body, res.headers['content-type']),
    )
  })

test('what the parser lets through is served: a tab and obs-text in a header value, the server still up after refusals', async (t) => {
  const res = await raw(
    'GET /api/health HTTP/1.1\r\nHost: x\r\nX-Note: a\tb\xffc\r\nConnection: close\r\n\r\n',
  )
  t.is(res.status, 200)
  t.deepEqual(res.body, { status: 'ok' })
})

test('a request without Host (HTTP/1.1) is a 400 with the error body, not Node bare answer', async (t) => {
  const res = await raw('GET /api/health HTTP/1.1\r\nConnection: close\r\n\r\n')
  t.is(res.status, 400)
  t.deepEqual(res.body, {
    errors: [{ name: 'BadRequest', message: 'An HTTP/1.1 request needs a Host header.' }],
  })
  // HTTP/1.0 needs none.
  const old = await raw('GET /api/health HTTP/1.0\r\n\r\n')
  t.is(old.status, 200)
})

test('every operation declares 400 and 431 (with the error body): any request can meet the parser', (t) => {
  const doc = contract() as { components: { responses: Record<string, any> } }
  let n = 0
  for (const [path, item] of Object.entries(pathsOf()))
    for (const [method, op] of Object.entries(item)) {
      const where = `${method.toUpperCase()} ${path}`
      t.truthy(op.responses['400'], `${where} declares 400`)
      t.deepEqual(
        op.responses['431'],
        { $ref: '#/components/responses/RequestHeaderFieldsTooLarge' },
        where,
      )
      n++
    }
  t.true(n > 80)
  t.deepEqual(doc.components.responses.RequestHeaderFieldsTooLarge.content, {
    'application/json': { schema: { $ref: '#/components/schemas/Error' } },
  })
  // The orders API's 400 also lists the parser's body, which is the same on every path.
  t.deepEqual(Object.keys(doc.components.responses.Problem400.content), [
    'application/problem+json',
    'application/json',
  ])
})

/** Credentials that do not authenticate: a forged token, a token of a session that ended, an unknown API key. */
async function staleCredentials(): Promise<Record<string, string>[]> {
  const login = await s.request('POST', '/api/users/login', {
    body: { email: 'plain@example.com', password: 'plain-password' },
  })
  const ended = login.body.token as string
  const out = await s.request('POST', '/api/users/logout', {
    headers: { authorization: `Bearer ${ended}` },
  })
  if (out.status !== 200) throw new Error(`logout answered ${out.status}`)
  return [
    { authorization: 'Bearer abc.def.ghi' },
    { authorization: `JWT ${ended}` },
    { authorization: `Bearer ${ended}` },
    { authorization: 'users API-Key 0000000000000000' },
    { cookie: 'cms-token=abc.def.ghi' },
    // Authorization headers of no form the server takes: refused like a stale token, not read as anonymous.
    { authorization: '' },
    { authorization: 'Bearer' },
    { authorization: 'Basic cGxhaW46cGxhaW4=' },
    // An empty session cookie: a malformed credential too (Schemathesis, issue 34's CI run).
    { cookie: 'cms-token=' },
  ]
}

test('an empty session cookie is refused with 401 beside a valid bearer token on a secured operation', async (t) => {
  const login = await s.request('POST', '/api/users/login', {
    body: { email: 'plain@example.com', password: 'plain-password' },
  })
  const bearer = { authorization: `Bearer ${login.body.token as string}` }
  t.is((await send('GET', '/api/users/me', bearer)).status, 200)
  const res = await send('GET', '/api/users/me', { ...bearer, cookie: 'cms-token=' })
  t.is(res.status, 401)
  t.regex(res.text, /cms-token cookie is empty/)
})

const label = (headers: Record<string, string>) =>
  `${Object.keys(headers)[0]}: ${Object.values(headers)[0].slice(0, 16)}`

/** Each public GET of the contract, and the answer an anonymous caller gets. */
const PUBLIC_READS = [
  '/api/openapi.json',
  '/api/docs',
  '/api/docs/assets/swagger-ui.css',
  '/api/graphql/schema.graphql',
  '/api/health',
  '/api/graphql-playground',
]

test('public pages and operations answer a credential that does not authenticate as they answer an anonymous caller', async (t) => {
  const stale = await staleCredentials()
  for (const path of PUBLIC_READS) {
    const anonymous = await send('GET', path)
    t.is(anonymous.status, 200, path)
    for (const headers of stale) {
      const res = await send('GET', path, headers)
      t.is(res.status, 200, `${path} with ${label(headers)}`)
      t.is(res.text, anonymous.text, path)
    }
  }
})

test('every operation declared security: [] ignores a rejected credential; the others keep the 401', async (t) => {
  const stale = await staleCredentials()
  const bodies: Record<string, unknown> = {
    login: { email: 'plain@example.com', password: 'plain-password' },
    forgotPassword: { email: 'nobody@example.com' },
    resetPassword: { token: 'f'.repeat(40), password: 'another-password' },
    registerFirstUser: {
      email: 'first@example.com',
      password: 'first-password',
      roles: ['member'],
    },
    v1PaymentWebhook: { id: 'evt', type: 'payment.succeeded', data: {} },
  }
  let publicOps = 0
  for (const [template, item] of Object.entries(pathsOf()))
    for (const [method, op] of Object.entries(item)) {
      const path = concrete(template).replace('/verify/1', '/verify/nope')
      const body = bodies[op['x-cms'].kind]
      const send2 = (headers: Record<string, string>) =>
        send(
          method.toUpperCase(),
          path,
          { 'content-type': 'application/json', ...headers },
          body ? JSON.stringify(body) : method === 'get' ? undefined : '{}',
        )
      const isPublic = Array.isArray(op.security) && op.security.length === 0
      if (!isPublic) continue
      publicOps++
      const anonymous = await send2({})
      t.not(anonymous.status, 401, `${method} ${path} anonymous`)
      for (const headers of stale) {
        const res = await send2(headers)
        t.is(res.status, anonymous.status, `${method} ${path} with ${label(headers)}`)
        t.not(res.status, 401)
      }
    }
  t.true(publicOps >= 10, `${publicOps} public operations`)
  const ping = await send('GET', '/api/open-ping', { authorization: 'Bearer abc.def.ghi' })
  t.is(ping.status, 200)
  t.deepEqual(ping.body, { user: false })
  // Login with a stale token logs in.
  const login = await send(
    'POST',
    '/api/users/login',
    { 'content-type': 'application/json', authorization: 'Bearer abc.def.ghi' },
    JSON.stringify(bodies.login),
  )
  t.is(login.status, 200)
  t.is(login.body.user.email, 'plain@example.com')
  // An operation that declares security still refuses the same credentials, a custom endpoint too (its
  // contract declares the 401): the handler never sees a caller who believes they are logged in.
  for (const headers of stale)
    for (const [method, path] of [
      ['GET', '/api/posts'],
      ['POST', '/api/tracking/1/tracking'],
    ]) {
      const res = await send(
        method,
        path,
        { 'content-type': 'application/json', ...headers },
        method === 'POST' ? '{}' : undefined,
      )
      t.is(res.status, 401, `${method} ${path} with ${label(headers)}`)
      t.is(res.headers['www-authenticate'], 'Bearer realm="cms"')
      t.is(res.body.errors[0].name, 'UnauthorizedError')
    }
})
