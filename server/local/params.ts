import { idKind, stringIds, validId } from '../config/ids.ts'
import type { ID, IdType } from '../config/types.ts'
import { BadRequest } from '../errors/bad-request.ts'
import { LimitExceeded } from '../errors/limit-exceeded.ts'
import type { Cms } from './cms.ts'

function integer(name: string, value: unknown, min: number, max?: number): number {
  if (
    typeof value !== 'number' ||
    !Number.isInteger(value) ||
    value < min ||
    (max !== undefined && value > max)
  ) {
    throw new BadRequest(
      `${name} must be an integer${max !== undefined ? ` from ${min} to ${max}` : ` of at least ${min}`}; got ${JSON.stringify(value)}.`,
      [{ path: name }],
    )
  }
  return value
}

/**
 * The largest `page` a list takes: (page - 1) × limit, the SQL offset, stays a safe integer for every limit up to
 * `maxLimit` (SQLite's and MariaDB's LIMIT/OFFSET take 64-bit integers; JavaScript numbers are exact to 2^53 - 1).
 * With the default maxLimit of 1000: 9,007,199,254,740. The contract declares it as `page`'s maximum.
 */
export function maxPage(maxLimit: number): number {
  return Math.floor(Number.MAX_SAFE_INTEGER / maxLimit)
}

/**
 * The largest serial id a REST path takes (`idParam` reads at most 15 digits, so every one is a safe integer); the contract declares it
 * as the id parameters' maximum.
 */
export const MAX_PATH_ID = 999_999_999_999_999

/**
 * `limit` (default 10, or all with `pagination: false`; 0 = all, without a count), `page` (default 1) and `pagination`, checked. `take` is the
 * SQL limit: for a caller (`bounded`), "all" means at most `maxLimit` documents, and one more is fetched so
 * `checkTaken` can refuse a list that would be longer instead of silently cutting it.
 */
export function pageParams(
  cms: Cms,
  args: { limit?: number; page?: number; pagination?: boolean },
  bounded = false,
) {
  if (args.pagination !== undefined && typeof args.pagination !== 'boolean')
    throw new BadRequest('pagination must be true or false.')
  // As Payload: `pagination: false` without a `limit` means every match; with one, that many.
  const defaultLimit = args.pagination === false ? 0 : 10
  const limit =
    args.limit === undefined ? defaultLimit : integer('limit', args.limit, 0, cms.config.maxLimit)
  const page =
    args.page === undefined ? 1 : integer('page', args.page, 1, maxPage(cms.config.maxLimit))
  const paginate = args.pagination !== false && limit > 0
  const take = limit > 0 ? limit : bounded ? cms.config.maxLimit + 1 : undefined
  const checkTaken = (found: number) => {
    if (limit === 0 && bounded && found > cms.config.maxLimit) {
      throw new LimitExceeded(
        `limit=0 returns at most ${cms.config.maxLimit} documents and more match; page through them with limit and page`,
        'maxLimit',
        cms.config.maxLimit,
      )
    }
  }
  return { limit, page, paginate, take, checkTaken }
}

/** A bulk update's or delete's `limit`: how many of the matching documents it changes (none or 0: all of them). */
export function bulkLimit(limit: unknown): number | undefined {
  return limit === undefined ? undefined : integer('limit', limit, 0) || undefined
}

/** `depth` (default from config, at most `maxDepth`). */
export function depthParam(cms: Cms, depth: unknown): number {
  return depth === undefined
    ? cms.config.defaultDepth
    : integer('depth', depth, 0, cms.config.maxDepth)
}

/**
 * An id from a caller for `collection` (versions: serial): an integer or a string of digits (REST paths) for
 * serial ids; a number or a numeric string for custom number ids; a non-empty string for text and UUID ids (a UUID
 * lower-cased, as stored; a string that is no UUID finds no document of a UUID collection: db/store.ts boundId).
 */
export function idParam(id: unknown, collection?: { idType: IdType }): ID {
  const kind = collection ? idKind(collection) : 'integer'
  if (stringIds(kind)) {
    const valid = validId(kind, id)
    if (valid !== undefined) return valid
    if (typeof id === 'number' && Number.isFinite(id)) return String(id)
    throw new BadRequest(`The id must be a non-empty string; got ${JSON.stringify(id)}.`, [
      { path: 'id' },
    ])
  }
  if (kind === 'number') {
    const n =
      typeof id === 'number' ? id : typeof id === 'string' && id.trim() !== '' ? Number(id) : NaN
    if (!Number.isFinite(n))
      throw new BadRequest(`The id must be a number; got ${JSON.stringify(id)}.`, [{ path: 'id' }])
    return n
  }
  const n =
    typeof id === 'number' ? id : typeof id === 'string' && /^\d{1,15}$/.test(id) ? Number(id) : NaN
  if (!Number.isSafeInteger(n) || n < 1)
    throw new BadRequest(`The id must be a positive integer; got ${JSON.stringify(id)}.`, [
      { path: 'id' },
    ])
  return n
}
