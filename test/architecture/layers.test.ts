import test from 'ava'
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'

/**
 * The layering docs/architecture.md describes, checked on the source: SQL only under server/db/, database
 * differences only in server/db/dialects/, one route compiler (the layer order: layers-table.test.ts).
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

test('one route compiler', async (t) => {
  const compilers: string[] = []
  for (const file of await sources()) {
    // A route compiler turns path templates into regular expressions.
    if (/new RegExp\(`\^\$\{/.test(code(await readFile(file, 'utf8')))) compilers.push(rel(file))
  }
  t.deepEqual(compilers, ['http/router.ts'])
})
