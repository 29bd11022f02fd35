/**
 * The edit form's values: one document object, read and written by path (`layout.0.heading`), its defaults from
 * the described fields, and the field permissions as the server sanitises them (an allowed operation is `true` or
 * `{ permission: true }`, a denied one is absent).
 */
import type { AdminField } from '../schema.ts'
import { allowed } from '../session.tsx'

export type Path = (string | number)[]
export type Values = Record<string, unknown>

export const pathText = (path: Path): string => path.join('.')
/** An element id from a path (ids may not hold dots for CSS selectors' sake). */
export const idOf = (path: Path): string => `field-${path.join('__')}`

export function getIn(obj: unknown, path: Path): unknown {
  let cur = obj
  for (const key of path) {
    if (cur === null || typeof cur !== 'object') return undefined
    cur = (cur as Record<string | number, unknown>)[key]
  }
  return cur
}

export function setIn<T>(obj: T, path: Path, value: unknown): T {
  if (path.length === 0) return value as T
  const [key, ...rest] = path
  const base: Record<string | number, unknown> | unknown[] = Array.isArray(obj)
    ? [...obj]
    : obj && typeof obj === 'object'
      ? { ...(obj as Record<string, unknown>) }
      : typeof key === 'number'
        ? []
        : {}
  ;(base as Record<string | number, unknown>)[key] = setIn(
    (base as Record<string | number, unknown>)[key],
    rest,
    value,
  )
  return base as T
}

/** The values of a new document (or row): each field's JSON default, recursively through groups and layout. */
export function defaultsOf(fields: AdminField[]): Values {
  const out: Values = {}
  for (const f of fields) {
    if (f.type === 'row' || f.type === 'collapsible' || (f.type === 'group' && !f.name))
      Object.assign(out, defaultsOf(f.fields ?? []))
    else if (f.type === 'tabs')
      for (const t of f.tabs ?? [])
        if (t.name) out[t.name] = defaultsOf(t.fields)
        else Object.assign(out, defaultsOf(t.fields))
    else if (f.type === 'group' && f.name) out[f.name] = defaultsOf(f.fields ?? [])
    else if (f.name && f.defaultValue !== undefined) out[f.name] = structuredClone(f.defaultValue)
  }
  return out
}

/** A permissions node: the entity's, a field's or a block's (`true` is everything allowed). */
export type Perm = true | undefined | Record<string, unknown>

/** The permissions of a child field (`fields.<name>`): absent when the parent lists fields without it. */
export function childPerm(parent: Perm, name: string | undefined): Perm {
  if (parent === true || parent === undefined || !name) return parent
  const fields = parent.fields
  if (fields === undefined || fields === true) return true
  return ((fields as Record<string, unknown>)[name] ?? false) as Perm
}

/** Whether an operation is allowed on a node (`true`, `{ permission: true }`; `{ permission: false }`/absent is not). */
export function can(node: Perm | false, op: 'read' | 'update' | 'create' | 'delete'): boolean {
  if (node === true || node === undefined) return true
  if (node === false || node === null) return false
  return allowed(node[op])
}

/** The keys a document carries that are not for the form to send back. */
const SERVER_KEYS = new Set(['id', 'createdAt', 'updatedAt', 'globalType', '_status'])

/** The data to write: the form's values without server keys, virtual and join fields, or fields it may not write. */
export function dataToSend(
  values: Values,
  fields: AdminField[],
  perm: Perm,
  op: 'create' | 'update',
) {
  const out: Values = {}
  const byName = new Map<string, AdminField>()
  const walk = (list: AdminField[]) =>
    list.forEach((f) => {
      if (f.type === 'row' || f.type === 'collapsible' || (f.type === 'group' && !f.name))
        walk(f.fields ?? [])
      else if (f.type === 'tabs')
        (f.tabs ?? []).forEach((t) =>
          t.name ? byName.set(t.name, { type: 'group', name: t.name }) : walk(t.fields),
        )
      else if (f.name) byName.set(f.name, f)
    })
  walk(fields)
  for (const [key, value] of Object.entries(values)) {
    const f = byName.get(key)
    if (SERVER_KEYS.has(key) || !f || f.virtual || f.type === 'join' || f.type === 'ui') continue
    if (!can(childPerm(perm, key), op)) continue
    out[key] = value
  }
  for (const [key, value] of Object.entries(values))
    if (key.endsWith('_tz') && byName.get(key.slice(0, -3))?.timezone) out[key] = value
  return out
}
