/**
 * The layer table of docs/architecture.md is the rule: every relative import of a file under server/ goes to its
 * own layer or one above it in the table. The table is read from the doc, so the doc cannot drift from the code.
 */
import test from 'ava'
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'

const repo = path.resolve(import.meta.dirname, '../..')
const server = path.join(repo, 'server')

/** The one import allowed across the order (type-only): the database handle's type in the config's types. */
const TYPE_EXCEPTIONS = new Set(['config/types.ts → db/database.ts'])

async function sources(dir: string): Promise<string[]> {
  const out: string[] = []
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) out.push(...(await sources(full)))
    else if (entry.name.endsWith('.ts')) out.push(full)
  }
  return out
}

/** Layer rows in order: name and the server/ prefixes (folders end in `/`, files do not) its folders column names. */
async function layerTable(): Promise<{ name: string; prefixes: string[] }[]> {
  const doc = await readFile(path.join(repo, 'docs/architecture.md'), 'utf8')
  const rows = doc
    .split('\n')
    .filter((l) => /^\| \w+ \| `server\//.test(l))
    .map((l) => {
      const [, name, folders] = l.split('|').map((c) => c.trim())
      return { name, prefixes: [...folders.matchAll(/`server\/([^`]+)`/g)].map((m) => m[1]) }
    })
  return rows
}

test('every import of server/ follows the layer table of docs/architecture.md', async (t) => {
  const table = await layerTable()
  t.deepEqual(
    table.map((r) => r.name),
    [
      'errors',
      'config',
      'utilities',
      'db',
      'auth',
      'email',
      'local',
      'orders',
      'contracts',
      'http',
      'entry',
    ],
  )
  const rank = (file: string): number =>
    table.findIndex((r) =>
      r.prefixes.some((p) => (p.endsWith('/') ? file.startsWith(p) : file === p)),
    )
  const unplaced: string[] = []
  const upward: string[] = []
  const files = await sources(server)
  t.true(files.length > 200)
  for (const full of files) {
    const file = path.relative(server, full).split(path.sep).join('/')
    const own = rank(file)
    if (own < 0) unplaced.push(file)
    // Import statements only (comments hold none at a line's start; generated code in templates leaves server/).
    const text = await readFile(full, 'utf8')
    for (const m of text.matchAll(/^import (type )?[^;]*?from '(\.\.?\/[^']+)'/gm)) {
      const [, typeOnly, spec] = m
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec))
      if (target.startsWith('..')) continue
      const to = rank(target)
      if (to <= own) continue
      if (typeOnly && TYPE_EXCEPTIONS.has(`${file} → ${target}`)) continue
      upward.push(`${file} (${table[own]?.name}) → ${target} (${table[to]?.name})`)
    }
  }
  t.deepEqual(unplaced, [])
  t.deepEqual(upward, [])
})

test('a field type is one module: only its module and the registry name a built-in type', async (t) => {
  // `'relationship'` is the type the issue measured (36 places in 17 files before the registry).
  const found: string[] = []
  for (const full of await sources(server)) {
    const file = path.relative(server, full).split(path.sep).join('/')
    if (file === 'fields/relationship.ts') continue
    if ((await readFile(full, 'utf8')).includes("'relationship'")) found.push(file)
  }
  t.deepEqual(found, [])
})
