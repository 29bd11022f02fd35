/**
 * Sums a Prism-mode run (`CMS_PRISM=1 ava …`) from test-artifacts/prism/: requests Prism validated, violations,
 * requests sent straight to the server by reason, and Prism's start-up cost. `--clear` empties the folder first.
 */
import { readdir, readFile, rm } from 'node:fs/promises'
import path from 'node:path'

const dir = path.join(process.cwd(), 'test-artifacts/prism')
if (process.argv.includes('--clear')) {
  await rm(dir, { recursive: true, force: true })
  process.exit(0)
}
interface Line {
  file: string
  startMs: number
  received: { validated: number; responseOnly: number }
  violations: string[]
  bypassed: { request: string; route: string; reason: string }[]
}
const lines: Line[] = []
for (const name of await readdir(dir).catch(() => [])) {
  const text = await readFile(path.join(dir, name), 'utf8')
  for (const line of text.split('\n')) if (line) lines.push(JSON.parse(line) as Line)
}
const sum = (f: (l: Line) => number) => lines.reduce((n, l) => n + f(l), 0)
const reasons = (route: string) => {
  const counts = new Map<string, number>()
  for (const line of lines)
    for (const b of line.bypassed)
      if (b.route === route) counts.set(b.reason, (counts.get(b.reason) ?? 0) + 1)
  return [...counts].sort((a, b) => b[1] - a[1])
}
console.log(`Prism proxies: ${lines.length} (start-up ${sum((l) => l.startMs)} ms in all)`)
console.log(`requests and answers validated: ${sum((l) => l.received.validated)}`)
console.log(
  `answers validated, the request invalid on purpose: ${sum((l) => l.received.responseOnly)}`,
)
for (const [reason, n] of reasons('response-only')) console.log(`  ${n}× ${reason}`)
const direct = reasons('direct')
console.log(`straight to the server: ${direct.reduce((n, [, k]) => n + k, 0)}`)
for (const [reason, n] of direct) console.log(`  ${n}× ${reason}`)
console.log(`violations: ${sum((l) => l.violations.length)}`)
for (const line of lines) for (const v of line.violations) console.log(`  ${line.file}: ${v}`)
