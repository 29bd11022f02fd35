import type { Executor } from '../../db/database.ts'
import { docToRow } from '../../db/rows.ts'
import { countDocs, selectById, selectDocs, updateRow } from '../../db/store.ts'
import { Forbidden } from '../../errors/forbidden.ts'
import { NotFound } from '../../errors/not-found.ts'
import { combineWhere, executeAccess } from '../access.ts'
import type { Cms } from '../cms.ts'
import { whereAccess } from '../where-access.ts'
import { runHooks } from '../hooks.ts'
import { runOperation } from '../operation.ts'
import { depthParam, idParam, pageParams } from '../params.ts'
import { budgetOf } from '../budget.ts'
import { localizeDocs, readDocs } from '../read.ts'
import { createLocalReq, executorFor, withTransaction } from '../request.ts'
import type {
  CollectionSlug,
  DocOf,
  FindVersionByIDArgs,
  FindVersionsArgs,
  PaginatedDocs,
  RestoreVersionArgs,
  VersionDoc,
} from '../types.ts'
import { isDraft, saveVersion, versionData } from '../versions.ts'
import { paginated, totalOf } from './find.ts'

function versioned(cms: Cms, slug: string) {
  const collection = cms.collection(slug)
  if (!collection.versionsCollection)
    throw new NotFound(`Collection "${collection.slug}" does not keep versions.`)
  return { collection, versions: collection.versionsCollection }
}

/** Lists a document's (or every document's) versions, newest first: `readVersions` access, paginated. */
export async function findVersions<S extends CollectionSlug>(
  this: Cms,
  incoming: FindVersionsArgs<S>,
): Promise<PaginatedDocs<VersionDoc<DocOf<S>>>> {
  const { collection, versions } = versioned(this, incoming.collection)
  const req = createLocalReq(this, incoming)
  const overrideAccess = incoming.overrideAccess ?? true
  return runOperation(
    collection,
    req,
    ['read', 'findVersions'],
    incoming,
    overrideAccess,
    async (args) => {
      const { limit, page, paginate, take, checkTaken } = pageParams(this, args, !overrideAccess)
      const budget = budgetOf(req, overrideAccess)
      const depth = depthParam(this, args.depth)
      const access = await executeAccess(collection.access.readVersions, { req }, overrideAccess)
      const where = combineWhere(args.where, access)
      const ctx = {
        ...this.queryContext(req.locale),
        relationAccess: await whereAccess(versions, args.where, req, overrideAccess),
      }
      const ex = executorFor(this, req)
      budget?.chargeStatements()
      const rows = await selectDocs(ex, ctx, versions, {
        where,
        sort: args.sort,
        limit: take,
        offset: paginate ? (page - 1) * limit : 0,
      })
      checkTaken(rows.length)
      const totalDocs = await totalOf(
        rows.length,
        { limit, page, paginate },
        () => (budget?.chargeStatements(), countDocs(ex, ctx, versions, where)),
      )
      const docs = await readDocs(this, versions, rows, req, { ...args, depth, findMany: true })
      return paginated(
        docs as unknown as VersionDoc<DocOf<S>>[],
        totalDocs,
        paginate ? limit : (args.limit ?? 0),
        paginate ? page : 1,
        paginate,
      )
    },
  )
}

/** One version by its id (404 when missing or hidden by `readVersions`). */
export async function findVersionByID<S extends CollectionSlug>(
  this: Cms,
  incoming: FindVersionByIDArgs<S>,
): Promise<VersionDoc<DocOf<S>>> {
  const { collection, versions } = versioned(this, incoming.collection)
  const req = createLocalReq(this, incoming)
  const overrideAccess = incoming.overrideAccess ?? true
  return runOperation(
    collection,
    req,
    ['read', 'findVersionByID'],
    incoming,
    overrideAccess,
    async (args) => {
      const id = idParam(args.id)
      const access = await executeAccess(
        collection.access.readVersions,
        { req, id },
        overrideAccess,
      )
      const [row] = await selectDocs(
        executorFor(this, req),
        this.queryContext(req.locale),
        versions,
        { where: combineWhere({ id: { equals: id } }, access), limit: 1 },
      )
      if (!row) {
        if (args.disableErrors) return null as unknown as VersionDoc<DocOf<S>>
        throw new NotFound()
      }
      const [out] = await readDocs(this, versions, [row], req, {
        ...args,
        depth: depthParam(this, args.depth),
      })
      return out as unknown as VersionDoc<DocOf<S>>
    },
  )
}

/**
 * Makes a version the document's content again (`update` access on the document), saving it as a new latest
 * version. With `draft: true` over a published document only the new version is written.
 */
export async function restoreVersion<S extends CollectionSlug>(
  this: Cms,
  incoming: RestoreVersionArgs<S>,
): Promise<DocOf<S>> {
  const { collection, versions } = versioned(this, incoming.collection)
  const req = createLocalReq(this, incoming)
  const overrideAccess = incoming.overrideAccess ?? true
  return withTransaction(this, req, () =>
    runOperation(
      collection,
      req,
      ['restoreVersion', 'restoreVersion'],
      incoming,
      overrideAccess,
      async (args) => {
        const tx = req.transaction as Executor
        const ctx = this.queryContext(req.locale)
        const versionId = idParam(args.id)
        const draft = isDraft(collection, args.draft)
        const version = await selectById(tx, ctx, versions, versionId)
        if (!version) throw new NotFound()
        const parent = Number(version.parent)
        const access = await executeAccess(
          collection.access.update,
          { req, id: parent },
          overrideAccess,
        )
        const main = await selectById(tx, ctx, collection, parent, true)
        if (!main) throw new NotFound()
        if (
          access !== true &&
          (
            await selectDocs(tx, ctx, collection, {
              where: combineWhere({ id: { equals: parent } }, access),
              limit: 1,
            })
          ).length === 0
        ) {
          throw new Forbidden()
        }
        const data = versionData(version)
        if (draft) data._status = 'draft'
        const now = new Date().toISOString()
        let stored: Record<string, unknown>
        if (!draft || main._status !== 'published') {
          const row = docToRow(this.schemas.get(collection.slug)!, data)
          if (collection.timestamps) row.updatedAt = now
          await updateRow(tx, ctx, collection, parent, row)
          stored = (await selectById(tx, ctx, collection, parent))!
        } else {
          stored = { ...data, id: parent, createdAt: main.createdAt, updatedAt: now }
        }
        await saveVersion(this, tx, ctx, collection, parent, stored)
        localizeDocs(this, collection.flatFields, [stored], req)
        stored = await runHooks(
          collection.hooks.afterChange,
          'doc',
          { doc: stored, data, previousDoc: main, operation: 'update', req, overrideAccess },
          { collection },
        )
        const [out] = await readDocs(this, collection, [stored], req, {
          ...args,
          depth: depthParam(this, args.depth),
          localized: true,
        })
        return out as DocOf<S>
      },
    ),
  )
}
