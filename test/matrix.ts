/**
 * Which test files run on every database and which run once (docs/testing.md, "The database matrix").
 *
 * Every file runs on SQLite (`npm test`). On MariaDB and PostgreSQL (`DATABASE_URL=mysql://… | postgres://…
 * npm test`) the files listed in `ONCE` are left out: what they test cannot differ by database (the contract
 * compilers, config checks at start, the admin's UI in a browser, the SDK's typing, pure rich-text rendering).
 * Everything else is the matrix: storage, where and sort, migrations, transactions, locking, dialect types,
 * claims, totals, and every Local, REST and GraphQL behaviour test of the seeds.
 *
 * `test/architecture/matrix.test.ts` holds the rule: a file listed here may not touch the database layer (import
 * `server/db/`, read `DATABASE_URL`, ask which dialect runs, count statements, reach `cms.db`), no entry may name
 * a file of the behaviour folders (`MATRIX_ONLY`) except the few named with their reason, and every entry matches
 * a file. `CMS_TEST_SCOPE=all` runs the `ONCE` files on another database too.
 */

import path from 'node:path'
import { fileURLToPath } from 'node:url'

export interface OnceEntry {
  /** A folder (ending in `/`: every file under it) or one file, relative to the project root. */
  path: string
  /** Files of a folder entry that stay in the matrix. */
  except?: string[]
  /** Why what it tests cannot differ by database. */
  why: string
}

export const ONCE: OnceEntry[] = [
  {
    path: 'test/admin/',
    why: "the admin's UI in Chromium: it reaches data through REST, whose behaviour the http files test on each database",
  },
  { path: 'test/architecture/', why: 'reads the source tree' },
  {
    path: 'test/config/',
    except: ['database-url.test.ts', 'options-local.test.ts', 'options-http.test.ts'],
    why: "config checks: the sanitiser's startup errors and the option tables, decided before a database is opened",
  },
  {
    path: 'test/contracts/',
    except: ['error-catalogue.test.ts', 'rich-text.test.ts'],
    why: 'the contract compilers (OpenAPI, SDL, links, webhooks, generation and drift), a function of the config',
  },
  { path: 'test/generators/', why: 'third-party generators compiled against the contract' },
  { path: 'test/richtext/editor.test.ts', why: "the admin's Lexical editor in Chromium" },
  { path: 'test/richtext/html.test.ts', why: 'Lexical to HTML and text: pure functions' },
  { path: 'test/sdk/consumer.test.ts', why: "the SDK's typing: a strict consumer compiled by tsc" },
  {
    path: 'test/http/api-docs.test.ts',
    why: 'exception: the contract and API reference pages, served as files',
  },
  {
    path: 'test/http/graphql-settings.test.ts',
    why: 'exception: the GraphQL playground page and the route options',
  },
  {
    path: 'test/local/declared-types.test.ts',
    why: 'exception: what an afterRead hook returned is answered as the fields declare, after the read, whatever the database',
  },
  {
    path: 'test/http/anonymous-refusals.test.ts',
    why: "exception: the access check answers before the input is read, whatever the database (the Schemathesis runner's premise)",
  },
]

/** Whether `file` (relative to the project root, `/`-separated) is one of the files that run once. */
export function runsOnce(file: string): boolean {
  return ONCE.some((e) =>
    e.path.endsWith('/')
      ? file.startsWith(e.path) && !(e.except ?? []).includes(file.slice(e.path.length))
      : file === e.path,
  )
}

/**
 * The behaviour folders: the Local, REST and GraphQL behaviour of the seeds and everything the storage layer
 * decides. An entry of `ONCE` inside one names a single file and says "exception" in its reason.
 */
export const MATRIX_ONLY = [
  'test/db/',
  'test/http/',
  'test/jobs/',
  'test/local/',
  'test/orders/',
  'test/payload-specs/',
  'test/reliability/',
  'test/storage/',
  'test/uploads/',
  'test/webhooks/',
]

/** A test file's path relative to the project root, `/`-separated, from an absolute path or a file URL. */
export function projectPath(file: string): string {
  const absolute = file.startsWith('file:') ? fileURLToPath(file) : file
  return path.relative(root, absolute).split(path.sep).join('/')
}
const root = path.resolve(import.meta.dirname, '..')

export type DatabaseKind = 'sqlite' | 'mysql' | 'postgres'

export function databaseKind(url: string | undefined): DatabaseKind {
  if (url?.startsWith('mysql')) return 'mysql'
  if (/^postgres(ql)?:/.test(url ?? '')) return 'postgres'
  return 'sqlite'
}

/** The test files of a run on the database `env.DATABASE_URL` names, from every file of the suite. */
export function testFiles(files: string[], env: Record<string, string | undefined>): string[] {
  if (databaseKind(env.DATABASE_URL) === 'sqlite' || env.CMS_TEST_SCOPE === 'all') return files
  return files.filter((f) => !runsOnce(f))
}
