import type { FlattenedField } from '../config/types.ts'
import { isRecord } from '../utilities/is-record.ts'

const TEXT = new Set(['text', 'textarea', 'email', 'code'])

/**
 * What an `afterRead` hook returned for `field`, with its numbers answered as the strings a text field declares:
 * the field's own value (one or, with hasMany, each) and, inside arrays, blocks and groups, each text field's. Payload
 * 3's website template's `populateAuthors` document hook fills its `populatedAuthors` rows (`{ id, name }`, `id` a
 * text field) with the users' numeric ids; Payload's GraphQL answers them as strings, and so do REST and the Local API here, as the contract
 * says (docs/porting-from-payload.md). Anything else is left as the hook returned it.
 */
export function asDeclared(field: FlattenedField, value: unknown): unknown {
  if (TEXT.has(field.type)) {
    if (Array.isArray(value)) return value.map(textOf)
    return textOf(value)
  }
  if (field.type === 'group' && isRecord(value)) return declaredRow(field.fields, value)
  if (field.type === 'array' && Array.isArray(value))
    return value.map((row) => (isRecord(row) ? declaredRow(field.fields, row) : row))
  if (field.type === 'blocks' && Array.isArray(value))
    return value.map((row) => {
      const block = isRecord(row) ? field.blocks.find((b) => b.slug === row.blockType) : undefined
      return block && isRecord(row) ? declaredRow(block.fields, row) : row
    })
  return value
}

const textOf = (value: unknown): unknown =>
  typeof value === 'number' && Number.isFinite(value) ? String(value) : value

/** A document an `afterRead` document hook returned, with each field's value as `asDeclared` answers it. */
export function declaredDocument(fields: FlattenedField[], doc: unknown): Record<string, unknown> {
  return isRecord(doc) ? declaredRow(fields, doc) : (doc as Record<string, unknown>)
}

function declaredRow(
  fields: FlattenedField[],
  row: Record<string, unknown>,
): Record<string, unknown> {
  for (const f of fields) if ('name' in f && f.name in row) row[f.name] = asDeclared(f, row[f.name])
  return row
}
