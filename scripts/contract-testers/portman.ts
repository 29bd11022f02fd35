#!/usr/bin/env node
/**
 * `node scripts/contract-testers/portman.ts`: Portman's contract and variation tests, run by newman against live
 * servers (docs/contracts.md, "Independent contract testers").
 *
 * For each application (the example app and the `magazine` fixture, `apps.ts`): serve it on a fresh SQLite
 * database on a free loopback port, seed it, fetch the contract it serves, have Portman turn that very document
 * into a Postman collection with the tests `portman-config.yaml` asks for, and run the collection with newman:
 * contract tests with an admin token, variations anonymous (unauthorised) and invalid (missing required fields,
 * wrong types, out-of-range values). Prints what ran and every failure with its request and response, and exits
 * 1 on any failure, or when an operation or a request went without a test.
 *
 *   node scripts/contract-testers/portman.ts [example|magazine]…   (default: both)
 *   PORTMAN_OUTPUT=<folder> keeps the collections as run (<app>.postman.json)
 */
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { withoutContentSchemas } from './without-content-schemas.ts'
import { shallowRichText } from './shallow-rich-text.ts'
import { example, magazineApp, serve, type AppUnderTest, type ServedApp } from './apps.ts'
import { variables } from './variables.ts'
import { FIXTURES, multipartUploads } from './upload-bodies.ts'
import { dropValidVariations } from './void-variations.ts'

const here = import.meta.dirname
const root = path.resolve(here, '../..')
const PORTMAN_CONFIG = path.join(here, 'portman-config.yaml')
const POSTMAN_CONFIG = path.join(here, 'postman-config.json')
const PORTMAN = path.join(root, 'node_modules/@apideck/portman/bin/portman')
/** The whole run must stay well under three minutes; a stuck step fails the run instead. */
const STEP_TIMEOUT_MS = 90_000

// newman ships no types: the part of its Node API used here.
interface NewmanExecution {
  item: { name: string }
  request: { method: string; url: { toString(): string }; body?: { raw?: string } }
  response?: { code: number; stream?: Buffer; headers: { toString(): string } }
  assertions?: { assertion: string; error?: { message: string } }[]
  requestError?: { message: string }
}
interface NewmanSummary {
  run: {
    stats: { requests: { total: number }; assertions: { total: number; failed: number } }
    executions: NewmanExecution[]
    error?: unknown
  }
}
type NewmanRun = (
  options: Record<string, unknown>,
  done: (error: Error | null, summary: NewmanSummary) => void,
) => void
const newman = createRequire(import.meta.url)('newman') as { run: NewmanRun }

interface Report {
  app: string
  operations: { covered: number; total: number; missed: string[] }
  contract: number
  variations: { anonymous: number; invalid: number; other: number }
  assertions: number
  failures: string[]
  /** Requests that ran without a single assertion (Portman writes none for a response without content). */
  untested: string[]
  /** Invalid-input variations Portman wrote that the contract accepts (void-variations.ts): not run. */
  dropped: string[]
  seconds: number
  /** Seconds spent serving and seeding, in Portman, checking its invalid variations, in newman. */
  phases: { serve: number; portman: number; check: number; newman: number }
}

/** Runs `node <args>` in `cwd`: its stdout, or an error with all it printed on a non-zero exit or timeout. */
function run(args: string[], cwd: string, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let output = ''
    child.stdout
      .setEncoding('utf8')
      .on('data', (chunk: string) => ((stdout += chunk), (output += chunk)))
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
    child.on('close', (code) => {
      clearTimeout(timer)
      if (code === 0) resolve(stdout)
      else reject(new Error(`${path.basename(args[0])} exited with ${code}:\n${output}`))
    })
  })
}

function newmanRun(collection: unknown, values: Record<string, string>): Promise<NewmanSummary> {
  return new Promise((resolve, reject) => {
    newman.run(
      {
        collection,
        environment: { values: Object.entries(values).map(([key, value]) => ({ key, value })) },
        reporters: [],
        timeout: STEP_TIMEOUT_MS,
        timeoutRequest: 10_000,
        workingDir: FIXTURES, // the file parts of multipart requests (upload-bodies.ts)
      },
      (error, summary) => (error ? reject(error) : resolve(summary)),
    )
  })
}

const bodyText = (buffer: Buffer | undefined) => (buffer ? buffer.toString('utf8') : '')
const clip = (s: string, n = 1200) => (s.length > n ? `${s.slice(0, n)}…` : s)

/** `[GET]::/posts/:id` as Portman names requests in its test names, for each operation of the document. */
function operationRefs(document: OpenAPIDocument): Map<string, string> {
  const refs = new Map<string, string>()
  for (const [p, item] of Object.entries(document.paths))
    for (const [method, op] of Object.entries(item))
      if (op && typeof op === 'object' && 'operationId' in op)
        refs.set(`[${method.toUpperCase()}]::${p.replace(/\{(\w+)\}/g, ':$1')}`, op.operationId)
  return refs
}
export interface OpenAPIDocument {
  paths: Record<string, Record<string, { operationId: string; 'x-cms'?: Record<string, unknown> }>>
}

/**
 * The document without its top-level `webhooks`: they are requests the CMS sends to subscribers, not operations
 * of the server under test, and openapi-to-postman turns each into a request to the server's base URL (Portman
 * 1.x then fails converting them: `Cannot read properties of undefined (reading 'parseSpec')`).
 */
function withoutWebhooks(doc: Record<string, unknown>): Record<string, unknown> {
  const { webhooks: _, ...rest } = doc
  return rest
}

async function testApp(app: AppUnderTest): Promise<Report> {
  const started = performance.now()
  const dir = await mkdtemp(path.join(tmpdir(), `portman-${app.name}-`))
  let served: ServedApp | undefined
  try {
    const lap = (since: number) => (performance.now() - since) / 1000
    served = await serve(app)
    const phases = { serve: lap(started), portman: 0, check: 0, newman: 0 }
    const response = await fetch(`${served.api}/openapi.json`)
    if (!response.ok) throw new Error(`GET ${served.api}/openapi.json answered ${response.status}`)
    const text = await response.text()
    const document = JSON.parse(text) as OpenAPIDocument
    const spec = path.join(dir, 'openapi.json')
    await writeFile(
      spec,
      JSON.stringify(
        shallowRichText(
          withoutContentSchemas(withoutWebhooks(JSON.parse(text) as Record<string, unknown>)),
        ),
      ),
    )
    const output = path.join(dir, 'collection.json')
    const portmanStarted = performance.now()
    await run(
      [
        PORTMAN,
        '--local',
        spec,
        '--baseUrl',
        served.api,
        '--portmanConfigFile',
        PORTMAN_CONFIG,
        '--postmanConfigFile',
        POSTMAN_CONFIG,
        '--output',
        output,
        '--includeTests',
        'true',
        '--runNewman',
        'false',
        '--warn',
        'false',
      ],
      dir,
      STEP_TIMEOUT_MS,
    )
    phases.portman = lap(portmanStarted)
    const checkStarted = performance.now()
    const collection = JSON.parse(await readFile(output, 'utf8')) as Record<string, unknown>
    // newman keeps the cookies a login or refresh sets and sends them on: each request must carry exactly the
    // credentials its test names (the admin's bearer token, or none), so the run keeps no cookies.
    collection.protocolProfileBehavior = { disableCookies: true }
    const values = await variables(served, app, document)
    const dropped = dropValidVariations(collection as never, document as never, values, (name) =>
      name.includes('[invalid'),
    )
    multipartUploads(collection as never, document as never)
    // PORTMAN_OUTPUT=<folder> keeps the collection as run, for a look in Postman or a rerun with newman's CLI.
    if (process.env.PORTMAN_OUTPUT)
      await writeFile(
        path.join(process.env.PORTMAN_OUTPUT, `${app.name}.postman.json`),
        JSON.stringify(collection, null, 1),
      )
    phases.check = lap(checkStarted)
    const newmanStarted = performance.now()
    const summary = await newmanRun(collection, values)
    phases.newman = lap(newmanStarted)
    if (summary.run.error) throw summary.run.error

    const refs = operationRefs(document)
    const covered = new Set<string>()
    const report: Report = {
      app: app.name,
      operations: { covered: 0, total: refs.size, missed: [] },
      contract: 0,
      variations: { anonymous: 0, invalid: 0, other: 0 },
      assertions: summary.run.stats.assertions.total,
      failures: [],
      untested: [],
      dropped,
      seconds: 0,
      phases,
    }
    for (const ex of summary.run.executions) {
      const variation = /\[(anonymous|invalid)[\][-]/.exec(ex.item.name)?.[1] as
        'anonymous' | 'invalid' | undefined
      if (variation) report.variations[variation]++
      else if (/\]\[/.test(ex.item.name)) report.variations.other++
      else report.contract++
      for (const a of ex.assertions ?? []) {
        const ref = /^(\[\w+\]::\S+)/.exec(a.assertion)?.[1]
        if (ref && refs.has(ref)) covered.add(refs.get(ref)!)
      }
      if (!ex.assertions?.length) report.untested.push(ex.item.name)
      const failed = (ex.assertions ?? []).filter((a) => a.error)
      if (!failed.length && !ex.requestError) continue
      report.failures.push(
        [
          `${ex.item.name}`,
          ...failed.map((a) => `  ✗ ${a.assertion}: ${a.error!.message}`),
          ...(ex.requestError ? [`  ✗ request error: ${ex.requestError.message}`] : []),
          `  request: ${ex.request.method} ${ex.request.url.toString()}`,
          ...(ex.request.body?.raw ? [`  request body: ${clip(ex.request.body.raw, 600)}`] : []),
          `  response: ${ex.response?.code ?? '-'} ${clip(bodyText(ex.response?.stream))}`,
        ].join('\n'),
      )
    }
    report.operations.covered = covered.size
    report.operations.missed = [...refs.values()].filter((id) => !covered.has(id))
    report.seconds = (performance.now() - started) / 1000
    return report
  } finally {
    await served?.close()
    await rm(dir, { recursive: true, force: true })
  }
}

function print(r: Report): void {
  console.log(
    `\n== Portman, ${r.app}: ${r.operations.covered}/${r.operations.total} operations, ` +
      `${r.contract} contract tests (admin token), ${r.variations.anonymous} anonymous and ` +
      `${r.variations.invalid + r.variations.other} invalid-input variations, ${r.assertions} assertions, ` +
      `${r.failures.length} failures (${r.seconds.toFixed(1)} s: serve and seed ${r.phases.serve.toFixed(1)}, ` +
      `Portman ${r.phases.portman.toFixed(1)}, check ${r.phases.check.toFixed(1)}, ` +
      `newman ${r.phases.newman.toFixed(1)})`,
  )
  if (r.operations.missed.length)
    console.log(`operations without a test: ${r.operations.missed.join(', ')}`)
  if (r.untested.length) console.log(`requests without an assertion: ${r.untested.join(', ')}`)
  if (r.dropped.length)
    console.log(
      `${r.dropped.length} invalid-input variations not run: the request Portman wrote is valid against the ` +
        `contract (void-variations.ts):\n${r.dropped.map((n) => `  ${n}`).join('\n')}`,
    )
  for (const f of r.failures) console.log(f)
}

// The example app's payment webhooks are signed with this secret (the collection signs them the same way).
process.env.PAYMENTS_WEBHOOK_SECRET ??= randomBytes(16).toString('hex')

const apps = [example, magazineApp]
const [flag, only] = process.argv.slice(2)
if (flag === '--app') {
  // One application in this process: its report on stdout, for the parent.
  const app = apps.find((a) => a.name === only)
  if (!app) throw new Error(`No application ${only}`)
  process.stdout.write(JSON.stringify(await testApp(app)))
} else {
  // Each application in a process of its own, side by side (the servers and newman's sandbox are CPU-bound).
  const wanted = process.argv.slice(2)
  const selected = wanted.length ? apps.filter((a) => wanted.includes(a.name)) : apps
  const started = performance.now()
  const reports = await Promise.all(
    selected.map(
      async (app) =>
        JSON.parse(
          await run([import.meta.filename, '--app', app.name], root, 2 * STEP_TIMEOUT_MS),
        ) as Report,
    ),
  )
  reports.forEach(print)
  const failures = reports.reduce((n, r) => n + r.failures.length, 0)
  const seconds = (performance.now() - started) / 1000
  console.log(`\nPortman: ${reports.length} apps, ${failures} failures in ${seconds.toFixed(1)} s`)
  const untested = reports.some((r) => r.operations.missed.length || r.untested.length)
  process.exitCode = failures || untested ? 1 : 0
}
