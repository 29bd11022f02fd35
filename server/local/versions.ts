import type { ID, SanitizedCollection, Where } from '../config/types.ts'
import type { Executor } from '../db/database.ts'
import { docToRow } from '../db/rows.ts'
import { insertRow, selectDocs, updateRow } from '../db/store.ts'
import { deleteAllVersions, pruneVersions, unmarkLatest } from '../db/stores/versions.ts'
import type { QueryContext } from '../db/where.ts'
import { BadRequest } from '../errors/bad-request.ts'
import { NotFound } from '../errors/not-found.ts'
import { isRecord } from '../utilities/is-record.ts'
import { combineWhere } from './access.ts'
import type { Cms } from './cms.ts'

/**
 * Versions: each save of a versioned collection's document (or of a versioned global) writes one row to its
 * versions collection, marked `latest`; older rows beyond `versions.maxPerDoc` (a global's `max`) are pruned.
 * With drafts, the newest version is what `draft: true` reads, and a draft saved over a published document exists
 * only as a version.
 */

const SYSTEM = new Set(['id', 'createdAt', 'updatedAt', 'globalType'])

/** What keeps versions: a collection (one history per document) or a global (one history). */
export type Versioned = Pick<SanitizedCollection, 'versions' | 'versionsCollection'>

/**
 * Writes a new latest version of document `parent` (stored form, with its timestamps); `parent` is undefined
 * for a global. The caller holds the parent's row lock; the previous latest version is unmarked by primary key,
 * so concurrent saves of other documents take no range locks on the versions table (InnoDB would deadlock on its
 * gap locks). With `autosave` (and `versions.drafts.autosave` configured), a newest version that is itself an
 * autosave is overwritten instead (as Payload: one autosave version per editing session, until a save that is
 * not an autosave). The `first` version of a document just created has no latest to unmark and none to prune.
 */
export async function saveVersion(
  cms: Cms,
  tx: Executor,
  ctx: QueryContext,
  owner: Versioned,
  parent: ID | undefined,
  doc: Record<string, unknown>,
  autosave = false,
  first = false,
): Promise<void> {
  const versions = owner.versionsCollection
  if (!versions || !owner.versions) return
  const schema = cms.schema(versions.slug)
  const now = new Date().toISOString()
  const version: Record<string, unknown> = { ...doc, updatedAt: doc.updatedAt ?? now }
  delete version.id
  delete version.globalType
  const marked = Boolean(autosave && owner.versions.autosave)
  if (marked) {
    const [newest] = await selectDocs(tx, ctx, versions, {
      where: latestOf(parent),
      limit: 1,
    })
    if (newest?.autosave === true) {
      const row = docToRow(schema, { version, latest: true, autosave: true }, [
        'version',
        'latest',
        'autosave',
      ])
      row.updatedAt = now
      await updateRow(tx, ctx, versions, newest.id, row)
      return
    }
  }
  if (!first) await unmarkLatest(tx, ctx.dialect, schema.table.name, parent)
  const row = docToRow(schema, {
    ...(parent === undefined ? {} : { parent }),
    version,
    latest: true,
    ...(owner.versions.autosave ? { autosave: marked } : {}),
  })
  row.createdAt = row.updatedAt = now
  await insertRow(tx, ctx, versions, row)
  // Keep the newest maxPerDoc versions of this document (0: all of them, as Payload).
  if (owner.versions.maxPerDoc > 0 && !first)
    await pruneVersions(tx, ctx.dialect, schema.table.name, parent, owner.versions.maxPerDoc)
}

/** The Where of `parent`'s newest version (a global's: the newest of its table). */
const latestOf = (parent: ID | undefined): Where =>
  parent === undefined
    ? { latest: { equals: true } }
    : { and: [{ parent: { equals: parent } }, { latest: { equals: true } }] }

/** The newest version of `parent` as a stored-form document (its id is the parent's), or undefined. */
export async function latestVersion(
  ex: Executor,
  ctx: QueryContext,
  owner: Versioned,
  parent: ID | undefined,
): Promise<Record<string, unknown> | undefined> {
  const versions = owner.versionsCollection
  if (!versions) return undefined
  const [row] = await selectDocs(ex, ctx, versions, { where: latestOf(parent), limit: 1 })
  return row ? versionToDoc(row) : undefined
}

/** A version row → the document it holds (id = the parent's). */
export function versionToDoc(row: Record<string, unknown>): Record<string, unknown> {
  const version = versionOf(row)
  return row.parent === undefined ? { ...version } : { ...version, id: row.parent }
}

/** The stored data of a version, without the system keys (what a restore writes). */
export function versionData(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(versionOf(row)).filter(([k]) => !SYSTEM.has(k)))
}

/** A version row's `version` group (a row of a versions collection always has one). */
function versionOf(row: Record<string, unknown>): Record<string, unknown> {
  if (!isRecord(row.version)) throw new Error('A version row has no version data.')
  return row.version
}

/** A Where on a collection → the same Where on its versions' `version.*` fields (`id` → `parent`). */
export function whereOnVersions(where: Where | undefined): Where | undefined {
  return where && mapOnVersions(where)
}

function mapOnVersions(where: Where): Where {
  const out: Where = {}
  for (const [key, value] of Object.entries(where)) {
    if ((key === 'and' || key === 'or' || key === 'AND' || key === 'OR') && Array.isArray(value)) {
      out[key] = value.map(mapOnVersions)
    } else {
      out[key === 'id' ? 'parent' : `version.${key}`] = value
    }
  }
  return out
}

/**
 * A `readVersions` access Where → the Where on the versions collection: as Payload, it speaks of the version's
 * document, so a path that is not a field of the version row (`owner`, `meta.author`) becomes `version.<path>`.
 * The row's own fields (`parent`, `version`, `latest`, `autosave`), `id` and the timestamps stay as they are.
 */
export function accessOnVersions(
  where: true | Where,
  versions: Pick<SanitizedCollection, 'flatFields'>,
): true | Where {
  if (where === true) return where
  const own = new Set(['id', 'createdAt', 'updatedAt', ...versions.flatFields.map((f) => f.name)])
  const map = (w: Where): Where => {
    const out: Where = {}
    for (const [key, value] of Object.entries(w)) {
      if (['and', 'or', 'AND', 'OR'].includes(key) && Array.isArray(value))
        out[key] = value.map(map)
      else out[own.has(key.split('.')[0]) ? key : `version.${key}`] = value
    }
    return out
  }
  return map(where)
}

/** A sort on a collection → the same sort on its versions. */
export function sortOnVersions(sort: string | string[] | undefined): string[] | undefined {
  if (sort === undefined) return undefined
  const list = Array.isArray(sort)
    ? sort
    : String(sort)
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
  return list.map((s) => {
    // "-" sorts descending, "+" (or nothing) ascending, as compileSort reads them.
    const key = typeof s === 'string' ? s.trim() : s
    if (typeof key !== 'string' || !key) return key
    const desc = key.startsWith('-')
    const path = desc ? key.slice(1) : key.replace(/^\+/, '')
    return `${desc ? '-' : ''}${path === 'id' ? 'parent' : `version.${path}`}`
  })
}

export async function deleteVersions(
  cms: Cms,
  tx: Executor,
  ctx: QueryContext,
  collection: SanitizedCollection,
  parent: ID,
): Promise<void> {
  const versions = collection.versionsCollection
  if (!versions) return
  await deleteAllVersions(tx, ctx.dialect, cms.schema(versions.slug).table.name, parent)
}

/** Whether a write or read with this `draft` option works on drafts (only collections with `versions.drafts`). */
export function isDraft(collection: Versioned, draft: unknown): boolean {
  if (draft !== undefined && typeof draft !== 'boolean')
    throw new BadRequest(`draft must be true or false; got ${JSON.stringify(draft)}.`, [
      { path: 'draft' },
    ])
  return Boolean(draft && collection.versions && collection.versions.drafts)
}

/**
 * Whether a write is an autosave (`autosave: true`): only where `versions.drafts.autosave` is configured (a 400
 * elsewhere, rather than a flag silently ignored).
 */
export function isAutosave(owner: Versioned, autosave: unknown, name: string): boolean {
  if (autosave === undefined || autosave === false) return false
  if (autosave !== true)
    throw new BadRequest(`autosave must be true or false; got ${JSON.stringify(autosave)}.`, [
      { path: 'autosave' },
    ])
  if (!owner.versions || !owner.versions.autosave)
    throw new BadRequest(
      `autosave: ${name} has no versions.drafts.autosave, so there is no autosave version to keep.`,
      [{ path: 'autosave' }],
    )
  return true
}

/**
 * Where a read looks: the collection itself, or with `draft: true` the latest versions (the where and sort
 * moved onto `version.*`); `toDoc` turns a fetched row into the document.
 */
export function readTarget(
  collection: SanitizedCollection,
  draft: unknown,
  where: Where | undefined,
  sort?: string | string[],
) {
  if (!isDraft(collection, draft))
    return { target: collection, where, sort, toDoc: (d: Record<string, unknown>) => d }
  const versions = collection.versionsCollection
  if (!versions)
    throw new Error(`Collection "${collection.slug}" has drafts but no versions collection.`)
  const fallback = collection.defaultSort ?? (collection.timestamps ? '-createdAt' : '-id')
  return {
    target: versions,
    where: combineWhere(whereOnVersions(where), { latest: { equals: true } }),
    sort: sortOnVersions(sort ?? fallback),
    toDoc: versionToDoc,
  }
}

/** The collection `slug` and its versions collection; 404 when it keeps none. */
export function versioned(cms: Cms, slug: string) {
  const collection = cms.collection(slug)
  if (!collection.versionsCollection)
    throw new NotFound(`Collection "${collection.slug}" does not keep versions.`)
  return { collection, versions: collection.versionsCollection }
}

/** The global `slug` and its versions collection; 404 when it keeps none. */
export function versionedGlobal(cms: Cms, slug: string) {
  const global = cms.global(slug)
  if (!global.versionsCollection)
    throw new NotFound(`Global "${global.slug}" does not keep versions.`)
  return { global, versions: global.versionsCollection }
}
