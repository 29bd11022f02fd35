import test from 'ava'
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'

/**
 * The layering docs/architecture.md describes, checked on the source: SQL only under server/db/, database
 * differences only in server/db/dialects/, config depending on no other layer (but errors and the database handle's type), one route compiler.
 */
const root = path.resolve(import.meta.dirname, '../../server')

async function sources(dir = root): Promise<string[]> {
  const out: string[] = []
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) out.push(...(await sources(full)))
    else if (entry.name.endsWith('.ts')) out.push(full)
  }
  return out
}
const rel = (file: string) => path.relative(root, file).split(path.sep).join('/')
/** The code of a file without its comments, so a doc comment naming a statement is not code. */
const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '')

const SQL =
  /\b(SELECT\s+[\w*"`]|INSERT\s+INTO|UPDATE\s+\S+\s+SET|DELETE\s+FROM|CREATE\s+TABLE|ALTER\s+TABLE|DROP\s+(TABLE|INDEX))\b/

test('no SQL text and no database-name checks outside server/db', async (t) => {
  const files = await sources()
  t.true(files.length > 100)
  const sql: string[] = []
  const dialectChecks: string[] = []
  for (const file of files) {
    const text = code(await readFile(file, 'utf8'))
    const name = rel(file)
    if (!name.startsWith('db/') && SQL.test(text)) sql.push(name)
    if (!name.startsWith('db/dialects/') && /dialect\.name\b/.test(text)) dialectChecks.push(name)
  }
  t.deepEqual(sql, [])
  t.deepEqual(dialectChecks, [])
})

test('config imports from no other layer; one route compiler', async (t) => {
  const upward: string[] = []
  const compilers: string[] = []
  for (const file of await sources()) {
    const text = code(await readFile(file, 'utf8'))
    const name = rel(file)
    // config may use the error classes and the database handle's type (CmsRequest.transaction), nothing else.
    if (name.startsWith('config/'))
      for (const m of text.matchAll(/import (type )?[^;]*?from '(\.\.?\/[^']+)'/g)) {
        const [, typeOnly, target] = m
        // Resolved against server/, so a module under config/sanitize/ is held to the same rule.
        const to = path.posix.join(path.posix.dirname(name), target)
        if (to.startsWith('config/') || to.startsWith('errors/')) continue
        if (typeOnly && to === 'db/database.ts') continue
        upward.push(`${name} → ${target}`)
      }
    // A route compiler turns path templates into regular expressions.
    if (/new RegExp\(`\^\$\{/.test(text)) compilers.push(name)
  }
  t.deepEqual(upward, [])
  t.deepEqual(compilers, ['http/router.ts'])
})
