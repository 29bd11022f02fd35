import test from 'ava'
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'

// docs/decisions.md shows the census of config options; it must be what the option tables say today.
test('the option census in docs/decisions.md is the one scripts/option-census.ts prints', (t) => {
  const census = execFileSync(process.execPath, ['scripts/option-census.ts'], { encoding: 'utf8' })
  const docs = readFileSync('docs/decisions.md', 'utf8')
  t.true(census.includes('| **total** ('))
  t.true(docs.includes(census.trimEnd()), 'run node scripts/option-census.ts and paste its table')
})
