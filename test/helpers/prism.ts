/**
 * Prism mode (`CMS_PRISM=1`, or `suites`: below): Stoplight Prism as an independent validating proxy in front of a test server, the
 * equivalent of `prism proxy <contract> <server> --errors --cors=false` (docs/contracts.md, "Prism validating
 * proxy"). Prism checks each request against the contract before forwarding it, and each answer after; with
 * `--errors` a violation becomes Prism's own problem+json answer (422, 401, 404, 405 or 500) instead of the
 * server's. Everything Prism reports is collected here, and the helpers make it fail the test.
 *
 * A request a test sends against the contract on purpose (`RequestOptions.invalid`) goes through a second proxy
 * with request validation off (`--validate-request=false`): Prism still checks the server's answer. One Prism
 * cannot forward at all (`RequestOptions.direct`: unknown routes, CORS preflights, malformed JSON) goes straight
 * to the server. Both are counted and listed in test-artifacts/prism/.
 */
import test from 'ava'
import { createHash } from 'node:crypto'
import { shallowRichText } from '../../scripts/contract-testers/shallow-rich-text.ts'
import { withoutContentSchemas } from '../../scripts/contract-testers/without-content-schemas.ts'
import { appendFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { projectPath } from '../matrix.ts'
import { prismHost } from './prism-host-client.ts'

/** The folders whose servers `CMS_PRISM=suites` puts behind Prism: the HTTP, SDK and reliability suites. */
export const PRISM_SUITES = ['test/http/', 'test/sdk/', 'test/reliability/']

/**
 * `CMS_PRISM=1`: every server a test file starts is behind Prism (`npm run test:prism` runs the suites of
 * `PRISM_SUITES` so). `CMS_PRISM=suites`: the files of those folders are, the others run as usual, so one
 * `npm test` runs the whole suite and the Prism run together (CI on SQLite, docs/testing.md).
 */
export const prismMode =
  process.env.CMS_PRISM === '1' ||
  (process.env.CMS_PRISM === 'suites' &&
    PRISM_SUITES.some((folder) => projectPath(test.meta.file).startsWith(folder)))

/** The `type` of every answer Prism makes itself (route not found, request or response violations…). */
export const PRISM_ERROR_TYPE = 'https://stoplight.io/prism/errors#'

export interface PrismState {
  /** Requests each proxy received: request and answer validated, answer only. */
  received: { validated: number; responseOnly: number }
  /** Every violation Prism reported, in the order it reported them. */
  violations: string[]
}

export interface PrismProxy {
  /** Prism validating requests and answers: where the tests send requests. */
  url: string
  /** Prism validating answers only, for the requests a test makes invalid on purpose. */
  responsesUrl: string
  /** The contract file Prism validates with (`prism proxy <file> <server> --errors` reproduces a run). */
  contractFile: string
  /** What the proxies have received and reported so far. */
  state: () => Promise<PrismState>
  /** Requests sent on purpose around the full validation, each with its route and reason. */
  bypassed: { request: string; route: 'response-only' | 'direct'; reason: string }[]
  /**
   * Stops Prism, adds a line to test-artifacts/prism/ (counts, violations, bypassed requests), and throws when
   * Prism reported a violation.
   */
  stop: () => Promise<void>
}

/**
 * Prism reads a server URL's path (`servers[0].url`, `/api`) as no part of the routes: it matches a request's
 * path against `paths` alone, by design (stoplightio/prism#1100, #1307 and the FAQ of its README). The file it
 * is given is the served contract with each path written in full (`/posts` → `/api/posts`), the rewrite its
 * maintainers advise; nothing else changes.
 */
export function prismDocument(contract: Record<string, unknown>): Record<string, unknown> {
  const base = (contract.servers as { url: string }[] | undefined)?.[0]?.url ?? ''
  const prefix = base.replace(/\/$/, '')
  const paths = Object.entries(contract.paths as Record<string, unknown>)
  // The API's root (`/`, the index) is the base itself: `/api`, as clients ask it.
  const full = (p: string) => (p === '/' && prefix ? prefix : prefix + p)
  return { ...contract, paths: Object.fromEntries(paths.map(([p, item]) => [full(p), item])) }
}

/**
 * Starts Prism's proxies for `upstream` (the server's origin) with `contract` (what the server serves at
 * /api/openapi.json): one validating requests and answers, one validating answers only. They run in the Prism
 * host (prism-host.ts: one process for every test file, which loads Prism once), through the package the CLI
 * itself calls (`@stoplight/prism-http-server`) with the configuration the CLI builds for `proxy --errors`, so
 * that Prism's log comes to the host instead of a terminal. `label` names the test file in the report
 * (test-artifacts/prism/); without one, the run is not reported.
 */
export async function startPrism(
  upstream: string,
  contract: Record<string, unknown>,
  label?: string,
): Promise<PrismProxy> {
  const started = performance.now()
  const dir = await mkdtemp(path.join(tmpdir(), 'cms-prism-'))
  const contractFile = path.join(dir, 'openapi.json')
  const document = JSON.stringify(
    shallowRichText(withoutContentSchemas(prismDocument(contract))),
    null,
    2,
  )
  await writeFile(contractFile, document)
  const hash = createHash('sha256').update(document).digest('hex').slice(0, 24)
  const start = { op: 'start', contractFile, hash, upstream }
  // Once again on a fresh connection when the host ended as this one reached it (its idle time up).
  const { host, answer } = await prismHost()
    .then(async (host) => ({ host, answer: await host.call(start) }))
    .catch(async () => {
      const host = await prismHost()
      return { host, answer: await host.call(start) }
    })
  const id = answer.proxy as number
  const proxy: PrismProxy = {
    url: answer.url as string,
    responsesUrl: answer.responsesUrl as string,
    contractFile,
    state: async () => (await host.call({ op: 'state', proxy: id })) as unknown as PrismState,
    bypassed: [],
    stop: async () => {
      const final = (await host.call({ op: 'stop', proxy: id })) as unknown as PrismState
      if (label) await report(label, final, proxy.bypassed, startMs)
      // The contract file stays only when a failure names it
      if (!final.violations.length) await rm(dir, { recursive: true, force: true })
      else
        throw new Error(
          `Prism reported ${final.violations.length} violation(s) (contract: ${contractFile}):\n${final.violations.join('\n')}`,
        )
    },
  }
  const startMs = Math.round(performance.now() - started)
  return proxy
}

/** One line per proxy in test-artifacts/prism/<worker pid>.jsonl; `node test/helpers/prism-report.ts` sums them. */
async function report(
  label: string,
  { received, violations }: PrismState,
  bypassed: PrismProxy['bypassed'],
  startMs: number,
) {
  const dir = path.join(process.cwd(), 'test-artifacts/prism')
  await mkdir(dir, { recursive: true })
  const file = label.startsWith('file:')
    ? path.relative(process.cwd(), fileURLToPath(label))
    : label
  const line = JSON.stringify({ file, startMs, received, violations, bypassed })
  await appendFile(path.join(dir, `${process.pid}.jsonl`), `${line}\n`)
}

/**
 * The violation an answer carries, if any: Prism's own error answer (refused request, replaced response), or
 * the `sl-violations` header it adds when forwarding an answer with warnings.
 */
export function prismViolation(headers: Headers, body: unknown): string | undefined {
  const header = headers.get('sl-violations')
  const type = (body as { type?: unknown } | undefined)?.type
  if (typeof type === 'string' && type.startsWith(PRISM_ERROR_TYPE))
    return `Prism answered ${JSON.stringify(body)}${header ? ` (sl-violations: ${header})` : ''}`
  if (header) return `sl-violations: ${header}`
}

/**
 * Where a request goes in Prism mode: `url` as it is (through the full proxy), or moved to the response-only
 * proxy or to the server, recorded with its reason.
 */
export function routeRequest(
  proxy: PrismProxy | undefined,
  serverUrl: string,
  method: string,
  url: URL,
  bypass: { invalid?: string; direct?: string },
): URL {
  if (!proxy || !url.href.startsWith(proxy.url)) return url
  const route = bypass.direct ? 'direct' : bypass.invalid ? 'response-only' : undefined
  if (!route) return url
  const request = `${method} ${url.pathname}${url.search}`
  proxy.bypassed.push({ request, route, reason: (bypass.direct ?? bypass.invalid)! })
  return new URL(url.pathname + url.search, route === 'direct' ? serverUrl : proxy.responsesUrl)
}

/**
 * For a test that starts a server itself: the URL to send its requests to, in Prism mode Prism's in front of
 * `serverUrl` with the contract the server serves at /api/openapi.json (the default `routes.api`). `stop` fails
 * the test when Prism reported a violation; outside Prism mode the URL is the server's and `stop` does nothing.
 */
export async function behindPrism(
  serverUrl: string,
  label: string,
): Promise<{ url: string; stop: () => Promise<void> }> {
  if (!prismMode) return { url: serverUrl, stop: async () => {} }
  const contract = (await (await fetch(`${serverUrl}/api/openapi.json`)).json()) as Record<
    string,
    unknown
  >
  const proxy = await startPrism(serverUrl, contract, label)
  return { url: proxy.url, stop: proxy.stop }
}
