/** Permissions as Payload types them: `<Slug>Access`, `<Slug>DocAccess` and the fields' `<Slug>Fields`. */
import type { FlattenedField } from '../../config/types.ts'
import { permissionFields } from '../../local/permissions.ts'
import { desc, type Ctx } from './shared.ts'

/**
 * `<Slug>Access` and `<Slug>DocAccess`: each operation as `{ permission, where }` and the fields' permissions
 * (`<Slug>Fields`, one object per field with `create`, `read`, `update` and its children's `fields`).
 */
export function permissionTypes(
  ctx: Ctx,
  type: string,
  fields: FlattenedField[],
  timestamps: boolean,
  operations: string[],
): { access: string; docAccess: string } {
  ctx.b.add(
    'AccessPermission',
    `${desc('An operation: allowed or not, and the Where its access function returned (for Access not evaluated; for one document, matched against it).')}type AccessPermission {\n  permission: Boolean!\n  where: JSON\n}`,
  )
  ctx.b.add('FieldAccessPermission', 'type FieldAccessPermission {\n  permission: Boolean!\n}')
  const fieldsType = fieldPermissionType(ctx, `${type}Fields`, fields, timestamps)
  const body = [...operations.map((op) => `  ${op}: AccessPermission`), `  fields: ${fieldsType}`]
  return {
    access: ctx.b.add(`${type}Access`, `type ${type}Access {\n${body.join('\n')}\n}`),
    docAccess: ctx.b.add(`${type}DocAccess`, `type ${type}DocAccess {\n${body.join('\n')}\n}`),
  }
}

function fieldPermissionType(
  ctx: Ctx,
  name: string,
  fields: FlattenedField[],
  timestamps: boolean,
): string {
  const lines: string[] = []
  for (const { name: field, field: f } of permissionFields(fields, timestamps)) {
    const own = [
      '  create: FieldAccessPermission',
      '  read: FieldAccessPermission',
      '  update: FieldAccessPermission',
    ]
    if (f?.type === 'group' || f?.type === 'array')
      own.push(`  fields: ${fieldPermissionType(ctx, `${name}_${field}_Fields`, f.fields, false)}`)
    lines.push(
      `  ${field}: ${ctx.b.add(`${name}_${field}`, `type ${name}_${field} {\n${own.join('\n')}\n}`)}`,
    )
  }
  if (lines.length === 0) lines.push('  _empty: Boolean')
  return ctx.b.add(name, `type ${name} {\n${lines.join('\n')}\n}`)
}
