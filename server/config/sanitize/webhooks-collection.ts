/**
 * The `webhooks` collection (docs/webhooks.md, "Subscriptions as data"): webhook endpoints stored as documents,
 * added by the sanitiser when the root `webhooks` option is set and `webhooks.collection` is not false. Its active
 * rows join the config's endpoints (`server/local/webhooks/subscriptions.ts`); it emits no events itself.
 */
import { randomBytes } from 'node:crypto'
import { ConfigError } from '../../errors/config-error.ts'
import { APIError } from '../../errors/api-error.ts'
import { documentWhereProblem } from '../document-match.ts'
import type { Field } from '../types.ts'
import {
  collectionActions,
  collectionEventType,
  emitsEvents,
  globalActions,
  globalEventType,
  SYSTEM_COLLECTIONS,
} from '../events.ts'
import type {
  CmsRequest,
  Where,
  CollectionConfig,
  CollectionHook,
  Config,
  SanitizedCollection,
  SanitizedGlobal,
} from '../types.ts'
import { headersProblem, isSecret, SECRET_RULE, urlProblem } from './webhooks.ts'
import { deliveryLogEndpoints } from './webhooks-log.ts'
import { trustedAccess } from '../trusted.ts'
import { relationshipTo } from '../../fields/relationship.ts'
import {
  headersReadAccess,
  ownerAndCaps,
  ownerScopedAccess,
  secretReadAccess,
  showHeaders,
  showSecret,
  webhooksAccess,
} from './webhooks-access.ts'

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v)

/** A new Standard Webhooks secret: `whsec_` and the base64 of 32 random bytes. */
export const newSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`

/** The write-only fields (docs/webhooks.md, "Access"): shown in the answer of the write that set them, never read back. */
const writeOnlyFields: Field[] = [
  {
    name: 'headers',
    type: 'json',
    validate: (value) => {
      const problem = headersProblem(value)
      return problem ? `headers${problem}` : true
    },
    // Write-only: header values are credentials (an Authorization for the target).
    access: { read: headersReadAccess },
    hooks: {
      beforeChange: [
        ({ value, req }) => {
          if (value !== undefined) showHeaders(req, value)
          return value
        },
      ],
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
        ({ value, originalDoc, req }) => {
          const previous = originalDoc?.secret as string | undefined
          const secret = (value as string | undefined) || previous || newSecret()
          // A new secret is shown once, in the answer of the write that set it (as Standard Webhooks senders).
          if (secret !== previous) showSecret(req, secret)
          return secret
        },
      ],
    },
    // Write-only: never read back after that answer, by anyone.
    access: { read: secretReadAccess },
  },
]

/**
 * A subscription's filter checked at write as a list's `where` is, with the writer's access: its size (limits.where),
 * its paths (no hidden or unknown field), and the writer's read access to each field it names, by running the count
 * it describes; then what matching on the event's document can evaluate. So a stored filter can be no oracle on
 * fields its owner may not read, nor cost more at every event than a list may, nor silently never match.
 */
async function whereProblem(
  where: Record<string, unknown>,
  scope: string,
  req: CmsRequest,
  overrideAccess: boolean,
): Promise<true | string> {
  try {
    await req.cms.count({
      collection: scope as never,
      where: where as Where,
      overrideAccess,
      req,
    })
  } catch (error) {
    if (error instanceof APIError && error.status >= 400 && error.status < 500)
      return error.status === 400
        ? `where: ${error.message}`
        : 'where: you may not read the collection it filters.'
    throw error
  }
  // Matched on each event's document in memory (docs/webhooks.md, "Filters"): only what that can evaluate.
  const collection = req.cms.config.collectionsBySlug.get(scope)
  const problem = collection && documentWhereProblem(collection.flatFields, where as Where)
  return problem ? `where: ${problem}` : true
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
  const trusted = trustedAccess(input, collections)
  const access = ownerScopedAccess(webhooksAccess(input, trusted), trusted)
  const adminSlug = input.admin?.user ?? collections.find((c) => c.auth)?.slug
  // Who created the subscription: set on create (ownerAndCaps), never by the caller's data.
  const owner: Field[] = adminSlug
    ? [
        relationshipTo('owner', adminSlug, {
          index: true,
          access: { create: () => false, update: () => false },
          admin: { readOnly: true },
        }),
      ]
    : []
  const stale: CollectionHook = ({ req }) => {
    req.cms.webhooks.stale()
  }
  return {
    slug: SYSTEM_COLLECTIONS.webhooks,
    labels: { singular: 'Webhook', plural: 'Webhooks' },
    admin: { group: 'System', useAsTitle: 'url' },
    access,
    hooks: {
      beforeChange: [ownerAndCaps(input, adminSlug)],
      afterChange: [stale],
      afterDelete: [stale],
    },
    endpoints: deliveryLogEndpoints(access, trusted),
    fields: [
      ...owner,
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
        validate: (value, { data, req, overrideAccess }) => {
          if (value === undefined || value === null) return true
          if (!isObject(value)) return 'where must be a Where object.'
          if (!data.scope) return 'where needs scope: a filter applies to one collection.'
          return whereProblem(value, String(data.scope), req, overrideAccess)
        },
      },
      ...writeOnlyFields,
      { name: 'active', type: 'checkbox', defaultValue: true },
    ],
  }
}
