/** The where inputs (`<Type>_where` with `AND`/`OR`) and their per-field operator inputs. */
import { optionValue, traverseFields } from '../../config/fields.ts'
import type { FlattenedField, IdKind } from '../../config/types.ts'
import { desc, enumType, gqlId, relationGqlId, type Ctx } from './shared.ts'

function operatorInput(ctx: Ctx, name: string, scalar: string, ops: string[]): string {
  const lines = ops.map((op) => {
    if (op === 'in' || op === 'not_in' || op === 'all') return `  ${op}: [${scalar}]`
    if (op === 'exists') return '  exists: Boolean'
    if (op === 'like' || op === 'not_like') return `  ${op}: String`
    if (op === 'near') return '  near: [Float]'
    return `  ${op}: ${scalar}`
  })
  return ctx.b.add(name, `input ${name} {\n${lines.join('\n')}\n}`)
}

const TEXT_OPS = [
  'equals',
  'not_equals',
  'like',
  'not_like',
  'contains',
  'in',
  'not_in',
  'all',
  'exists',
  'greater_than',
  'greater_than_equal',
  'less_than',
  'less_than_equal',
]
const NUMBER_OPS = [
  'equals',
  'not_equals',
  'greater_than',
  'greater_than_equal',
  'less_than',
  'less_than_equal',
  'in',
  'not_in',
  'all',
  'exists',
]
const EQ_OPS = ['equals', 'not_equals', 'in', 'not_in', 'all', 'exists']

export function whereInput(
  ctx: Ctx,
  type: string,
  fields: FlattenedField[],
  timestamps: boolean,
  kind: IdKind = 'integer',
): string {
  const name = `${type}_where`
  const lines: string[] = [
    `  id: ${operatorInput(ctx, `${type}_id_operator`, gqlId(kind), kind === 'text' ? TEXT_OPS : NUMBER_OPS)}`,
  ]
  // Group fields nest as `group__field`; arrays, blocks and relations stop (their values are JSON here).
  traverseFields(fields, (f, path) => {
    if (f.hidden || f.virtual) return false
    const key = [...path, f.name].join('__')
    const opName = `${type}_${key}_operator`
    switch (f.type) {
      case 'group':
        return !f.localized
      case 'text':
      case 'textarea':
      case 'code':
      case 'email':
      case 'richText':
      case 'json':
        lines.push(
          `  ${key}: ${operatorInput(ctx, opName, f.type === 'json' || f.type === 'richText' ? 'JSON' : 'String', TEXT_OPS)}`,
        )
        break
      case 'number':
        lines.push(`  ${key}: ${operatorInput(ctx, opName, 'Float', NUMBER_OPS)}`)
        break
      case 'checkbox':
        lines.push(
          `  ${key}: ${operatorInput(ctx, opName, 'Boolean', ['equals', 'not_equals', 'exists'])}`,
        )
        break
      case 'date':
        lines.push(`  ${key}: ${operatorInput(ctx, opName, 'DateTime', NUMBER_OPS)}`)
        break
      case 'point':
        lines.push(
          `  ${key}: ${operatorInput(ctx, opName, '[Float]', ['equals', 'not_equals', 'near', 'exists'])}`,
        )
        break
      case 'select':
      case 'radio': {
        const e = enumType(ctx, `${type}_${key}_Input`, f.options.map(optionValue))
        lines.push(
          `  ${key}: ${operatorInput(ctx, opName, e, f.type === 'select' && f.hasMany ? [...EQ_OPS, 'contains'] : EQ_OPS)}`,
        )
        break
      }
      case 'relationship':
        lines.push(
          `  ${key}: ${operatorInput(ctx, opName, Array.isArray(f.relationTo) ? 'JSON' : relationGqlId(f), Array.isArray(f.relationTo) ? EQ_OPS : [...EQ_OPS, 'contains'])}`,
        )
        break
      case 'array':
      case 'blocks':
        lines.push(`  ${key}: ${operatorInput(ctx, opName, 'JSON', TEXT_OPS)}`)
        break
    }
    return false
  })
  if (timestamps) {
    lines.push(
      `  createdAt: ${operatorInput(ctx, `${type}_createdAt_operator`, 'DateTime', NUMBER_OPS)}`,
    )
    lines.push(
      `  updatedAt: ${operatorInput(ctx, `${type}_updatedAt_operator`, 'DateTime', NUMBER_OPS)}`,
    )
  }
  lines.push(`  AND: [${name}!]`, `  OR: [${name}!]`)
  return ctx.b.add(
    name,
    `${desc('Nested group fields are written with a double underscore: seo__title.')}input ${name} {\n${lines.join('\n')}\n}`,
  )
}
