import type { UIField } from '../config/types.ts'
import type { LayoutType } from './layout.ts'

/**
 * Payload's `ui` field: a custom component in the admin panel (`admin.components.Field`), with a name but no
 * value. It stands for no data field, so the sanitiser lifts it to nothing: no column, no schema, no GraphQL or
 * TypeScript type, no where, sort or select path. Accepted wherever fields are (tabs, rows, collapsibles, groups,
 * array rows, blocks); its `admin` and `custom` stay on the config as given.
 */
export const ui: LayoutType<UIField> = {
  name: 'ui',
  problem: (field) =>
    typeof field.name === 'string' && field.name !== ''
      ? undefined
      : 'a ui field needs a name (Payload requires one).',
  lift: () => [],
}
