import type { IdKind } from '../config/types.ts'
import { whereIdComponent } from '../fields/shared.ts'
import type { Schema } from '../fields/types.ts'

/** The smallest parts of the contract's schemas: references, ids, nullable values. */

export type { Schema }
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
