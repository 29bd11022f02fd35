/**
 * The orders API's part of the contract (`/api/v1`, DESIGN.md §6): its paths, with problem-details errors, and
 * its schemas and responses. `compileOpenAPI` adds them when the config has an orders collection.
 */
import { STATUS_TITLES } from '../errors/catalogue.ts'
import type { OperationKind } from '../config/kinds.ts'
import { body, json, pageParameter, type OperationMeta, type PathItem } from './operation.ts'
import { ref, type Schema } from './schemas.ts'
import { schemaAt } from './refs.ts'
import { MAX_PATH_ID } from '../local/params.ts'
import { MAX_UNIT_PRICE } from '../orders/representation.ts'
import { SIGNATURE_PATTERN } from '../orders/webhooks.ts'

/** The problem-details responses of the given statuses (`ordersComponents` declares them). */
const problems = (...codes: number[]) =>
  Object.fromEntries(codes.map((c) => [String(c), { $ref: `#/components/responses/Problem${c}` }]))
const meta = (kind: OperationKind): OperationMeta => ({ kind })

export function ordersPaths(paths: Record<string, PathItem>, maxLimit: number): void {
  const order = ref('V1Order')
  const one = { type: 'object', required: ['data'], properties: { data: order } }
  const orderParam = {
    name: 'order',
    in: 'path',
    required: true,
    description: `The order id (at most ${MAX_PATH_ID}).`,
    schema: { type: 'integer', minimum: 1, maximum: MAX_PATH_ID },
  }
  const tag = ['Orders API v1']
  const listed = pageParameter(maxLimit)
  const page = { ...listed, schema: { ...schemaAt(listed, 'schema'), default: 1 } }
  paths['/v1/orders'] = {
    get: {
      operationId: 'v1ListOrders',
      summary: "The caller's orders, 20 a page, newest first",
      tags: tag,
      'x-cms': meta('v1ListOrders'),
      parameters: [page],
      responses: {
        200: json(ref('V1OrderList'), "A page of the caller's orders"),
        ...problems(400, 401),
      },
    },
    post: {
      operationId: 'v1CreateOrder',
      summary: 'Create an order owned by the caller',
      tags: tag,
      'x-cms': meta('v1CreateOrder'),
      requestBody: body(ref('V1OrderInput')),
      // 403: a cookie-authenticated write from a page of another site (CSRF, http/middleware/authenticate.ts)
      responses: { 201: json(one, 'The new order'), ...problems(400, 401, 403, 422) },
    },
  }
  paths['/v1/orders/{order}'] = {
    get: {
      operationId: 'v1GetOrder',
      summary: "One of the caller's orders, with its items",
      tags: tag,
      'x-cms': meta('v1GetOrder'),
      parameters: [orderParam],
      responses: { 200: json(one, 'The order'), ...problems(400, 401, 404) },
    },
  }
  paths['/v1/orders/{order}/cancel'] = {
    post: {
      operationId: 'v1CancelOrder',
      summary: "Cancel one of the caller's orders",
      tags: tag,
      'x-cms': meta('v1CancelOrder'),
      parameters: [orderParam],
      responses: { 200: json(one, 'The cancelled order'), ...problems(400, 401, 403, 404, 409) },
    },
  }
  paths['/v1/auth/logout'] = {
    post: {
      operationId: 'v1Logout',
      summary: "End the caller's session",
      tags: tag,
      'x-cms': meta('v1Logout'),
      responses: {
        204: { description: 'Logged out; the token is dead from now on' },
        ...problems(401, 403),
      },
    },
  }
  paths['/v1/admin/orders'] = {
    get: {
      operationId: 'v1AdminListOrders',
      summary: 'Every order (admins only)',
      tags: tag,
      'x-cms': meta('v1AdminListOrders'),
      parameters: [page],
      responses: { 200: json(ref('V1OrderList'), 'A page of orders'), ...problems(400, 401, 403) },
    },
  }
  paths['/v1/admin/orders/{order}/ship'] = {
    post: {
      operationId: 'v1AdminShipOrder',
      summary: 'Mark a paid or pending order shipped (admins only)',
      tags: tag,
      'x-cms': meta('v1AdminShipOrder'),
      parameters: [orderParam],
      responses: { 200: json(one, 'The shipped order'), ...problems(400, 401, 403, 404, 409) },
    },
  }
  paths['/v1/webhooks/payments'] = paymentWebhook(tag)
}

/** The payment provider's webhook: signed with the shared secret, so no credential (`security: []`). */
function paymentWebhook(tag: string[]): PathItem {
  return {
    post: {
      operationId: 'v1PaymentWebhook',
      summary: 'Payment provider webhook (HMAC-SHA256 signed)',
      tags: tag,
      'x-cms': meta('v1PaymentWebhook'),
      security: [],
      parameters: [
        {
          name: 'x-signature',
          in: 'header',
          required: true,
          description:
            '`t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`; a malformed one is a 400, one that does not sign the body with the shared secret, or whose time is more than five minutes away, a 401.',
          schema: { type: 'string', pattern: SIGNATURE_PATTERN },
        },
      ],
      requestBody: body({
        type: 'object',
        required: ['id', 'type', 'data'],
        properties: {
          id: { type: 'string' },
          type: { type: 'string' },
          data: {
            type: 'object',
            required: ['order'],
            properties: {
              order: { type: 'integer' },
              amount: {
                type: 'number',
                description:
                  "payment.succeeded: the amount paid; must equal the order's total_amount to the cent (otherwise 422).",
              },
              currency: {
                type: 'string',
                description:
                  'payment.succeeded: ISO 4217 code; must be the shop currency (SHOP_CURRENCY, default EUR; otherwise 422).',
              },
            },
          },
        },
      }),
      responses: {
        200: json(
          {
            type: 'object',
            required: ['received'],
            properties: { received: { type: 'boolean' }, duplicate: { type: 'boolean' } },
          },
          'Processed (or already processed)',
        ),
        ...problems(400, 401, 404, 409, 422),
      },
    },
  }
}

export function ordersComponents(): {
  schemas: Record<string, Schema>
  responses: Record<string, Schema>
} {
  // The statuses the orders API answers with problem details, titled from the error catalogue.
  const titles = Object.fromEntries(
    ([400, 401, 403, 404, 409, 413, 422, 500, 503] as const).map((status) => [
      status,
      STATUS_TITLES[status],
    ]),
  )
  return {
    schemas: {
      ...orderSchemas(),
      Problem: {
        type: 'object',
        required: ['type', 'title', 'status'],
        description: 'RFC 9457 problem details.',
        properties: {
          type: { type: 'string' },
          title: { type: 'string' },
          status: { type: 'integer' },
          detail: { type: 'string' },
          instance: { type: 'string' },
          errors: { type: 'array', items: { type: 'object' } },
        },
      },
    },
    responses: Object.fromEntries(
      Object.entries(titles).map(([code, title]) => [
        `Problem${code}`,
        {
          description: title,
          ...(code === '401'
            ? { headers: { 'WWW-Authenticate': { schema: { type: 'string' } } } }
            : {}),
          content: { 'application/problem+json': { schema: ref('Problem') } },
        },
      ]),
    ),
  }
}

/** The schemas of an order, the body that creates one, and a page of them. */
function orderSchemas(): Record<string, Schema> {
  const item = {
    type: 'object',
    required: ['product', 'quantity', 'unit_price'],
    properties: {
      product: { type: 'string', minLength: 1, maxLength: 200 },
      quantity: { type: 'integer', minimum: 1, maximum: 10000 },
      unit_price: { type: 'number', minimum: 0 },
    },
  }
  return {
    V1Order: {
      type: 'object',
      required: ['id', 'user_id', 'status', 'items', 'created_at'],
      properties: {
        id: { type: 'integer' },
        user_id: { type: 'integer' },
        status: { type: 'string', enum: ['pending', 'paid', 'shipped', 'cancelled'] },
        items: { type: 'array', items: { ...item, additionalProperties: false } },
        total_amount: {
          type: 'number',
          description:
            'Sum of quantity × unit_price; omitted for cancelled orders (see docs/orders-api.md).',
        },
        created_at: { type: 'string', format: 'date-time' },
        updated_at: { type: 'string', format: 'date-time' },
      },
    },
    V1OrderInput: {
      type: 'object',
      required: ['items'],
      additionalProperties: false,
      properties: {
        items: {
          type: 'array',
          minItems: 1,
          maxItems: 100,
          items: {
            ...item,
            additionalProperties: false,
            properties: {
              ...item.properties,
              unit_price: {
                type: 'number',
                exclusiveMinimum: 0,
                maximum: MAX_UNIT_PRICE,
                description: `More than 0 and at most ${MAX_UNIT_PRICE}, with at most two decimals (more decimals: 422 naming items.<i>.unit_price).`,
              },
            },
          },
        },
      },
    },
    V1OrderList: {
      type: 'object',
      required: ['data', 'meta'],
      properties: {
        data: { type: 'array', items: ref('V1Order') },
        meta: {
          type: 'object',
          required: ['current_page', 'per_page', 'total', 'last_page'],
          properties: {
            current_page: { type: 'integer' },
            per_page: { type: 'integer' },
            total: { type: 'integer' },
            last_page: { type: 'integer' },
          },
        },
      },
    },
  }
}
