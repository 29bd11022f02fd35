/** The where inputs (`<Type>_where` with `AND`/`OR`) and their per-field operator inputs. */
import { traverseFields } from '../../config/fields.ts'
import { stringIds } from '../../config/ids.ts'
import type { FlattenedField, IdKind } from '../../config/types.ts'
import { fieldType } from '../../fields/registry.ts'
import { NUMBER_OPS, TEXT_OPS } from '../../fields/shared.ts'
import { sdlKit } from './kit.ts'
import { desc, gqlId, type Ctx } from './shared.ts'

export function operatorInput(
  ctx: Ctx,
  name: string,
  scalar: string,
  ops: readonly string[],
): string {
  const lines = ops.map((op) => {
    if (op === 'in' || op === 'not_in' || op === 'all') return `  ${op}: [${scalar}]`
    if (op === 'exists') return '  exists: Boolean'
    if (op === 'like' || op === 'not_like') return `  ${op}: String`
    if (op === 'near') return '  near: [Float]'
    return `  ${op}: ${scalar}`
  })
  return ctx.b.add(name, `input ${name} {\n${lines.join('\n')}\n}`)
}

export function whereInput(
  ctx: Ctx,
  type: string,
  fields: FlattenedField[],
  timestamps: boolean,
  kind: IdKind = 'integer',
): string {
  const name = `${type}_where`
  const lines: string[] = [
    `  id: ${operatorInput(ctx, `${type}_id_operator`, gqlId(kind), stringIds(kind) ? TEXT_OPS : NUMBER_OPS)}`,
  ]
  // Group fields nest as `group__field`; arrays, blocks and relations stop (their values are JSON here).
  traverseFields(fields, (f, path) => {
    if (f.hidden || f.virtual) return false
    const key = [...path, f.name].join('__')
    const line = fieldType(f).whereInput?.(f, key, type, sdlKit(ctx))
    // A field without operators of its own (a group) nests its fields, unless it is one JSON value (localized).
    if (!line) return !f.localized
    lines.push(`  ${key}: ${line}`)
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
