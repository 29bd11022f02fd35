import { rowFields, subFields } from '../config/fields.ts'
import type { FlattenedField } from '../config/types.ts'
import type { Schema } from './refs.ts'

/**
 * What `select` accepts for these fields, as `checkSelect` (server/local/select.ts) does: `true` or `false` per
 * field, and for groups, arrays and blocks either a boolean or the same object one level down. Finite because
 * the fields are, so no schema refers to itself.
 */
export function selectSchema(
  fields: FlattenedField[],
  system: readonly string[],
  owner?: FlattenedField,
): Schema {
  const blocks = owner && 'blocks' in owner ? owner : undefined
  const properties: Schema = Object.fromEntries(system.map((k) => [k, { type: 'boolean' }]))
  for (const f of fields) {
    if (f.hidden) continue
    const sub = subFields(f)
    // Blocks may repeat a name: the nested form wins, so both forms stay valid.
    if (f.name in properties && !sub) continue
    properties[f.name] = sub
      ? { anyOf: [{ type: 'boolean' }, selectSchema(sub, ['id', 'blockType'], f)] }
      : { type: 'boolean' }
  }
  // Under blocks, a block's slug selects that block's rows (server/local/select.ts).
  for (const b of blocks?.blocks ?? []) {
    const fields = rowFields(blocks as FlattenedField, { blockType: b.slug }) ?? []
    properties[b.slug] = { anyOf: [{ type: 'boolean' }, selectSchema(fields, ['id', 'blockType'])] }
  }
  return { type: 'object', properties, additionalProperties: false }
}
