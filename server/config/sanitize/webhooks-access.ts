/**
 * Who may do what with the `webhooks` collection (docs/webhooks.md, "Access"): it is the CMS's own, so closed to all
 * but the trusted callers (server/config/trusted.ts) until `webhooks.access` opens it; a subscription belongs to the
 * user who created it (`owner`), and a caller the config lets in who is not trusted reads, changes and deletes their
 * own subscriptions only. Secrets and header values are write-only: shown in the answer of the write that set them,
 * never read back.
 */
import { ConfigError } from '../../errors/config-error.ts'
import { BadRequest } from '../../errors/bad-request.ts'
import { SYSTEM_COLLECTIONS } from '../events.ts'
import { isObject } from '../../fields/shared.ts'
import type { Access, CmsRequest, CollectionHook, Config, FieldAccess, Where } from '../types.ts'

/** The checked `webhooks.access`: each given key must be a function; a missing one is `fallback`. */
export function webhooksAccess(input: Config, fallback: Access) {
  const access = input.webhooks?.access ?? {}
  if (!isObject(access)) throw new ConfigError('webhooks.access must be an object of functions.')
  const pick = (key: 'read' | 'create' | 'update' | 'delete'): Access => {
    const fn: unknown = access[key]
    if (fn === undefined) return fallback
    if (typeof fn !== 'function')
      throw new ConfigError(`webhooks.access.${key} must be a function.`)
    return fn as Access
  }
  return {
    read: pick('read'),
    create: pick('create'),
    update: pick('update'),
    delete: pick('delete'),
  }
}

/** `result` narrowed to the subscriptions of the caller: trusted callers keep it whole. */
async function scoped(result: boolean | Where, req: CmsRequest, trusted: Access) {
  if (result === false || (await trusted({ req })) === true) return result
  if (!req.user) return false
  const own: Where = { owner: { equals: req.user.id } }
  return result === true ? own : { and: [result, own] }
}

/** The collection's access: the configured (or trusted-only) rules, each narrowed to the caller's own rows. */
export function ownerScopedAccess(
  configured: ReturnType<typeof webhooksAccess>,
  trusted: Access,
): ReturnType<typeof webhooksAccess> {
  const narrow =
    (fn: Access): Access =>
    async (args) =>
      scoped(await fn(args), args.req, trusted)
  return {
    read: narrow(configured.read),
    create: configured.create,
    update: narrow(configured.update),
    delete: narrow(configured.delete),
  }
}

/** What the current request wrote of the write-only fields, so its own answer may show them once. */
const SHOWN = 'cms:webhookWritten'
type Shown = { secret?: string; headers?: string }
const shown = (req: CmsRequest): Shown => {
  const current = req.context[SHOWN]
  if (isObject(current)) return current as Shown
  const fresh: Shown = {}
  req.context[SHOWN] = fresh
  return fresh
}

/** Marks `secret` as written by this request (its answer shows it). */
export const showSecret = (req: CmsRequest, secret: string): void => {
  shown(req).secret = secret
}
/** Marks `headers` as written by this request. */
export const showHeaders = (req: CmsRequest, headers: unknown): void => {
  shown(req).headers = JSON.stringify(headers ?? null)
}
/** The secret is read only in the answer of the write that set it. */
export const secretReadAccess: FieldAccess = ({ req, doc }) =>
  typeof doc?.secret === 'string' && shown(req).secret === doc.secret
/** The headers are read only in the answer of the write that set them. */
export const headersReadAccess: FieldAccess = ({ req, doc }) =>
  shown(req).headers !== undefined && shown(req).headers === JSON.stringify(doc?.headers ?? null)

/**
 * On create: the owner is the caller's user (server code without one may name it), and the caller's and the
 * collection's caps hold (`maxSubscriptionsPerOwner`, default 25; `maxSubscriptions`, default 1000): a 400 naming
 * the limit past either.
 */
export function ownerAndCaps(input: Config, adminSlug: string | undefined): CollectionHook {
  const total = input.webhooks?.maxSubscriptions ?? 1000
  const perOwner = input.webhooks?.maxSubscriptionsPerOwner ?? 25
  return async ({ req, operation, data }) => {
    if (operation !== 'create' || !isObject(data)) return data
    const owner = req.user && req.user.collection === adminSlug ? req.user.id : (data.owner ?? null)
    const count = async (where?: Where) =>
      (
        await req.cms.count({
          collection: SYSTEM_COLLECTIONS.webhooks as never,
          ...(where ? { where } : {}),
          overrideAccess: true,
          req,
        })
      ).totalDocs
    if ((await count()) >= total)
      throw new BadRequest(
        `There are ${total} webhook subscriptions already (webhooks.maxSubscriptions): delete one first.`,
        [{ path: 'url' }],
      )
    if (owner !== null && (await count({ owner: { equals: owner } })) >= perOwner)
      throw new BadRequest(
        `This user has ${perOwner} webhook subscriptions already (webhooks.maxSubscriptionsPerOwner): delete one first.`,
        [{ path: 'url' }],
      )
    return { ...data, owner }
  }
}
