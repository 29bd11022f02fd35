import { idKind } from '../config/ids.ts'
import { checkJoinField } from '../config/sanitize/joins.ts'
import type { JoinField } from '../config/types.ts'
import { typeName } from '../config/names.ts'
import { ok } from './shared.ts'
import type { FieldType } from './types.ts'
import { collectionOf } from '../config/lookup.ts'

/** A join: the documents of another collection whose relationship holds this one, computed on read. */
export const join: FieldType<JoinField> = {
  name: 'join',
  computed: true,
  schema: (field, kit) => ({
    type: 'object',
    description: `The documents of "${field.collection}" relating to this one (a join field; never written).`,
    required: ['docs', 'hasNextPage'],
    properties: {
      docs: {
        type: 'array',
        items: {
          anyOf: [
            kit.idSchema(idKind(collectionOf(kit.config, field.collection))),
            kit.docRef(field.collection),
          ],
        },
      },
      hasNextPage: { type: 'boolean' },
      totalDocs: { type: 'integer', minimum: 0, description: 'Only with count: true.' },
    },
  }),
  output(field, parent, kit) {
    kit.join(parent, field.name)
    const own = `${parent}_${typeName(field.name)}`
    return kit.add(
      own,
      `${kit.describe(`The documents of "${field.collection}" relating to this one.`)}type ${own} {\n  docs: [${kit.docType(field.collection)}!]\n  hasNextPage: Boolean\n  totalDocs: Int\n}`,
    )
  },
  // As Payload's: the arguments of its page.
  outputArgs: (field, kit) =>
    `(where: ${kit.docType(field.collection)}_where, limit: Int, page: Int, sort: String, count: Boolean)`,
  input: () => undefined,
  // Queried as Payload does: the joined documents' ids, or their fields (server/db/where/join.ts).
  whereSchema: (_field, kit) => kit.ref('WhereAny'),
  wherePaths: (_field, path, kit) => kit.beyond(path),
  typescript: (field, kit) =>
    `{\n  docs?: (${kit.idType(field.collection)} | ${kit.docName(field.collection)})[];\n  hasNextPage?: boolean;\n  totalDocs?: number;\n}`,
  selection: (field) => `${field.name} { docs { id } hasNextPage }`,
  validate: () => ok(undefined),
  check: (field, kit) => checkJoinField(field, kit.at, kit.slugs, kit.topLevel),
}
