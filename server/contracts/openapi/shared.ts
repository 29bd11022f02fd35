/**
 * Helpers every part of the OpenAPI contract shares: component references (`param`, `errors`), the common
 * string schemas, and the query parameters sent as JSON text (`where`, `joins`, `select`) or in lists.
 */
import type { SanitizedConfig } from '../../config/types.ts'
import { responseForStatus, type ErrorStatus } from '../../errors/catalogue.ts'
import { WHERE_MAX_NESTING } from '../../config/where-operators.ts'
import { NOT_BLANK_PATTERN } from '../patterns.ts'
import { ref, type Schema } from '../schemas.ts'

export const param = (name: string): Schema => ({ $ref: `#/components/parameters/${name}` })
/** Error responses by status, named from the error catalogue (`server/errors/catalogue.ts`). */
export const errors = (...codes: ErrorStatus[]): Schema =>
  Object.fromEntries(
    codes.map((c) => [String(c), { $ref: `#/components/responses/${responseForStatus(c)}` }]),
  )
export const NON_BLANK: Schema = { minLength: 1, pattern: NOT_BLANK_PATTERN }
export const MESSAGE = { type: 'string' }

export function readParams(c: SanitizedConfig, drafts: boolean, select: string): Schema[] {
  const list = [param('depth'), selectParam(select), param('populate')]
  list.push(param('locale'), param('fallbackLocale'), param('fallbackLocaleName'))
  if (drafts) list.push(param('draft'))
  return list
}

/**
 * A structured query parameter sent as JSON text: `type: string` with the object's schema as `contentSchema`,
 * so a client generated with any tool's defaults sends it as one plain value (`where=%7B...%7D`), and the
 * server (which also takes Payload's bracket syntax) validates the parsed object against `contentSchema`.
 */
export function jsonParam(
  name: string,
  schema: Schema,
  description: string,
  example: string,
  required = false,
): Schema {
  return {
    name,
    in: 'query',
    required,
    description,
    schema: { type: 'string', contentMediaType: 'application/json', contentSchema: schema },
    example,
  }
}

export function whereParam(config: SanitizedConfig, name: string, required = false): Schema {
  const { maxConditions, maxValues, maxValueLength } = config.limits.where
  return jsonParam(
    'where',
    ref(name),
    `A filter (the \`${name}\` schema), as JSON: \`?where={"title":{"equals":"x"}}\`; Payload's bracket syntax (\`?where[title][equals]=x\`) is accepted too, and repeated conditions are ANDed. ` +
      `And/or lists nest at most ${WHERE_MAX_NESTING} levels. At most ${maxConditions} conditions, ${maxValues} values (list items, like words) and ${maxValueLength} characters a value (limits.where): more is a 400 LimitExceeded.`,
    // A bulk update or delete must not match anything by example.
    required ? '{"id":{"equals":0}}' : '{"id":{"exists":true}}',
    required,
  )
}

/** `joins` of a collection with join fields (its `<Singular>Joins` schema). */
export function joinsParam(name: string): Schema {
  return jsonParam(
    'joins',
    ref(name),
    `Paging, sort and filter of join fields (the \`${name}\` schema), by join field path, as JSON: \`{"posts":{"limit":5,"sort":"-createdAt","count":true}}\`; \`{"posts":false}\` leaves one out, \`false\` all of them. Payload's bracket syntax (\`?joins[posts][limit]=5\`, \`?joins=false\`) is accepted too.`,
    '{}',
  )
}

export function selectParam(name: string): Schema {
  return jsonParam(
    'select',
    ref(name),
    `Fields to return (the \`${name}\` schema), as JSON: \`{"title":true}\` keeps only those, \`{"body":false}\` drops those (bracket syntax also accepted).`,
    '{"id":true}',
  )
}

/** A JSON body the operation may go without. */
export const optionalBody = (schema: Schema, description: string): Schema => ({
  required: false,
  description,
  content: { 'application/json': { schema } },
})
