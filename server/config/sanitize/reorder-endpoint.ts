/**
 * Payload's `POST <api>/reorder`: moves documents of an orderable collection (or of an orderable join's joined
 * collection) next to a target document, giving them keys between the target's and its neighbour's. The body is
 * Payload's: `{ collectionSlug, orderableFieldName, docsToMove, newKeyWillBe: 'greater' | 'less', target: { id,
 * key } }`. Without `target.key`, the documents of the target's scope that have no key yet get one each, in their
 * current order (Payload's "initial migration", for a collection made orderable after it had documents).
 *
 * Unlike Payload, which checks the collection's `update` access on the first document only and then writes with
 * access overridden, every document moved is checked (read and update access of the caller) before any is
 * written, and the name given must be one of the collection's order fields.
 */
import { generateNKeysBetween } from 'fractional-indexing'
import { BadRequest } from '../../errors/bad-request.ts'
import { ConfigError } from '../../errors/config-error.ts'
import { Forbidden } from '../../errors/forbidden.ts'
import type { CmsRequest, Endpoint, ID } from '../types.ts'
import { andWhere, firstKey, isOrderKey, joinScope, type OrderFields } from './orderable.ts'

/** At most this many documents move in one request (Payload's admin moves one). */
const MAX_MOVED = 100

interface Move {
  collection: string
  field: string
  on: string | undefined
  docs: ID[]
  greater: boolean
  target: { id: ID; key?: string | null }
}

const isId = (v: unknown): v is ID =>
  (typeof v === 'string' && v.length > 0 && v.length <= 256) ||
  (typeof v === 'number' && Number.isSafeInteger(v))

/** The body checked, each mistake a 400 naming the key. */
function parseMove(body: unknown, orders: Map<string, OrderFields>): Move {
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw new BadRequest('The body must be a JSON object.')
  const b = body as Record<string, unknown>
  const fields = typeof b.collectionSlug === 'string' ? orders.get(b.collectionSlug) : undefined
  if (!fields)
    throw new BadRequest(
      `collectionSlug must name an orderable collection (${[...orders.keys()].join(', ')}).`,
    )
  if (typeof b.orderableFieldName !== 'string' || !fields.has(b.orderableFieldName))
    throw new BadRequest(
      `orderableFieldName must be an order field of ${String(b.collectionSlug)} (${[...fields.keys()].join(', ')}).`,
    )
  const docs = b.docsToMove
  if (!Array.isArray(docs) || !docs.length || docs.length > MAX_MOVED || !docs.every(isId))
    throw new BadRequest(`docsToMove must be a list of 1 to ${MAX_MOVED} document ids.`)
  if (b.newKeyWillBe !== 'greater' && b.newKeyWillBe !== 'less')
    throw new BadRequest('newKeyWillBe must be "greater" or "less".')
  const t = b.target as Record<string, unknown> | undefined
  if (!t || typeof t !== 'object' || Array.isArray(t) || !isId(t.id))
    throw new BadRequest('target must be an object with the id of a document.')
  if (t.key !== undefined && t.key !== null && t.key !== 'pending' && !isOrderKey(t.key))
    throw new BadRequest('target.key must be the order key of the target, "pending" or null.')
  return {
    collection: b.collectionSlug as string,
    field: b.orderableFieldName,
    on: fields.get(b.orderableFieldName),
    docs,
    greater: b.newKeyWillBe === 'greater',
    target: { id: t.id, key: t.key as string | null | undefined },
  }
}

/** Every document moved must be one the caller may update; none is written otherwise. */
async function checkUpdates(req: CmsRequest, m: Move): Promise<void> {
  for (const id of m.docs) {
    const access = (await req.cms.docAccess({
      collection: m.collection as never,
      id,
      req,
      user: req.user,
      raw: true,
    })) as { update?: { permission?: boolean } }
    if (access.update?.permission !== true)
      throw new Forbidden(`You are not allowed to reorder document ${String(id)}.`)
  }
}

async function reorder(req: CmsRequest, m: Move): Promise<Response> {
  const asCaller = { req, user: req.user, overrideAccess: false }
  const target = (await req.cms.findByID({
    collection: m.collection as never,
    id: m.target.id,
    depth: 0,
    ...asCaller,
  })) as Record<string, unknown>
  const scope = joinScope(m.on, target)
  await checkUpdates(req, m)
  if (!m.target.key) {
    // Keys for the documents of the scope that have none, in their current order (the hook keys each).
    const { docs } = await req.cms.find({
      collection: m.collection as never,
      depth: 0,
      pagination: false,
      select: { [m.field]: true },
      where: andWhere({ [m.field]: { exists: false } }, scope),
      ...asCaller,
    })
    for (const doc of docs as { id: ID }[])
      await req.cms.update({
        collection: m.collection as never,
        id: doc.id,
        data: {},
        depth: 0,
        ...asCaller,
      })
    return Response.json({ message: 'initial migration', success: true })
  }
  const targetKey = m.target.key === 'pending' ? target[m.field] : m.target.key
  if (!isOrderKey(targetKey))
    throw new BadRequest(`The target document has no order key yet: send target.key null first.`)
  // The neighbour on that side: the new keys must fall between the two.
  const neighbour = await firstKey(
    req,
    m.collection,
    m.field,
    m.greater ? 'asc' : 'desc',
    { [m.greater ? 'greater_than' : 'less_than']: targetKey },
    scope,
  )
  const orderValues = m.greater
    ? generateNKeysBetween(targetKey, neighbour, m.docs.length)
    : generateNKeysBetween(neighbour, targetKey, m.docs.length)
  const versions = req.cms.config.collectionsBySlug.get(m.collection)?.versions
  const drafts = Boolean(versions && versions.drafts)
  for (const [i, id] of m.docs.entries()) {
    // Where the newest version is a draft, the key goes into a draft, as Payload writes it.
    const latest = drafts
      ? ((await req.cms.findByID({
          collection: m.collection as never,
          id,
          depth: 0,
          draft: true,
          req,
        })) as {
          _status?: string
        })
      : undefined
    await req.cms.update({
      collection: m.collection as never,
      id,
      data: { [m.field]: orderValues[i] },
      depth: 0,
      draft: latest?._status === 'draft' || undefined,
      ...asCaller,
    })
  }
  return Response.json({ orderValues, success: true })
}

const moveBody = {
  type: 'object',
  required: ['collectionSlug', 'orderableFieldName', 'docsToMove', 'newKeyWillBe', 'target'],
  properties: {
    collectionSlug: { type: 'string' },
    orderableFieldName: { type: 'string' },
    docsToMove: {
      type: 'array',
      minItems: 1,
      maxItems: MAX_MOVED,
      items: { oneOf: [{ type: 'string', minLength: 1 }, { type: 'integer' }] },
    },
    newKeyWillBe: { type: 'string', enum: ['greater', 'less'] },
    target: {
      type: 'object',
      required: ['id'],
      properties: {
        id: { oneOf: [{ type: 'string', minLength: 1 }, { type: 'integer' }] },
        key: { type: ['string', 'null'] },
      },
    },
  },
}

const error = { $ref: '#/components/schemas/Error' }

/** The endpoint, for the order fields of `orders` (collection → its order fields). */
export function reorderEndpoint(orders: Map<string, OrderFields>): Endpoint {
  return {
    path: '/reorder',
    method: 'post',
    handler: async (req) => reorder(req, parseMove(await req.json(), orders)),
    openapi: {
      operationId: 'reorderDocuments',
      summary:
        'Move documents of an orderable collection or join next to a target (the update access of each is needed)',
      requestBody: { required: true, content: { 'application/json': { schema: moveBody } } },
      responses: {
        200: {
          description:
            'The documents moved (their new keys), or the scope keyed for the first time',
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['success'],
                properties: {
                  success: { type: 'boolean', const: true },
                  message: { type: 'string' },
                  orderValues: { type: 'array', items: { type: 'string' } },
                },
              },
            },
          },
        },
        400: {
          description: 'The body names no orderable field, documents or target',
          content: { 'application/json': { schema: error } },
        },
        403: {
          description: 'A document moved is one the caller may not update',
          content: { 'application/json': { schema: error } },
        },
        404: {
          description: 'The target is not a document the caller may read',
          content: { 'application/json': { schema: error } },
        },
      },
    },
  }
}

/** The top-level endpoints with POST /reorder added when something is orderable. */
export function withReorderEndpoint(
  endpoints: Endpoint[],
  orders: Map<string, OrderFields>,
): Endpoint[] {
  if (!orders.size) return [...endpoints]
  if (endpoints.some((e) => e.path === '/reorder' && e.method === 'post'))
    throw new ConfigError(
      'Top-level endpoints: POST /reorder is the endpoint of orderable collections and joins; give yours another path.',
    )
  return [...endpoints, reorderEndpoint(orders)]
}
