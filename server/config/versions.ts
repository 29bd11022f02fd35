import type { FlattenedField, SanitizedCollection } from './types.ts'

/** Field copies for the version table: no unique constraints or indexes (many versions share values), no hooks; field read access stays. */
function versionCopy(fields: FlattenedField[]): FlattenedField[] {
  return fields.map((f) => {
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
 * `version.<field>`), `latest` (the newest version of its parent). Slugs start with a letter, so the
 * `_` prefix cannot clash with a configured collection.
 */
export function versionsCollection(collection: SanitizedCollection): SanitizedCollection {
  const fields: FlattenedField[] = [
    {
      name: 'parent',
      type: 'relationship',
      relationTo: collection.slug,
      required: true,
      index: true,
    },
    {
      name: 'version',
      type: 'group',
      fields: [
        ...versionCopy(collection.flatFields),
        { name: 'createdAt', type: 'date' },
        { name: 'updatedAt', type: 'date' },
      ],
    },
    { name: 'latest', type: 'checkbox', index: true },
  ]
  return {
    slug: `_${collection.slug}_versions`,
    labels: {
      singular: `${collection.labels.singular} version`,
      plural: `${collection.labels.singular} versions`,
    },
    fields,
    flatFields: fields,
    auth: false,
    versions: false,
    timestamps: true,
    defaultSort: '-updatedAt',
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
    table: `_${collection.table}_versions`,
  }
}
