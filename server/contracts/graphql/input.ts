/** Field → GraphQL input type: the create and update inputs of documents and globals (`required` adds `!`). */
import { optionValue } from '../../config/fields.ts'
import type { FlattenedField } from '../../config/types.ts'
import { typeName } from '../../config/names.ts'
import { enumType, relationGqlId, type Ctx } from './shared.ts'

/** The input type of a field (`required` adds `!`). */
function inputType(ctx: Ctx, field: FlattenedField, parent: string, required: boolean): string {
  const own = `${parent}_${typeName(field.name)}`
  const bang = required ? '!' : ''
  switch (field.type) {
    case 'text':
    case 'textarea':
    case 'code':
    case 'email':
      return field.type === 'text' && field.hasMany ? `[String!]${bang}` : `String${bang}`
    case 'number':
      return field.hasMany ? `[Float!]${bang}` : `Float${bang}`
    case 'checkbox':
      return `Boolean${bang}`
    case 'date':
      return `DateTime${bang}`
    case 'json':
    case 'richText':
    case 'blocks':
      return `JSON${bang}`
    case 'point':
      return `[Float!]${bang}`
    case 'select': {
      const e = enumType(
        ctx,
        `${field.interfaceName ?? `${parent.replace(/^mutation/, '').replace(/(Update)?Input$/, '')}_${field.name}`}`,
        field.options.map(optionValue),
      )
      return field.hasMany ? `[${e}!]${bang}` : `${e}${bang}`
    }
    case 'radio':
      return `${enumType(ctx, `${field.interfaceName ?? `${parent.replace(/^mutation/, '').replace(/(Update)?Input$/, '')}_${field.name}`}`, field.options.map(optionValue))}${bang}`
    case 'relationship': {
      if (Array.isArray(field.relationTo)) {
        const relationTo = enumType(ctx, `${own}_RelationTo`, field.relationTo)
        const t = ctx.b.add(
          `${own}_RelationshipInput`,
          `input ${own}_RelationshipInput {\n  relationTo: ${relationTo}!\n  value: ${relationGqlId(field)}!\n}`,
        )
        return field.hasMany ? `[${t}!]${bang}` : `${t}${bang}`
      }
      const id = relationGqlId(field)
      return field.hasMany ? `[${id}!]${bang}` : `${id}${bang}`
    }
    case 'join':
      return ''
    case 'group':
      return `${inputObject(ctx, `${own}Input`, field.fields, false, true)}${bang}`
    case 'array':
      return `[${inputObject(ctx, `${own}Input`, field.fields, true, true)}!]${bang}`
  }
}

export function inputObject(
  ctx: Ctx,
  name: string,
  fields: FlattenedField[],
  row: boolean,
  requireds: boolean,
  extra: string[] = [],
): string {
  if (ctx.b.has(name)) return name
  ctx.b.add(name, '')
  const lines = row ? ['  id: String', ...extra] : [...extra]
  for (const f of fields) {
    // A join field is computed on read, a virtual one by hooks: no input.
    if (f.hidden || f.virtual || f.type === 'join') continue
    const required =
      requireds && Boolean(f.required) && f.defaultValue === undefined && !f.localized
    lines.push(`  ${f.name}: ${inputType(ctx, f, name, required)}`)
  }
  if (lines.length === 0) lines.push('  _empty: Boolean')
  ctx.b.set(name, `input ${name} {\n${lines.join('\n')}\n}`)
  return name
}
