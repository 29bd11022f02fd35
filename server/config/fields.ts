import type { DataField, Field } from './types.ts'

/**
 * Removes layout-only fields (row, collapsible, unnamed tabs) by lifting their children into the parent;
 * a named tab becomes a group. Children of groups, arrays and blocks are flattened too.
 */
export function flattenFields(fields: Field[]): DataField[] {
  const out: DataField[] = []
  for (const field of fields) {
    if (field.type === 'row' || field.type === 'collapsible') {
      out.push(...flattenFields(field.fields))
    } else if (field.type === 'tabs') {
      for (const tab of field.tabs) {
        if (tab.name)
          out.push({
            type: 'group',
            name: tab.name,
            label: tab.label,
            interfaceName: tab.interfaceName,
            fields: flattenFields(tab.fields),
          })
        else out.push(...flattenFields(tab.fields))
      }
    } else if (field.type === 'group' || field.type === 'array') {
      out.push({ ...field, fields: flattenFields(field.fields) })
    } else if (field.type === 'blocks') {
      out.push({
        ...field,
        blocks: field.blocks.map((b) => ({ ...b, fields: flattenFields(b.fields) })),
      })
    } else {
      out.push(field)
    }
  }
  return out
}

/** Value of a select/radio option. */
export const optionValue = (o: string | { value: string }): string =>
  typeof o === 'string' ? o : o.value

/** True for fields whose value is stored as one JSON document (not in columns of their own). */
export function isJsonStored(field: DataField): boolean {
  if (field.localized) return true
  switch (field.type) {
    case 'array':
    case 'blocks':
    case 'json':
    case 'richText':
      return true
    case 'select':
    case 'text':
    case 'number':
      return Boolean(field.hasMany)
    case 'relationship':
      return Boolean(field.hasMany)
    default:
      return false
  }
}

export const fieldLabel = (field: { name: string; label?: string }): string =>
  field.label ?? field.name
