import type { IdKind, SanitizedCollection, SanitizedConfig } from '../config/types.ts'
import { whereIdComponent } from '../fields/shared.ts'
import type { Schema } from '../fields/types.ts'
import { isRecord } from '../utilities/is-record.ts'

/** The smallest parts of the contract's schemas: references, ids, nullable values. */

export type { Schema }
/** An object schema as the compiler builds it: its properties, and the names it requires. */
export type ObjectSchema = Schema & { type: 'object'; properties: Schema; required?: string[] }
export const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` })

const ID: Schema = { type: 'integer', minimum: 1 }

/** The schema of an id of a kind: serial ids are positive integers, custom number ids numbers, text ids strings. */
export function idSchema(kind: IdKind): Schema {
  return kind === 'integer' ? ID : kind === 'number' ? { type: 'number' } : { type: 'string' }
}

/** The Where operators of an id kind. */
export function whereIdRef(kind: IdKind): Schema {
  return ref(whereIdComponent(kind))
}

export function nullable(s: Schema): Schema {
  if (typeof s.type === 'string' && !s.enum && !s.$ref) return { ...s, type: [s.type, 'null'] }
  // An enum admits null only when its type does too (found by the cross-layer property test: a select left empty).
  if (Array.isArray(s.enum))
    return {
      ...s,
      ...(typeof s.type === 'string' ? { type: [s.type, 'null'] } : {}),
      enum: [...s.enum, null],
    }
  return { anyOf: [s, { type: 'null' }] }
}

/** The schema under a key of a schema (`properties`, `items`, one property…), when there is one. */
export function schemaAt(s: Schema | undefined, key: string): Schema | undefined {
  const v = s?.[key]
  return isRecord(v) ? v : undefined
}

/** The schemas listed under a key of a schema (`anyOf`, `oneOf`), when there are. */
export function schemasAt(s: Schema | undefined, key: string): Schema[] | undefined {
  const v = s?.[key]
  return Array.isArray(v) ? v.filter(isRecord) : undefined
}

/** A schema's `required` names, when it lists them. */
export function requiredOf(s: Schema | undefined): string[] | undefined {
  const v = s?.required
  return Array.isArray(v) ? v.filter((n: unknown): n is string => typeof n === 'string') : undefined
}

/** The collection a relation or join targets (the sanitiser has checked that it exists). */
export function targetCollection(config: SanitizedConfig, slug: string): SanitizedCollection {
  const c = config.collectionsBySlug.get(slug)
  if (!c) throw new Error(`No collection "${slug}" in the config.`)
  return c
}

/** One locale, a comma list of them, or a word for "no fallback". */
export function fallbackLocaleSchema(codes: string[]): Schema {
  const code = `(${codes.join('|')})`
  return { type: 'string', pattern: `^(none|null|false|${code}(,${code})*)$` }
}
