import { readId, relationKindOf, relationStoredKind, validId } from '../config/ids.ts'
import { typeName } from '../config/names.ts'
import type { CollectionSlug } from '../config/local-api.ts'
import type { FieldBase, FilterOptions, ID } from '../config/types.ts'
import { checkRows, EQ_OPS, idWhereKind, isObject, many, ok, whereIdComponent } from './shared.ts'
import type {
  Checked,
  FieldType,
  Relation,
  Schema,
  SchemaKit,
  SdlKit,
  ValidateKit,
} from './types.ts'
import type { UploadField } from './upload.ts'

/**
 * A relationship: ids of documents of one collection, or (polymorphic, `relationTo` a list) `{ relationTo, value }`
 * pairs; reads populate them as depth allows. Stored in an id column of the targets' kind (a polymorphic one in two
 * columns), or as JSON with `hasMany`.
 */

/** What relationship and upload fields share: the documents they point at and how many. */
export interface RelationFieldBase extends FieldBase {
  relationTo: string | string[]
  /** Enforced on every write: a related id outside it is a validation error on the field's path. */
  filterOptions?: FilterOptions
  hasMany?: boolean
  maxDepth?: number
  minRows?: number
  maxRows?: number
}

/** A relationship field's config. */
export interface RelationshipField extends RelationFieldBase {
  type: 'relationship'
}

/** A relationship named `name` to documents of `slug` (the versions collection's `parent`). */
export const relationshipTo = (
  name: string,
  slug: string | string[],
  options: Partial<RelationshipField> = {},
): RelationshipField => ({ ...options, name, type: 'relationship', relationTo: slug })

const targetsOf = (field: RelationFieldBase): string[] =>
  Array.isArray(field.relationTo) ? field.relationTo : [field.relationTo]
const kindsOf = (field: RelationFieldBase) => [
  ...new Set(targetsOf(field).map((t) => relationKindOf(field, t))),
]

/** The ids a relationship may hold: one schema, or the union of its targets' kinds. */
function idsSchema(field: RelationFieldBase, kit: SchemaKit): Schema {
  const kinds = kindsOf(field)
  return kinds.length === 1 ? kit.idSchema(kinds[0]) : { anyOf: kinds.map(kit.idSchema) }
}

function schema(field: RelationFieldBase, kit: SchemaKit): Schema {
  const id = idsSchema(field, kit)
  if (!Array.isArray(field.relationTo))
    return kit.mode === 'read' ? { anyOf: [id, kit.docRef(field.relationTo)] } : id
  const value = kit.mode === 'read' ? { anyOf: [id, ...field.relationTo.map(kit.docRef)] } : id
  return {
    type: 'object',
    required: ['relationTo', 'value'],
    properties: { relationTo: { type: 'string', enum: field.relationTo }, value },
  }
}

/** A relation value as stored: an id (a populated document counts by its id). */
const relationId = (v: unknown): unknown => (isObject(v) && 'id' in v ? v.id : v)

function checkValue(field: RelationFieldBase, value: unknown, kit: ValidateKit): Checked {
  // A well-formed id is recorded for the existence check that follows validation.
  const reference = (slug: string, raw: unknown): ID | undefined => {
    const id = validId(relationKindOf(field, slug), raw)
    if (id !== undefined) kit.reference(slug, id, kit.path)
    return id
  }
  const one = (v: unknown): unknown => {
    if (!Array.isArray(field.relationTo)) return reference(field.relationTo, relationId(v))
    if (
      !isObject(v) ||
      typeof v.relationTo !== 'string' ||
      !field.relationTo.includes(v.relationTo)
    )
      return undefined
    const id = reference(v.relationTo, relationId(v.value))
    return id === undefined ? undefined : { relationTo: v.relationTo, value: id }
  }
  const invalid = Array.isArray(field.relationTo)
    ? 'This field must be { relationTo, value } with a collection it relates to and a document id.'
    : 'This field must hold a document id.'
  if (field.hasMany) {
    if (!Array.isArray(value)) return 'This field must be a list of relations.'
    const e = checkRows(field, value.length)
    if (e) return e
    const out = value.map(one)
    return out.some((v) => v === undefined) ? invalid : ok(out)
  }
  const r = one(value)
  return r === undefined ? invalid : ok(r)
}

/**
 * `filterOptions`, as Payload validates it: per related collection, the Where (or the function's result) ANDed
 * with the ids sent; an id no related document matches is invalid (`false` allows none, `true` or undefined any).
 * One query per collection with values. An id it rejects is not checked for existence again.
 */
async function checkFilterOptions(
  field: RelationFieldBase,
  value: unknown,
  kit: ValidateKit,
): Promise<string | undefined> {
  const fo = field.filterOptions
  if (!fo) return undefined
  const values = (field.hasMany ? (value as unknown[]) : [value]).filter((v) => v != null)
  const polymorphic = Array.isArray(field.relationTo)
  const invalid: string[] = []
  for (const slug of targetsOf(field)) {
    const ids = values.flatMap((v) => {
      if (!polymorphic) return [v as ID]
      const pair = v as { relationTo: string; value: ID }
      return pair.relationTo === slug ? [pair.value] : []
    })
    if (ids.length === 0) continue
    const { req } = kit
    const filter =
      typeof fo === 'function'
        ? await fo({
            id: kit.id,
            data: kit.data,
            siblingData: kit.sibling,
            relationTo: slug,
            req,
            user: req.user,
          })
        : fo
    if (filter === true || filter === undefined || filter === null) continue
    const allowed = new Set<unknown>()
    if (filter !== false) {
      const found = await req.cms.find({
        collection: slug as CollectionSlug,
        where: { and: [{ id: { in: ids } }, filter] },
        depth: 0,
        pagination: false,
        overrideAccess: true,
        req,
      })
      for (const doc of found.docs) allowed.add(doc.id)
    }
    for (const id of ids) {
      if (allowed.has(id)) continue
      invalid.push(polymorphic ? `${id} (${slug})` : String(id))
      kit.unreference(slug, id, kit.path)
    }
  }
  return invalid.length
    ? `This field has the following invalid selections: ${invalid.join(', ')}`
    : undefined
}

/** A relationship's GraphQL output: its target's document type, or (polymorphic) `…_Relationship` over a union. */
function output(field: RelationFieldBase, parent: string, kit: SdlKit): string {
  const own = `${parent}_${typeName(field.name)}`
  if (!Array.isArray(field.relationTo)) {
    kit.relation({
      type: parent,
      field: field.name,
      relationTo: field.relationTo,
      hasMany: Boolean(field.hasMany),
      maxRows: field.maxRows,
    })
    return many(field.hasMany, kit.docType(field.relationTo))
  }
  const targets = field.relationTo
  kit.union(own, 'collection', new Map(targets.map((s) => [s, kit.docType(s)])))
  kit.relation({
    type: `${own}_Relationship`,
    field: 'value',
    relationTo: targets,
    hasMany: false,
    holder: { type: parent, field: field.name },
  })
  const union = kit.add(own, `union ${own} = ${targets.map(kit.docType).join(' | ')}`)
  const relationTo = kit.enum(`${own}_RelationTo`, targets)
  const rel = kit.add(
    `${own}_Relationship`,
    `type ${own}_Relationship {\n  relationTo: ${relationTo}\n  value: ${union}\n}`,
  )
  return many(field.hasMany, rel)
}

/**
 * The field type of a relation field named `name`: relationship, and upload (a relationship to upload collections,
 * fields/upload.ts), which is stored, queried, populated and typed the same way.
 */
export const relationFieldType = <F extends RelationshipField | UploadField>(
  name: F['type'],
  { uploads = false }: { uploads?: boolean } = {},
): FieldType<F> => ({
  name,
  jsonStored: (field) => Boolean(field.hasMany),
  emptyList: (field) => Boolean(field.hasMany),
  column: (field) => ({ type: 'id', kind: relationStoredKind(field) }),
  reader(field) {
    const kind = relationStoredKind(field)
    return (v) => readId(kind, v)
  },
  whereKind: (field) => idWhereKind(relationStoredKind(field)),
  // A copy: the sanitiser marks it with its targets' id kinds (config/ids.ts), which must not land on the config
  // object (it may be sanitised again, alone or in another config).
  flatten: (field) => ({ ...field }),
  relation: (field): Relation => ({
    targets: targetsOf(field),
    polymorphic: Array.isArray(field.relationTo),
    hasMany: Boolean(field.hasMany),
    maxDepth: field.maxDepth,
    uploads,
  }),
  many: { what: 'a relationship', one: 'relation' },
  holdsObject: (field) => Array.isArray(field.relationTo),
  schema,
  // Its row bounds bind an empty list too (checkRows), so the schema leaves them to the server's check.
  manyBounds: () => ({}),
  whereSchema: (field, kit) =>
    kit.ref(
      Array.isArray(field.relationTo)
        ? 'WhereAny'
        : whereIdComponent(relationKindOf(field, field.relationTo)),
    ),
  wherePaths(field, path, kit) {
    if (!Array.isArray(field.relationTo)) return kit.beyond(path)
    kit.add([...path, 'relationTo'], kit.ref('WhereText'))
    kit.add([...path, 'value'], kit.ref('WhereAny'))
  },
  output,
  // As Payload: a relationship reads its documents in a locale and as drafts of its own choosing.
  outputArgs: (_field, kit) => `(draft: Boolean${kit.localeArgs})`,
  input(field, parent, kit) {
    const id = kit.idType(kindsOf(field))
    if (!Array.isArray(field.relationTo)) return many(field.hasMany, id)
    const own = `${parent}_${typeName(field.name)}`
    const relationTo = kit.enum(`${own}_RelationTo`, field.relationTo)
    const t = kit.add(
      `${own}_RelationshipInput`,
      `input ${own}_RelationshipInput {\n  relationTo: ${relationTo}!\n  value: ${id}!\n}`,
    )
    return many(field.hasMany, t)
  },
  whereInput: (field, key, type, kit) =>
    Array.isArray(field.relationTo)
      ? kit.operators(`${type}_${key}_operator`, 'JSON', EQ_OPS)
      : kit.operators(`${type}_${key}_operator`, kit.idType(kindsOf(field)), [
          ...EQ_OPS,
          'contains',
        ]),
  typescript(field, kit) {
    const one = Array.isArray(field.relationTo)
      ? field.relationTo
          .map(
            (s) =>
              `{ relationTo: ${JSON.stringify(s)}; value: ${kit.idType(s)} | ${kit.docName(s)} }`,
          )
          .join(' | ')
      : `${kit.idType(field.relationTo)} | ${kit.docName(field.relationTo)}`
    return field.hasMany ? `(${one})[]` : one
  },
  selection: (field, _parent, kit) =>
    Array.isArray(field.relationTo)
      ? `${field.name} { relationTo value { ${field.relationTo.map((s) => `... on ${kit.docType(s)} { id }`).join(' ')} } }`
      : `${field.name} { id }`,
  async validate(field, value, kit) {
    const checked = checkValue(field, value, kit)
    if (typeof checked === 'string') return checked
    return (await checkFilterOptions(field, checked.value, kit)) ?? checked
  },
  check(field, kit) {
    const targets = targetsOf(field)
    if (targets.length === 0) kit.fail('relationTo must name at least one collection.')
    for (const t of targets)
      if (!kit.slugs.has(t)) kit.fail(`relationTo "${t}" is not a collection in this config.`)
    const fo: unknown = field.filterOptions
    if (
      fo !== undefined &&
      typeof fo !== 'function' &&
      (!fo || typeof fo !== 'object' || Array.isArray(fo))
    )
      kit.fail('filterOptions must be a Where object or a function returning one (or a boolean).')
  },
})

export const relationship = relationFieldType<RelationshipField>('relationship')
