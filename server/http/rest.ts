import type { CmsRequest, SanitizedCollection, Where } from '../config/types.ts'
import type { OperationMeta } from '../contracts/openapi.ts'
import { BadRequest } from '../errors/bad-request.ts'
import type { Cms } from '../local/cms.ts'
import type { JoinQuery, Select } from '../config/local-api.ts'
import { boolParam, intParam, type Structured } from './query.ts'
import { hit, limitedForgot, limitedLogin, limitedPasswordChange } from '../auth/rate-limit.ts'
import { sessionOf } from '../auth/session.ts'
import { tokenCookie } from '../auth/cookies.ts'
import { v1Kinds, type V1Request } from '../orders/routes.ts'
import type { OrderKind, RestKind, SuccessStatus } from '../contracts/kinds.ts'

/**
 * What each kind of contract operation does: the HTTP shape of one Local call. Access control always applies
 * (`overrideAccess: false`), with `req.user` the authenticated caller or null. Bodies as DESIGN.md §5.
 */

export interface RestRequest {
  meta: OperationMeta
  /** The client address (rate limits). */
  ip: string
  /** The raw request body (webhook signatures). */
  raw: Buffer
  params: Record<string, string>
  query: Record<string, unknown>
  structured: Structured
  body: unknown
  req: CmsRequest
}
export interface RestReply<S extends number = number> {
  status: S
  body?: unknown
  headers?: Record<string, string>
}
/**
 * One handler per kind the REST dispatcher serves, answering only the success statuses its kind declares
 * (`contracts/kinds.ts`, the same table the OpenAPI compiler checks its responses against): a kind without a
 * handler, or a handler answering another status, fails `npm run typecheck`.
 */
export type RestHandlers = {
  [K in RestKind]: (cms: Cms, r: RestRequest) => Promise<RestReply<SuccessStatus<K>>>
}

const HEALTH_TIMEOUT_MS = 2000

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)
  })
  return Promise.race([work, late]).finally(() => clearTimeout(timer))
}

function readOptions(r: RestRequest) {
  const q = r.query
  return {
    depth: intParam(q.depth),
    locale: q.locale as string | undefined,
    fallbackLocale: q['fallback-locale'] as string | undefined,
    draft: boolParam(q.draft),
    trash: boolParam(q.trash),
    select: r.structured.select as Select | undefined,
    populate: r.structured.populate as Record<string, Select> | undefined,
    joins: r.structured.joins as JoinQuery | undefined,
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

/** Payload's message of a save: an autosave, a draft, or an update. */
const savedMessage = (r: RestRequest) =>
  boolParam(r.query.autosave)
    ? 'Autosaved successfully.'
    : boolParam(r.query.draft)
      ? 'Draft saved successfully.'
      : 'Updated successfully.'

const collectionOf = (cms: Cms, r: RestRequest): SanitizedCollection =>
  cms.collection(r.meta.collection!)
const body = (r: RestRequest) => r.body as Record<string, unknown>

function requireWhere(r: RestRequest): Where {
  const where = r.structured.where as Where | undefined
  if (!where || Object.keys(where).length === 0)
    throw new BadRequest(
      "Missing 'where' query of documents to change: a bulk update or delete needs a filter.",
    )
  return where
}

/** The orders API's handlers, given the request parts they use. */
const toV1 = (r: RestRequest): V1Request => ({
  req: r.req,
  params: r.params,
  query: r.query,
  body: r.body,
  raw: r.raw,
  headers: r.req.headers ?? new Headers(),
})
const v1 = {
  v1ListOrders: (cms, r) => v1Kinds.v1ListOrders(cms, toV1(r)),
  v1CreateOrder: (cms, r) => v1Kinds.v1CreateOrder(cms, toV1(r)),
  v1GetOrder: (cms, r) => v1Kinds.v1GetOrder(cms, toV1(r)),
  v1CancelOrder: (cms, r) => v1Kinds.v1CancelOrder(cms, toV1(r)),
  v1Logout: (cms, r) => v1Kinds.v1Logout(cms, toV1(r)),
  v1AdminListOrders: (cms, r) => v1Kinds.v1AdminListOrders(cms, toV1(r)),
  v1AdminShipOrder: (cms, r) => v1Kinds.v1AdminShipOrder(cms, toV1(r)),
  v1PaymentWebhook: (cms, r) => v1Kinds.v1PaymentWebhook(cms, toV1(r)),
} satisfies Pick<RestHandlers, OrderKind>

export const kinds = {
  ...v1,
  async find(cms, r) {
    return {
      status: 200,
      body: await cms.find({ collection: r.meta.collection!, ...listOptions(r) }),
    }
  },
  async findByID(cms, r) {
    return {
      status: 200,
      body: await cms.findByID({
        collection: r.meta.collection!,
        id: r.params.id,
        ...readOptions(r),
      }),
    }
  },
  async count(cms, r) {
    const { where, locale, draft, trash, req } = listOptions(r)
    return {
      status: 200,
      body: await cms.count({
        collection: r.meta.collection!,
        where,
        locale,
        draft,
        trash,
        req,
        overrideAccess: false,
      }),
    }
  },
  async findDistinct(cms, r) {
    const { where, locale, trash, limit, page, sort, depth, req } = listOptions(r)
    return {
      status: 200,
      body: await cms.findDistinct({
        collection: r.meta.collection!,
        field: r.query.field as string,
        where,
        locale,
        trash,
        limit,
        page,
        sort,
        depth,
        req,
        overrideAccess: false,
      }),
    }
  },
  async create(cms, r) {
    const c = collectionOf(cms, r)
    const doc = await limitedPasswordChange(cms, r.ip, Boolean(c.auth), r.body, () =>
      cms.create({ collection: c.slug, data: body(r), ...readOptions(r) }),
    )
    return { status: 201, body: { doc, message: `${c.labels.singular} successfully created.` } }
  },
  async update(cms, r) {
    const auth = Boolean(collectionOf(cms, r).auth)
    const doc = await limitedPasswordChange(cms, r.ip, auth, r.body, () =>
      cms.update({
        collection: r.meta.collection!,
        id: r.params.id,
        data: body(r),
        ...readOptions(r),
        autosave: boolParam(r.query.autosave),
      }),
    )
    return { status: 200, body: { doc, message: savedMessage(r) } }
  },
  async updateMany(cms, r) {
    const c = collectionOf(cms, r)
    const result = await limitedPasswordChange(cms, r.ip, Boolean(c.auth), r.body, () =>
      cms.update({ collection: c.slug, where: requireWhere(r), data: body(r), ...readOptions(r) }),
    )
    return {
      status: 200,
      body: {
        ...result,
        message: `Updated ${result.docs.length} ${result.docs.length === 1 ? c.labels.singular : c.labels.plural}.`,
      },
    }
  },
  async delete(cms, r) {
    const doc = await cms.delete({
      collection: r.meta.collection!,
      id: r.params.id,
      depth: intParam(r.query.depth),
      trash: boolParam(r.query.trash),
      req: r.req,
      overrideAccess: false,
    })
    return { status: 200, body: { doc, message: 'Deleted successfully.' } }
  },
  async deleteMany(cms, r) {
    const c = collectionOf(cms, r)
    const result = await cms.delete({
      collection: c.slug,
      where: requireWhere(r),
      depth: intParam(r.query.depth),
      trash: boolParam(r.query.trash),
      req: r.req,
      overrideAccess: false,
    })
    return {
      status: 200,
      body: {
        ...result,
        message: `Deleted ${result.docs.length} ${result.docs.length === 1 ? c.labels.singular : c.labels.plural}.`,
      },
    }
  },
  async duplicate(cms, r) {
    const c = collectionOf(cms, r)
    const options = readOptions(r)
    const doc = await limitedPasswordChange(cms, r.ip, Boolean(c.auth), r.body, () =>
      cms.duplicate({
        collection: c.slug,
        id: r.params.id,
        data: (r.body ?? {}) as Record<string, unknown>,
        ...options,
        ...(typeof r.query.selectedLocales === 'string' && {
          selectedLocales: r.query.selectedLocales.split(','),
        }),
        // As Payload's REST route: the copy is a draft unless the request says otherwise.
        draft: options.draft ?? Boolean(c.versions && c.versions.drafts),
      }),
    )
    return { status: 200, body: { doc, message: `${c.labels.singular} successfully duplicated.` } }
  },
  async access(cms, r) {
    return {
      status: 200,
      body: await cms.access({ req: r.req, locale: r.query.locale as string | undefined }),
    }
  },
  async docAccess(cms, r) {
    const common = {
      data: r.body as Record<string, unknown> | undefined,
      req: r.req,
      locale: r.query.locale as string | undefined,
    }
    return {
      status: 200,
      body: r.meta.global
        ? await cms.docAccessGlobal({ slug: r.meta.global, ...common })
        : await cms.docAccess({ collection: r.meta.collection!, id: r.params.id, ...common }),
    }
  },
  async findVersions(cms, r) {
    return {
      status: 200,
      body: await cms.findVersions({ collection: r.meta.collection!, ...listOptions(r) }),
    }
  },
  async findVersionByID(cms, r) {
    return {
      status: 200,
      body: await cms.findVersionByID({
        collection: r.meta.collection!,
        id: r.params.id,
        ...readOptions(r),
      }),
    }
  },
  async restoreVersion(cms, r) {
    const doc = await cms.restoreVersion({
      collection: r.meta.collection!,
      id: r.params.id,
      ...readOptions(r),
    })
    return { status: 200, body: { ...doc, message: 'Restored Successfully.' } }
  },
  async findGlobal(cms, r) {
    return { status: 200, body: await cms.findGlobal({ slug: r.meta.global!, ...readOptions(r) }) }
  },
  async updateGlobal(cms, r) {
    const result = await cms.updateGlobal({
      slug: r.meta.global!,
      data: body(r),
      ...readOptions(r),
      autosave: boolParam(r.query.autosave),
    })
    return { status: 200, body: { message: savedMessage(r), result } }
  },
  async findGlobalVersions(cms, r) {
    const { draft: _draft, ...options } = listOptions(r)
    return {
      status: 200,
      body: await cms.findGlobalVersions({ slug: r.meta.global!, ...options }),
    }
  },
  async findGlobalVersionByID(cms, r) {
    const { draft: _draft, ...options } = readOptions(r)
    return {
      status: 200,
      body: await cms.findGlobalVersionByID({
        slug: r.meta.global!,
        id: r.params.id,
        ...options,
      }),
    }
  },
  async restoreGlobalVersion(cms, r) {
    const doc = await cms.restoreGlobalVersion({
      slug: r.meta.global!,
      id: r.params.id,
      ...readOptions(r),
    })
    // Payload wraps a restored global (`{ doc, message }`), unlike a restored document.
    return { status: 200, body: { doc, message: 'Restored Successfully.' } }
  },
  async login(cms, r) {
    const c = collectionOf(cms, r)
    const result = await limitedLogin(cms, r.ip, () =>
      cms.login({
        collection: c.slug,
        data: body(r) as { email?: string; username?: string; password: string },
        depth: intParam(r.query.depth),
        overrideAccess: false,
        req: r.req,
      }),
    )
    return {
      status: 200,
      body: withoutToken(c, { message: 'Authentication Passed', ...result }),
      headers: { 'Set-Cookie': tokenCookie(cms.config, c, result.token) },
    }
  },
  async logout(cms, r) {
    const auth = sessionOf(r.req, r.meta.collection!)
    await cms.logout({
      collection: r.meta.collection!,
      sid: auth.claims.sid,
      allSessions: boolParam(r.query.allSessions),
      req: r.req,
    })
    return {
      status: 200,
      body: { message: 'Logout successful.' },
      headers: { 'Set-Cookie': tokenCookie(cms.config, collectionOf(cms, r), '') },
    }
  },
  async me(cms, r) {
    const account = await cms.me({
      collection: r.meta.collection!,
      req: r.req,
      depth: intParam(r.query.depth),
      overrideAccess: false,
    })
    const c = collectionOf(cms, r)
    return { status: 200, body: withoutToken(c, { ...account, message: 'Account' }) }
  },
  async refreshToken(cms, r) {
    const c = collectionOf(cms, r)
    const auth = sessionOf(r.req, c.slug)
    const result = await cms.refreshToken({
      collection: c.slug,
      claims: auth.claims,
      overrideAccess: false,
      req: r.req,
    })
    return {
      status: 200,
      body: withoutToken(
        c,
        {
          message: 'Token refresh successful.',
          refreshedToken: result.token,
          exp: result.exp,
          user: result.user,
        },
        'refreshedToken',
      ),
      headers: { 'Set-Cookie': tokenCookie(cms.config, c, result.token) },
    }
  },
  async forgotPassword(cms, r) {
    await limitedForgot(cms, r.ip, () =>
      cms.forgotPassword({
        collection: r.meta.collection!,
        data: body(r) as { email?: string; username?: string },
        req: r.req,
      }),
    )
    return { status: 200, body: { message: 'Success' } }
  },
  async resetPassword(cms, r) {
    const c = collectionOf(cms, r)
    const result = await cms.resetPassword({
      collection: c.slug,
      data: body(r) as { token: string; password: string },
      overrideAccess: false,
      req: r.req,
    })
    return {
      status: 200,
      body: withoutToken(c, {
        message: 'Password reset successfully.',
        token: result.token,
        user: result.user,
      }),
      headers: { 'Set-Cookie': tokenCookie(cms.config, c, result.token) },
    }
  },
  async verifyEmail(cms, r) {
    await cms.verifyEmail({ collection: r.meta.collection!, token: r.params.token, req: r.req })
    return { status: 200, body: { message: 'Account verified successfully.' } }
  },
  async unlock(cms, r) {
    await cms.unlock({
      collection: r.meta.collection!,
      data: body(r) as { email: string },
      overrideAccess: false,
      req: r.req,
    })
    return { status: 200, body: { message: 'Success' } }
  },
  async init(cms, r) {
    return {
      status: 200,
      body: { initialized: await cms.initialized({ collection: r.meta.collection! }) },
    }
  },
  async registerFirstUser(cms, r) {
    const c = collectionOf(cms, r)
    const result = await limitedPasswordChange(cms, r.ip, true, r.body, () =>
      cms.registerFirstUser({
        collection: c.slug,
        data: body(r),
        depth: intParam(r.query.depth),
        overrideAccess: false,
        req: r.req,
      }),
    )
    return {
      status: 200,
      body: withoutToken(c, { message: 'Successfully registered first user.', ...result }),
      headers: { 'Set-Cookie': tokenCookie(cms.config, c, result.token) },
    }
  },
  async health(cms) {
    // A real committed write, not only a read: a database that cannot write (disk full, read-only, locked) is
    // unhealthy. Bounded, so a hung database answers 503 within HEALTH_TIMEOUT_MS instead of hanging the probe.
    try {
      await withTimeout(hit(cms.db, 'cms:health-probe', { max: 1, windowMs: 0 }), HEALTH_TIMEOUT_MS)
      return { status: 200, body: { status: 'ok' } }
    } catch {
      return { status: 503, body: { status: 'database cannot write' } }
    }
  },
} satisfies RestHandlers

/** `auth.removeTokenFromResponses`: the answer leaves `key` (the token) out; the cookie still carries it. */
function withoutToken<T extends Record<string, unknown>>(
  c: SanitizedCollection,
  body: T,
  key = 'token',
) {
  if (!c.auth || !c.auth.removeTokenFromResponses) return body
  const { [key]: _token, ...rest } = body
  return rest
}
