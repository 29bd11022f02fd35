import type { CheckboxField } from '../config/types.ts'
import { ok } from './shared.ts'
import type { FieldType } from './types.ts'

/** true or false; stored as a boolean column (1/0 on MariaDB and SQLite). */
export const checkbox: FieldType<CheckboxField> = {
  name: 'checkbox',
  column: () => ({ type: 'boolean' }),
  reader: () => (v) => v === 1 || v === true || v === '1' || v === 'true',
  whereKind: () => 'boolean',
  schema: () => ({ type: 'boolean' }),
  whereSchema: (_field, kit) => kit.ref('WhereBoolean'),
  output: () => 'Boolean',
  input: () => 'Boolean',
  whereInput: (_field, key, type, kit) =>
    kit.operators(`${type}_${key}_operator`, 'Boolean', ['equals', 'not_equals', 'exists']),
  typescript: () => 'boolean',
  validate: (_field, value) =>
    typeof value === 'boolean' ? ok(value) : 'This field must be true or false.',
}
