import { OPERATORS } from '../config/where-operators.ts'
import { traverseFields } from '../config/fields.ts'
import type { FlattenedField, IdKind } from '../config/types.ts'
import { fieldType } from '../fields/registry.ts'
import type { WherePathKit } from '../fields/types.ts'
import { escapeRe } from './patterns.ts'
import { nullable, ref, whereIdRef, type Schema } from './refs.ts'

/** The Where schemas of collections: the operator objects per value kind and the paths the where compiler takes. */

export const operatorsOf = (
  value: Schema,
  list: Schema = {
    anyOf: [
      { type: 'array', items: value },
      { type: 'string', description: 'Comma-separated values.' },
    ],
  },
): Schema => ({
  type: 'object',
  additionalProperties: false,
  properties: {
    equals: nullable(value),
    not_equals: nullable(value),
    in: list,
    not_in: list,
    all: list,
    greater_than: value,
    greater_than_equal: value,
    less_than: value,
    less_than_equal: value,
    like: { type: 'string' },
    not_like: { type: 'string' },
    contains: value,
    exists: { type: 'boolean' },
  },
})

const idOperators = (o: Schema): Schema => {
  const term = { anyOf: [{ type: 'string' }, { type: 'integer' }] }
  const properties = o.properties as Record<string, Schema>
  return { ...o, properties: { ...properties, like: term, not_like: term, contains: term } }
}

/** Operator objects by value kind, shared by every collection's Where schema. */
export function whereComponents(): Record<string, Schema> {
  return {
    WhereText: operatorsOf({ type: 'string' }),
    WhereNumber: operatorsOf({ type: 'number' }),
    WhereBoolean: operatorsOf({ type: 'boolean' }),
    WhereDate: operatorsOf({ type: 'string', format: 'date-time' }),
    // like / contains / not_like on an id compare the id itself (server/db/where/scalar.ts, idMatch).
    WhereID: idOperators(operatorsOf({ type: 'integer' })),
    WherePoint: {
      type: 'object',
      additionalProperties: false,
      properties: {
        near: {
          description:
            '"lng,lat[,maxDistance[,minDistance]]" in metres (a distance may be null or empty: none), or the same as an array; results are sorted by distance.',
          anyOf: [
            { type: 'string' },
            {
              type: 'array',
              // A null distance is left out ("lng, lat, null, minDistance").
              items: { type: ['number', 'null'] },
              minItems: 2,
              maxItems: 4,
            },
          ],
        },
        exists: { type: 'boolean' },
        equals: nullable({ type: 'array', items: { type: 'number' } }),
      },
    },
    WhereExists: {
      type: 'object',
      description:
        'Whether the field has a value (arrays, blocks and json are queried by their paths).',
      additionalProperties: false,
      properties: { exists: { type: 'boolean' } },
    },
    WhereRichText: {
      type: 'object',
      description:
        'A rich-text field: like, not_like and contains match the text of its text nodes (not its JSON); exists whether it has a value. Paths into it are queried as json.',
      additionalProperties: false,
      properties: {
        like: { type: 'string' },
        not_like: { type: 'string' },
        contains: { type: 'string' },
        exists: { type: 'boolean' },
      },
    },
    WhereAny: {
      type: 'object',
      description:
        'Operators on a path whose value type the contract cannot know: into json, through a relationship, or a polymorphic relationship.',
      additionalProperties: false,
      // Every operator the where compiler knows (server/db/where.ts).
      properties: Object.fromEntries(OPERATORS.map((op) => [op, {}])),
    },
  }
}

/**
 * A path past what the contract enumerates: WhereAny. The list beside it matches nothing (`not: {}`); it is
 * there for generated types, which make patterns an index signature that `and`/`or` (lists) must fit too, or
 * no nested where compiles (openapi-typescript, hey-api). Its items are plain objects, not a Where, so it adds
 * no reference (tools that expand every reference would walk 3^levels copies instead of 2^levels).
 */
const WHERE_BEYOND: Schema = {
  anyOf: [
    ref('WhereAny'),
    { type: 'array', items: { type: 'object', additionalProperties: true }, not: {} },
  ],
}

/**
 * Where paths of a field list, as the where compiler (server/db/where.ts) resolves them: dotted into groups, and
 * into the rows of arrays (plus their `id`) and blocks (every block's fields, `blockType`, `blockName`, `id`);
 * an array, blocks or json field itself takes `exists` only. Paths that go on past what the contract can
 * enumerate (into json, through a relationship, a localized group) are `patterns`: regular expressions of the
 * keys, with WhereAny. Each dotted path is also accepted with `__` for its dots (GraphQL's form).
 */
function wherePaths(
  fields: FlattenedField[],
  out: Schema,
  patterns: Schema,
  locales: string[],
): void {
  const kit: WherePathKit = {
    add(path, s) {
      out[path.join('.')] = s
      if (path.length > 1) out[path.join('__')] = s
    },
    beyond(path, rest = '.+') {
      patterns[`^${path.map(escapeRe).join('(?:\\.|__)')}(?:\\.|__)${rest}$`] = WHERE_BEYOND
    },
    ref,
  }
  const values = { ref, operators: operatorsOf }
  traverseFields(fields, (f, path) => {
    if (f.hidden || f.virtual) return false
    const here = [...path, f.name]
    const type = fieldType(f)
    const s = type.whereSchema?.(f, values)
    if (s) kit.add(here, s)
    // A localized value in a named locale (`title.es`), whatever the request's locale.
    if (s && f.localized) for (const code of locales) kit.add([...here, code], s)
    type.wherePaths?.(f, here, kit)
    // A localized value is one JSON value: paths into it are past the enumerated ones.
    return !f.localized
  })
}

/**
 * The Where schema of a collection: its field paths, `and`/`or` (a list of the same schema: the contract
 * unrolls that recursion to the server's nesting limit, see unroll.ts), and any further dotted path.
 */
export function whereSchema(
  name: string,
  fields: FlattenedField[],
  timestamps: boolean,
  kind: IdKind = 'integer',
  /** The locale codes, with localization: each may follow a localized field's path. */
  locales: string[] = [],
): Schema {
  const properties: Schema = { id: whereIdRef(kind) }
  if (timestamps)
    Object.assign(properties, { createdAt: ref('WhereDate'), updatedAt: ref('WhereDate') })
  const patterns: Schema = {}
  wherePaths(fields, properties, patterns, locales)
  // REST takes and/or; GraphQL's AND/OR are its input type's names, and Local accepts both.
  for (const op of ['and', 'or']) properties[op] = { type: 'array', items: ref(name) }
  return {
    type: 'object',
    description:
      'A filter: field paths with operators, combined by and/or. Paths may be dotted (`author.email`).',
    properties,
    // Paths the contract cannot enumerate (through a relationship, into json) match a pattern; any other key is
    // refused, as the where compiler refuses it (400 QueryError). And/or past the last level are left out.
    ...(Object.keys(patterns).length ? { patternProperties: patterns } : {}),
    additionalProperties: false,
  }
}
