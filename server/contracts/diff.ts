import { rollUp } from './unroll.ts'
import { isRecord } from '../utilities/is-record.ts'
import { execFile } from 'node:child_process'
import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'

/**
 * `cms contracts diff <base>`: breaking and non-breaking changes between two versions of the contracts,
 * with api-smart-diff (OpenAPI) and @graphql-inspector/core (SDL). `<base>` is a folder holding
 * `openapi.json` and `schema.graphql` (or a project folder with `contracts/`), or a git revision.
 *
 * One reclassification on top of api-smart-diff's rules: removing a property from a request or response
 * schema is breaking. Clients read every declared field, and this CMS refuses unknown fields in write bodies,
 * so a client still sending a removed field gets a 400.
 */

export interface Contracts {
  openapi: Record<string, unknown>
  sdl: string
}
export type Level = 'breaking' | 'dangerous' | 'non-breaking' | 'annotation'
export interface Change {
  source: 'openapi' | 'graphql'
  level: Level
  message: string
  path?: string
}

const run = promisify(execFile)

/** Reads contracts from a folder or a git revision. */
export async function loadContracts(base: string, root: string): Promise<Contracts> {
  const dir = path.resolve(root, base)
  const isDir = await stat(dir).then(
    (s) => s.isDirectory(),
    () => false,
  )
  if (isDir) {
    const folder = await stat(path.join(dir, 'contracts')).then(
      (s) => (s.isDirectory() ? path.join(dir, 'contracts') : dir),
      () => dir,
    )
    return {
      openapi: JSON.parse(await readFile(path.join(folder, 'openapi.json'), 'utf8')),
      sdl: await readFile(path.join(folder, 'schema.graphql'), 'utf8'),
    }
  }
  const show = async (file: string) => {
    try {
      return (
        await run('git', ['show', `${base}:contracts/${file}`], {
          cwd: root,
          maxBuffer: 64 * 1024 * 1024,
        })
      ).stdout
    } catch {
      throw new Error(
        `"${base}" is neither a folder with openapi.json and schema.graphql nor a git revision holding contracts/${file}.`,
      )
    }
  }
  return { openapi: JSON.parse(await show('openapi.json')), sdl: await show('schema.graphql') }
}

function isRemovedProperty(path: unknown[] | undefined, action: string): boolean {
  return (
    action === 'remove' &&
    Array.isArray(path) &&
    path.length >= 2 &&
    path[path.length - 2] === 'properties'
  )
}

/**
 * A `sort` parameter is a pattern over its sortable paths, and a changed pattern reads as breaking: compared as
 * the enum of its paths (`x-cms-sortable`), a new path is an added value and a removed one a breaking change.
 */
function sortAsEnum(doc: Record<string, unknown>): Record<string, unknown> {
  const copy = structuredClone(doc)
  const paths: Record<string, unknown> = isRecord(copy.paths) ? copy.paths : {}
  for (const item of Object.values(paths))
    for (const op of isRecord(item) ? Object.values(item) : []) {
      const params: unknown[] = isRecord(op) && Array.isArray(op.parameters) ? op.parameters : []
      for (const p of params)
        if (isRecord(p) && Array.isArray(p['x-cms-sortable']))
          p.schema = { type: 'string', enum: p['x-cms-sortable'] }
    }
  return copy
}

export async function diffContracts(before: Contracts, after: Contracts): Promise<Change[]> {
  const { apiDiff } = await import('api-smart-diff')
  const { buildSchema } = await import('graphql')
  const { diff } = await import('@graphql-inspector/core')
  const changes: Change[] = []
  const seen = new Set<string>()
  for (const d of apiDiff(sortAsEnum(rollUp(before.openapi)), sortAsEnum(rollUp(after.openapi)))) {
    let level: Level =
      d.type === 'breaking'
        ? 'breaking'
        : d.type === 'non-breaking'
          ? 'non-breaking'
          : d.type === 'annotation'
            ? 'annotation'
            : 'dangerous'
    if (isRemovedProperty(d.path, d.action)) level = 'breaking'
    const message = (d.description ?? `${d.action} ${d.path.join('.')}`).replace(/\s+/g, ' ')
    const key = `${level}|${message}`
    if (seen.has(key)) continue
    seen.add(key)
    changes.push({ source: 'openapi', level, message, path: d.path.join('.') })
  }
  for (const c of await diff(buildSchema(before.sdl), buildSchema(after.sdl))) {
    const level: Level =
      c.criticality.level === 'BREAKING'
        ? 'breaking'
        : c.criticality.level === 'DANGEROUS'
          ? 'dangerous'
          : 'non-breaking'
    changes.push({ source: 'graphql', level, message: c.message, path: c.path })
  }
  return changes
}

export function formatChanges(changes: Change[]): string {
  if (changes.length === 0) return 'No changes.'
  const order: Level[] = ['breaking', 'dangerous', 'non-breaking', 'annotation']
  const lines: string[] = []
  for (const level of order) {
    const list = changes.filter((c) => c.level === level)
    if (list.length === 0) continue
    lines.push(`${level.toUpperCase()} (${list.length})`)
    for (const c of list) lines.push(`  [${c.source}] ${c.message}`)
  }
  return lines.join('\n')
}
