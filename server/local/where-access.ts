import type { CmsRequest, FlattenedField, SanitizedCollection, Where } from '../config/types.ts'
import { relationOf } from '../fields/registry.ts'
import { subFields } from '../config/fields.ts'
import { NOT_QUERYABLE, QueryError } from '../errors/query-error.ts'
import { checkWhereSize } from './where-size.ts'

/**
 * Access on the paths of a caller's `where` and `sort` (only when access applies), after the where's size is
 * checked against `limits.where`: a field the caller may not read cannot be queried nor sorted by (the same 400
 * naming the path: a filter probes hidden values, and an order binary-searches them), and a path through a relationship
 * sees only the related documents the caller may read: the related collection's read access is returned by
 * slug, for the where compiler to AND into the relation's subquery; a related collection the caller may not
 * read at all cannot be queried through.
 */
export async function whereAccess(
  collection: SanitizedCollection,
  where: Where | undefined,
  req: CmsRequest,
  overrideAccess: boolean,
  /** The caller's sort (`"-views,title"` or a list); the collection's or join field's `defaultSort` is the config's. */
  sort?: string | string[],
): Promise<Map<string, true | Where> | undefined> {
  const sortPaths = sortKeyPaths(sort)
  if (overrideAccess || (!where && sortPaths.length === 0)) return undefined
  const config = req.cms.config
  // Size first: the database's own limits (SQL variables, expression depth, LIKE patterns) must never be reached.
  if (where) checkWhereSize(config.limits.where, where)
  const byCollection = new Map<string, true | Where | false>()
  const denied: string[] = []

  const relatedAccess = async (related: SanitizedCollection): Promise<true | Where | false> => {
    const known = byCollection.get(related.slug)
    if (known !== undefined) return known
    const fn = related.access.read ?? (({ req: r }: { req: CmsRequest }) => Boolean(r.user))
    const result = await fn({ req })
    const access = result === true ? true : result && typeof result === 'object' ? result : false
    byCollection.set(related.slug, access)
    return access
  }

  const checkPath = async (
    fields: FlattenedField[],
    segs: string[],
    path: string,
  ): Promise<void> => {
    const [name, ...rest] = segs
    const field = fields.find((f) => f.name === name)
    if (!field) return // unknown paths and system fields are the compiler's to judge
    if (field.access?.read && !(await field.access.read({ req }))) {
      denied.push(path)
      return
    }
    if (field.type === 'join') {
      // A path through a join reads the joined collection's documents (server/db/where/join.ts).
      const related = config.collectionsBySlug.get(field.collection)
      if (!related || (await relatedAccess(related)) === false) {
        denied.push(path)
        return
      }
      return rest.length ? checkPath(related.flatFields, rest, path) : undefined
    }
    if (rest.length === 0) return
    const children = subFields(field)
    if (children) return checkPath(children, rest, path)
    const relation = relationOf(field)
    if (relation && !relation.polymorphic && !(rest.length === 1 && rest[0] === 'id')) {
      const [target] = relation.targets
      const related = config.collectionsBySlug.get(target)
      if (!related)
        throw new Error(`The relationship at "${path}" relates to no collection "${target}".`)
      if ((await relatedAccess(related)) === false) {
        denied.push(path)
        return
      }
      return checkPath(related.flatFields, rest, path)
    }
  }

  const walk = async (w: unknown): Promise<void> => {
    if (!w || typeof w !== 'object' || Array.isArray(w)) return
    for (const [key, value] of Object.entries(w)) {
      const lower = key.toLowerCase()
      if (lower === 'and' || lower === 'or') {
        for (const sub of Array.isArray(value)
          ? value
          : value && typeof value === 'object'
            ? Object.values(value)
            : [])
          await walk(sub)
        continue
      }
      await checkPath(collection.flatFields, key.replace(/__/g, '.').split('.'), key)
    }
  }
  await walk(where)
  for (const path of sortPaths)
    await checkPath(collection.flatFields, path.replace(/__/g, '.').split('.'), path)
  // In the words of an unknown path (db/where/path.ts, sort.ts): the answer tells no unreadable field from a missing one.
  if (denied.length)
    throw new QueryError([...new Set(denied)].map((path) => ({ path, message: NOT_QUERYABLE })))
  return new Map([...byCollection].filter((e): e is [string, true | Where] => e[1] !== false))
}

/**
 * The paths a sort names, read as the sort compiler reads them (comma lists, `-` and `+` prefixes, spaces);
 * keys that are not strings are left for the compiler to refuse.
 */
function sortKeyPaths(sort: string | string[] | undefined): string[] {
  const keys = Array.isArray(sort) ? sort : typeof sort === 'string' ? sort.split(',') : []
  return [
    ...new Set(
      keys
        .filter((k): k is string => typeof k === 'string')
        .map((k) => k.trim().replace(/^[-+]/, ''))
        .filter(Boolean),
    ),
  ]
}
