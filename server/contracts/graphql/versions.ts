/** The types of a versions collection, shared by collections and globals with versions. */
import type { SanitizedCollection } from '../../config/types.ts'
import { objectType } from './output.ts'
import type { Ctx } from './shared.ts'
import { whereInput } from './where.ts'

/**
 * The types of a versions collection, named as Payload names them: `<Singular>Version` (with `version` of type
 * `<Singular>Version_Version`), its page `versions<Plural>` and its where input `versions<Singular>_where`
 * (`version__title`, `parent`, `latest`…).
 */
export function versionTypes(
  ctx: Ctx,
  singular: string,
  plural: string,
  versions: SanitizedCollection,
) {
  const type = objectType(ctx, `${singular}Version`, versions.flatFields, false, undefined, [
    '  id: Int!',
    '  createdAt: DateTime',
    '  updatedAt: DateTime',
  ])
  const list = ctx.b.add(
    `versions${plural}`,
    `type versions${plural} {\n  docs: [${type}!]!\n  totalDocs: Int!\n  limit: Int!\n  totalPages: Int!\n  page: Int!\n  pagingCounter: Int!\n  hasPrevPage: Boolean!\n  hasNextPage: Boolean!\n  prevPage: Int\n  nextPage: Int\n}`,
  )
  const where = whereInput(ctx, `versions${singular}`, versions.flatFields, true)
  return { type, list, where }
}
