import type { PointField } from '../config/types.ts'
import { ok } from './shared.ts'
import type { FieldType } from './types.ts'

/** A `[longitude, latitude]` pair, stored in two number columns and queried with `near`. */
const isCoordinate = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n)

export const point: FieldType<PointField> = {
  name: 'point',
  geo: true,
  schema: () => ({
    type: 'array',
    items: { type: 'number' },
    minItems: 2,
    maxItems: 2,
    description: '[longitude, latitude]',
  }),
  whereSchema: (_field, kit) => kit.ref('WherePoint'),
  output: () => '[Float!]',
  input: () => '[Float!]',
  whereInput: (_field, key, type, kit) =>
    kit.operators(`${type}_${key}_operator`, '[Float]', ['equals', 'not_equals', 'near', 'exists']),
  typescript: () => '[number, number]',
  validate(_field, value) {
    const [lng, lat]: unknown[] = Array.isArray(value) && value.length === 2 ? value : []
    if (!isCoordinate(lng) || !isCoordinate(lat))
      return 'This field must be a [longitude, latitude] pair.'
    if (lng < -180 || lng > 180 || lat < -90 || lat > 90)
      return 'Longitude must be within [-180, 180] and latitude within [-90, 90].'
    return ok([lng, lat])
  },
}
