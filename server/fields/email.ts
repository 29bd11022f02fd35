import type { EmailField } from '../config/types.ts'
import { ok, TEXT_OPS } from './shared.ts'
import type { FieldType } from './types.ts'

/**
 * Payload's rule: no quotes, spaces or consecutive dots; a local part not starting or ending with a dot; a domain
 * of labels not starting or ending with a hyphen, ending in a top-level domain of at least two letters.
 */
const EMAIL_RE =
  /^(?!.*\.\.)[\w!#$%&'*+/=?^`{|}~-](?:[\w!#$%&'*+/=?^`{|}~.-]*[\w!#$%&'*+/=?^`{|}~-])?@[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*\.[a-z]{2,}$/i

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
