import { relationshipTo } from '../fields/relationship.ts'
import type {
  FlattenedField,
  SanitizedCollection,
  SanitizedGlobal,
  SanitizedVersions,
} from './types.ts'

/** Field copies for the version table: no unique constraints or indexes (many versions share values), no hooks; field read access stays. */
function versionCopy(fields: FlattenedField[]): FlattenedField[] {
  // Join fields hold nothing, so a version has none (as in Payload).
  return fields
    .filter((f) => f.type !== 'join')
    .map((f) => {
      const copy = {
        ...f,
        unique: false,
        index: f.name === '_status',
        hooks: undefined,
        validate: undefined,
      } as FlattenedField
      if (copy.type === 'group' || copy.type === 'array') copy.fields = versionCopy(copy.fields)
      if (copy.type === 'blocks')
        copy.blocks = copy.blocks.map((b) => ({ ...b, fields: versionCopy(b.fields) }))
      return copy
    })
}

/**
 * The internal collection holding a versioned collection's versions (table `_<table>_versions`): `parent`
 * (the document), `version` (a full copy of the document's fields and timestamps, queryable as
 * `version.<field>`), `latest` (the newest version of its parent), `autosave` with drafts.autosave. Slugs start
 * with a letter, so the `_` prefix cannot clash with a configured collection.
 */
export function versionsCollection(collection: SanitizedCollection): SanitizedCollection {
  const parent = relationshipTo('parent', collection.slug, { required: true, index: true })
  return internalCollection(
    `_${collection.slug}_versions`,
    `_${collection.table}_versions`,
    collection.labels.singular,
    [parent, ...bookkeeping(collection.flatFields, collection.versions)],
  )
}

/**
 * The internal collection holding a versioned global's versions (table `cms_global_<slug>_versions`): as a
 * collection's, without `parent` (a global is one document). Its slug starts with `cms_`, which configured
 * slugs cannot, so it clashes with nothing.
 */
export function globalVersionsCollection(global: SanitizedGlobal): SanitizedCollection {
  return internalCollection(
    `cms_global_${global.slug}_versions`,
    `cms_global_${global.slug.replace(/-/g, '_')}_versions`,
    global.label,
    bookkeeping(global.flatFields, global.versions),
  )
}

/** `version` (the saved document), `latest`, and with autosave the `autosave` mark (as Payload). */
function bookkeeping(
  flatFields: FlattenedField[],
  versions: SanitizedVersions | false,
): FlattenedField[] {
  return [
    {
      name: 'version',
      type: 'group',
      fields: [
        ...versionCopy(flatFields),
        { name: 'createdAt', type: 'date' },
        { name: 'updatedAt', type: 'date' },
      ],
    },
    { name: 'latest', type: 'checkbox', index: true },
    ...(versions && versions.autosave
      ? [{ name: 'autosave', type: 'checkbox', index: true } satisfies FlattenedField]
      : []),
  ]
}

function internalCollection(
  slug: string,
  table: string,
  label: string,
  fields: FlattenedField[],
): SanitizedCollection {
  return {
    slug,
    labels: { singular: `${label} version`, plural: `${label} versions` },
    fields,
    flatFields: fields,
    auth: false,
    versions: false,
    timestamps: true,
    trash: false,
    defaultSort: '-updatedAt',
    disableDuplicate: true,
    hooks: {
      beforeOperation: [],
      beforeValidate: [],
      beforeChange: [],
      afterChange: [],
      beforeRead: [],
      afterRead: [],
      beforeDelete: [],
      afterDelete: [],
      afterOperation: [],
      afterError: [],
      beforeLogin: [],
      afterLogin: [],
      afterLogout: [],
      afterRefresh: [],
      afterMe: [],
      afterForgotPassword: [],
      refresh: [],
      me: [],
    },
    access: {},
    endpoints: [],
    table,
    idType: 'serial',
    joins: [],
    upload: false,
  }
}
