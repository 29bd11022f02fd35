/**
 * Issue 57, item 10: the README's curl examples, read from README.md and run as written (bash and curl, the
 * host and port of the README replaced by the test server's) against the example app freshly seeded, as after
 * `npm install && npm start`. The write example once created a category the seed already has (`guides`, a
 * unique slug): a newcomer's first write was a 400. What they print is checked against the contract.
 */
import test from 'ava'
import { execFile, spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import exampleConfig from '../../cms.config.ts'
import { contractChecker, useServer } from '../helpers/http.ts'

const README = path.resolve(import.meta.dirname, '../../README.md')
const ORIGIN = 'http://127.0.0.1:3000'

/** The README's bash blocks that call the running server with curl. */
function curlExamples(): string[] {
  const blocks = [...readFileSync(README, 'utf8').matchAll(/^```bash\n([\s\S]*?)^```/gm)]
  return blocks.map((m) => m[1]).filter((b) => /^(\w+=\$\()?curl /m.test(b) && b.includes(ORIGIN))
}

/** Runs a README block in bash against `origin`, with this process's Node first on PATH; resolves its stdout. */
function run(block: string, origin: string): Promise<string> {
  const env = {
    ...process.env,
    PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH}`,
  }
  const script = `set -euo pipefail\n${block.replaceAll(ORIGIN, origin)}`
  return new Promise((resolve, reject) =>
    execFile('bash', ['-c', script], { env, timeout: 30_000 }, (error, stdout, stderr) =>
      error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout),
    ),
  )
}

const s = useServer(test, exampleConfig, async (cms) => cms.config.seed!(cms))

test.before(() => {
  if (spawnSync('curl', ['--version']).error)
    throw new Error("The README's examples use curl: install it to run this test.")
})

test('the README has its read and write examples', (t) => {
  const blocks = curlExamples()
  t.is(blocks.length, 2)
  t.regex(blocks[0], /curl -g '.*\/api\/posts\?/)
  t.regex(blocks[1], /\/api\/users\/login[\s\S]*-X POST .*\/api\/categories/)
})

test("the README's read example lists published posts of the seed", async (t) => {
  const check = await contractChecker(s.server.document)
  const [read] = curlExamples()
  const out = JSON.parse(await run(read, s.server.url)) as { totalDocs: number }
  check('GET', new URL(`${s.server.url}/api/posts`), 200, out, 'application/json')
  t.true(out.totalDocs > 0)
})

test("the README's write example logs in and creates a category on a freshly seeded database", async (t) => {
  const check = await contractChecker(s.server.document)
  const [, write] = curlExamples()
  const printed = await run(write, s.server.url)
  const out = JSON.parse(printed) as { doc?: { slug: string }; errors?: unknown }
  t.is(out.errors, undefined, printed)
  // The create's 201 answer, as the contract declares it.
  check('POST', new URL(`${s.server.url}/api/categories`), 201, out, 'application/json')
  const slug = out.doc?.slug ?? ''
  const stored = await s.request('GET', '/api/categories', {
    query: { 'where[slug][equals]': slug },
  })
  t.is(stored.body.totalDocs, 1)
})
