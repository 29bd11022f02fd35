/** A global's types and its root fields: read, update, versions and access. */
import { describedAs } from '../../config/admin.ts'
import type { SanitizedGlobal } from '../../config/types.ts'
import { globalName, typeName } from '../../config/names.ts'
import { inputObject } from './input.ts'
import { objectType } from './output.ts'
import { permissionTypes } from './permissions.ts'
import { enumValueName, localeArgs, type Ctx, type RootFields } from './shared.ts'
import { versionTypes } from './versions.ts'

export function global(ctx: Ctx, g: SanitizedGlobal, root: RootFields): void {
  const name = globalName(g)
  const loc = localeArgs(ctx)
  objectType(ctx, name, g.flatFields, false, describedAs(g.label, '', g.admin), [
    '  globalType: String',
    '  createdAt: DateTime',
    '  updatedAt: DateTime',
  ])
  const input = inputObject(ctx, `mutation${name}Input`, g.flatFields, false, false)
  const autosave = g.versions && g.versions.autosave ? ', autosave: Boolean' : ''
  ctx.plan.roots.push(
    { type: 'Query', field: name, kind: 'findGlobal', global: g.slug },
    { type: 'Mutation', field: `update${name}`, kind: 'updateGlobal', global: g.slug },
  )
  const access = permissionTypes(ctx, typeName(g.slug), g.flatFields, true, [
    'read',
    'update',
    ...(g.versions ? ['readVersions'] : []),
  ])
  root.access.push(`  ${enumValueName(g.slug)}: ${access.access}`)
  ctx.plan.roots.push({
    type: 'Query',
    field: `docAccess${name}`,
    kind: 'docAccess',
    global: g.slug,
  })
  root.query.push(
    `  ${name}(draft: Boolean${loc}): ${name}`,
    `  docAccess${name}: ${access.docAccess}`,
  )
  root.mutation.push(
    `  update${name}(data: ${input}!${autosave}, draft: Boolean${ctx.config.localization ? ', locale: LocaleInputType' : ''}): ${name}`,
  )
  if (!g.versionsCollection) return
  // Payload's names: versionSiteSetting, versionsSiteSetting (list type of the same name), restoreVersionSiteSetting.
  const version = versionTypes(ctx, name, name, g.versionsCollection)
  ctx.plan.roots.push(
    { type: 'Query', field: `version${name}`, kind: 'findGlobalVersionByID', global: g.slug },
    { type: 'Query', field: `versions${name}`, kind: 'findGlobalVersions', global: g.slug },
    {
      type: 'Mutation',
      field: `restoreVersion${name}`,
      kind: 'restoreGlobalVersion',
      global: g.slug,
    },
  )
  root.query.push(
    `  version${name}(id: Int${loc}): ${version.type}`,
    `  versions${name}(where: ${version.where}, limit: Int, page: Int, pagination: Boolean, sort: String${loc}): ${version.list}`,
  )
  root.mutation.push(`  restoreVersion${name}(id: Int, draft: Boolean): ${name}`)
}
