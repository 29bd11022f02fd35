/** Field → GraphQL input type: the create and update inputs of documents and globals (`required` adds `!`). */
import { alwaysRequired } from '../../config/fields.ts'
import type { FlattenedField } from '../../config/types.ts'
import { fieldType } from '../../fields/registry.ts'
import { ownsRowId } from '../../fields/shared.ts'
import { sdlKit } from './kit.ts'
import type { Ctx } from './shared.ts'

/** The input type of a field (`required` adds `!`). */
function inputType(ctx: Ctx, field: FlattenedField, parent: string, required: boolean): string {
  return `${fieldType(field).input(field, parent, sdlKit(ctx)) ?? ''}${required ? '!' : ''}`
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
  const lines = row && !ownsRowId(fields) ? ['  id: String', ...extra] : [...extra]
  for (const f of fields) {
    // A join field is computed on read, a virtual one by hooks: no input.
    if (f.hidden || f.virtual || fieldType(f).computed) continue
    const required = requireds && alwaysRequired(f) && f.defaultValue === undefined && !f.localized
    lines.push(`  ${f.name}: ${inputType(ctx, f, name, required)}`)
  }
  if (lines.length === 0) lines.push('  _empty: Boolean')
  ctx.b.set(name, `input ${name} {\n${lines.join('\n')}\n}`)
  return name
}
