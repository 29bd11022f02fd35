import type { CmsRequest, FlattenedField, SanitizedCollection, Where } from '../config/types.ts'
import { subFields } from '../config/fields.ts'
import { QueryError } from '../errors/query-error.ts'
import { checkWhereSize } from './where-size.ts'

/**
 * Access on the paths of a caller's `where` (only when access applies), after its size is checked against
 * `limits.where`: a field the caller may not read cannot
 * be queried (a 400 naming the path, so a filter cannot probe hidden values), and a path through a relationship
 * sees only the related documents the caller may read: the related collection's read access is returned by
 * slug, for the where compiler to AND into the relation's subquery; a related collection the caller may not
 * read at all cannot be queried through.
 */
export async function whereAccess(
  collection: SanitizedCollection,
  where: Where | undefined,
  req: CmsRequest,
  overrideAccess: boolean,
): Promise<Map<string, true | Where> | undefined> {
  if (overrideAccess || !where) return undefined
  const config = req.cms.config
  // Size first: the database's own limits (SQL variables, expression depth, LIKE patterns) must never be reached.
  checkWhereSize(config.limits.where, where)
  const byCollection = new Map<string, true | Where | false>()
  const denied: string[] = []

  const relatedAccess = async (slug: string): Promise<true | Where | false> => {
    if (!byCollection.has(slug)) {
      const related = config.collectionsBySlug.get(slug)!
      const fn = related.access.read ?? (({ req: r }: { req: CmsRequest }) => Boolean(r.user))
      const result = await fn({ req })
      byCollection.set(
        slug,
        result === true ? true : result && typeof result === 'object' ? result : false,
      )
    }
    return byCollection.get(slug)!
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
    if (rest.length === 0) return
    const children = subFields(field)
    if (children) return checkPath(children, rest, path)
    if (
      field.type === 'relationship' &&
      typeof field.relationTo === 'string' &&
      !(rest.length === 1 && rest[0] === 'id')
    ) {
      if ((await relatedAccess(field.relationTo)) === false) {
        denied.push(path)
        return
      }
      return checkPath(config.collectionsBySlug.get(field.relationTo)!.flatFields, rest, path)
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
  if (denied.length)
    throw new QueryError(denied.map((path) => ({ path, message: 'you may not read this field' })))
  return new Map([...byCollection].filter((e): e is [string, true | Where] => e[1] !== false))
}
