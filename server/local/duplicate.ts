import { nestedData, walkData, walkDataAsync } from '../config/fields.ts'
import { fieldType } from '../fields/registry.ts'
import type {
  CmsRequest,
  FieldHook,
  FlattenedField,
  ID,
  SanitizedCollection,
} from '../config/types.ts'
import type { Executor } from '../db/database.ts'
import { selectById, selectIds } from '../db/store.ts'
import { BadRequest } from '../errors/bad-request.ts'
import { Forbidden } from '../errors/forbidden.ts'
import { NotFound } from '../errors/not-found.ts'
import { combineWhere, executeAccess } from './access.ts'
import type { Cms } from './cms.ts'
import { isRecord } from '../utilities/is-record.ts'
import { rowId } from './fields/defaults.ts'
import { hiddenInTrash } from './trash.ts'
import { latestVersion } from './versions.ts'

/** How a duplicate reads its source: the caller's access, the locales to copy, whether the trash counts. */
export interface SourceOptions {
  overrideAccess: boolean
  selectedLocales?: string[]
  /** `trash: true`: a source in the trash may be copied (the copy is not in the trash); else it is a 404. */
  trash?: unknown
}

/**
 * The source of a duplicate (Payload's `getDuplicateDocumentData`): the document `id` as the caller may read it,
 * its newest version where the collection keeps drafts, in stored form with every locale. Its id and timestamps
 * are left out, hidden fields (auth secrets) are never copied, array and block rows get new ids, and the
 * fields' `beforeDuplicate` hooks have run on every locale. A duplicate is a create: a field the caller may not
 * create is not copied either (it takes its default or the hooks' value, as on create).
 */
export async function duplicateSource(
  cms: Cms,
  tx: Executor,
  collection: SanitizedCollection,
  req: CmsRequest,
  id: ID,
  options: SourceOptions,
): Promise<Record<string, unknown>> {
  const { overrideAccess, selectedLocales } = options
  if (collection.disableDuplicate)
    throw new BadRequest(`The collection with slug ${collection.slug} cannot be duplicated.`)
  const locales = cms.config.localization ? cms.config.localization.localeCodes : undefined
  const selected = selectedLocalesParam(selectedLocales, locales)
  const access = await executeAccess(collection.access.read, { req, id }, overrideAccess)
  const ctx = cms.queryContext(req.locale)
  const main = await selectById(tx, ctx, collection, id)
  const readable =
    main &&
    (access === true ||
      (await selectIds(tx, ctx, collection, combineWhere({ id: { equals: id } }, access))).length >
        0)
  // As Payload: a document read access narrows away is a 403 (a Where was involved), a missing one a 404.
  if (!main || !readable) throw access === true ? new NotFound() : new Forbidden()
  // As findByID: a document in the trash is a 404 unless the caller asks for the trash. Checked after read
  // access, so a caller learns nothing about the trash of documents they may not read.
  if (hiddenInTrash(collection, main, options.trash)) throw new NotFound()
  const source = structuredClone((await latestVersion(tx, ctx, collection, id)) ?? main)
  const copy: Record<string, unknown> = {}
  for (const field of collection.flatFields)
    if (!field.hidden && field.name in source) copy[field.name] = source[field.name]
  // The copy starts outside the trash, whatever its source.
  delete copy.deletedAt
  if (selected) keepLocales(collection.flatFields, copy, selected)
  freshRowIds(collection.flatFields, copy, locales)
  await beforeDuplicate(collection.flatFields, copy, copy, { req, collection, locales }, [])
  if (!overrideAccess)
    await dropUncreatable(collection.flatFields, copy, { req, data: copy, locales })
  return copy
}

/**
 * Removes from the copy (stored form) every value the caller may not create, at any depth and in every locale:
 * without this the source's value would stand where a create gives the field's default (a member's copy of an
 * admin's post would name the admin as author). Field access gets the copy as `data` and the holder as
 * `siblingData`.
 */
async function dropUncreatable(
  fields: FlattenedField[],
  data: Record<string, unknown>,
  scope: { req: CmsRequest; data: Record<string, unknown>; locales: string[] | undefined },
): Promise<void> {
  await walkDataAsync(fields, data, {
    async visit(field, sibling) {
      if (!(field.name in sibling)) return false
      const allowed = field.access?.create
      if (allowed && !(await allowed({ req: scope.req, data: scope.data, siblingData: sibling }))) {
        delete sibling[field.name]
        return false
      }
    },
    values: (field, value) => valuesOf(field, value, scope.locales),
  })
}

/** `selectedLocales` checked against the config's locales (400 naming the unknown ones); undefined: every locale. */
function selectedLocalesParam(
  selected: unknown,
  locales: string[] | undefined,
): Set<string> | undefined {
  if (selected === undefined || selected === null) return undefined
  if (!Array.isArray(selected) || selected.some((l) => typeof l !== 'string'))
    throw new BadRequest('selectedLocales must be a list of locale codes.', [
      { path: 'selectedLocales' },
    ])
  if (!locales)
    throw new BadRequest('selectedLocales needs localization in the config.', [
      { path: 'selectedLocales' },
    ])
  const unknown = selected.filter((l) => !locales.includes(l))
  if (unknown.length || selected.length === 0)
    throw new BadRequest(
      `selectedLocales: ${unknown.length ? `unknown locale ${unknown.map((l) => JSON.stringify(l)).join(', ')}` : 'name at least one locale'}; the locales are ${locales.join(', ')}.`,
      [{ path: 'selectedLocales' }],
    )
  return new Set(selected)
}

/** Localized values keep only the selected locales (Payload's `filterDataToSelectedLocales`), at any depth. */
function keepLocales(
  fields: FlattenedField[],
  data: Record<string, unknown>,
  selected: Set<string>,
): void {
  walkData(fields, data, {
    visit(field, holder) {
      const value = holder[field.name]
      if (!field.localized || !isRecord(value)) return
      for (const code of Object.keys(value)) if (!selected.has(code)) delete value[code]
      return false
    },
  })
}

/** The values of a field in stored form: each locale's of a localized field, else the value itself. */
function valuesOf(field: FlattenedField, value: unknown, locales: string[] | undefined): unknown[] {
  if (field.localized && locales && isRecord(value)) return locales.map((l) => value[l])
  return [value]
}

/** New ids for every array and block row, at any depth and in every locale. */
function freshRowIds(
  fields: FlattenedField[],
  data: Record<string, unknown>,
  locales: string[] | undefined,
): void {
  walkData(fields, data, {
    visit(field, holder) {
      if (!fieldType(field).rowFields) return
      for (const value of valuesOf(field, holder[field.name], locales))
        if (Array.isArray(value)) for (const row of value) if (isRecord(row)) row.id = rowId()
    },
    values: (field, value) => valuesOf(field, value, locales),
  })
}

const hasText = (v: unknown) => typeof v === 'string' && v.trim() !== ''
const COPY_SUFFIX: FieldHook = ({ value }) => (hasText(value) ? `${value} - Copy` : undefined)
/** Marks the default hook of a unique non-text field: its value is not copied. */
const DROP = Symbol('drop')

/**
 * The hooks a field runs on duplicate: its own, or Payload's default for a `unique` field without any: text,
 * textarea, code and json get " - Copy" appended; email, number, point, relationship and select are left empty
 * (Payload's default hook for those returns undefined, meant as "no value"), so a copy never breaks uniqueness.
 */
function duplicateHooks(field: FlattenedField): FieldHook[] | typeof DROP {
  const own = field.hooks?.beforeDuplicate ?? []
  if (own.length || !('unique' in field && field.unique)) return own
  if (['text', 'textarea', 'code', 'json'].includes(field.type)) return [COPY_SUFFIX]
  return DROP
}

async function beforeDuplicate(
  fields: FlattenedField[],
  sibling: Record<string, unknown>,
  doc: Record<string, unknown>,
  scope: { req: CmsRequest; collection: SanitizedCollection; locales: string[] | undefined },
  path: (string | number)[],
): Promise<void> {
  for (const field of fields) {
    const at = [...path, field.name]
    const hooks = duplicateHooks(field)
    // The locales a localized field's value is keyed by (none: the value itself).
    const locales = field.localized ? scope.locales : undefined
    if (hooks === DROP) {
      delete sibling[field.name]
      continue
    }
    const run = async (value: unknown): Promise<unknown> => {
      let result: unknown
      for (const hook of hooks)
        result = await hook({
          value,
          previousValue: value,
          data: doc,
          siblingData: sibling,
          operation: 'create',
          req: scope.req,
          context: scope.req.context,
          field,
          path: at,
          collection: scope.collection,
        })
      // As Payload: a hook answering undefined leaves the value as it was.
      return result === undefined ? value : result
    }
    if (hooks.length) {
      if (locales) {
        const stored = sibling[field.name]
        const map = isRecord(stored) ? stored : {}
        for (const locale of locales) {
          if (map[locale] === undefined && !(locale in map)) continue
          map[locale] = await run(map[locale])
        }
      } else if (field.name in sibling) {
        sibling[field.name] = await run(sibling[field.name])
      }
    }
    for (const value of valuesOf(field, sibling[field.name], scope.locales))
      for (const nested of nestedData(field, value))
        await beforeDuplicate(
          nested.fields,
          nested.data,
          doc,
          scope,
          nested.index === undefined ? at : [...at, nested.index],
        )
  }
}
