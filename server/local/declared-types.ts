import { walkData } from '../config/fields.ts'
import type { FlattenedField } from '../config/types.ts'
import { isRecord } from '../utilities/is-record.ts'

const TEXT = new Set(['text', 'textarea', 'email', 'code'])

/**
 * What `afterRead` hooks left in `holder` for `fields`, with the numbers in text fields answered as the strings the
 * fields declare: a text field's value (one or, with hasMany, each), at any depth of groups, arrays and blocks.
 * Payload 3's website template's `populateAuthors` document hook fills its `populatedAuthors` rows (`{ id, name }`,
 * `id` a text field) with the users' numeric ids; Payload's GraphQL answers them as strings, and so do REST and the
 * Local API here, as the contract says (docs/porting-from-payload.md). Anything else stays as the hooks left it.
 */
export function asDeclared(fields: FlattenedField[], holder: unknown): void {
  if (!isRecord(holder)) return
  walkData(fields, holder, {
    visit(field, data) {
      if (!TEXT.has(field.type) || !(field.name in data)) return
      const value = data[field.name]
      data[field.name] = Array.isArray(value) ? value.map(textOf) : textOf(value)
    },
  })
}

const textOf = (value: unknown): unknown =>
  typeof value === 'number' && Number.isFinite(value) ? String(value) : value
