import type { FlattenedField, SanitizedCollection } from '../../config/types.ts'
import { objectFields, relationOf } from '../../fields/registry.ts'
import { countDistinct, selectDistinct } from '../../db/distinct.ts'
import { NOT_QUERYABLE, QueryError } from '../../errors/query-error.ts'
import { combineWhere, executeAccess } from '../access.ts'
import { budgetOf } from '../budget.ts'
import type { Cms } from '../cms.ts'
import { collectionOperation } from '../operation.ts'
import { depthParam, pageParams } from '../params.ts'
import { executorFor } from '../request.ts'
import { withoutTrashed } from '../trash.ts'
import { whereAccess } from '../where-access.ts'
import type {
  CollectionSlug,
  FindDistinctArgs,
  PaginatedDistinctDocs,
} from '../../config/local-api.ts'
import type { CmsRequest } from '../../config/types.ts'
import { paginated, totalOf } from './find.ts'

/**
 * The distinct values of one field among the documents the caller may read (read access Where ANDed in, trash
 * left out unless `trash: true`), as Payload 3's findDistinct answers them: `{ values: [{ [field]: value }],
 * totalDocs, limit, page, … }`. Without `limit`, every value (callers: at most `maxLimit`); a count query only
 * when a page could be partial. A field the caller may not read, or that holds more than one value, is a 400.
 */
export async function findDistinct<S extends CollectionSlug>(
  this: Cms,
  incoming: FindDistinctArgs<S>,
): Promise<PaginatedDistinctDocs<Record<string, unknown>>> {
  const collection = this.collection(incoming.collection)
  return collectionOperation(
    this,
    collection,
    ['read', 'findDistinct'],
    incoming,
    async (args, { req, overrideAccess }) => {
      const path = args.field
      if (typeof path !== 'string' || path === '')
        throw new QueryError([{ path: 'field', message: 'name the field to list values of' }])
      const field = await readableField(collection, path, req, overrideAccess)
      const { limit, page, paginate, take, checkTaken } = pageParams(
        this,
        { limit: args.limit ?? 0, page: args.page },
        !overrideAccess,
      )
      const depth = args.depth === undefined ? 0 : depthParam(this, args.depth)
      const budget = budgetOf(req, overrideAccess)
      const access = await executeAccess(collection.access.read, { req }, overrideAccess)
      const where = withoutTrashed(collection, combineWhere(args.where, access), args.trash)
      const ctx = {
        ...this.queryContext(req.locale),
        relationAccess: await whereAccess(collection, args.where, req, overrideAccess, args.sort),
      }
      const ex = executorFor(this, req)
      budget?.chargeStatements()
      const values = await selectDistinct(ex, ctx, collection, path, {
        where,
        sort: args.sort,
        limit: take,
        offset: paginate ? (page - 1) * limit : 0,
      })
      checkTaken(values.length)
      const totalDocs = await totalOf(
        values.length,
        { limit, page, paginate },
        () => (budget?.chargeStatements(), countDistinct(ex, ctx, collection, path, where)),
      )
      const relation = field && relationOf(field)
      const populated =
        depth > 0 && relation && !relation.polymorphic
          ? await populateValues(this, relation.targets[0], values, depth, req, overrideAccess)
          : values
      const result = paginated(
        populated.map((value) => ({ [path]: value })),
        totalDocs,
        paginate ? limit : 0,
        paginate ? page : 1,
        paginate,
      )
      const { docs, ...rest } = result
      return { values: docs, ...rest }
    },
  )
}

/** The field at `path` (through groups), refused when unknown, hidden, unreadable or holding several values. */
async function readableField(
  collection: SanitizedCollection,
  path: string,
  req: CmsRequest,
  overrideAccess: boolean,
): Promise<FlattenedField | undefined> {
  if (path === 'id' || ((path === 'createdAt' || path === 'updatedAt') && collection.timestamps))
    return undefined
  let fields = collection.flatFields
  let field: FlattenedField | undefined
  for (const name of path.replace(/__/g, '.').split('.')) {
    field = fields.find((f) => f.name === name)
    if (!field || field.hidden) throw new QueryError([{ path, message: NOT_QUERYABLE }])
    if (!overrideAccess && field.access?.read && !(await field.access.read({ req })))
      throw new QueryError([{ path, message: NOT_QUERYABLE }])
    fields = objectFields(field) ?? []
  }
  const relation = field && relationOf(field)
  if (field && (objectFields(field) || relation?.polymorphic || relation?.hasMany))
    throw new QueryError([
      { path, message: 'distinct values are listed for a field holding one value per document' },
    ])
  return field
}

/** Relationship values → the related documents the caller may read (at `depth`); others stay ids. */
async function populateValues(
  cms: Cms,
  slug: string,
  values: unknown[],
  depth: number,
  req: CmsRequest,
  overrideAccess: boolean,
): Promise<unknown[]> {
  const ids = values.filter((v): v is number => typeof v === 'number')
  if (ids.length === 0) return values
  const { docs } = await cms.find({
    collection: slug as CollectionSlug,
    where: { id: { in: ids } },
    limit: 0,
    depth: depth - 1,
    trash: true,
    overrideAccess,
    req,
  })
  const byId = new Map(docs.map((d) => [d.id as number, d]))
  return values.map((v) => (typeof v === 'number' ? (byId.get(v) ?? v) : v))
}
