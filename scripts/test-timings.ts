#!/usr/bin/env node
/**
 * `node scripts/test-timings.ts <timings.jsonl>… [--top N] [--write]`: the per-file timing report of docs/testing.md.
 *
 * A run with `CMS_TEST_TIMINGS=<file>` (test/helpers/timing.ts) appends a line per test file: its path, the
 * database and its wall time. This prints, per database, the total of the files' times, the time by folder and the
 * slowest files, as Markdown tables. `--write` records the SQLite times in test/durations.json, which ava.config.js
 * reads to start the longest files first.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

interface Timing {
  file: string
  db: string
  ms: number
}

const args = process.argv.slice(2)
const top = Number(args[args.indexOf('--top') + 1]) || 25
const inputs = args.filter((a, i) => !a.startsWith('--') && args[i - 1] !== '--top')
if (inputs.length === 0) {
  console.error('usage: node scripts/test-timings.ts <timings.jsonl>… [--top N] [--write]')
  process.exit(2)
}
const timings: Timing[] = inputs.flatMap((f) =>
  readFileSync(f, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Timing),
)
const seconds = (ms: number) => (ms / 1000).toFixed(1)

for (const db of [...new Set(timings.map((t) => t.db))]) {
  const rows = timings.filter((t) => t.db === db).sort((a, b) => b.ms - a.ms)
  const total = rows.reduce((sum, t) => sum + t.ms, 0)
  console.log(`\n### ${db}: ${rows.length} files, ${seconds(total)} s of file time\n`)
  const folders = new Map<string, number>()
  for (const t of rows) {
    const folder = t.file.split('/').slice(0, 2).join('/')
    folders.set(folder, (folders.get(folder) ?? 0) + t.ms)
  }
  console.log('| folder | s | share |\n|---|---:|---:|')
  for (const [folder, ms] of [...folders].sort((a, b) => b[1] - a[1]))
    console.log(`| ${folder} | ${seconds(ms)} | ${Math.round((100 * ms) / total)} % |`)
  console.log(`\n| slowest files | s |\n|---|---:|`)
  for (const t of rows.slice(0, top)) console.log(`| ${t.file} | ${seconds(t.ms)} |`)
}

if (args.includes('--write')) {
  const sqlite = timings
    .filter((t) => t.db === 'sqlite')
    .sort((a, b) => a.file.localeCompare(b.file))
  const files = Object.fromEntries(sqlite.map((t) => [t.file, t.ms]))
  const sorted = Object.values(files).sort((a, b) => a - b)
  const target = path.resolve(import.meta.dirname, '../test/durations.json')
  const table = {
    about:
      'Wall time in ms of each test file on SQLite (node scripts/test-timings.ts --write); ava.config.js starts the longest first.',
    unknownMs: sorted[Math.floor(sorted.length * 0.9)] ?? 10_000,
    files,
  }
  writeFileSync(target, JSON.stringify(table, null, 2) + '\n')
  console.log(`\nwrote ${path.relative(process.cwd(), target)} (${sqlite.length} files)`)
}
