/** A collection's types and its root fields: find, count, create, update, delete, versions, duplicate, access. */
import { describedAs } from '../../config/admin.ts'
import type { GraphQLKind } from '../../config/kinds.ts'
import type { SanitizedCollection } from '../../config/types.ts'
import { collectionNames, typeName } from '../../config/names.ts'
import { idKind } from '../../config/ids.ts'
import { authOperations, authRoots } from './auth.ts'
import { inputObject } from './input.ts'
import { objectType } from './output.ts'
import { permissionTypes } from './permissions.ts'
import { enumValueName, gqlId, localeArgs, type Ctx, type RootFields } from './shared.ts'
import { versionTypes } from './versions.ts'
import { whereInput } from './where.ts'

export function collection(ctx: Ctx, c: SanitizedCollection, root: RootFields): void {
  const { singular, graphQLPlural: plural } = collectionNames(c)
  const loc = localeArgs(ctx)
  // As Payload, every collection takes `draft` (it reads or writes drafts only with versions.drafts).
  const draft = ', draft: Boolean'
  const autosave = c.versions && c.versions.autosave ? ', autosave: Boolean' : ''
  // As Payload: every collection takes `trash` (nothing without trash: true), so `trash: false` is never an
  // unknown argument.
  const trash = ', trash: Boolean'
  const id = gqlId(idKind(c))
  const extra = [`  id: ${id}!`]
  if (c.timestamps) extra.push('  createdAt: DateTime', '  updatedAt: DateTime')
  if (c.auth) extra.push('  collection: String')
  // The API key (auth.useAPIKey) is answered once, by the write that set it; null on every read.
  const apiKey = c.auth && c.auth.useAPIKey ? ['  apiKey: String'] : []
  extra.push(...apiKey)
  ctx.owner = { collection: c.slug, path: [] }
  objectType(ctx, singular, c.flatFields, false, describedAs(c.labels.singular, '', c.admin), extra)
  ctx.owner = undefined
  ctx.b.add(
    plural,
    `type ${plural} {\n  docs: [${singular}!]!\n  totalDocs: Int!\n  limit: Int!\n  totalPages: Int!\n  page: Int!\n  pagingCounter: Int!\n  hasPrevPage: Boolean!\n  hasNextPage: Boolean!\n  prevPage: Int\n  nextPage: Int\n}`,
  )
  const where = whereInput(ctx, singular, c.flatFields, c.timestamps, idKind(c))
  const count = ctx.b.add(`count${plural}`, `type count${plural} {\n  totalDocs: Int!\n}`)
  const create = inputObject(
    ctx,
    `mutation${singular}Input`,
    c.flatFields,
    false,
    // Required fields are non-null with drafts too, as in Payload's create input (a draft save relaxes the
    // server's check, not the input type).
    true,
    c.auth
      ? ['  password: String!', ...apiKey]
      : c.idField
        ? [`  id: ${id}${c.idField.defaultValue === undefined ? '!' : ''}`]
        : [],
  )
  const update = inputObject(
    ctx,
    `mutation${singular}UpdateInput`,
    c.flatFields,
    false,
    false,
    // A custom id: ignored by an update, the copy's id for a duplicate.
    c.auth ? ['  password: String', ...apiKey] : c.idField ? [`  id: ${id}`] : [],
  )

  const meta = (type: 'Query' | 'Mutation', field: string, kind: GraphQLKind) =>
    ctx.plan.roots.push({ type, field, kind, collection: c.slug })
  meta('Query', singular, 'findByID')
  meta('Query', plural, 'find')
  meta('Query', `count${plural}`, 'count')
  meta('Mutation', `create${singular}`, 'create')
  meta('Mutation', `update${singular}`, 'update')
  meta('Mutation', `delete${singular}`, 'delete')
  authRoots(c, singular, meta)
  root.query.push(
    `  ${singular}(id: ${id}!${draft}${trash}${loc}): ${singular}`,
    `  ${plural}(where: ${where}, limit: Int, page: Int, pagination: Boolean, sort: String${draft}${trash}${loc}): ${plural}`,
    `  count${plural}(where: ${where}${draft}${trash}${ctx.config.localization ? ', locale: LocaleInputType' : ''}): ${count}`,
  )
  root.mutation.push(
    `  create${singular}(data: ${create}!${draft}${ctx.config.localization ? ', locale: LocaleInputType' : ''}): ${singular}`,
    `  update${singular}(id: ${id}!, data: ${update}!${autosave}${draft}${trash}${ctx.config.localization ? ', locale: LocaleInputType' : ''}): ${singular}`,
    `  delete${singular}(id: ${id}!${trash}): ${singular}`,
  )
  if (c.versionsCollection) {
    const version = versionTypes(ctx, singular, plural, c.versionsCollection)
    meta('Query', `version${singular}`, 'findVersionByID')
    meta('Query', `versions${plural}`, 'findVersions')
    meta('Mutation', `restoreVersion${singular}`, 'restoreVersion')
    root.query.push(
      `  version${singular}(id: Int${trash}${loc}): ${version.type}`,
      `  versions${plural}(where: ${version.where}, limit: Int, page: Int, pagination: Boolean, sort: String${trash}${loc}): ${version.list}`,
    )
    root.mutation.push(`  restoreVersion${singular}(id: Int, draft: Boolean): ${singular}`)
  }
  if (!c.disableDuplicate) {
    meta('Mutation', `duplicate${singular}`, 'duplicate')
    root.mutation.push(
      `  duplicate${singular}(id: ${id}!, data: ${update}${draft}${trash}${ctx.config.localization ? ', locale: LocaleInputType' : ''}): ${singular}`,
    )
  }
  const access = permissionTypes(ctx, typeName(c.slug), c.flatFields, c.timestamps, [
    'create',
    'read',
    'update',
    'delete',
    ...(c.versions ? ['readVersions'] : []),
  ])
  root.access.push(`  ${enumValueName(c.slug)}: ${access.access}`)
  meta('Query', `docAccess${singular}`, 'docAccess')
  root.query.push(`  docAccess${singular}(id: ${id}!): ${access.docAccess}`)
  authOperations(ctx, c, singular, root, meta)
}
