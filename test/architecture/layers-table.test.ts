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
      'richtext',
      'errors',
      'config',
      'utilities',
      'db',
      'auth',
      'email',
      'storage',
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
    // Lexical's `relationship` node and feature are rich text's, not the field type: the converters, the editor's
    // features and their resolution, and the rich-text module's own node rules name it.
    if (/richtext\/|rich-text|lexical/.test(file)) continue
    if ((await readFile(full, 'utf8')).includes("'relationship'")) found.push(file)
  }
  t.deepEqual(found, [])
})

/**
 * Recursions over fields that are not a walk of every field: each builds or follows a tree of its own (a copy, a
 * placement map, a permissions tree, claims, a merged or localized document) or follows one path. Any other
 * recursion over fields is a walk: `traverseFields` (fields) or `walkData`/`walkDataAsync` (data with its
 * fields) in config/fields.ts do it.
 */
const TREE_BUILDERS = new Set([
  'local/access.ts: dropIn', // field write access, with the stored row beside each incoming one
  'config/fields.ts: traverseFields',
  'config/fields.ts: walkData',
  'config/fields.ts: walkDataAsync',
  'config/versions.ts: versionCopy', // the versions collection's copy of the fields
  'config/check-options.ts: checkFields', // the raw config, layout fields included, with its key paths
  'config/sanitize/texts.ts: resolveFields', // label functions of the raw config, layout fields included
  'config/sanitize/orderable.ts: joinsOf',
  'config/sanitize/base-fields.ts: withBaseFields', // declared fields merged over Payload's base fields (a new tree)
  'config/sanitize/fields.ts: unlocalized', // a copy of the raw fields without `localized`
  'config/sanitize/lexical.ts: fieldsOf', // the fields inside rich text (blocks, links, upload nodes) checked
  'config/auth-options.ts: visit', // the claim names of each JWT level
  'db/schema.ts: place', // the placement tree of a table
  'db/unique-values.ts: collect', // unique values with the locale of the map above them (locale maps stop nesting)
  'db/payload-source/compile.ts: compile', // readers of a Payload database's table tree (tables made as it goes)
  'db/payload-source/compile.ts: readObject', // runs compiled readers over one row (its `children` are readers)
  'db/where/path.ts: condition', // follows one where path
  'local/where-access.ts: checkPath', // follows one where path
  'local/select.ts: walk', // follows a select tree
  'local/locale.ts: localizeDoc', // a document in one locale (a new tree)
  'local/locale.ts: delocalize', // stored locale maps merged with a write
  'local/write.ts: mergeForUpdate', // a stored document merged with an update
  'local/duplicate.ts: beforeDuplicate', // a duplicate's values through its hooks (a new tree)
  'local/fields/defaults.ts: applyDefaults', // creation defaults, rows new and old
  'local/permissions.ts: permissionFields', // the permissions tree of fields
  'local/permissions.ts: fieldPermissions',
  'local/operations/auth/jwt-fields.ts: collect', // the JWT claims tree
  'contracts/sort.ts: walk', // the placement tree's sortable paths
  'contracts/admin-description.ts: describeFields', // the admin's JSON copy of the raw fields, layout kept
  'contracts/graphql/permissions.ts: fieldPermissionType', // the permissions types
  'contracts/openapi/permission-schemas.ts: fieldsPermissionSchema', // the permissions schemas
  'config/sanitize/lexical.ts: fieldsOf', // the fields inside rich text (blocks', links'), each resolved with its editor
  'richtext/html.ts: nodesToHTML', // a Lexical tree's nodes (their children), not fields
  'richtext/plaintext.ts: nodesToPlaintext',
])

test('one walker: every other recursion over fields is one of the named tree builders', async (t) => {
  const found: string[] = []
  const fn =
    /(?:function\*?\s+(\w+)\s*[<(]|(?:const|let)\s+(\w+)\s*=\s*(?:async\s*)?\([^)]*\)\s*(?::[^=]+)?=>)/g
  for (const full of await sources(server)) {
    const file = path.relative(server, full).split(path.sep).join('/')
    const text = await readFile(full, 'utf8')
    for (const m of text.matchAll(fn)) {
      const name = m[1] ?? m[2]
      const body = text.slice(m.index + m[0].length, m.index + m[0].length + 4000)
      const recurses = new RegExp(
        `\\b${name}\\(\\s*[^)]*?(\\.fields|subFields\\(|\\.blocks|children|rowFields\\()`,
      )
      if (recurses.test(body)) found.push(`${file}: ${name}`)
    }
  }
  t.deepEqual(
    found.filter((f) => !TREE_BUILDERS.has(f)),
    [],
  )
  // The list holds no stale entry either.
  t.deepEqual(
    [...TREE_BUILDERS].filter((f) => !found.includes(f)),
    [],
  )
})
