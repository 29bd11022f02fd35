import type { RichTextField } from '../config/types.ts'
import { richTextSchema } from './rich-text/schema.ts'
import { richTextTypescript } from './rich-text/typescript.ts'
import { validateRichText } from './rich-text/validate.ts'
import { jsonDocument } from './json.ts'
import type { FieldType } from './types.ts'
import { richTextRelations } from './rich-text-relations.ts'

/**
 * Rich text: a JSON document (an object or a list of nodes), stored as JSON; queried by its text (`like`,
 * `not_like`, `contains` match the strings of its text nodes, not its JSON) or by paths into it.
 */
export const richText: FieldType<RichTextField> = {
  name: 'richText',
  ...jsonDocument<RichTextField>(),
  textContent: true,
  whereSchema: (_field, kit) => kit.ref('WhereRichText'),
  schema: richTextSchema,
  typescript: richTextTypescript,
  outputDescription: () =>
    "Rich text: Lexical's serialized editor state (an object holding `root`), as the REST contract's RichText schemas describe it.",
  valueRelations: richTextRelations,
  // As Payload: the JSON answered is populated to `depth` (default the config's), under the caller's access.
  outputArgs: (field, kit, parent) => {
    kit.richText(parent, field)
    return '(depth: Int)'
  },
  validate: validateRichText,
}
