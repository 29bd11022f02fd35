/** A collection's compound indexes (`indexes`): each field path names a value stored in a column of its own. */
import { ConfigError } from '../../errors/config-error.ts'
import { fieldType, relationOf, storedAsJson } from '../../fields/registry.ts'
import { inCompoundIndex } from '../fields.ts'
import type { CompoundIndex, FlattenedField } from '../types.ts'

/** Paths every collection has besides its fields (`createdAt`, `updatedAt` with timestamps). */
const BASE_PATHS = ['id', 'createdAt', 'updatedAt']

/**
 * Checks `indexes` and answers them as given. A path goes through groups stored in columns (`meta.slug`) to a
 * field with one column: not a JSON value (localized, hasMany, arrays, blocks, rich text), a point, a
 * polymorphic relationship, a virtual or a join field, none of which has one column to index.
 */
export function checkIndexes(
  indexes: unknown,
  flatFields: FlattenedField[],
  timestamps: boolean,
  where: string,
): CompoundIndex[] {
  if (indexes === undefined) return []
  if (!Array.isArray(indexes))
    throw new ConfigError(`${where}: indexes must be a list of { fields: [...], unique? }.`)
  return indexes.map((index: unknown, i) => {
    const at = `${where}: indexes[${i}]`
    const { fields, unique } = (index ?? {}) as Partial<CompoundIndex>
    if (!Array.isArray(fields) || fields.length === 0)
      throw new ConfigError(`${at}.fields must be a non-empty list of field paths.`)
    if (unique !== undefined && typeof unique !== 'boolean')
      throw new ConfigError(`${at}.unique must be true or false.`)
    if (new Set(fields).size !== fields.length)
      throw new ConfigError(`${at}.fields names a field twice.`)
    for (const path of fields) {
      const problem = columnProblem(path, flatFields, timestamps)
      if (problem) throw new ConfigError(`${at}.fields: "${String(path)}" ${problem}`)
    }
    return { fields: [...fields], unique: unique ?? false }
  })
}

function columnProblem(path: unknown, fields: FlattenedField[], timestamps: boolean) {
  if (typeof path !== 'string' || path === '') return 'is not a field path.'
  if (BASE_PATHS.includes(path))
    return path === 'id' || timestamps ? undefined : 'is not stored: timestamps are off.'
  let level = fields
  const parts = path.split('.')
  for (const [i, name] of parts.entries()) {
    const field = level.find((f) => f.name === name)
    if (!field) return 'is not a field of the collection.'
    const type = fieldType(field)
    const children = type.children?.(field)
    const last = i === parts.length - 1
    if (children && !storedAsJson(field) && type.rowKeys === undefined) {
      if (last) return 'is a group: name one of its fields.'
      level = children
      continue
    }
    if (!last) return 'goes through a field that is not a group stored in columns.'
    if (field.virtual || type.computed) return 'is not stored.'
    if (storedAsJson(field) || type.geo || relationOf(field)?.polymorphic)
      return 'is not stored in a column of its own (a JSON value, a point or a polymorphic relationship); index fields stored in one column.'
    const column = type.column?.(field) ?? { type: 'text' }
    if (column.type === 'text' && field.type !== 'text')
      return `is a ${field.type} field, unbounded text that MariaDB cannot index; use a text field.`
    if (field.type === 'text' && (field.maxLength ?? 0) > 768)
      return 'has a maxLength above 768, which cannot be indexed.'
    inCompoundIndex.add(field)
  }
  return undefined
}
