/**
 * Lints the served contract of the example app and of a second fixture config (test/fixtures/contract-configs.ts
 * `magazine`) with two linters nobody here wrote: Redocly CLI (its recommended ruleset) and Spectral
 * (`spectral:oas`, .spectral.yaml). Fails on any error; prints the warnings by rule.
 */
import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { loadConfig } from '../server/config/load.ts'
import { sanitizeConfig } from '../server/config/sanitize.ts'
import { compileOpenAPI } from '../server/contracts/openapi.ts'
import { magazine } from '../test/fixtures/contract-configs.ts'

const run = promisify(execFile)
const root = path.resolve(import.meta.dirname, '..')
const bin = (name: string) => path.join(root, 'node_modules/.bin', name)

async function tool(file: string, args: string[]): Promise<string> {
  try {
    const { stdout, stderr } = await run(file, args, {
      cwd: root,
      maxBuffer: 64 << 20,
      env: { ...process.env, REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', REDOCLY_TELEMETRY: 'off' },
    })
    return stdout || stderr
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string }
    return e.stdout ?? '' // both exit non-zero on errors; the report is on stdout
  }
}

const dir = await mkdtemp(path.join(tmpdir(), 'cms-lint-'))
let errors = 0
try {
  const apps = [
    ['example', await loadConfig()],
    ['magazine', sanitizeConfig(magazine)],
  ] as const
  // The four linter runs (two tools, two contracts) are separate processes, most of a minute each: side by side.
  const reports = await Promise.all(
    apps.map(async ([name, config]) => {
      const file = path.join(dir, `${name}.json`)
      await writeFile(file, JSON.stringify(compileOpenAPI(config)))
      const [redoclyOut, spectralOut] = await Promise.all([
        tool(bin('redocly'), ['lint', file, '--format=json']),
        tool(bin('spectral'), [
          'lint',
          file,
          '--ruleset',
          path.join(root, '.spectral.yaml'),
          '-f',
          'json',
          '--quiet',
        ]),
      ])
      return { name, redoclyOut, spectralOut }
    }),
  )
  for (const { name, redoclyOut, spectralOut } of reports) {
    const redocly = JSON.parse(redoclyOut.replace(/^[^{]*/, '')) as {
      problems: { ruleId: string; severity: string; message: string }[]
    }
    const spectral = JSON.parse(spectralOut.replace(/^[^[]*/, '')) as {
      code: string
      severity: number
      message: string
      path: string[]
    }[]
    const tally = (list: { rule: string; error: boolean }[]) => {
      const by = new Map<string, number>()
      for (const p of list) by.set(p.rule, (by.get(p.rule) ?? 0) + 1)
      return [...by].map(([rule, n]) => `${rule} ×${n}`).join(', ') || 'none'
    }
    const r = redocly.problems.map((p) => ({ rule: p.ruleId, error: p.severity === 'error' }))
    const s = spectral.map((p) => ({ rule: p.code, error: p.severity === 0 }))
    for (const p of redocly.problems.filter((p) => p.severity === 'error'))
      console.error(`redocly ${name}: ${p.ruleId}: ${p.message}`)
    for (const p of spectral.filter((p) => p.severity === 0))
      console.error(`spectral ${name}: ${p.code}: ${p.message} at ${p.path.join('.')}`)
    const re = r.filter((p) => p.error).length
    const se = s.filter((p) => p.error).length
    errors += re + se
    console.log(
      `${name}: redocly ${re} errors, ${r.length - re} warnings (${tally(r.filter((p) => !p.error))}); ` +
        `spectral ${se} errors, ${s.length - se} warnings (${tally(s.filter((p) => !p.error))})`,
    )
  }
} finally {
  await rm(dir, { recursive: true, force: true })
}
if (errors) {
  console.error(`${errors} linter errors`)
  process.exit(1)
}
