/**
 * `POST <base>/form-state` of a collection or global with conditional fields (`admin.condition`): which of them
 * apply to a form's data (the Local `formState`); with a live preview whose URL is a function, that URL for the
 * data (`livePreviewURL`). Compiled only where some field has a condition or such a preview is configured.
 */
import type { FlattenedField } from '../../config/types.ts'
import type { OperationMeta, PathItem } from '../operation.ts'
import { body, json } from '../operation.ts'
import type { Schema } from '../schemas.ts'
import { hasConditions } from '../../config/fields.ts'
import { errors, param } from './shared.ts'

export function formStatePath(
  paths: Record<string, PathItem>,
  target: {
    base: string
    operationId: string
    label: string
    tags: string[]
    meta: OperationMeta
    fields: FlattenedField[]
    /** A collection's id schema (the document being updated); none for a global. */
    id?: Schema
    /** A live preview URL function (`admin.livePreview.url`) the route runs. */
    livePreview?: boolean
  },
): void {
  if (!hasConditions(target.fields) && !target.livePreview) return
  const properties: Record<string, Schema> = {
    data: {
      type: 'object',
      description:
        "The form's values, as a write would send them (neither validated nor stored: the conditions read them).",
    },
    operation: {
      type: 'string',
      enum: ['create', 'update'],
      description: 'What the form does (default update); the caller needs its access.',
    },
  }
  if (target.id) properties.id = { ...target.id, description: 'The document being updated.' }
  paths[`${target.base}/form-state`] = {
    post: {
      operationId: target.operationId,
      summary: `Which conditional fields of ${target.label} apply to a form's data`,
      tags: target.tags,
      'x-cms': target.meta,
      parameters: [param('locale')],
      requestBody: body(
        { type: 'object', required: ['data'], additionalProperties: false, properties },
        "The form's data",
      ),
      responses: {
        200: json(
          {
            type: 'object',
            required: ['conditions'],
            properties: {
              conditions: {
                type: 'object',
                description:
                  'Every field with an `admin.condition` present in the data, by dotted path (`layout.0.attribution`): whether it applies.',
                additionalProperties: { type: 'boolean' },
              },
              ...(target.livePreview
                ? {
                    livePreviewURL: {
                      type: 'string',
                      description:
                        "The live preview's URL for this data (`admin.livePreview.url`, a function run on the server; absent on a create or when it answers none).",
                    },
                  }
                : {}),
            },
          },
          'The conditions',
        ),
        // 403: no create/update access, or a cookie-authenticated POST from another site's page (CSRF).
        ...errors(400, 401, 403, 413, 500),
      },
    },
  }
}
