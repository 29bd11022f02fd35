import type { Schema } from './schemas.ts'
import { isRecord } from '../utilities/is-record.ts'

/**
 * The contract's schemas as a graph without cycles. Three things refer to themselves: a Where (`and`/`or` hold
 * Wheres), and a document whose relations reach its own collection again (populated documents), possibly
 * through named groups, arrays or blocks. Tools nobody here wrote refuse circular `$ref`s (Portman, and
 * generators that inline schemas), so every cycle is unrolled: level 0 keeps the schema's name, level k is
 * `<Name>Depth<k>`, and a reference that goes one level deeper (to a schema with a bound: a collection's
 * document, a Where) points at the next level. Past the last level the reference becomes what `beyond` says
 * (documents: a loose populated document), or is cut: dropped from an `anyOf`/`oneOf`, or its property removed
 * (a Where nested deeper than the server's limit has no `and`/`or`; the key then falls to the Where's
 * `additionalProperties`, which refuses a list). Schemas outside cycles are untouched. Tools that expand every
 * reference (swagger-parser's validation, Portman) walk each level once per path to it, so the levels are
 * kept few: the expanded size grows with the fan-out to the power of the levels.
 */
export function unrollCycles(
  schemas: Record<string, Schema>,
  levelsOf: (name: string) => number | undefined,
  /** What a reference past the last level becomes instead of being cut (documents: a loose document). */
  beyond: (name: string) => Schema | undefined = () => undefined,
): Record<string, Schema> {
  const edges = new Map(Object.entries(schemas).map(([name, s]) => [name, refsOf(s)]))
  const copies = new Map<string, Schema[]>()
  for (const members of cycles(edges)) {
    const set = new Set(members)
    const bounds = members.map(levelsOf).filter((n): n is number => n !== undefined)
    if (!bounds.length)
      throw new Error(`The schemas ${members.join(', ')} refer to each other with no depth bound.`)
    const levels = Math.max(...bounds)
    const rewrite = (node: unknown, level: number): unknown => {
      if (Array.isArray(node)) return node.map((n) => rewrite(n, level)).filter((n) => n !== CUT)
      if (!node || typeof node !== 'object') return node
      const target = refName(node)
      if (target !== undefined && set.has(target)) {
        const next = levelsOf(target) === undefined ? level : level + 1
        if (next < levels) return { ...node, $ref: REF + levelName(target, next) }
        return beyond(target) ?? CUT
      }
      const out: Record<string, unknown> = {}
      const cut: string[] = []
      for (const [key, value] of Object.entries(node)) {
        if (key === 'properties' && isRecord(value)) {
          const properties: Record<string, unknown> = {}
          for (const [name, s] of Object.entries(value)) {
            const r = rewrite(s, level)
            if (r === CUT) cut.push(name)
            else properties[name] = r
          }
          out.properties = properties
          continue
        }
        const r = rewrite(value, level)
        if (r === CUT) return CUT // items, additionalProperties…: the whole schema goes
        if (Array.isArray(r) && (key === 'anyOf' || key === 'oneOf') && !r.length) return CUT
        out[key] = r
      }
      if (cut.length && Array.isArray(out.required))
        out.required = out.required.filter(
          (n: unknown) => typeof n !== 'string' || !cut.includes(n),
        )
      // `{ anyOf: [x] }` left by a cut is x.
      for (const key of ['anyOf', 'oneOf'] as const) {
        const list = out[key]
        if (Array.isArray(list) && list.length === 1 && Object.keys(out).length === 1)
          return list[0]
      }
      return out
    }
    for (const name of members) {
      const levelsOfName: Schema[] = []
      for (let level = 0; level < levels; level++) {
        const copy = rewrite(schemas[name], level)
        if (!isRecord(copy)) throw new Error(`The schema ${name} was cut whole at level ${level}.`)
        levelsOfName.push(copy)
      }
      copies.set(name, levelsOfName)
    }
  }
  if (!copies.size) return schemas

  // Keep the deeper levels something refers to (a named group reached only from a cut level goes).
  const candidate = new Map<string, Schema>()
  for (const [name, s] of Object.entries(schemas)) {
    const levels = copies.get(name)
    candidate.set(name, levels ? levels[0] : s)
    levels?.slice(1).forEach((copy, i) => candidate.set(levelName(name, i + 1), copy))
  }
  const reached = new Set(Object.keys(schemas))
  const queue = [...reached]
  for (let name = queue.pop(); name !== undefined; name = queue.pop()) {
    for (const target of refsOf(candidate.get(name))) {
      if (reached.has(target)) continue
      reached.add(target)
      queue.push(target)
    }
  }
  return Object.fromEntries([...candidate].filter(([name]) => reached.has(name)))
}

const REF = '#/components/schemas/'
const CUT = Symbol('cut')
const levelName = (name: string, level: number) => (level ? `${name}Depth${level}` : name)

function refName(node: object): string | undefined {
  const r = '$ref' in node ? node.$ref : undefined
  return typeof r === 'string' && r.startsWith(REF) ? r.slice(REF.length) : undefined
}

function refsOf(node: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(node)) for (const n of node) refsOf(n, out)
  else if (node && typeof node === 'object') {
    const target = refName(node)
    if (target !== undefined) out.add(target)
    for (const v of Object.values(node)) refsOf(v, out)
  }
  return out
}

/** Strongly connected components that hold a cycle (Tarjan), each as its member names. */
function cycles(edges: Map<string, Set<string>>): string[][] {
  let counter = 0
  const visited = new Map<string, { index: number; low: number }>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const out: string[][] = []
  const visit = (v: string, targets: Set<string>) => {
    const node = { index: counter, low: counter++ }
    visited.set(v, node)
    stack.push(v)
    onStack.add(v)
    for (const w of targets) {
      const next = edges.get(w)
      if (!next) continue
      const seen = visited.get(w)
      if (!seen) node.low = Math.min(node.low, visit(w, next).low)
      else if (onStack.has(w)) node.low = Math.min(node.low, seen.index)
    }
    if (node.low === node.index) {
      // v and everything pushed after it.
      const members = stack.splice(stack.lastIndexOf(v))
      for (const w of members) onStack.delete(w)
      if (members.length > 1 || targets.has(v)) out.push(members)
    }
    return node
  }
  for (const [v, targets] of edges) if (!visited.has(v)) visit(v, targets)
  return out
}

/**
 * The inverse, for comparing two contracts (server/contracts/diff.ts): every level folds back into its level-0
 * schema, so a change shows once, not once per level, and the diff tool walks a document of the original size.
 */
export function rollUp(doc: Record<string, unknown>): Record<string, unknown> {
  const schemas =
    isRecord(doc.components) && isRecord(doc.components.schemas) ? doc.components.schemas : {}
  const level = /^(.+)Depth\d+$/
  const base = (name: string) => {
    const m = level.exec(name)
    return m && m[1] in schemas ? m[1] : name
  }
  const fold = (node: unknown): unknown =>
    Array.isArray(node) ? node.map(fold) : isRecord(node) ? foldObject(node) : node
  const foldObject = (node: Record<string, unknown>): Record<string, unknown> => {
    const out: Record<string, unknown> = {}
    for (const [k, v] of Object.entries(node)) {
      out[k] =
        k === '$ref' && typeof v === 'string' && v.startsWith(REF)
          ? REF + base(v.slice(REF.length))
          : fold(v)
    }
    return out
  }
  const folded = foldObject(doc)
  if (isRecord(folded.components) && isRecord(folded.components.schemas))
    folded.components.schemas = Object.fromEntries(
      Object.entries(folded.components.schemas).filter(([name]) => base(name) === name),
    )
  return folded
}
