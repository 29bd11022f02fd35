import test from 'ava'
import { Writable } from 'node:stream'
import { pino } from 'pino'
import { sanitizeConfig } from '../../server/config/sanitize.ts'
import { compileOpenAPI } from '../../server/contracts/openapi.ts'
import { customEndpointsConfig, testUser } from '../fixtures/custom-endpoints.ts'
import { ContractViolation, MALFORMED_JSON, useServer } from '../helpers/http.ts'

/**
 * Issue 31, class 7: a custom endpoint's contract says what its handler sends (the `openapi` fragment wins over
 * the CMS's error bodies), and outside production the server logs every answer of a custom endpoint that
 * contradicts its contract, without changing it.
 */
type Line = {
  level: number
  msg: string
  operationId?: string
  method?: string
  path?: string
  status?: number
  contentType?: string
  violation?: string
  errors?: { instancePath: string; message: string }[]
}
function capture() {
  const lines: Line[] = []
  const sink = new Writable({
    write(chunk, _enc, done) {
      for (const l of String(chunk).split('\n')) if (l) lines.push(JSON.parse(l) as Line)
      done()
    },
  })
  // Tests of a file run concurrently: each reads the lines of the paths it calls.
  const violations = (...paths: string[]) =>
    lines.filter(
      (l) =>
        l.msg === 'custom endpoint answer contradicts the contract' &&
        (!paths.length || paths.includes(l.path!)),
    )
  return { lines, sink, violations }
}

const logs = capture()
const s = useServer(test, customEndpointsConfig, undefined, {
  authenticate: testUser,
  logger: pino({ level: 'info' }, logs.sink),
})
// The same app with the check switched off (as in production).
const quiet = capture()
const off = useServer(test, customEndpointsConfig, undefined, {
  authenticate: testUser,
  logger: pino({ level: 'info' }, quiet.sink),
  checkEndpoints: false,
})

const user = { 'x-test-user': '7' }
/** Requests whose answer the contract does not describe, on purpose: the test client refuses them too. */
const CONTRADICTS = 'the answer contradicts the contract on purpose (the endpoint check logs it)'

type Responses = Record<string, { $ref?: string; content?: Record<string, { schema: unknown }> }>
const compiled = compileOpenAPI(sanitizeConfig(customEndpointsConfig)) as {
  paths: Record<string, Record<string, { responses: Responses }>>
}
const responsesOf = (path: string, method: string) => compiled.paths[path][method].responses

test("the contract declares a fragment's own body for a status, and the CMS's error body only for the statuses it produces and the fragment leaves out", (t) => {
  const pin = responsesOf('/notes/{id}/pin', 'post')
  t.deepEqual(Object.keys(pin), ['200', '400', '401', '403', '413', '431', '500', '503'])
  t.deepEqual(pin['403'].content!['application/json'].schema, {
    type: 'object',
    required: ['error'],
    additionalProperties: false,
    properties: { error: { const: 'forbidden' } },
  })
  t.deepEqual(pin['400'], { $ref: '#/components/responses/BadRequest' })
  t.deepEqual(pin['413'], { $ref: '#/components/responses/PayloadTooLarge' })
  t.deepEqual(pin['503'], { $ref: '#/components/responses/ServiceUnavailable' })
  // A method that neither writes nor carries a body: no 403 nor 413 around the handler; never 404. The 401 is a
  // credential that does not authenticate, refused before the handler runs.
  t.deepEqual(Object.keys(responsesOf('/stats', 'get')), ['200', '400', '401', '431', '500', '503'])
  // A public endpoint (`security: []`) takes any credential as anonymous: no 401.
  t.deepEqual(Object.keys(responsesOf('/public-stats', 'get')), ['200', '400', '431', '500', '503'])
  t.deepEqual((compiled.paths['/public-stats'].get as { security?: unknown }).security, [])
  // No fragment: any JSON at 200, at 400 and at every other status (a Payload plugin's handler answers its own
  // bodies at statuses of its own); only the parser's 431 is the CMS's alone.
  const anything = responsesOf('/anything', 'get')
  t.deepEqual(Object.keys(anything), ['200', '400', '431', 'default'])
  for (const status of ['200', '400', 'default'])
    t.deepEqual(anything[status].content, { 'application/json': { schema: {} } })
  // A range in the fragment covers the defaults in it, except the HTTP parser's own refusals (400, 431): they come
  // before the route is known, always with the CMS error body, so they stay declared beside the range.
  t.deepEqual(Object.keys(responsesOf('/ranged', 'post')), [
    '200',
    '400',
    '431',
    '500',
    '503',
    '4XX',
  ])
})

test('an endpoint that writes its own declared 403 body answers what the contract says, and nothing is logged', async (t) => {
  const refused = await s.request('POST', '/api/notes/12/pin', { body: { pinned: true } })
  t.is(refused.status, 403)
  t.deepEqual(refused.body, { error: 'forbidden' })
  const pinned = await s.request('POST', '/api/notes/12/pin', {
    body: { pinned: false },
    headers: user,
  })
  t.is(pinned.status, 200)
  t.deepEqual(pinned.body, { id: '12', pinned: false })
  // The CMS's own refusal of a body the handler reads keeps the error body the contract declares by default.
  const malformed = await s.request('POST', '/api/notes/12/pin', {
    raw: '{"pinned":',
    headers: { ...user, 'content-type': 'application/json' },
    direct: MALFORMED_JSON,
  })
  t.is(malformed.status, 400)
  t.is(malformed.body.errors[0].message, 'Invalid JSON')
  t.regex(malformed.body.errors[0].data.reason, /not valid JSON/)
  const ranged = await s.request('POST', '/api/ranged', { body: {} })
  t.is(ranged.status, 403)
  t.deepEqual(ranged.body, { error: 'forbidden' })
  t.deepEqual(logs.violations('/api/notes/12/pin', '/api/ranged'), [])
})

test('correctly declared endpoints, with a fragment or without one, log no violation', async (t) => {
  const stats = await s.request('GET', '/api/stats')
  t.is(stats.status, 200)
  t.deepEqual(stats.body, { count: 3 })
  const anything = await s.request('GET', '/api/anything')
  t.deepEqual(anything.body, { any: ['thing'] })
  t.deepEqual(logs.violations('/api/stats', '/api/anything'), [])
  t.false(logs.lines.some((l) => l.msg === 'custom endpoint check failed'))
})

test('a body the contract does not declare for its status is logged with the operation, the status and the schema errors; the answer is unchanged', async (t) => {
  const res = await fetch(s.directUrl('/api/notes/12/archive', CONTRADICTS), { method: 'POST' })
  t.is(res.status, 403)
  t.deepEqual(await res.json(), { error: 'forbidden' })
  const [line, ...more] = logs.violations('/api/notes/12/archive')
  t.deepEqual(more, [])
  t.like(line, {
    level: 40,
    operationId: 'archiveNote',
    method: 'POST',
    path: '/api/notes/12/archive',
    status: 403,
    contentType: 'application/json',
    violation: 'the body does not match the contract of archiveNote for 403',
  })
  t.true(line.errors!.some((e) => e.message === "must have required property 'errors'"))
  // The test client reads the contract the same way.
  await t.throwsAsync(s.request('POST', '/api/notes/12/archive', { direct: CONTRADICTS }), {
    instanceOf: ContractViolation,
    message: /the body does not match the contract of archiveNote for 403/,
  })
})

test('an undeclared status, a body its schema refuses, another content type and an undeclared thrown error are each logged', async (t) => {
  const answers: [string, number, unknown][] = []
  for (const path of ['/api/miscount', '/api/text', '/api/throws']) {
    const res = await fetch(s.directUrl(path, CONTRADICTS))
    answers.push([path, res.status, await res.text()])
  }
  t.deepEqual(answers, [
    ['/api/miscount', 200, '{"count":"many"}'],
    ['/api/text', 200, 'pong'],
    [
      '/api/throws',
      403,
      JSON.stringify({ errors: [{ name: 'Forbidden', message: 'Only on Tuesdays.' }] }),
    ],
  ])
  const lines = logs.violations('/api/miscount', '/api/text', '/api/throws')
  t.deepEqual(
    lines.map((l) => [l.operationId, l.status, l.violation]),
    [
      ['miscount', 200, 'the body does not match the contract of miscount for 200'],
      [
        'textPing',
        200,
        'content type text/plain, the contract of textPing says application/json for 200',
      ],
      [
        'throwsForbidden',
        403,
        'status 403 is not declared for throwsForbidden (declared: 200, 400, 401, 431, 500, 503)',
      ],
    ],
  )
  t.deepEqual(
    lines[0].errors!.map((e) => [e.instancePath, e.message]),
    [['/count', 'must be integer']],
  )
})

test('with checkEndpoints: false nothing is checked', async (t) => {
  const res = await fetch(off.directUrl('/api/notes/12/archive', CONTRADICTS), { method: 'POST' })
  t.is(res.status, 403)
  t.deepEqual(await res.json(), { error: 'forbidden' })
  t.true(quiet.lines.some((l) => l.msg === 'request' && l.path === '/api/notes/12/archive'))
  t.deepEqual(quiet.violations(), [])
})
