import type { EmailField } from '../config/types.ts'
import { ok, TEXT_OPS } from './shared.ts'
import type { FieldType } from './types.ts'

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** An email address (at most 254 characters, as SMTP allows). */
export const email: FieldType<EmailField> = {
  name: 'email',
  column: () => ({ type: 'string', length: 255 }),
  schema: () => ({ type: 'string', format: 'email' }),
  nonEmpty: true,
  whereSchema: (_field, kit) => kit.ref('WhereText'),
  output: () => 'String',
  input: () => 'String',
  whereInput: (_field, key, type, kit) =>
    kit.operators(`${type}_${key}_operator`, 'String', TEXT_OPS),
  typescript: () => 'string',
  validate: (_field, value) =>
    typeof value !== 'string' || !EMAIL_RE.test(value) || value.length > 254
      ? 'Please enter a valid email address.'
      : ok(value),
}
