/** Payload's base fields (an upload collection's) merged with the fields a collection declares under their names. */
import type { Field } from '../types.ts'

/**
 * A collection's fields with the fields an option adds (uploads) after them. A field the collection declares with
 * one of their names and types is merged over it, as Payload's mergeBaseFields deep-merges it: its own options
 * win, `admin` and `access` merge key by key, hooks run the base field's first and then its own, and the fields
 * of a group merge the same way (a storage plugin's `url` and `sizes` keep the file fields and the URL of each).
 * One of another type stays, and the field check names the duplicate.
 */
export function withBaseFields(fields: Field[], base: Field[]): Field[] {
  const key = (f: Field) => ('name' in f && typeof f.name === 'string' ? `${f.name}:${f.type}` : '')
  const own = new Map(fields.filter(key).map((f) => [key(f), f]))
  const merged = base.map((b) => {
    const mine = own.get(key(b))
    return mine ? mergeField(b, mine) : b
  })
  const baseKeys = new Set(base.map(key))
  return [...fields.filter((f) => !baseKeys.has(key(f))), ...merged]
}

type Open = Record<string, unknown>
const isOpen = (v: unknown): v is Open => typeof v === 'object' && v !== null && !Array.isArray(v)

function mergeField(base: Field, own: Field): Field {
  const b = base as unknown as Open
  const o = own as unknown as Open
  const out: Open = { ...b, ...o }
  for (const k of ['admin', 'access'])
    if (isOpen(b[k]) && isOpen(o[k])) out[k] = { ...b[k], ...o[k] }
  if (isOpen(b.hooks) && isOpen(o.hooks)) {
    const hooks: Open = { ...b.hooks, ...o.hooks }
    for (const kind of Object.keys(hooks)) {
      const [x, y] = [b.hooks[kind], o.hooks[kind]]
      if (Array.isArray(x) && Array.isArray(y))
        hooks[kind] = [...(x as unknown[]), ...(y as unknown[])]
    }
    out.hooks = hooks
  }
  if (Array.isArray(b.fields) && Array.isArray(o.fields))
    out.fields = withBaseFields(o.fields as Field[], b.fields as Field[])
  return out as unknown as Field
}
