/**
 * `GET`, `POST` and `DELETE <base>/lock` of a lockable document or global (lockDocuments; docs/admin.md, "Two
 * editors, one document"): who holds its lock, take or touch it (`takeOver` takes another user's), release it.
 */
import type { OperationKind } from '../../config/kinds.ts'
import type { OperationMeta, PathItem } from '../operation.ts'
import { json } from '../operation.ts'
import { ref, type Schema } from '../schemas.ts'
import { errors, optionalBody } from './shared.ts'

/** The answer of every lock route (components.schemas.DocumentLock). */
export const DOCUMENT_LOCK: Schema = {
  type: 'object',
  required: ['locked', 'mine', 'duration'],
  additionalProperties: false,
  properties: {
    locked: { type: 'boolean', description: 'Whether someone holds a live lock.' },
    mine: { type: 'boolean', description: 'Whether the caller holds it.' },
    duration: {
      type: 'integer',
      minimum: 1,
      description: 'How long a lock lasts after its holder last touched it (seconds).',
    },
    user: {
      type: 'object',
      required: ['collection', 'id'],
      additionalProperties: false,
      description: "The holder; `title` only where the caller may read the holder's account.",
      properties: {
        collection: { type: 'string' },
        id: { type: ['integer', 'string'] },
        title: { type: 'string' },
      },
    },
    lockedAt: { type: 'string', format: 'date-time' },
    expiresAt: {
      type: 'string',
      format: 'date-time',
      description: 'When the lock ends unless its holder touches it again.',
    },
  },
}

export function lockPaths(
  paths: Record<string, PathItem>,
  target: {
    base: string
    name: string
    label: string
    tags: string[]
    meta: (kind: OperationKind) => OperationMeta
    /** A collection document's id parameter; none for a global. */
    id?: Schema
  },
): void {
  const { name, label, tags, meta } = target
  const parameters = target.id ? [target.id] : []
  const answer = json(ref('DocumentLock'), 'The lock')
  paths[target.base] = {
    get: {
      operationId: `lockStatus${name}`,
      summary: `Who holds the lock of a ${label}`,
      tags,
      'x-cms': meta('lockStatus'),
      parameters,
      responses: { 200: answer, ...errors(400, 401, 403, 404, 500) },
    },
    post: {
      operationId: `lock${name}`,
      summary: `Take or touch the lock of a ${label}`,
      tags,
      'x-cms': meta('lockDocument'),
      parameters,
      requestBody: optionalBody(
        {
          type: 'object',
          additionalProperties: false,
          properties: {
            takeOver: {
              type: 'boolean',
              description:
                'true takes the lock another user holds (they are told at their next check).',
            },
          },
        },
        'Options (optional)',
      ),
      responses: { 200: answer, ...errors(400, 401, 403, 404, 413, 423, 500) },
    },
    delete: {
      operationId: `releaseLock${name}`,
      summary: `Release the caller's lock of a ${label}`,
      tags,
      'x-cms': meta('unlockDocument'),
      parameters,
      responses: { 200: answer, ...errors(400, 401, 403, 404, 500) },
    },
  }
}
