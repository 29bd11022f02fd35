import test from 'ava'
import { readFile, rm } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { prismViolation, startPrism, type PrismProxy } from '../helpers/prism.ts'

/**
 * The Prism harness itself (test/helpers/prism.ts, docs/contracts.md "Prism validating proxy"): Prism mode proves
 * something only if what Prism reports reaches the tests. A small contract and a server that breaks it on purpose.
 */
const json = (schema: object) => ({ content: { 'application/json': { schema } } })
const thing = { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } }
const contract = {
  openapi: '3.1.0',
  info: { title: 'things', version: '1' },
  servers: [{ url: '/api' }],
  paths: {
    '/things/{id}': {
      get: {
        operationId: 'getThing',
        parameters: [
          { name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } },
        ],
        responses: { '200': { description: 'a thing', ...json(thing) } },
      },
    },
    '/things': {
      post: {
        operationId: 'createThing',
        requestBody: { required: true, ...json(thing) },
        responses: { '201': { description: 'created', ...json(thing) } },
      },
    },
  },
}

// Prism keeps the contract file of a run with violations (its failure names it): these runs have some on purpose.
const started: PrismProxy[] = []
const track = (prism: PrismProxy) => (started.push(prism), prism)
test.after.always(() =>
  Promise.all(
    started.map((p) => rm(path.dirname(p.contractFile), { recursive: true, force: true })),
  ),
)

/** Answers /api/things/1 as the contract says, /api/things/2 with a wrong body, anything else with a 418. */
async function upstream(): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    req.resume()
    const send = (status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
    if (req.url === '/api/things/1') send(200, { id: 1 })
    else if (req.url === '/api/things/2') send(200, { id: 'two' })
    else if (req.method === 'POST') send(201, { id: 3 })
    else send(418, { teapot: true })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }
}

test('a request and answer the contract describes pass; the contract file has the paths in full', async (t) => {
  const { server, url } = await upstream()
  const prism = track(await startPrism(url, contract))
  try {
    const r = await fetch(`${prism.url}/api/things/1`)
    t.is(r.status, 200)
    t.deepEqual(await r.json(), { id: 1 })
    t.is(prismViolation(r.headers, { id: 1 }), undefined)
    t.is((await prism.state()).received.validated, 1)
    const file = JSON.parse(await readFile(prism.contractFile, 'utf8')) as typeof contract
    t.deepEqual(Object.keys(file.paths), ['/api/things/{id}', '/api/things'])
    await t.notThrowsAsync(prism.stop())
  } finally {
    server.closeAllConnections()
    server.close()
  }
})

test('an answer against the contract becomes a violation: in the answer, and from stop()', async (t) => {
  const { server, url } = await upstream()
  const prism = track(await startPrism(url, contract))
  try {
    const r = await fetch(`${prism.url}/api/things/2`)
    t.is(r.status, 500)
    t.regex(prismViolation(r.headers, await r.json()) ?? '', /VIOLATIONS.*response.*body.*id/)
    const stopped = await t.throwsAsync(prism.stop())
    t.regex(stopped?.message ?? '', /1 violation\(s\)[\s\S]*GET \/api\/things\/2/)
  } finally {
    server.closeAllConnections()
    server.close()
  }
})

test('an invalid request is refused; through the response-only proxy it is forwarded and the answer still checked', async (t) => {
  const { server, url } = await upstream()
  const prism = track(await startPrism(url, contract))
  try {
    const refused = await fetch(`${prism.url}/api/things/0`)
    t.is(refused.status, 422)
    t.regex(prismViolation(refused.headers, await refused.json()) ?? '', /UNPROCESSABLE_ENTITY/)
    const forwarded = await fetch(`${prism.responsesUrl}/api/things/0`)
    // A status the operation does not declare is a warning to Prism outside 2xx: forwarded, and flagged.
    t.is(forwarded.status, 418)
    t.regex(
      prismViolation(forwarded.headers, await forwarded.json()) ?? '',
      /sl-violations: .*Unable to match the returned status code/,
    )
    t.deepEqual((await prism.state()).received, { validated: 1, responseOnly: 1 })
    await t.throwsAsync(prism.stop())
  } finally {
    server.closeAllConnections()
    server.close()
  }
})

// Why malformed JSON goes straight to the server (MALFORMED_JSON in test/helpers/http.ts). When this fails, Prism
// answers such a body: send those requests through the response-only proxy instead.
test('Prism 5.16 leaves a malformed JSON body unanswered', async (t) => {
  const { server, url } = await upstream()
  const prism = track(await startPrism(url, contract))
  try {
    const hung = fetch(`${prism.responsesUrl}/api/things`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"id":',
      signal: AbortSignal.timeout(1000),
    })
    await t.throwsAsync(hung, { name: 'TimeoutError' })
    await prism.stop().catch(() => {})
  } finally {
    server.closeAllConnections()
    server.close()
  }
})

// Why binary uploads go straight to the server (BINARY_MULTIPART in test/helpers/http.ts): Prism validates a
// multipart body, but forwards it re-encoded as UTF-8 text. When the last assertion fails, Prism forwards bytes as
// they are: send binary multipart bodies through it too.
test('Prism 5.16 validates a multipart body, and forwards a binary file part corrupted', async (t) => {
  const files = {
    ...contract,
    paths: {
      '/files': {
        post: {
          operationId: 'uploadFile',
          requestBody: {
            required: true,
            content: {
              'multipart/form-data': {
                schema: {
                  type: 'object',
                  required: ['file'],
                  properties: { file: { type: 'string', format: 'binary' } },
                },
              },
            },
          },
          responses: { '201': { description: 'stored', ...json(thing) } },
        },
      },
    },
  }
  // Answers with the number of bytes it received
  const server = createServer(async (req, res) => {
    let id = 0
    for await (const chunk of req) id += (chunk as Buffer).length
    res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ id }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const prism = track(
    await startPrism(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, files),
  )
  const send = async (form: FormData) => {
    const body = new Request('http://x', { method: 'POST', body: form })
    const bytes = new Uint8Array(await body.arrayBuffer())
    const headers = { 'content-type': body.headers.get('content-type')! }
    const res = await fetch(`${prism.url}/api/files`, { method: 'POST', headers, body: bytes })
    return { sent: bytes.length, status: res.status, body: (await res.json()) as { id: number } }
  }
  try {
    const none = new FormData()
    none.append('note', 'no file')
    t.is((await send(none)).status, 422)
    const text = new FormData()
    text.append('file', new Blob(['<svg xmlns="http://www.w3.org/2000/svg"/>']), 'a.svg')
    const svg = await send(text)
    t.is(svg.status, 201)
    t.is(svg.body.id, svg.sent)
    const binary = new FormData()
    binary.append('file', new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0xff, 0xfe])]), 'a.png')
    const png = await send(binary)
    t.is(png.status, 201)
    t.not(png.body.id, png.sent) // 0xff and 0xfe became U+FFFD (3 bytes each)
    await prism.stop().catch(() => {})
  } finally {
    server.closeAllConnections()
    server.close()
  }
})
