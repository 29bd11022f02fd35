#!/usr/bin/env node
/**
 * `node scripts/contract-testers/schemathesis.ts`: Schemathesis against live servers (docs/contracts.md,
 * "Schemathesis").
 *
 * Installs Schemathesis from `../shared/tools/schemathesis` (beside the clone; SCHEMATHESIS_SOURCES overrides)
 * into `.st-venv` once, then for each application (the example app and the `newsroom` fixture, `apps.ts`) and
 * each caller (anonymous, and the admin's bearer token from a real login): serves the app on a fresh SQLite
 * database with its rate limits and lockout raised (fuzzing sends thousands of logins), and runs every check
 * through the phases examples, coverage, fuzzing and stateful, one worker, a bounded number of cases per
 * operation. The reports (JUnit and ndjson) go to `schemathesis-report/<app>-<caller>/`. Prints per run the
 * operations, generated cases, phases, duration and the failures grouped by check and operation, and exits 1 on
 * any failure.
 *
 *   node scripts/contract-testers/schemathesis.ts [example|newsroom]… [--anonymous|--authenticated]
 *   ST_MAX_EXAMPLES=<n> cases per operation and phase (default 10); ST_ARGS="<extra st options>";
 *   ST_PARALLEL=<n> runs at a time (default 2); the example's authenticated run goes in two parts (`SPLIT`)
 */
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { access, mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Config } from '../../server/config/types.ts'
import { example, newsroomApp, serve, type AppUnderTest } from './apps.ts'
import { login } from './variables.ts'
import { summarise, type RunSummary } from './schemathesis-report.ts'
import { refusedToAnonymous, writeConfig } from './anonymous-coverage.ts'

const root = path.resolve(import.meta.dirname, '../..')
const SOURCES =
  process.env.SCHEMATHESIS_SOURCES ?? path.resolve(root, '../shared/tools/schemathesis')
const VENV = path.join(root, '.st-venv')
const ST = path.join(VENV, 'bin/st')
const REPORTS = path.join(root, 'schemathesis-report')
const MAX_EXAMPLES = process.env.ST_MAX_EXAMPLES ?? '10'
const PHASES = 'examples,coverage,fuzzing,stateful'
/** A run past this is stuck: it is killed and fails (a loaded machine runs the coverage phase for many minutes). */
const RUN_TIMEOUT_MS = 60 * 60_000

/** Runs a command; resolves with its exit code and everything it printed (also echoed when `echo`). */
function run(
  command: string,
  args: string[],
  options: { echo?: boolean; timeoutMs?: number; env?: Record<string, string> } = {},
): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      // The hooks module (schemathesis_hooks.py): the tool limits it works around are in docs/contracts.md.
      env: {
        ...process.env,
        SCHEMATHESIS_HOOKS: 'schemathesis_hooks',
        ...options.env,
        PYTHONPATH: [import.meta.dirname, process.env.PYTHONPATH]
          .filter(Boolean)
          .join(path.delimiter),
      },
    })
    let output = ''
    const take = (chunk: string) => {
      output += chunk
      if (options.echo) process.stdout.write(chunk)
    }
    child.stdout.setEncoding('utf8').on('data', take)
    child.stderr.setEncoding('utf8').on('data', take)
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? RUN_TIMEOUT_MS)
    child.on('error', reject)
    child.on('close', (code) => {
      clearTimeout(timer)
      resolve({ code: code ?? 1, output })
    })
  })
}

/** Installs the tool once: an existing `.st-venv` with the right version is kept. */
async function install(): Promise<void> {
  const installed = await access(ST).then(
    () => run(ST, ['--version'], { timeoutMs: 60_000 }),
    () => undefined,
  )
  if (installed?.code === 0 && installed.output.includes('4.9.5')) return
  const script = path.join(SOURCES, 'install.sh')
  await access(script).catch(() => {
    throw new Error(
      `No ${script}: Schemathesis is installed from ../shared/tools/schemathesis beside the clone (or SCHEMATHESIS_SOURCES).`,
    )
  })
  console.log(`Installing Schemathesis from ${SOURCES} into ${path.relative(root, VENV)}…`)
  const { code, output } = await run('bash', [script, VENV], { timeoutMs: 5 * 60_000 })
  if (code !== 0) throw new Error(`install.sh failed:\n${output}`)
}

/**
 * The config under test with the per-address rate limits and the login lockout out of reach: a fuzzer sends
 * thousands of logins and password writes from one address, whose real 429s would hide every other answer.
 */
function fuzzable(config: Config): Config {
  const rule = { max: 1_000_000, windowMs: 60_000 }
  return {
    ...config,
    rateLimit: { login: rule, forgotPassword: rule, passwordChange: rule },
    collections: (config.collections ?? []).map((c) =>
      c.auth
        ? { ...c, auth: { ...(c.auth === true ? {} : c.auth), maxLoginAttempts: 1_000_000 } }
        : c,
    ),
  }
}

/**
 * One Schemathesis run: an app, a caller, and for a run split in two (`SPLIT`) its part: the first runs every
 * phase but the coverage phase of every other operation (by operationId), the second that coverage phase alone.
 * The two parts send the cases the whole run sends, each part against a server of its own, so that the longest
 * run does not hold one core while the other has nothing left.
 */
interface Run {
  app: AppUnderTest
  authenticated: boolean
  part?: typeof FIRST_PART | typeof SECOND_PART
}
const FIRST_PART = 'part 1'
const SECOND_PART = 'part 2, coverage'
/** The runs split in two: the example's authenticated run, whose coverage phase is the longest (326 s of 412). */
const SPLIT = ['example-authenticated']

/** The operations whose coverage phase a split run's second part runs: every other operationId, sorted. */
function secondHalf(contract: Record<string, unknown>): string[] {
  const paths = contract.paths as Record<string, Record<string, { operationId?: string }>>
  const ids = Object.values(paths).flatMap((item) =>
    Object.values(item).flatMap((op) => (op.operationId ? [op.operationId] : [])),
  )
  return ids.sort().filter((_, i) => i % 2 === 1)
}

/**
 * Seconds each run took on the 2-core machine (2026-12-07, the five runs two at a time, nothing beside them), by
 * which the runs are shared between the lanes.
 */
const EXPECTED_SECONDS: Record<string, number> = {
  'example-authenticated, part 1': 228,
  'example-authenticated, part 2, coverage': 148,
  'example-anonymous': 181,
  'newsroom-authenticated': 200,
  'newsroom-anonymous': 101,
}
const expected = ({ app, authenticated, part }: Run) =>
  EXPECTED_SECONDS[
    `${app.name}-${authenticated ? 'authenticated' : 'anonymous'}${part ? `, ${part}` : ''}`
  ] ?? 200

/**
 * The runs shared among `count` lanes so that the longest lane is as short as it can be: every way of sharing
 * tried for two lanes (a handful of runs), the longest run next to the shortest lane otherwise; each lane longest
 * first.
 */
function lanes(runs: Run[], count: number): Run[][] {
  const byLength = [...runs].sort((a, b) => expected(b) - expected(a))
  const total = (lane: Run[]) => lane.reduce((n, r) => n + expected(r), 0)
  let best: Run[][] = []
  if (count === 2 && runs.length <= 12) {
    for (let mask = 0; mask < 1 << byLength.length; mask++) {
      const pair = [0, 1].map((side) => byLength.filter((_, i) => ((mask >> i) & 1) === side))
      if (!best.length || Math.max(...pair.map(total)) < Math.max(...best.map(total))) best = pair
    }
    return best
  }
  best = Array.from({ length: count }, () => [])
  for (const run of byLength) best.reduce((a, b) => (total(b) < total(a) ? b : a)).push(run)
  return best
}

/** The seed of a run (ST_SEED, default 1). */
const SEED = Number(process.env.ST_SEED ?? 1)

/**
 * One run; a run whose only error is a failed health check (Schemathesis could not generate enough data for an
 * operation: nothing was found, the operation went untested in a phase) runs once more with the next seed. A
 * second such error, or any finding, stays.
 */
async function runChecked(run: Run): Promise<RunSummary> {
  const { app } = run
  const first = await runOnce(run, SEED)
  if (!first.error || first.failures) return first
  if (/Failed Health Check/.test(first.error)) {
    console.log(
      `\n== Schemathesis, ${app.name}: a failed health check and no finding; once more with seed ${SEED + 1}`,
    )
    return runOnce(run, SEED + 1)
  }
  if (!networkOnly(first)) return first
  // A request the transport lost (a reset connection, a read past the 10 s timeout) is no check's finding, and
  // the same seed sends the same cases: once more, with the first run's errors printed in the summary.
  console.log(
    `\n== Schemathesis, ${app.name}: a network error and no finding; once more, same seed`,
  )
  const second = await runOnce(run, SEED)
  const lost = first.errors.map((e) => `${e.type} in ${e.label} (${e.phase}): ${e.message}`)
  second.text += `\n  (the first run lost requests: ${lost.join('; ')}; the same seed again ${second.error || second.failures ? 'failed too' : 'passed'})`
  return second
}

/** The run's only errors are requests the transport lost (requests' exceptions). */
const networkOnly = (s: RunSummary) =>
  s.errors.length > 0 &&
  s.errors.every((e) =>
    /^(ConnectionError|ReadTimeout|ConnectTimeout|ChunkedEncodingError)$/.test(e.type),
  )

async function runOnce({ app, authenticated, part }: Run, seed: number): Promise<RunSummary> {
  const caller = `${authenticated ? 'authenticated' : 'anonymous'}${part ? `, ${part}` : ''}`
  const dir = path.join(REPORTS, `${app.name}-${caller.replace(/\W+/g, '-')}`)
  await rm(dir, { recursive: true, force: true })
  await mkdir(dir, { recursive: true })
  const served = await serve(app, fuzzable)
  try {
    const token = authenticated ? await login(served, app) : undefined
    // The anonymous run skips the coverage phase of the operations access refuses it whatever it sends; a split
    // run's first part skips the coverage phase of the operations its second part covers.
    let configFile = path.join(SOURCES, 'schemathesis.toml')
    let phases = PHASES
    let only: string[] = []
    if (!authenticated || part) {
      const contract = (await (await fetch(`${served.api}/openapi.json`)).json()) as Record<
        string,
        unknown
      >
      const refused = authenticated ? [] : await refusedToAnonymous(served.cms, contract)
      if (!authenticated)
        console.log(
          `== Schemathesis, ${app.name}, anonymous: no coverage phase for the ${refused.length} operations access refuses it: ${refused.join(', ')}`,
        )
      const second = part ? secondHalf(contract) : []
      if (part === FIRST_PART)
        console.log(
          `== Schemathesis, ${app.name}, ${caller}: the coverage phase of ${second.length} operations in the second part: ${second.join(', ')}`,
        )
      if (part === SECOND_PART) {
        phases = 'coverage'
        only = second
      }
      configFile = path.join(dir, 'schemathesis.toml')
      const off = [...new Set([...refused, ...(part === FIRST_PART ? second : [])])].sort()
      await writeConfig(path.join(SOURCES, 'schemathesis.toml'), off, configFile)
    }
    const args = [
      '--config-file',
      configFile,
      'run',
      `${served.api}/openapi.json`,
      '--url',
      served.api,
      '-c',
      'all',
      '--phases',
      phases,
      ...only.flatMap((id) => ['--include-operation-id', id]),
      '-n',
      MAX_EXAMPLES,
      '-w',
      '1',
      '--seed',
      String(seed),
      '--no-color',
      // The reports keep the headers sent (a malformed Authorization is a finding); the token is a test server's.
      '--output-sanitize',
      'false',
      '--generation-database',
      'none',
      // Hypothesis meets some schemas by filtering (it did for the drafts bodies' if/then on _status, gone since
      // draft=true relaxes them instead): its health check would stop generating for such an operation.
      '--suppress-health-check',
      'filter_too_much',
      '--report',
      'junit,ndjson',
      '--report-junit-path',
      path.join(dir, 'junit.xml'),
      '--report-ndjson-path',
      path.join(dir, 'events.ndjson'),
      ...(token ? ['-H', `Authorization: Bearer ${token}`] : []),
      ...(process.env.ST_ARGS ? process.env.ST_ARGS.split(' ').filter(Boolean) : []),
    ]
    console.log(`\n== Schemathesis, ${app.name}, ${caller}: st ${args.slice(2).join(' ')}`)
    const started = performance.now()
    // Through bash, whose `times` prints the CPU time st used: the wall time depends on the machine's load.
    const { code, output } = await run(
      'bash',
      ['-c', '"$0" "$@"; code=$?; times; exit $code', ST, ...args],
      {
        echo: Boolean(process.env.ST_ECHO),
        // A fixed hash seed: Python's per-process string hashing otherwise changes set orders inside the
        // generators, so one --seed gave other cases in each process.
        env: {
          SCHEMATHESIS_CALLER: authenticated ? 'authenticated' : 'anonymous',
          PYTHONHASHSEED: '0',
        },
      },
    )
    const seconds = (performance.now() - started) / 1000
    await writeFile(path.join(dir, 'st.log'), output)
    const ndjson = await readFile(path.join(dir, 'events.ndjson'), 'utf8').catch(() => '')
    return await summarise({ app: app.name, caller, code, output, ndjson, seconds, dir })
  } finally {
    await served.close()
  }
}

// The example app's payment webhooks are signed with this secret.
process.env.PAYMENTS_WEBHOOK_SECRET ??= randomBytes(16).toString('hex')

const apps = [example, newsroomApp]
const argv = process.argv.slice(2)
const wanted = argv.filter((a) => !a.startsWith('--'))
const callers = argv.includes('--anonymous')
  ? [false]
  : argv.includes('--authenticated')
    ? [true]
    : [false, true]
await install()
const summaries: RunSummary[] = []
const started = performance.now()
const runs = (wanted.length ? apps.filter((a) => wanted.includes(a.name)) : apps).flatMap((app) =>
  callers.flatMap((authenticated): Run[] =>
    SPLIT.includes(`${app.name}-${authenticated ? 'authenticated' : 'anonymous'}`)
      ? [
          { app, authenticated, part: FIRST_PART },
          { app, authenticated, part: SECOND_PART },
        ]
      : [{ app, authenticated }],
  ),
)
// The runs two at a time (ST_PARALLEL=1 for one at a time): Schemathesis is single-threaded with `-w 1` and does
// most of the work, so two runs use the machine's two cores. Each lane runs its share one after the other.
const parallel = Math.max(1, Number(process.env.ST_PARALLEL ?? 2))
await Promise.all(
  lanes(runs, parallel).map(async (lane) => {
    for (const run of lane) {
      const summary = await runChecked(run)
      summaries.push(summary)
      console.log(summary.text)
    }
  }),
)
const failures = summaries.reduce((n, s) => n + s.failures, 0)
const broken = summaries.filter((s) => s.error)
console.log(
  `\nSchemathesis: ${summaries.length} runs, ${failures} failures in ` +
    `${((performance.now() - started) / 1000).toFixed(0)} s; reports in ${path.relative(root, REPORTS)}/`,
)
process.exitCode = failures || broken.length ? 1 : 0
