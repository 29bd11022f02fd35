import type { JoinOptions, JoinQuery } from '../config/local-api.ts'
import type { CmsRequest, ID, SanitizedCollection, SanitizedJoin, Where } from '../config/types.ts'
import { selectJoined } from '../db/store.ts'
import { combinedWhere, trustedWhere } from '../db/where.ts'
import { BadRequest } from '../errors/bad-request.ts'
import { accessResult } from './access.ts'
import { budgetOf } from './budget.ts'
import type { Cms } from './cms.ts'
import { maxPage } from './params.ts'
import { isId } from './populate.ts'
import { withoutTrashed } from './trash.ts'
import { whereAccess } from './where-access.ts'

/** What a join field holds once read (`docs` are ids until population replaces them). */
export interface JoinValue {
  docs: unknown[]
  hasNextPage: boolean
  totalDocs?: number
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  Boolean(v) && typeof v === 'object' && !Array.isArray(v)

const OPTION_KEYS = new Set(['limit', 'page', 'sort', 'where', 'count'])

/**
 * The `joins` of a read, checked against the collection's join fields: `false`, or per join field path `false` or
 * `{ limit, page, sort, where, count }`. Anything else is a 400 naming the key at fault.
 */
export function checkJoins(
  cms: Cms,
  collection: SanitizedCollection,
  joins: unknown,
): JoinQuery | undefined {
  if (joins === undefined || joins === false) return joins
  if (!isObject(joins))
    throw new BadRequest(
      'joins must be false or an object keyed by join field path, such as { "posts": { "limit": 5 } }.',
      [{ path: 'joins' }],
    )
  const paths = new Set(collection.joins.map((j) => j.path))
  const out: Record<string, JoinOptions | false> = {}
  for (const [path, value] of Object.entries(joins)) {
    const at = `joins.${path}`
    if (!paths.has(path))
      throw new BadRequest(
        `${at}: "${path}" is not a join field of "${collection.slug}"${paths.size ? ` (its join fields: ${[...paths].join(', ')})` : ' (it has none)'}.`,
        [{ path: at }],
      )
    if (value === undefined) continue
    if (value === false) {
      out[path] = false
      continue
    }
    if (!isObject(value))
      throw new BadRequest(`${at} must be false or an object of limit, page, sort, where, count.`, [
        { path: at },
      ])
    for (const key of Object.keys(value))
      if (!OPTION_KEYS.has(key))
        throw new BadRequest(
          `${at}.${key} is not a join option; accepted: limit, page, sort, where, count.`,
          [{ path: `${at}.${key}` }],
        )
    const { limit, page, sort, where, count } = value
    const max = cms.config.maxLimit
    if (
      limit !== undefined &&
      (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 0 || limit > max)
    )
      throw new BadRequest(
        `${at}.limit must be an integer from 0 to ${max}; got ${JSON.stringify(limit)}.`,
        [{ path: `${at}.limit` }],
      )
    const last = maxPage(max)
    if (
      page !== undefined &&
      (typeof page !== 'number' || !Number.isInteger(page) || page < 1 || page > last)
    )
      throw new BadRequest(
        `${at}.page must be an integer from 1 to ${last}; got ${JSON.stringify(page)}.`,
        [{ path: `${at}.page` }],
      )
    if (
      sort !== undefined &&
      typeof sort !== 'string' &&
      !(Array.isArray(sort) && sort.every((s) => typeof s === 'string'))
    )
      throw new BadRequest(`${at}.sort must be a string such as "-createdAt".`, [
        { path: `${at}.sort` },
      ])
    if (where !== undefined && !isObject(where))
      throw new BadRequest(`${at}.where must be a Where object.`, [{ path: `${at}.where` }])
    if (count !== undefined && typeof count !== 'boolean')
      throw new BadRequest(`${at}.count must be true or false.`, [{ path: `${at}.count` }])
    out[path] = value as JoinOptions
  }
  return out
}

/** Sets the value at a dotted path of a document (inside its groups); a missing group is left alone. */
function setAt(doc: Record<string, unknown>, path: string, value: unknown): void {
  const segs = path.split('.')
  let holder: unknown = doc
  for (const seg of segs.slice(0, -1)) holder = isObject(holder) ? holder[seg] : undefined
  if (isObject(holder)) holder[segs[segs.length - 1]] = value
}

/**
 * Fills the join fields of `docs` (documents of `collection`, as stored) with the ids of their joined documents:
 * per join field one statement for all the documents (`selectJoined`), whatever their number. The joined
 * collection's read access applies unless overridden: a Where is ANDed into the join, a denial leaves the field
 * out (as Payload does). `joins` (checked by `checkJoins`) pages, sorts, filters or leaves out join fields.
 * Joined documents in the trash are left out unless the read passed `trash: true` (as every other read).
 */
export async function resolveJoins(
  cms: Cms,
  collection: SanitizedCollection,
  docs: Record<string, unknown>[],
  req: CmsRequest,
  joins: JoinQuery | undefined,
  overrideAccess: boolean,
  trash?: unknown,
): Promise<void> {
  if (joins === false || collection.joins.length === 0) return
  const parentIds = [...new Set(docs.map((d) => d.id).filter(isId))]
  if (parentIds.length === 0) return
  for (const join of collection.joins) {
    const options = joins?.[join.path]
    if (options === false) continue
    const target = cms.collection(join.field.collection)
    const access = await accessResult(target.access.read, { req }, overrideAccess)
    if (access === false) continue
    const values = await joinedPages(cms, collection, target, join, parentIds, options ?? {}, {
      req,
      access,
      overrideAccess,
      trash,
    })
    for (const doc of docs)
      setAt(
        doc,
        join.path,
        (isId(doc.id) ? values.get(doc.id) : undefined) ?? {
          docs: [],
          hasNextPage: false,
          ...(options?.count ? { totalDocs: 0 } : {}),
        },
      )
  }
}

/** One join field's page for each parent, by parent id (parents without a match are absent). */
export async function joinedPages(
  cms: Cms,
  collection: SanitizedCollection,
  target: SanitizedCollection,
  join: SanitizedJoin,
  parentIds: ID[],
  options: JoinOptions,
  scope: { req: CmsRequest; access: true | Where; overrideAccess: boolean; trash?: unknown },
): Promise<Map<ID, JoinValue>> {
  const { req, access, overrideAccess } = scope
  const parts = [
    join.field.where && trustedWhere(join.field.where),
    options.where,
    access === true ? undefined : trustedWhere(access),
    withoutTrashed(target, undefined, scope.trash),
  ].filter((w): w is Where => !!w && Object.keys(w).length > 0)
  const where =
    parts.length === 0 ? undefined : parts.length === 1 ? parts[0] : combinedWhere(parts)
  const ctx = {
    ...cms.queryContext(req.locale),
    relationAccess: await whereAccess(target, options.where, req, overrideAccess, options.sort),
  }
  const requested = options.limit ?? join.field.defaultLimit ?? 10
  // "All" is at most maxLimit documents per parent for a caller; hasNextPage says when more match.
  const limit = requested === 0 && !overrideAccess ? cms.config.maxLimit : requested
  const page = options.page ?? 1
  const offset = limit > 0 ? (page - 1) * limit : 0
  const count = Boolean(options.count)
  budgetOf(req, overrideAccess)?.chargeStatements()
  const rows = await selectJoined(req.transaction ?? cms.db, ctx, target, {
    on: join.field.on,
    parent: collection.slug,
    parentIds,
    where,
    sort: options.sort ?? join.field.defaultSort,
    limit,
    offset,
    count,
  })
  const out = new Map<ID, JoinValue>()
  for (const row of rows) {
    let value = out.get(row.parent)
    if (!value) {
      value = { docs: [], hasNextPage: false, ...(count ? { totalDocs: row.total ?? 0 } : {}) }
      out.set(row.parent, value)
    }
    if (row.rn <= offset) continue
    if (limit > 0 && row.rn > offset + limit) value.hasNextPage = true
    else value.docs.push(row.id)
  }
  return out
}
