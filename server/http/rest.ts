import type { CmsRequest, SanitizedCollection, Where } from '../config/types.ts'
import type { OperationMeta } from '../contracts/openapi.ts'
import { APIError } from '../errors/api-error.ts'
import type { Cms } from '../local/cms.ts'
import type { Select } from '../local/types.ts'
import { boolParam, intParam, type Structured } from './query.ts'

/**
 * What each kind of contract operation does: the HTTP shape of one Local call. Access control always applies
 * (`overrideAccess: false`), with `req.user` the authenticated caller or null. Bodies as DESIGN.md §5.
 */

export interface RestRequest {
  meta: OperationMeta
  params: Record<string, string>
  query: Record<string, unknown>
  structured: Structured
  body: unknown
  req: CmsRequest
}
export interface RestReply { status: number; body?: unknown; headers?: Record<string, string> }
type KindHandler = (cms: Cms, r: RestRequest) => Promise<RestReply>

function readOptions(r: RestRequest) {
  const q = r.query
  return {
    depth: intParam(q.depth),
    locale: q.locale as string | undefined,
    fallbackLocale: q['fallback-locale'] as string | undefined,
    draft: boolParam(q.draft),
    select: r.structured.select as Select | undefined,
    populate: r.structured.populate as Record<string, Select> | undefined,
    overrideAccess: false,
    req: r.req,
  }
}

function listOptions(r: RestRequest) {
  return {
    ...readOptions(r),
    where: r.structured.where as Where | undefined,
    limit: intParam(r.query.limit),
    page: intParam(r.query.page),
    pagination: boolParam(r.query.pagination),
    sort: r.query.sort as string | undefined,
  }
}

const collectionOf = (cms: Cms, r: RestRequest): SanitizedCollection => cms.collection(r.meta.collection!)
const body = (r: RestRequest) => r.body as Record<string, unknown>

function requireWhere(r: RestRequest): Where {
  const where = r.structured.where as Where | undefined
  if (!where || Object.keys(where).length === 0) throw new APIError("Missing 'where' query of documents to change: a bulk update or delete needs a filter.", 400, { code: 'BAD_REQUEST' })
  return where
}

export const kinds: Record<string, KindHandler> = {
  async find(cms, r) {
    return { status: 200, body: await cms.find({ collection: r.meta.collection!, ...listOptions(r) }) }
  },
  async findByID(cms, r) {
    return { status: 200, body: await cms.findByID({ collection: r.meta.collection!, id: r.params.id, ...readOptions(r) }) }
  },
  async count(cms, r) {
    const { where, locale, draft, req } = listOptions(r)
    return { status: 200, body: await cms.count({ collection: r.meta.collection!, where, locale, draft, req, overrideAccess: false }) }
  },
  async create(cms, r) {
    const c = collectionOf(cms, r)
    const doc = await cms.create({ collection: c.slug, data: body(r), ...readOptions(r) })
    return { status: 201, body: { doc, message: `${c.labels.singular} successfully created.` } }
  },
  async update(cms, r) {
    const doc = await cms.update({ collection: r.meta.collection!, id: r.params.id, data: body(r), ...readOptions(r) })
    return { status: 200, body: { doc, message: 'Updated successfully.' } }
  },
  async updateMany(cms, r) {
    const c = collectionOf(cms, r)
    const result = await cms.update({ collection: c.slug, where: requireWhere(r), data: body(r), ...readOptions(r) })
    return { status: 200, body: { ...result, message: `Updated ${result.docs.length} ${result.docs.length === 1 ? c.labels.singular : c.labels.plural}.` } }
  },
  async delete(cms, r) {
    const doc = await cms.delete({ collection: r.meta.collection!, id: r.params.id, depth: intParam(r.query.depth), req: r.req, overrideAccess: false })
    return { status: 200, body: { doc, message: 'Deleted successfully.' } }
  },
  async deleteMany(cms, r) {
    const c = collectionOf(cms, r)
    const result = await cms.delete({ collection: c.slug, where: requireWhere(r), depth: intParam(r.query.depth), req: r.req, overrideAccess: false })
    return { status: 200, body: { ...result, message: `Deleted ${result.docs.length} ${result.docs.length === 1 ? c.labels.singular : c.labels.plural}.` } }
  },
  async findVersions(cms, r) {
    return { status: 200, body: await cms.findVersions({ collection: r.meta.collection!, ...listOptions(r) }) }
  },
  async findVersionByID(cms, r) {
    return { status: 200, body: await cms.findVersionByID({ collection: r.meta.collection!, id: r.params.id, ...readOptions(r) }) }
  },
  async restoreVersion(cms, r) {
    const doc = await cms.restoreVersion({ collection: r.meta.collection!, id: r.params.id, ...readOptions(r) })
    return { status: 200, body: { ...doc, message: 'Restored Successfully.' } }
  },
  async findGlobal(cms, r) {
    return { status: 200, body: await cms.findGlobal({ slug: r.meta.global!, ...readOptions(r) }) }
  },
  async updateGlobal(cms, r) {
    const result = await cms.updateGlobal({ slug: r.meta.global!, data: body(r), ...readOptions(r) })
    return { status: 200, body: { message: 'Updated successfully.', result } }
  },
  async health(cms) {
    try {
      await cms.db.all('SELECT 1 AS ok', [])
      return { status: 200, body: { status: 'ok' } }
    } catch {
      return { status: 503, body: { status: 'database unreachable' } }
    }
  },
}
