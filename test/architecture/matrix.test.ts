/**
 * Issue 53: the database matrix rule (test/matrix.ts, docs/testing.md). A test file runs on SQLite, MariaDB and
 * PostgreSQL unless it is one of the `ONCE` files, and those may not touch the database layer: no import of
 * `server/db/`, no `DATABASE_URL`, no question of which dialect runs, no statement counts, no `cms.db`; nor may the
 * test modules they import (their own folder's helpers; `test/helpers/` is shared and read per name). No entry
 * takes a whole behaviour folder, and every entry names something that exists. (A timed-out test's report of the
 * database's sessions, `explained` in test/helpers/db.ts, is a diagnosis, not a use: the admin's harness has it.)
 */
import test from 'ava'
import { existsSync, globSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { MATRIX_ONLY, ONCE, runsOnce, testFiles } from '../matrix.ts'

const root = path.resolve(import.meta.dirname, '../..')
const files = globSync('test/**/*.test.ts', { cwd: root }).sort()

/** What touching the database layer looks like in a test's source. */
const DATABASE_LAYER: [RegExp, string][] = [
  [/from\s+'[^']*server\/db\//, 'imports server/db/'],
  [/\bDATABASE_URL\b/, 'reads DATABASE_URL'],
  [/\b(dialectName|analyzeStatement)\b/, 'asks which dialect runs'],
  [/\bcountQueries\b/, 'counts SQL statements'],
  [/\bsharedDatabaseUrl\b/, 'shares one database between processes'],
  [/\.db\.\w/, 'reaches cms.db'],
]

/** The relative imports of `file` that are test modules of its own (not the shared test/helpers/). */
function ownImports(file: string, seen = new Set<string>()): string[] {
  if (seen.has(file)) return []
  seen.add(file)
  const source = readFileSync(path.join(root, file), 'utf8')
  const found: string[] = []
  for (const [, spec] of source.matchAll(/from\s+'(\.[^']+\.ts)'/g)) {
    const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec))
    if (!target.startsWith('test/') || target.startsWith('test/helpers/')) continue
    found.push(target, ...ownImports(target, seen))
  }
  return found
}

/** This file and test/matrix.ts spell the rule's words out: they are the rule, not a use of the database. */
const RULE = ['test/architecture/matrix.test.ts', 'test/matrix.ts']

function touches(file: string): string[] {
  if (RULE.includes(file)) return []
  const source = readFileSync(path.join(root, file), 'utf8')
  return DATABASE_LAYER.filter(([pattern]) => pattern.test(source)).map(([, what]) => what)
}

test('a file that runs once touches no part of the database layer, nor do the test modules it imports', (t) => {
  const once = files.filter(runsOnce)
  t.true(once.length > 20, `${once.length} files run once`)
  const offenders = once.flatMap((file) =>
    [file, ...ownImports(file)].flatMap((f) => touches(f).map((what) => `${file}: ${f} ${what}`)),
  )
  t.deepEqual(offenders, [])
})

test('the rule catches a file that touches the database layer', (t) => {
  // The matrix files that do touch it: the check above would refuse each of them in ONCE.
  const touching = files.filter((f) => !runsOnce(f) && touches(f).length > 0)
  t.true(touching.includes('test/db/migrations.test.ts'))
  t.true(touching.includes('test/config/database-url.test.ts'))
  t.true(touching.includes('test/http/graphql-cost.test.ts'))
})

test('no entry takes a behaviour folder whole; an entry inside one names a file and says why it is an exception', (t) => {
  for (const entry of ONCE) {
    const folder = MATRIX_ONLY.find((f) => entry.path.startsWith(f))
    if (!folder) continue
    t.false(entry.path.endsWith('/'), `${entry.path} would take ${folder} out of the matrix`)
    t.regex(entry.why, /^exception: /, entry.path)
  }
})

test('every entry names a file or folder of the suite, and every file excepted from a folder exists', (t) => {
  for (const entry of ONCE) {
    t.true(existsSync(path.join(root, entry.path)), entry.path)
    t.true(
      files.some((f) => f === entry.path || (entry.path.endsWith('/') && f.startsWith(entry.path))),
      `${entry.path} names no test file`,
    )
    for (const name of entry.except ?? [])
      t.true(files.includes(entry.path + name), entry.path + name)
  }
})

test('SQLite runs every file; MariaDB and PostgreSQL run the matrix, which holds every behaviour folder whole but its named exceptions', (t) => {
  t.deepEqual(testFiles(files, {}), files)
  t.deepEqual(testFiles(files, { DATABASE_URL: 'sqlite:data/cms.db' }), files)
  const named = new Set(ONCE.map((e) => e.path))
  for (const url of ['mysql://u:p@127.0.0.1/db', 'postgres://u:p@127.0.0.1/db']) {
    const run = testFiles(files, { DATABASE_URL: url })
    t.true(run.length < files.length)
    t.deepEqual(testFiles(files, { DATABASE_URL: url, CMS_TEST_SCOPE: 'all' }), files)
    for (const file of files.filter((f) => MATRIX_ONLY.some((folder) => f.startsWith(folder))))
      t.is(run.includes(file), !named.has(file), file)
    for (const file of files.filter((f) => touches(f).length > 0)) t.true(run.includes(file), file)
  }
})
