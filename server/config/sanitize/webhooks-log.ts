/**
 * The delivery log through REST (docs/webhooks.md, "Delivery log"): endpoints of the `webhooks` collection.
 * `GET /api/webhooks/deliveries` pages the log (the collection's read access), and
 * `POST /api/webhooks/deliveries/{id}/retry` sends a dead delivery again (its update access).
 */
import { BadRequest } from '../../errors/bad-request.ts'
import { Forbidden } from '../../errors/forbidden.ts'
import { NotFound } from '../../errors/not-found.ts'
import { Unauthorized } from '../../errors/unauthorized.ts'
import type { Access, CmsRequest, Endpoint } from '../types.ts'
import { DELIVERY_STATUSES, type WebhookDeliveryStatus } from '../webhooks-api.ts'
import { SYSTEM_COLLECTIONS } from '../events.ts'

const delivery = {
  type: 'object',
  additionalProperties: false,
  required: [
    'id',
    'eventId',
    'type',
    'endpoint',
    'subject',
    'status',
    'attempts',
    'nextAttemptAt',
    'lastStatusCode',
    'lastError',
    'deliveredAt',
    'createdAt',
  ],
  properties: {
    id: { type: 'integer' },
    eventId: { type: 'string', description: 'The webhook-id header of every attempt' },
    type: {
      type: 'string',
      description: 'The event type (posts.created, globals.settings.updated…)',
    },
    endpoint: { type: 'string' },
    subject: { type: 'string' },
    status: { type: 'string', enum: [...DELIVERY_STATUSES] },
    attempts: { type: 'integer', minimum: 0 },
    nextAttemptAt: { type: 'string', format: 'date-time' },
    lastStatusCode: { type: ['integer', 'null'] },
    lastError: { type: ['string', 'null'] },
    deliveredAt: { type: ['string', 'null'], format: 'date-time' },
    createdAt: { type: 'string', format: 'date-time' },
  },
}

const page = {
  type: 'object',
  additionalProperties: false,
  required: ['docs', 'totalDocs', 'limit', 'page', 'totalPages'],
  properties: {
    docs: { type: 'array', items: delivery },
    totalDocs: { type: 'integer', minimum: 0 },
    limit: { type: 'integer', minimum: 1 },
    page: { type: 'integer', minimum: 1 },
    totalPages: { type: 'integer', minimum: 0 },
  },
}

/** An error answer the handler throws (an APIError): the CMS's error body. */
const errorBody = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
})

/**
 * The endpoints of the log a logged-in caller whom `access` allows may see: every one (undefined) for a trusted
 * caller, else the caller's own stored subscriptions (`webhooks:<id>`, found through the same access). 401 without a
 * user, 403 when refused.
 */
async function allowedEndpoints(
  req: CmsRequest,
  access: Access,
  trusted: Access,
  what: string,
): Promise<string[] | undefined> {
  if (!req.user) throw new Unauthorized(`Log in to ${what}.`)
  const result = await access({ req })
  if (result === false) throw new Forbidden(`You are not allowed to ${what}.`)
  if (result === true && (await trusted({ req })) === true) return undefined
  const own = await req.cms.find({
    collection: SYSTEM_COLLECTIONS.webhooks as never,
    where: result === true ? {} : result,
    pagination: false,
    depth: 0,
    select: { id: true } as never,
    overrideAccess: true,
    req,
  })
  return (own.docs as { id: unknown }[]).map((d) => `webhooks:${String(d.id)}`)
}

/** A positive integer query parameter, or undefined; anything else is a 400 naming it. */
function positive(q: URLSearchParams, name: string, max: number): number | undefined {
  const raw = q.get(name)
  if (raw === null) return undefined
  const n = Number(raw)
  if (!/^\d+$/.test(raw) || n < 1 || n > max)
    throw new BadRequest(`${name} must be an integer from 1 to ${max}; got "${raw}".`)
  return n
}

function statusParam(q: URLSearchParams): WebhookDeliveryStatus | undefined {
  const raw = q.get('status')
  if (raw === null) return undefined
  const found = DELIVERY_STATUSES.find((s) => s === raw)
  if (!found)
    throw new BadRequest(`status must be one of ${DELIVERY_STATUSES.join(', ')}; got "${raw}".`)
  return found
}

/** The two endpoints, deciding with the `webhooks` collection's access. */
export function deliveryLogEndpoints(
  access: { read: Access; update: Access },
  trusted: Access,
): Endpoint[] {
  return [
    {
      path: '/deliveries',
      method: 'get',
      handler: async (req) => {
        const endpoints = await allowedEndpoints(
          req,
          access.read,
          trusted,
          'read the webhook delivery log',
        )
        const q = req.searchParams ?? new URLSearchParams()
        const found = await req.cms.webhooks.deliveries({
          status: statusParam(q),
          endpoints,
          limit: positive(q, 'limit', 100),
          page: positive(q, 'page', 1_000_000),
        })
        return Response.json(found)
      },
      openapi: {
        operationId: 'findWebhookDeliveries',
        summary: 'The webhook delivery log, newest first (the webhooks collection’s read access)',
        parameters: [
          { name: 'status', in: 'query', schema: { type: 'string', enum: [...DELIVERY_STATUSES] } },
          { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100 } },
          {
            name: 'page',
            in: 'query',
            schema: { type: 'integer', minimum: 1, maximum: 1_000_000 },
          },
        ],
        responses: {
          200: {
            description: 'One page of deliveries',
            content: { 'application/json': { schema: page } },
          },
          403: errorBody('The webhooks collection’s read access refused'),
        },
      },
    },
    {
      path: '/deliveries/:id/retry',
      method: 'post',
      handler: async (req) => {
        const endpoints = await allowedEndpoints(
          req,
          access.update,
          trusted,
          'retry webhook deliveries',
        )
        const raw = String(req.routeParams?.id ?? '')
        if (!/^\d+$/.test(raw)) throw new BadRequest(`id must be a delivery id; got "${raw}".`)
        const retried = await req.cms.webhooks.retry(Number(raw), endpoints)
        if (!retried) throw new NotFound(`No dead webhook delivery ${raw}.`)
        return Response.json({ message: 'The delivery will be sent again.', delivery: retried })
      },
      openapi: {
        operationId: 'retryWebhookDelivery',
        summary: 'Send a dead webhook delivery again (the webhooks collection’s update access)',
        responses: {
          200: {
            description: 'The delivery, pending again',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  additionalProperties: false,
                  required: ['message', 'delivery'],
                  properties: { message: { type: 'string' }, delivery },
                },
              },
            },
          },
          404: errorBody('No dead delivery has this id'),
        },
      },
    },
  ]
}
