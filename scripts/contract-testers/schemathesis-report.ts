/**
 * The summary of one Schemathesis run (scripts/contract-testers/schemathesis.ts), from its ndjson events: the
 * operations tested, cases generated, phases with their status and duration, and the failures grouped by check
 * and operation, each group with one reproduction as a curl command (also written to `failures.json` beside
 * the reports).
 */
import { writeFile } from 'node:fs/promises'
import path from 'node:path'

export interface RunSummary {
  app: string
  caller: string
  operations: number
  cases: number
  phases: { name: string; status: string; seconds: number }[]
  /** Distinct failures (check, operation, first line of the message). */
  failures: number
  groups: FailureGroup[]
  /**
   * Failures of a request that was not sent (`unsent`): the case names an invalid header, the request recorded
   * for it does not carry that header. Listed, not counted (docs/contracts.md, "Schemathesis").
   */
  unsent: FailureGroup[]
  /**
   * Failures whose answer is Payload's 400 "Value must be unique" and nothing else: a schema-valid body whose
   * unique value an earlier case had already stored, which no schema can say. Listed, not counted.
   */
  taken: FailureGroup[]
  seconds: number
  /** CPU seconds (user and system) of Schemathesis itself, from bash's `times`. */
  cpuSeconds?: number
  /** Set when the run did not complete (no EngineFinished, or the tool failed to start), or reported errors. */
  error?: string
  /**
   * The errors Schemathesis reported beside its checks (NonFatalError events: a request that could not be sent
   * or answered, a failed health check), each with the operation and phase it happened in.
   */
  errors: RunError[]
  text: string
}
export interface RunError {
  label: string
  phase: string
  type: string
  message: string
}
export interface FailureGroup {
  check: string
  operation: string
  message: string
  count: number
  curl: string
  status?: number
}

interface Interaction {
  request: { method: string; uri: string; headers: Record<string, string[]>; body?: unknown }
  response?: { status_code: number; content?: { $base64?: string } }
}
interface Recorder {
  label: string
  cases?: Record<string, { value: { method: string; path: string } }>
  checks?: Record<
    string,
    { name: string; status: string; failure_info?: { failure: { message: string } } }[]
  >
  interactions?: Record<string, Interaction>
}
type Event = Record<string, Record<string, unknown>>

const decode = (b: unknown) =>
  b && typeof b === 'object' && '$base64' in b
    ? Buffer.from(String((b as { $base64: string }).$base64), 'base64').toString('utf8')
    : typeof b === 'string'
      ? b
      : ''
const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`

/** A curl command sending what Schemathesis sent (a token shortened to `$TOKEN`). */
function curl(i: Interaction | undefined): string {
  if (!i) return '(no request recorded)'
  const r = i.request
  const parts = ['curl', '-sS', '-X', r.method, quote(r.uri)]
  for (const [name, values] of Object.entries(r.headers ?? {}))
    for (const v of values)
      parts.push('-H', quote(`${name}: ${v.replace(/^Bearer \S{40,}$/, 'Bearer $TOKEN')}`))
  const body = decode(r.body)
  if (body) parts.push('--data-binary', quote(body.length > 400 ? `${body.slice(0, 400)}…` : body))
  return parts.join(' ')
}

/**
 * A negative case whose invalid component is a header the recorded request does not carry: Schemathesis 4.9.5
 * judged an anonymous request (no such header) by the mutation it meant to send. Seen with a mutated
 * `Authorization` beside an extra header (`*: Inf`): sent as the case says, the server answers 401.
 */
function unsentHeader(message: string, i: Interaction | undefined): boolean {
  const name = /Invalid component: parameter `([^`]+)` in header/.exec(message)?.[1]
  if (!name || !i) return false
  return !Object.keys(i.request.headers ?? {}).some((h) => h.toLowerCase() === name.toLowerCase())
}

/** The answer is a 400 whose every error is a ValidationError of taken values ("Value must be unique"). */
function takenValue(i: Interaction | undefined): boolean {
  if (i?.response?.status_code !== 400) return false
  let body: unknown
  try {
    body = JSON.parse(decode(i.response.content))
  } catch {
    return false
  }
  const errors = (
    body as { errors?: { name?: string; data?: { errors?: { message?: string }[] } }[] }
  )?.errors
  return (
    Array.isArray(errors) &&
    errors.length > 0 &&
    errors.every(
      (e) =>
        e.name === 'ValidationError' &&
        Array.isArray(e.data?.errors) &&
        e.data.errors.length > 0 &&
        e.data.errors.every((f) => f.message === 'Value must be unique'),
    )
  )
}

function failureGroups(events: Event[]): {
  groups: FailureGroup[]
  unsent: FailureGroup[]
  taken: FailureGroup[]
  cases: number
  ops: number
} {
  const groups = new Map<string, FailureGroup>()
  const unsent: FailureGroup[] = []
  const taken: FailureGroup[] = []
  const caseIds = new Set<string>()
  const ops = new Set<string>()
  for (const e of events) {
    const finished = e.ScenarioFinished as { recorder?: Recorder } | undefined
    const r = finished?.recorder
    if (!r) continue
    for (const [id, c] of Object.entries(r.cases ?? {})) {
      caseIds.add(id)
      if (r.label !== 'Stateful tests') ops.add(r.label)
      for (const check of r.checks?.[id] ?? []) {
        if (check.status !== 'failure') continue
        const full = check.failure_info?.failure.message ?? ''
        const message = full.split('\n')[0]
        const operation = `${c.value.method} ${c.value.path}`
        if (unsentHeader(full, r.interactions?.[id])) {
          unsent.push({
            check: check.name,
            operation,
            message: full,
            count: 1,
            curl: curl(r.interactions?.[id]),
          })
          continue
        }
        if (takenValue(r.interactions?.[id])) {
          taken.push({
            check: check.name,
            operation,
            message,
            count: 1,
            curl: curl(r.interactions?.[id]),
            status: 400,
          })
          continue
        }
        const key = `${check.name}\0${operation}\0${message}`
        const group = groups.get(key)
        if (group) group.count++
        else
          groups.set(key, {
            check: check.name,
            operation,
            message,
            count: 1,
            curl: curl(r.interactions?.[id]),
            status: r.interactions?.[id]?.response?.status_code,
          })
      }
    }
  }
  return { groups: [...groups.values()], unsent, taken, cases: caseIds.size, ops: ops.size }
}

function errorsOf(events: Event[]): RunError[] {
  return events.flatMap((e) => {
    const v = e.NonFatalError as
      { label?: string; phase?: string; value?: { type?: string; message?: string } } | undefined
    if (!v) return []
    return [
      {
        label: String(v.label ?? '?'),
        phase: String(v.phase ?? '?'),
        type: String(v.value?.type ?? '?'),
        message: String(v.value?.message ?? ''),
      },
    ]
  })
}

/** The ERRORS section Schemathesis printed (between its ERRORS and the next section's header), if any. */
function errorsSection(output: string): string {
  const match = /=+ ERRORS =+\n([\s\S]*?)(?=\n=+ [A-Z]+ =+\n|$)/.exec(output)
  return match ? match[1].trim().slice(0, 4000) : ''
}

function phasesOf(events: Event[]): RunSummary['phases'] {
  const started = new Map<string, number>()
  const out: RunSummary['phases'] = []
  for (const e of events) {
    const [kind, v] = Object.entries(e)[0] ?? []
    const phase = (v?.phase as { name?: string } | undefined)?.name
    if (!phase) continue
    if (kind === 'PhaseStarted') started.set(phase, v.timestamp as number)
    if (kind === 'PhaseFinished')
      out.push({
        name: phase,
        status: String(v.status),
        seconds: (v.timestamp as number) - (started.get(phase) ?? (v.timestamp as number)),
      })
  }
  return out
}

export async function summarise(run: {
  app: string
  caller: string
  code: number
  output: string
  ndjson: string
  seconds: number
  dir: string
}): Promise<RunSummary> {
  const events = run.ndjson
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Event)
  const { groups, unsent, taken, cases, ops } = failureGroups(events)
  const finished = events.some((e) => 'EngineFinished' in e)
  const errors = errorsOf(events)
  // "Tested: N" and "N generated" as the tool prints them, when it printed them.
  const tested = /Tested:\s+(\d+)/.exec(run.output)?.[1]
  const generated = /(\d+) generated/.exec(run.output)?.[1]
  const times = /(\d+)m([\d.]+)s (\d+)m([\d.]+)s\s*$/.exec(run.output)
  const cpuSeconds = times
    ? Number(times[1]) * 60 + Number(times[2]) + Number(times[3]) * 60 + Number(times[4])
    : undefined
  const summary: RunSummary = {
    app: run.app,
    caller: run.caller,
    operations: tested ? Number(tested) : ops,
    cases: generated ? Number(generated) : cases,
    phases: phasesOf(events),
    failures: groups.length,
    groups,
    unsent,
    taken,
    seconds: run.seconds,
    cpuSeconds,
    errors,
    // st exits 1 on any failure it finds, the uncounted ones too: then the exit code alone is no run error.
    ...(!finished ||
    errors.length ||
    (run.code !== 0 && !groups.length && !unsent.length && !taken.length)
      ? {
          error:
            `st exited with ${run.code}` +
            errors.map((e) => `\n    ${e.type} in ${e.label} (${e.phase}): ${e.message}`).join('') +
            `\n${errorsSection(run.output) || run.output.slice(-3000)}`,
        }
      : {}),
    text: '',
  }
  summary.text = format(summary)
  await writeFile(path.join(run.dir, 'failures.json'), JSON.stringify(summary, null, 1))
  return summary
}

function format(s: RunSummary): string {
  const lines = [
    `${s.app}, ${s.caller}: ${s.operations} operations, ${s.cases} generated cases, ` +
      `${s.failures} distinct failures in ${s.seconds.toFixed(0)} s` +
      (s.cpuSeconds === undefined ? '' : ` (${s.cpuSeconds.toFixed(0)} s of CPU)`),
    `  phases: ${s.phases.map((p) => `${p.name} ${p.status} ${p.seconds.toFixed(0)} s`).join(', ')}`,
  ]
  const byCheck = new Map<string, FailureGroup[]>()
  for (const g of s.groups) byCheck.set(g.check, [...(byCheck.get(g.check) ?? []), g])
  for (const [check, groups] of [...byCheck].sort((a, b) => b[1].length - a[1].length)) {
    lines.push(`  ✗ ${check}: ${groups.length} operations`)
    for (const g of groups.sort((a, b) => a.operation.localeCompare(b.operation)))
      lines.push(`      ${g.operation} (${g.status ?? '-'}): ${g.message}`)
    lines.push(`    e.g. ${groups[0].curl}`)
  }
  for (const u of s.unsent)
    lines.push(
      `  (not counted: ${u.check} on ${u.operation} judged a header the recorded request does not carry; ${u.message.split('\n').pop()}; sent: ${u.curl})`,
    )
  for (const u of s.taken)
    lines.push(
      `  (not counted: ${u.check} on ${u.operation}: the answer is Payload's 400 "Value must be unique", a value an earlier case stored; sent: ${u.curl})`,
    )
  if (s.error) lines.push(`  run error: ${s.error}`)
  return lines.join('\n')
}
