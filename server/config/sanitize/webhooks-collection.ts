/**
 * The `webhooks` collection (docs/webhooks.md, "Subscriptions as data"): webhook endpoints stored as documents,
 * added by the sanitiser when the root `webhooks` option is set and `webhooks.collection` is not false. Its active
 * rows join the config's endpoints (`server/local/webhooks/subscriptions.ts`); it emits no events itself.
 */
import { randomBytes } from 'node:crypto'
import { ConfigError } from '../../errors/config-error.ts'
import {
  collectionActions,
  collectionEventType,
  emitsEvents,
  globalActions,
  globalEventType,
  SYSTEM_COLLECTIONS,
} from '../events.ts'
import type {
  Access,
  CollectionConfig,
  CollectionHook,
  Config,
  SanitizedCollection,
  SanitizedGlobal,
} from '../types.ts'
import { headersProblem, isSecret, SECRET_RULE, urlProblem } from './webhooks.ts'
import { deliveryLogEndpoints } from './webhooks-log.ts'

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v)

/** A new Standard Webhooks secret: `whsec_` and the base64 of 32 random bytes. */
export const newSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`

/** The default access of both webhook collections: a logged-in user of the admin's user collection. */
export function adminAccess(input: Config, collections: SanitizedCollection[]): Access {
  const slug = input.admin?.user ?? collections.find((c) => c.auth)?.slug
  return ({ req }) => Boolean(req.user) && req.user?.collection === slug
}

/** The checked `webhooks.access`: each given key must be a function. */
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

/** The `webhooks` collection for a config whose other collections and globals are sanitised, or undefined. */
export function webhooksCollection(
  input: Config,
  collections: SanitizedCollection[],
  globals: SanitizedGlobal[],
): CollectionConfig | undefined {
  const root = input.webhooks
  if (!isObject(root)) return undefined
  if (root.collection !== undefined && typeof root.collection !== 'boolean')
    throw new ConfigError('webhooks.collection must be true or false.')
  if (root.collection === false) return undefined
  if (collections.some((c) => c.slug === SYSTEM_COLLECTIONS.webhooks))
    throw new ConfigError(
      `Collection "${SYSTEM_COLLECTIONS.webhooks}": the slug is the webhooks' own collection; rename yours or set webhooks.collection: false.`,
    )
  const emitting = collections.filter(emitsEvents)
  const events = [
    ...emitting.flatMap((c) => collectionActions(c).map((a) => collectionEventType(c.slug, a))),
    ...globals.flatMap((g) => globalActions(g).map((a) => globalEventType(g.slug, a))),
    ...new Set([...emitting.flatMap(collectionActions), 'updated']),
  ]
  const allowPrivate = root.allowPrivateTargets === true
  const access = webhooksAccess(input, adminAccess(input, collections))
  const stale: CollectionHook = ({ req }) => {
    req.cms.webhooks.stale()
  }
  return {
    slug: SYSTEM_COLLECTIONS.webhooks,
    labels: { singular: 'Webhook', plural: 'Webhooks' },
    admin: { group: 'System', useAsTitle: 'url' },
    access,
    hooks: { afterChange: [stale], afterDelete: [stale] },
    endpoints: deliveryLogEndpoints(access),
    fields: [
      {
        name: 'url',
        type: 'text',
        required: true,
        validate: (value) => {
          const problem = urlProblem(value, allowPrivate)
          return problem ? `url ${problem}` : true
        },
      },
      { name: 'events', type: 'select', hasMany: true, options: [...new Set(events)] },
      ...(emitting.length
        ? [
            {
              // `collection` is reserved (Payload's field names); the collection whose events it receives.
              name: 'scope',
              type: 'select' as const,
              options: emitting.map((c) => c.slug),
            },
          ]
        : []),
      {
        name: 'where',
        type: 'json',
        validate: (value, { data }) => {
          if (value === undefined || value === null) return true
          if (!isObject(value)) return 'where must be a Where object.'
          if (!data.scope) return 'where needs scope: a filter applies to one collection.'
          return true
        },
      },
      {
        name: 'headers',
        type: 'json',
        validate: (value) => {
          const problem = headersProblem(value)
          return problem ? `headers${problem}` : true
        },
      },
      {
        name: 'secret',
        type: 'text',
        validate: (value) =>
          value === undefined || value === null || value === '' || isSecret(value)
            ? true
            : `secret ${SECRET_RULE}`,
        hooks: {
          beforeChange: [
            ({ value, originalDoc }) =>
              value || (originalDoc?.secret as string | undefined) || newSecret(),
          ],
        },
        // Only users who may change the subscription read its secret.
        access: {
          read: async ({ req, id, doc }) =>
            (await access.update({ req, id: id ?? (doc?.id as never) })) === true,
        },
      },
      { name: 'active', type: 'checkbox', defaultValue: true },
    ],
  }
}
