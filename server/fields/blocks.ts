import { typeName } from '../config/names.ts'
import { ConfigError } from '../errors/config-error.ts'
import type { FlattenedBlock, FlattenedBlocksField } from '../config/types.ts'
import { arrayOf, checkRowId, checkRows, isObject, ok, ownsRowId, TEXT_OPS } from './shared.ts'
import type { CheckKit, FieldType, Schema, SchemaKit, ValidateKit } from './types.ts'

/** Keys of every row besides its block's fields. */
const ROW_KEYS = ['blockType', 'blockName', 'id']

/** Blocks: rows each of one of the field's blocks (`blockType` says which), stored as one JSON value. */

const blockName = (field: FlattenedBlocksField, parent: string, b: FlattenedBlock) =>
  b.interfaceName ?? `${parent}_${typeName(field.name)}_${typeName(b.slug)}`

function blockSchema(b: FlattenedBlock, kit: SchemaKit): Schema {
  const s = kit.object(b.fields, undefined, true)
  const required: unknown[] = Array.isArray(s.required) ? s.required : []
  const block: Schema = {
    ...s,
    properties: {
      blockType: { type: 'string', const: b.slug },
      blockName: { type: ['string', 'null'] },
      ...(isObject(s.properties) ? s.properties : {}),
    },
    required: [...new Set(['blockType', ...required])],
  }
  return b.interfaceName && kit.mode === 'read' ? kit.component(b.interfaceName, block) : block
}

async function validateRows(field: FlattenedBlocksField, value: unknown[], kit: ValidateKit) {
  const rows: unknown[] = []
  for (const [i, row] of value.entries()) {
    const at = `${kit.path}.${i}`
    if (!isObject(row)) {
      kit.push(at, 'Each block must be an object.')
      continue
    }
    const block = field.blocks.find((b) => b.slug === row.blockType)
    if (!block) {
      kit.push(
        `${at}.blockType`,
        `blockType must be one of: ${field.blocks.map((b) => b.slug).join(', ')}.`,
      )
      continue
    }
    if (row.blockName !== undefined && row.blockName !== null && typeof row.blockName !== 'string')
      kit.push(`${at}.blockName`, 'blockName must be a string.')
    const r = await kit.fields(
      block.fields,
      row,
      `${at}.`,
      new Set(['id', 'blockType', 'blockName']),
    )
    rows.push({
      id: row.id,
      blockType: row.blockType,
      ...(row.blockName != null ? { blockName: row.blockName } : {}),
      ...r,
    })
  }
  return rows
}

function check(field: FlattenedBlocksField, kit: CheckKit): void {
  if (!Array.isArray(field.blocks) || field.blocks.length === 0)
    kit.fail('a blocks field needs a non-empty blocks array.')
  const slugs = new Set<string>()
  for (const b of field.blocks) {
    if (!b || typeof b.slug !== 'string' || !/^[A-Za-z][A-Za-z0-9_-]*$/.test(b.slug))
      kit.fail('every block needs a slug of letters, digits, "-" or "_".')
    if (slugs.has(b.slug)) kit.fail(`duplicate block slug "${b.slug}".`)
    slugs.add(b.slug)
    if (!Array.isArray(b.fields))
      throw new ConfigError(`${kit.at}, block "${b.slug}": fields must be an array.`)
    b.fields = kit.fields(b.fields, `${field.name}.${b.slug}.`, false)
    const problem = checkRowId(b.fields)
    if (problem) throw new ConfigError(`${kit.at}, block "${b.slug}": ${problem}`)
  }
}

export const blocks: FieldType<FlattenedBlocksField> = {
  name: 'blocks',
  jsonStored: () => true,
  rowKeys: ROW_KEYS,
  children: (field) => field.blocks.flatMap((b) => b.fields),
  flatten: (field, flatten) => ({
    ...field,
    blocks: field.blocks.map((b) => ({ ...b, fields: flatten(b.fields) })),
  }),
  rowFields: (field, row) =>
    isObject(row) ? field.blocks.find((b) => b.slug === row.blockType)?.fields : undefined,
  schema: (field, kit) =>
    arrayOf({ oneOf: field.blocks.map((b) => blockSchema(b, kit)) }, field, kit),
  whereSchema: (_field, kit) => kit.ref('WhereExists'),
  wherePaths(field, path, kit) {
    if (field.localized) return kit.beyond(path)
    for (const extra of ROW_KEYS) kit.add([...path, extra], kit.ref('WhereText'))
  },
  output(field, parent, kit) {
    const own = `${parent}_${typeName(field.name)}`
    const members = field.blocks.map((b) =>
      kit.object(blockName(field, parent, b), b.fields, true, undefined, [
        '  blockType: String',
        '  blockName: String',
      ]),
    )
    kit.union(own, 'blockType', new Map(field.blocks.map((b, i) => [b.slug, members[i]])))
    return `[${kit.add(own, `union ${own} = ${members.join(' | ')}`)}!]`
  },
  input: () => 'JSON',
  whereInput: (_field, key, type, kit) =>
    kit.operators(`${type}_${key}_operator`, 'JSON', TEXT_OPS),
  typescript(field, kit) {
    const members = field.blocks.map((b) => {
      const body = kit.object(b.fields, [
        ...(ownsRowId(b.fields) ? [] : ['id?: string | null;']),
        'blockName?: string | null;',
        `blockType: ${JSON.stringify(b.slug)};`,
      ])
      return b.interfaceName ? kit.named(b.interfaceName, body) : body
    })
    return `(${members.join(' | ')})[]`
  },
  selection(field, parent, kit) {
    const d = kit.depth
    const members = field.blocks.map((b) => {
      const name = blockName(field, parent, b)
      const inner = kit.fields(b.fields, name, '    ')
      const id = ownsRowId(b.fields) ? '' : `${d}    id\n`
      return `${d}  ... on ${name} {\n${id}${d}    blockType\n${d}    blockName${inner ? `\n${inner}` : ''}\n${d}  }`
    })
    return `${field.name} {\n${d}  __typename\n${members.join('\n')}\n${d}}`
  },
  async validate(field, value, kit) {
    if (!Array.isArray(value)) return 'This field must be a list of blocks.'
    const e = checkRows(field, value.length)
    return e ?? ok(await validateRows(field, value, kit))
  },
  check,
}
