/**
 * Row identity: every array and block row of the form carries its `id` (24 hex digits, as Payload's and the
 * server's), so what belongs to a row (its React state, its rich-text editor, the server's errors and condition
 * answers, which address it by position: `layout.1.heading`) follows it when rows move, and goes with it.
 */
// No import but types of plain modules: the tests run it in Node (test/admin/rows.test.ts).
import type { AdminField } from '../schema.ts'

type Path = (string | number)[]
type Values = Record<string, unknown>

type Row = Values & { id?: unknown; blockType?: unknown }

const isRecord = (v: unknown): v is Values =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/** A new row id: 12 random bytes in hex, the shape of Payload's ObjectId row ids (the server keeps it). */
export function newRowId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12))
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}

/** A row's own id, if it has one. */
export const idOfRow = (row: unknown): string | undefined =>
  isRecord(row) && typeof row.id === 'string' && row.id !== '' ? row.id : undefined

/** The fields of a row of an array or blocks field (a block's by its `blockType`). */
export function rowFields(field: AdminField, row: unknown): AdminField[] | undefined {
  if (field.type === 'array') return field.fields
  return isRecord(row) ? field.blocks?.find((b) => b.slug === row.blockType)?.fields : undefined
}

/**
 * The values with an id on every row of every array and blocks field, nested ones too (a new document's default
 * rows, rows stored without one). `fresh` gives every row a new id (a duplicated row and the rows inside it).
 * Objects are copied only where a row got an id.
 */
export function withRowIds(values: Values, fields: AdminField[], fresh = false): Values {
  let out = values
  const put = (key: string, v: unknown) => {
    if (v !== out[key]) out = { ...out, [key]: v }
  }
  const inside = (v: unknown, list: AdminField[]) => (isRecord(v) ? withRowIds(v, list, fresh) : v)
  for (const f of fields) {
    if (f.type === 'row' || f.type === 'collapsible' || (f.type === 'group' && !f.name))
      out = withRowIds(out, f.fields ?? [], fresh)
    else if (f.type === 'tabs')
      for (const t of f.tabs ?? [])
        if (t.name) put(t.name, inside(out[t.name], t.fields))
        else out = withRowIds(out, t.fields, fresh)
    else if (f.type === 'group' && f.name) put(f.name, inside(out[f.name], f.fields ?? []))
    else if ((f.type === 'array' || f.type === 'blocks') && f.name && Array.isArray(out[f.name]))
      put(f.name, rowsWithIds(out[f.name] as unknown[], f, fresh))
  }
  return out
}

function rowsWithIds(rows: unknown[], field: AdminField, fresh: boolean): unknown[] {
  let changed = false
  const next = rows.map((row) => {
    if (!isRecord(row)) return row
    const list = rowFields(field, row)
    let r: Row = list ? withRowIds(row, list, fresh) : row
    if (fresh || !idOfRow(r)) r = { ...r, id: newRowId() }
    if (r !== row) changed = true
    return r
  })
  return changed ? next : rows
}

/** The React keys of a list of rows: their ids (a row without one, or a repeated id, falls back to its place). */
export function rowKeys(rows: unknown[]): string[] {
  const seen = new Set<string>()
  return rows.map((row, i) => {
    const id = idOfRow(row)
    const key = id && !seen.has(id) ? id : `${id ?? ''}#${i}`
    seen.add(key)
    return key
  })
}

/**
 * A path as it names a row-independent place: each row index replaced by `#<row id>` (`layout.#64f….heading`),
 * read in `values`. An index of a row without an id stays.
 */
export function rowKey(values: Values, path: Path | string): string {
  const parts: Path = typeof path === 'string' ? path.split('.') : path
  const out: string[] = []
  let cur: unknown = values
  for (const part of parts) {
    if (Array.isArray(cur) && /^\d+$/.test(String(part))) {
      const row: unknown = cur[Number(part)]
      const id = idOfRow(row)
      out.push(id ? `#${id}` : String(part))
      cur = row
    } else {
      out.push(String(part))
      cur = isRecord(cur) ? cur[String(part)] : undefined
    }
  }
  return out.join('.')
}

/** A record by dotted path (an answer about `values`) re-keyed by `rowKey`, so that it follows the rows. */
export function byRowKeys<T>(values: Values, byPath: Record<string, T>): Record<string, T> {
  const out: Record<string, T> = {}
  for (const [path, v] of Object.entries(byPath)) out[rowKey(values, path)] = v
  return out
}

/** A record by `rowKey` back at the rows' places in `values`; what belonged to a row no longer there is dropped. */
export function atPositions<T>(values: Values, byKey: Record<string, T>): Record<string, T> {
  const out: Record<string, T> = {}
  outer: for (const [key, v] of Object.entries(byKey)) {
    const path: Path = []
    let cur: unknown = values
    for (const part of key.split('.')) {
      if (part.startsWith('#') && Array.isArray(cur)) {
        const i = cur.findIndex((row) => idOfRow(row) === part.slice(1))
        if (i < 0) continue outer
        path.push(i)
        cur = cur[i]
      } else {
        path.push(part)
        cur = Array.isArray(cur) ? cur[Number(part)] : isRecord(cur) ? cur[part] : undefined
      }
    }
    out[path.join('.')] = v
  }
  return out
}
