/**
 * The contract's top-level `webhooks` (OpenAPI 3.1): the events the CMS POSTs to subscribers, one entry per
 * event type of the config (`config/events.ts`), signed as the Standard Webhooks specification says. Each event
 * has a named envelope schema (`PostCreatedEvent`: `{ type, timestamp, data }`), the `data` of a collection or
 * global is shared by its events (`PostEventData`, `SettingEventData`), and `WebhookEvent` is their union,
 * discriminated by `type`. The SDK's verifier returns a `WebhookEvent`.
 */
import type { SanitizedConfig } from '../../config/types.ts'
import {
  eventTypes,
  type CollectionAction,
  type EventAction,
  type EventType,
} from '../../config/events.ts'
import { collectionNames, globalName } from '../../config/names.ts'
import { collectionIdSchema, ref, type Schema } from '../schemas.ts'

/** The three headers of a signed delivery (Standard Webhooks). */
export const WEBHOOK_HEADERS = {
  id: 'webhook-id',
  timestamp: 'webhook-timestamp',
  signature: 'webhook-signature',
} as const

/** When each action fires, for the summaries and descriptions. */
const WHEN: Record<EventAction, string> = {
  created: 'a document was created (a draft or published)',
  updated: 'a document was changed (an update, a draft save or a version restored)',
  published: 'a write left the document published',
  unpublished: 'a published document went back to draft',
  trashed: 'a document was moved to the trash',
  restored: 'a document came back from the trash',
  deleted: 'a document was deleted for good (`doc` is the document before the delete)',
  loginLocked: 'an account was locked after too many failed logins',
}
const GLOBAL_WHEN: Record<string, string> = {
  updated: 'the global was saved (an update, a draft save or a version restored)',
  published: 'a write left the global published',
  unpublished: 'the published global went back to draft',
}

const capital = (s: string) => s[0].toUpperCase() + s.slice(1)

/** The type name an event type's component has: `PostCreatedEvent`, `SettingUpdatedEvent`. */
export function eventSchemaName(config: SanitizedConfig, e: EventType): string {
  return `${subjectName(config, e)}${capital(e.action)}Event`
}

/** The collection's singular or the global's name (unique across both: `config/names.ts` refuses clashes). */
function subjectName(config: SanitizedConfig, e: EventType): string {
  if (e.collection !== undefined) {
    const c = config.collections.find((x) => x.slug === e.collection)
    if (!c) throw new Error(`Event ${e.type}: no collection "${e.collection}".`)
    return collectionNames(c).singular
  }
  const g = config.globals.find((x) => x.slug === e.global)
  if (!g) throw new Error(`Event ${e.type}: no global "${e.global}".`)
  return globalName(g)
}

/** The `operationId` of an event's webhook: `on<Subject><Action>` (`onPostCreated`, `onSettingUpdated`). */
export const webhookOperationId = (config: SanitizedConfig, e: EventType): string =>
  `on${subjectName(config, e)}${capital(e.action)}`

/** The `data` of a collection's or a global's events. */
function dataSchema(config: SanitizedConfig, e: EventType, name: string): Schema {
  if (e.collection !== undefined) {
    const c = config.collections.find((x) => x.slug === e.collection)!
    return {
      type: 'object',
      description: `What an event of ${c.labels.plural} is about: the collection, the id and the document after the write (before it, for \`deleted\`), at depth 0 in the default locale.`,
      required: ['collection', 'id', 'doc'],
      additionalProperties: false,
      properties: {
        collection: { type: 'string', const: c.slug },
        id: collectionIdSchema(c),
        doc: ref(name),
      },
    }
  }
  return {
    type: 'object',
    description: `What an event of the global ${e.global} is about: the global and its document after the write, at depth 0 in the default locale.`,
    required: ['global', 'doc'],
    additionalProperties: false,
    properties: { global: { type: 'string', const: e.global }, doc: ref(name) },
  }
}

/** An event's envelope: its type, the commit's time and the data. */
function envelopeSchema(e: EventType, dataName: string, when: string): Schema {
  return {
    type: 'object',
    description: `\`${e.type}\`: ${when}.`,
    required: ['type', 'timestamp', 'data'],
    additionalProperties: false,
    properties: {
      type: { type: 'string', const: e.type },
      timestamp: {
        type: 'string',
        format: 'date-time',
        description: 'When the write committed (ISO 8601).',
      },
      data: ref(dataName),
    },
  }
}

const HEADER_PARAMETERS: Schema[] = [
  {
    name: WEBHOOK_HEADERS.id,
    in: 'header',
    required: true,
    description:
      'The message id: the same on every retry of a delivery, so a receiver can drop duplicates.',
    schema: { type: 'string', minLength: 1 },
  },
  {
    name: WEBHOOK_HEADERS.timestamp,
    in: 'header',
    required: true,
    description:
      'When this attempt was signed, in integer Unix seconds; verifiers refuse one more than 5 minutes from their clock.',
    schema: { type: 'string', pattern: '^[0-9]+$' },
  },
  {
    name: WEBHOOK_HEADERS.signature,
    in: 'header',
    required: true,
    description:
      'Space-separated `v1,<base64>` signatures: HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<body>` keyed with the base64 secret after `whsec_` (one per active secret). A receiver accepts the delivery when any one matches.',
    schema: { type: 'string', pattern: '^v1,[A-Za-z0-9+/=]+( v1,[A-Za-z0-9+/=]+)*$' },
  },
]

/** One webhook's Path Item: a signed POST of the event's envelope. */
function webhookItem(
  config: SanitizedConfig,
  e: EventType,
  schema: string,
  when: string,
): { post: Schema } {
  return {
    post: {
      operationId: webhookOperationId(config, e),
      summary: `${e.type}: ${when.split(' (')[0]}`,
      description: `POSTed to every subscription of \`${e.type}\` once the write has committed: ${when}. Signed as Standard Webhooks says (the \`webhook-*\` headers). At-least-once: a delivery that is not acknowledged with a 2xx is retried with the same \`webhook-id\`.`,
      tags: ['Webhooks'],
      security: [],
      parameters: HEADER_PARAMETERS,
      requestBody: {
        required: true,
        content: { 'application/json': { schema: ref(schema) } },
      },
      responses: {
        '2XX': {
          description:
            'Acknowledged: any 2xx status ends the delivery. Any other status, a redirect or no answer in time is retried later.',
        },
      },
    },
  }
}

/**
 * The `webhooks` of the contract and the schemas they use, added to `schemas`: every event's envelope, the data
 * of each collection and global, and the union `WebhookEvent`. Nothing when the config has no events.
 */
export function webhooks(
  config: SanitizedConfig,
  schemas: Record<string, Schema>,
): Record<string, { post: Schema }> | undefined {
  const events = eventTypes(config)
  if (!events.length) return undefined
  const claim = (name: string, schema: Schema) => {
    if (name in schemas && JSON.stringify(schemas[name]) !== JSON.stringify(schema))
      throw new Error(`The webhook schema ${name} clashes with another component of that name.`)
    schemas[name] = schema
  }
  const out: Record<string, { post: Schema }> = {}
  const mapping: Record<string, string> = {}
  for (const e of events) {
    const subject = subjectName(config, e)
    const when =
      e.collection !== undefined ? WHEN[e.action as CollectionAction] : GLOBAL_WHEN[e.action]
    const dataName = `${subject}EventData`
    claim(dataName, dataSchema(config, e, subject))
    const name = eventSchemaName(config, e)
    claim(name, envelopeSchema(e, dataName, when))
    mapping[e.type] = `#/components/schemas/${name}`
    out[e.type] = webhookItem(config, e, name, when)
  }
  claim('WebhookEvent', {
    description:
      'Any event the CMS delivers to webhook subscribers, told apart by `type` (`<collection>.<action>` or `globals.<global>.<action>`).',
    oneOf: Object.values(mapping).map(($ref) => ({ $ref })),
    discriminator: { propertyName: 'type', mapping },
  })
  return out
}
