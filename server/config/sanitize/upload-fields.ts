import { ConfigError } from '../../errors/config-error.ts'
import { relationOf } from '../../fields/registry.ts'
import { traverseFields } from '../fields.ts'
import type { FlattenedField, SanitizedCollection, SanitizedGlobal } from '../types.ts'

/** Every upload field relates to upload collections only (known once every collection is sanitised). */
export function checkUploadTargets(
  collections: SanitizedCollection[],
  globals: SanitizedGlobal[],
): void {
  const uploads = new Set(collections.filter((c) => c.upload).map((c) => c.slug))
  const check = (fields: FlattenedField[], where: string) =>
    traverseFields(fields, (field, path) => {
      const relation = relationOf(field)
      if (!relation?.uploads) return
      for (const target of relation.targets)
        if (!uploads.has(target))
          throw new ConfigError(
            `${where}, field "${[...path, field.name].join('.')}": relationTo "${target}" is not an upload collection; an upload field relates to collections with upload set (use a relationship field for other collections).`,
          )
    })
  for (const c of collections) check(c.flatFields, `Collection "${c.slug}"`)
  for (const g of globals) check(g.flatFields, `Global "${g.slug}"`)
}
