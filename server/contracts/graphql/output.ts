/**
 * Field → GraphQL output type: the object types of documents, groups, array rows and blocks, with their unions
 * and enums.
 */
import { describedAs } from '../../config/admin.ts'
import type { FlattenedField } from '../../config/types.ts'
import { fieldType } from '../../fields/registry.ts'
import { ownsRowId } from '../../fields/shared.ts'
import { sdlKit } from './kit.ts'
import { desc, type Ctx } from './shared.ts'

/** The output type of a field (nullable). */
export const outputType = (ctx: Ctx, field: FlattenedField, parent: string): string =>
  fieldType(field).output(field, parent, sdlKit(ctx))

export function objectType(
  ctx: Ctx,
  name: string,
  fields: FlattenedField[],
  row: boolean,
  description?: string,
  extra: string[] = [],
): string {
  if (ctx.b.has(name)) return name
  ctx.b.add(name, '') // reserve (recursive relations)
  const lines = row && !ownsRowId(fields) ? ['  id: String', ...extra] : [...extra]
  for (const f of fields) {
    if (f.hidden) continue
    const args = fieldType(f).outputArgs?.(f, sdlKit(ctx), name) ?? ''
    const about = [describedAs(f.label, f.name, f.admin), fieldType(f).outputDescription?.(f)]
    lines.push(
      `${desc(about.filter(Boolean).join(' ') || undefined, '  ')}  ${f.name}${args}: ${outputType(ctx, f, name)}`,
    )
  }
  if (lines.length === 0) lines.push('  _empty: Boolean')
  ctx.b.set(name, `${desc(description)}type ${name} {\n${lines.join('\n')}\n}`)
  return name
}
