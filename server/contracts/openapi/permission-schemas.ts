/**
 * The permission schemas (GET /access, POST .../access): of fields, of a collection or global, of every one
 * of them, and the shared `Permission` of one allowed operation.
 */
import type { FlattenedField, SanitizedConfig } from '../../config/types.ts'
import { permissionFields } from '../../local/permissions.ts'
import { collectionNames, globalName } from '../../config/names.ts'
import { ref, type Schema } from '../schemas.ts'

const TRUE = { const: true }

/** A field's permissions: `true` (all allowed), or the allowed operations with its children's. */
function fieldsPermissionSchema(fields: FlattenedField[], timestamps: boolean): Schema {
  const properties: Record<string, Schema> = {}
  for (const { name, field } of permissionFields(fields, timestamps)) {
    const own: Record<string, Schema> = { create: TRUE, read: TRUE, update: TRUE }
    if (field?.type === 'group' || field?.type === 'array')
      own.fields = fieldsPermissionSchema(field.fields, false)
    if (field?.type === 'blocks')
      own.blocks = {
        anyOf: [
          TRUE,
          {
            type: 'object',
            additionalProperties: false,
            properties: Object.fromEntries(
              field.blocks.map((b) => [
                b.slug,
                {
                  type: 'object',
                  additionalProperties: false,
                  properties: {
                    create: TRUE,
                    read: TRUE,
                    update: TRUE,
                    fields: fieldsPermissionSchema(b.fields, false),
                  },
                },
              ]),
            ),
          },
        ],
      }
    properties[name] = {
      anyOf: [TRUE, { type: 'object', additionalProperties: false, properties: own }],
    }
  }
  return { anyOf: [TRUE, { type: 'object', additionalProperties: false, properties }] }
}

export function entityPermissionSchema(
  fields: FlattenedField[],
  timestamps: boolean,
  operations: string[],
  label: string,
): Schema {
  return {
    type: 'object',
    description: `What the caller may do with ${label}: allowed operations (\`true\` or \`{ permission: true, where }\`), denied ones left out; \`fields\` is \`true\` when every field allows every operation the caller has.`,
    additionalProperties: false,
    properties: {
      ...Object.fromEntries(operations.map((op) => [op, ref('Permission')])),
      fields: fieldsPermissionSchema(fields, timestamps),
    },
  }
}

export function accessResultsSchema(config: SanitizedConfig): Schema {
  const entities = (entries: [string, string][]) => ({
    type: 'object',
    additionalProperties: false,
    properties: Object.fromEntries(
      entries.map(([slug, name]) => [slug, ref(`${name}Permissions`)]),
    ),
  })
  return {
    type: 'object',
    additionalProperties: false,
    properties: {
      canAccessAdmin: { type: 'boolean' },
      collections: entities(config.collections.map((c) => [c.slug, collectionNames(c).singular])),
      globals: entities(config.globals.map((g) => [g.slug, globalName(g)])),
    },
  }
}

/** One allowed operation (`#/components/schemas/Permission`). */
export function permissionSchema(): Schema {
  return {
    description:
      'An allowed operation: `true`, or `{ permission: true, where }` when its access function returned a Where (for `/access` not evaluated; for one document, matched against it). A denied operation is left out.',
    anyOf: [
      { const: true },
      {
        type: 'object',
        required: ['permission', 'where'],
        additionalProperties: false,
        properties: {
          permission: { const: true },
          where: { type: 'object', description: 'The Where the access function returned.' },
        },
      },
    ],
  }
}
