import type { SanitizedCollection, Where } from '../config/types.ts'
import type { Executor } from '../db/database.ts'
import { docToRow } from '../db/rows.ts'
import { insertRow, selectDocs } from '../db/store.ts'
import { deleteAllVersions, pruneVersions, unmarkLatest } from '../db/stores/versions.ts'
import type { QueryContext } from '../db/where.ts'
import { BadRequest } from '../errors/bad-request.ts'
import { NotFound } from '../errors/not-found.ts'
import { combineWhere } from './access.ts'
import type { Cms } from './cms.ts'

/**
 * Versions: each save of a versioned collection's document writes one row to its versions collection, marked
 * `latest`; older rows beyond `versions.maxPerDoc` are pruned. With drafts, the newest version is what
 * `draft: true` reads, and a draft saved over a published document exists only as a version.
 */

const SYSTEM = new Set(['id', 'createdAt', 'updatedAt'])

/**
 * Writes a new latest version of document `parent` (stored form, with its timestamps). The caller holds the
 * parent's row lock; the previous latest version is unmarked by primary key, so concurrent saves of other
 * documents take no range locks on the versions table (InnoDB would deadlock on its gap locks).
 */
export async function saveVersion(
  cms: Cms,
  tx: Executor,
  ctx: QueryContext,
  collection: SanitizedCollection,
  parent: number,
  doc: Record<string, unknown>,
): Promise<void> {
  const versions = collection.versionsCollection
  if (!versions || !collection.versions) return
  const schema = cms.schemas.get(versions.slug)!
  await unmarkLatest(tx, ctx.dialect, schema.table.name, parent)
  const now = new Date().toISOString()
  const row = docToRow(schema, {
    parent,
    version: { ...doc, updatedAt: doc.updatedAt ?? now },
    latest: true,
  })
  row.createdAt = row.updatedAt = now
  await insertRow(tx, ctx, versions, row)
  // Keep the newest maxPerDoc versions of this document.
  await pruneVersions(tx, ctx.dialect, schema.table.name, parent, collection.versions.maxPerDoc)
}

/** The newest version of `parent` as a stored-form document (its id is the parent's), or undefined. */
export async function latestVersion(
  ex: Executor,
  ctx: QueryContext,
  collection: SanitizedCollection,
  parent: number,
): Promise<Record<string, unknown> | undefined> {
  const versions = collection.versionsCollection
  if (!versions) return undefined
  const [row] = await selectDocs(ex, ctx, versions, {
    where: { and: [{ parent: { equals: parent } }, { latest: { equals: true } }] },
    limit: 1,
  })
  return row ? versionToDoc(row) : undefined
}

/** A version row → the document it holds (id = the parent's). */
export function versionToDoc(row: Record<string, unknown>): Record<string, unknown> {
  const version = row.version as Record<string, unknown>
  return { ...version, id: row.parent }
}

/** The stored data of a version, without the system keys (what a restore writes). */
export function versionData(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(row.version as Record<string, unknown>).filter(([k]) => !SYSTEM.has(k)),
  )
}

/** A Where on a collection → the same Where on its versions' `version.*` fields (`id` → `parent`). */
export function whereOnVersions(where: Where | undefined): Where | undefined {
  if (!where) return where
  const out: Where = {}
  for (const [key, value] of Object.entries(where)) {
    if ((key === 'and' || key === 'or' || key === 'AND' || key === 'OR') && Array.isArray(value)) {
      out[key] = value.map((w) => whereOnVersions(w as Where)!)
    } else {
      out[key === 'id' ? 'parent' : `version.${key}`] = value
    }
  }
  return out
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
    const desc = s.startsWith('-')
    const path = desc ? s.slice(1) : s
    return `${desc ? '-' : ''}${path === 'id' ? 'parent' : `version.${path}`}`
  })
}

export async function deleteVersions(
  cms: Cms,
  tx: Executor,
  ctx: QueryContext,
  collection: SanitizedCollection,
  parent: number,
): Promise<void> {
  const versions = collection.versionsCollection
  if (!versions) return
  await deleteAllVersions(tx, ctx.dialect, cms.schemas.get(versions.slug)!.table.name, parent)
}

/** Whether a write or read with this `draft` option works on drafts (only collections with `versions.drafts`). */
export function isDraft(collection: SanitizedCollection, draft: unknown): boolean {
  if (draft !== undefined && typeof draft !== 'boolean')
    throw new BadRequest(`draft must be true or false; got ${JSON.stringify(draft)}.`, [
      { path: 'draft' },
    ])
  return Boolean(draft && collection.versions && collection.versions.drafts)
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
  const fallback = collection.defaultSort ?? (collection.timestamps ? '-createdAt' : '-id')
  return {
    target: collection.versionsCollection!,
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
