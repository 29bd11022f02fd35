import type {
  CmsRequest,
  FlattenedField,
  ID,
  JoinField,
  SanitizedCollection,
} from '../config/types.ts'
import { fieldType, relationOf } from '../fields/registry.ts'
import type { NestedRelations, Relation } from '../fields/types.ts'
import { walkData } from '../config/fields.ts'
import { selectDocs } from '../db/store.ts'
import type { Cms } from './cms.ts'
import { accessResult, combineWhere } from './access.ts'
import { applySelect } from './select.ts'
import { budgetOf, jsonSize } from './budget.ts'

/** Where a relation sits in a document: an index of an array (hasMany, a join's docs) or a key of an object. */
type Place = { array: unknown[]; index: number } | { object: Record<string, unknown>; key: string }

/** A place in a document that holds a relation: an id (or the `value` of `{ relationTo, value }`). */
type Slot = Place & {
  collection: string
  id: ID
  polymorphic: boolean
  maxDepth?: number
  /** A document not found (or not readable) makes the place null, not an id (Payload's lexical nodes). */
  nullWhenMissing?: boolean
}

/** An id in a document (a document populated already is an object). */
export const isId = (v: unknown): v is ID => typeof v === 'number' || typeof v === 'string'

const isObject = (v: unknown): v is Record<string, unknown> =>
  Boolean(v) && typeof v === 'object' && !Array.isArray(v)

/** Data inside a value to look into for slots (a block's in rich text), with its fields and the value's bound. */
interface Nested {
  fields: FlattenedField[]
  data: Record<string, unknown>
  cap?: number
}

/**
 * Finds every relation slot in `doc`, through groups, arrays and blocks, and inside values holding relations of
 * their own (rich text): the data those hold (blocks, upload and link fields) goes on a worklist, not a recursion.
 */
function collectSlots(
  fields: FlattenedField[],
  doc: Record<string, unknown>,
  out: Slot[],
  locale: string | undefined,
): void {
  const work: Nested[] = []
  fieldSlots(fields, doc, out, locale, work)
  for (let i = 0; i < work.length; i++) {
    const start = out.length
    const { cap } = work[i]
    // Data inside a value is not a locale map, whatever its fields say.
    fieldSlots(work[i].fields, work[i].data, out, undefined, work, cap)
    if (cap !== undefined)
      for (let j = start; j < out.length; j++) out[j].maxDepth = lower(out[j].maxDepth, cap)
  }
}

/** The slots of `fields` in `doc`; data held inside values goes on `work`, bounded by `cap` and their field's. */
function fieldSlots(
  fields: FlattenedField[],
  doc: Record<string, unknown>,
  out: Slot[],
  locale: string | undefined,
  work: Nested[],
  cap?: number,
): void {
  walkData(fields, doc, {
    visit(field, holder) {
      const value = holder[field.name]
      if (value === null || value === undefined) return false
      if (field.localized && locale === 'all') {
        // A locale map: each locale's value is the field's value there, populated in place in the map.
        if (isObject(value))
          for (const code of Object.keys(value))
            fieldSlots(
              [{ ...field, name: code, localized: false }],
              value,
              out,
              undefined,
              work,
              cap,
            )
        return false
      }
      if (field.type === 'join') {
        joinSlots(field, value, out)
        return false
      }
      const relation = relationOf(field)
      if (relation) {
        relationSlots(field, relation, holder, value, out)
        return false
      }
      const inner = fieldType(field).valueRelations?.(field, value)
      if (inner) {
        valueSlots(inner, out)
        const bound = lower(cap, inner.maxDepth)
        for (const n of inner.nested) work.push({ fields: n.fields, data: n.data, cap: bound })
        return false
      }
    },
  })
}

const lower = (a: number | undefined, b: number | undefined): number | undefined =>
  a === undefined ? b : b === undefined ? a : Math.min(a, b)

/** The slots of the documents a value points at (rich-text nodes), bounded by its field's maxDepth too. */
function valueSlots(found: NestedRelations, out: Slot[]): void {
  for (const r of found.relations)
    out.push({
      object: r.object,
      key: r.key,
      collection: r.collection,
      id: r.id,
      polymorphic: true,
      maxDepth: lower(r.maxDepth, found.maxDepth),
      nullWhenMissing: !r.keepId,
    })
}

/** The slots of a join field's page: its documents' ids, populated down to the join's maxDepth (default 1). */
function joinSlots(field: JoinField, value: unknown, out: Slot[]): void {
  const docs = isObject(value) && Array.isArray(value.docs) ? value.docs : []
  docs.forEach((v, i) => {
    if (isId(v))
      out.push({
        array: docs,
        index: i,
        collection: field.collection,
        id: v,
        polymorphic: false,
        maxDepth: field.maxDepth ?? 1,
      })
  })
}

/** The slots of a relational field's value: its ids (or `{ relationTo, value }` pairs) to populate. */
function relationSlots(
  field: FlattenedField,
  relation: Relation,
  doc: Record<string, unknown>,
  value: unknown,
  out: Slot[],
): void {
  const add = (place: Place, v: unknown) => {
    if (relation.polymorphic && isObject(v) && isId(v.value))
      out.push({
        object: v,
        key: 'value',
        collection: String(v.relationTo),
        id: v.value,
        polymorphic: true,
        maxDepth: relation.maxDepth,
      })
    else if (!relation.polymorphic && isId(v))
      out.push({
        ...place,
        collection: relation.targets[0],
        id: v,
        polymorphic: false,
        maxDepth: relation.maxDepth,
      })
  }
  if (relation.hasMany && Array.isArray(value))
    value.forEach((v, i) => add({ array: value, index: i }, v))
  else add({ object: doc, key: field.name }, value)
}

export interface PopulateOptions {
  depth: number
  overrideAccess: boolean
  /** A read with `trash: true` populates trashed documents too (it asked to see the trash). */
  trash?: boolean
  /** Prepares a fetched related document for output (hidden fields, field access, afterRead hooks). */
  prepare: (collection: SanitizedCollection, docs: Record<string, unknown>[]) => Promise<void>
  /** Fields to return of populated documents, by related collection (`populate` of a read). */
  select?: Map<string, import('../config/local-api.ts').Select>
}

/** Ids per statement when fetching related documents (well under every database's bound-variable limit). */
const ID_CHUNK = 5000

/** A document (or a value's holder) of one level, with its fields and how many times it stands in the answer. */
interface Placed {
  fields: FlattenedField[]
  doc: Record<string, unknown>
  times: number
  /**
   * The deepest level its relations populate to: a field's `maxDepth` bounds everything below it, as Payload
   * loads the related document with that depth (a join's documents, maxDepth 1, keep their own relations as ids).
   */
  cap?: number
}

/** The ids of `found` that are in the trash (a collection with `trash`, `deletedAt` set). */
function trashedOf(related: SanitizedCollection, found: Record<string, unknown>[]): Set<ID> {
  const out = new Set<ID>()
  if (related.trash) for (const d of found) if (d.deletedAt != null && isId(d.id)) out.add(d.id)
  return out
}

/**
 * As Payload: a populated relation to a trashed document reads as absent, left out of a hasMany list and null
 * as a single value (at depth 0 the stored ids stay). Array places are removed from the end first, so the
 * positions of the others hold.
 */
function dropTrashed(gone: Slot[]): void {
  const byArray = new Map<unknown[], number[]>()
  for (const s of gone) {
    if ('array' in s) byArray.set(s.array, [...(byArray.get(s.array) ?? []), s.index])
    else s.object[s.key] = null
  }
  for (const [array, indexes] of byArray)
    for (const i of indexes.sort((a, b) => b - a)) array.splice(i, 1)
}

/**
 * Replaces relation ids with documents, level by level up to `depth`: one query per related collection per
 * level, whatever the number of documents. A related document the caller may not read, or that no longer
 * exists, stays an id (in a rich-text relationship or upload node it reads null, as in Payload). A document
 * related from several places of one level is fetched, prepared and populated once, and every place holds that
 * one object: the answer is a tree only once serialised. What the serialised answer would hold (documents times
 * the places they stand in, and their JSON size) is charged to the request's budget level by level, so a fan-out
 * of relations is refused long before it is built.
 */
export async function populate(
  cms: Cms,
  collection: SanitizedCollection,
  docs: Record<string, unknown>[],
  req: CmsRequest,
  opts: PopulateOptions,
): Promise<void> {
  await populateFields(cms, collection.flatFields, docs, req, opts)
}

/** `populate` over objects of `fields` (documents, or holders of values populated on their own: GraphQL). */
export async function populateFields(
  cms: Cms,
  fields: FlattenedField[],
  docs: Record<string, unknown>[],
  req: CmsRequest,
  opts: PopulateOptions,
): Promise<void> {
  let level: Placed[] = docs.map((doc) => ({ fields, doc, times: 1 }))
  const ctx = cms.queryContext(req.locale)
  const budget = budgetOf(req, opts.overrideAccess)
  for (let depth = 1; depth <= opts.depth && level.length; depth++) {
    const slots: (Slot & { times: number; cap?: number })[] = []
    for (const { fields: f, doc, times, cap } of level) {
      const found: Slot[] = []
      collectSlots(f, doc, found, req.locale)
      for (const s of found) {
        const bound = lower(s.maxDepth, cap)
        if (bound === undefined || depth <= bound) slots.push({ ...s, times, cap: bound })
      }
    }
    const byCollection = new Map<string, Set<ID>>()
    for (const s of slots) {
      let ids = byCollection.get(s.collection)
      if (!ids) byCollection.set(s.collection, (ids = new Set()))
      ids.add(s.id)
    }
    // Per related collection: the collection and its fetched documents by id.
    const fetched = new Map<
      string,
      { collection: SanitizedCollection; byId: Map<ID, Record<string, unknown>>; trashed: Set<ID> }
    >()
    for (const [slug, ids] of byCollection) {
      const related = cms.config.collectionsBySlug.get(slug)
      if (!related) continue
      const access = await accessResult(related.access.read, { req }, opts.overrideAccess)
      if (access === false) continue // the caller may not read this collection at all: ids stay ids
      const all = [...ids]
      const found: Record<string, unknown>[] = []
      for (let i = 0; i < all.length; i += ID_CHUNK) {
        budget?.chargeStatements()
        const where = combineWhere({ id: { in: all.slice(i, i + ID_CHUNK) } }, access)
        found.push(
          ...(await selectDocs(req.transaction ?? cms.db, ctx, related, {
            where,
            limit: 0,
          })),
        )
      }
      const trashed = opts.trash ? new Set<ID>() : trashedOf(related, found)
      if (trashed.size)
        found.splice(0, found.length, ...found.filter((d) => !trashed.has(d.id as ID)))
      await opts.prepare(related, found)
      // The request's populate for this collection, else the collection's defaultPopulate (as Payload 3).
      const select = opts.select?.get(slug) ?? related.defaultPopulate
      if (select) for (const d of found) applySelect(related.flatFields, d, select)
      const byId = new Map<ID, Record<string, unknown>>()
      for (const d of found) if (isId(d.id)) byId.set(d.id, d)
      fetched.set(slug, { collection: related, byId, trashed })
    }
    // --- place: every slot holds the level's one object; charge what the answer would hold
    const next = new Map<Record<string, unknown>, Placed>()
    let count = 0
    let bytes = 0
    for (const s of slots) {
      const entry = fetched.get(s.collection)
      const doc = entry?.byId.get(s.id)
      if (!entry || !doc) continue
      count += s.times
      if (budget) bytes += s.times * jsonSize(doc)
      const placed = next.get(doc)
      if (placed) {
        placed.times += s.times
        // One object for every slot holding the document: the loosest bound of theirs.
        placed.cap =
          placed.cap === undefined || s.cap === undefined ? undefined : Math.max(placed.cap, s.cap)
      } else next.set(doc, { fields: entry.collection.flatFields, doc, times: s.times, cap: s.cap })
    }
    budget?.chargeDocs(count, bytes)
    const gone: Slot[] = []
    for (const s of slots) {
      const entry = fetched.get(s.collection)
      // A polymorphic value keeps its id (its { relationTo, value } pair has no empty form).
      if (entry?.trashed.has(s.id) && !s.polymorphic) gone.push(s)
      const doc = entry?.byId.get(s.id)
      if (!doc) {
        // Payload's lexical population answers null for a document it could not load (missing, unreadable).
        if (s.nullWhenMissing && 'object' in s) s.object[s.key] = null
        continue
      }
      if ('array' in s) s.array[s.index] = doc
      else s.object[s.key] = doc
    }
    dropTrashed(gone)
    level = [...next.values()]
  }
}
