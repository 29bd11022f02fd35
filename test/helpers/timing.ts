/**
 * Loaded by ava before each test file (`require` in ava.config.js). When `CMS_TEST_TIMINGS` names a file, the
 * worker appends one JSON line to it as it exits: the test file, the database it ran on and its wall time from the
 * worker process's start (module loading, set-up and every test). `node scripts/test-timings.ts FILE` turns the
 * lines into the table of docs/testing.md.
 */
import test from 'ava'
import { appendFileSync } from 'node:fs'
import { databaseKind, projectPath } from '../matrix.ts'

export default function recordTiming(): void {
  const out = process.env.CMS_TEST_TIMINGS
  if (!out) return
  const file = projectPath(test.meta.file)
  const db = databaseKind(process.env.DATABASE_URL)
  process.on('exit', () => {
    const ms = Math.round(performance.now())
    appendFileSync(out, JSON.stringify({ file, db, ms }) + '\n')
  })
}
