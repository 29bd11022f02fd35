import type { PathItem } from './operation.ts'
import { schemaAt, schemasAt, type Schema } from './refs.ts'
import { isRecord } from '../utilities/is-record.ts'

/**
 * `examples` of the JSON-text query parameters (`where`, `select`, `populate`, `joins`), built from the compiled
 * schemas of each collection so they name its real fields. Tools that do not read `contentSchema` (Schemathesis
 * 4 generates a random string for a `type: string` parameter) send these instead, so their requests reach the
 * query and answer logic rather than stopping at "not valid JSON"; the contract test checks that each one is
 * valid against its `contentSchema` and accepted by a live server.
 */

/** Keys of a Where or Select schema that are not fields of the config. */
const SYSTEM = new Set(['id', 'blockType', 'createdAt', 'updatedAt', 'and', 'or'])

const refName = (s: unknown): string | undefined => {
  const r = isRecord(s) ? s.$ref : undefined
  return typeof r === 'string' ? r.slice(r.lastIndexOf('/') + 1) : undefined
}
const properties = (s: Schema | undefined): Schema => schemaAt(s, 'properties') ?? {}

/** The first field of a schema's properties, leaving out system keys and those `skip` refuses. */
function firstField(schema: Schema | undefined, skip: (s: unknown) => boolean = () => false) {
  return Object.entries(properties(schema)).find(([k, s]) => !SYSTEM.has(k) && !skip(s))
}

type Examples = Record<string, { summary: string; value: string }>
const example = (summary: string, value: unknown) => ({ summary, value: JSON.stringify(value) })

/** A Where that matches nothing (a bulk update or delete must not touch anything by example). */
function noMatch(where: Schema | undefined): Record<string, unknown> {
  const id = refName(properties(where).id)
  return { id: { equals: id === 'WhereText' ? '00000000-0000-4000-8000-000000000000' : 0 } }
}

function whereExamples(where: Schema | undefined, required: boolean): Examples {
  // A field with its own operators rather than WhereAny (a polymorphic relation) reads better.
  const field = firstField(where, (s) => refName(s) === 'WhereAny') ?? firstField(where)
  if (required) {
    const none = noMatch(where)
    return {
      noMatch: example('Matches no document', none),
      ...(field && {
        fieldAndNoMatch: example(`${field[0]} set, and no document`, {
          and: [none, { [field[0]]: { exists: true } }],
        }),
      }),
    }
  }
  return {
    any: example('Every document', { id: { exists: true } }),
    ...(field && {
      field: example(`${field[0]} set`, { [field[0]]: { exists: true } }),
      or: example(`${field[0]} set or not`, {
        or: [{ [field[0]]: { exists: true } }, { [field[0]]: { exists: false } }],
      }),
    }),
  }
}

function selectExamples(select: Schema | undefined): Examples {
  const props = properties(select)
  // A version's answer always holds `parent` and `version` (its schema requires them): the examples keep both.
  if ('version' in props) {
    const keep = { ...('parent' in props && { parent: true }), version: true }
    const inner = firstField(
      schemasAt(schemaAt(props, 'version'), 'anyOf')?.find((s) => s.type === 'object'),
    )
    return {
      version: example('The version and its parent', keep),
      ...(inner && {
        versionField: example(`${inner[0]} of the version`, {
          ...keep,
          version: { [inner[0]]: true },
        }),
      }),
    }
  }
  const field = firstField(select)
  return {
    id: example('Only the id', { id: true }),
    ...(field && {
      field: example(`Only ${field[0]} (and the id)`, { [field[0]]: true }),
      without: example(`Everything but ${field[0]}`, { [field[0]]: false }),
    }),
  }
}

function populateExamples(populate: Schema | undefined, schemas: Record<string, Schema>): Examples {
  const [slug, select] = Object.entries(properties(populate))[0] ?? []
  const field = slug ? firstField(schemas[refName(select) ?? '']) : undefined
  return {
    none: example('Populated documents whole', {}),
    ...(slug &&
      field && {
        field: example(`Only ${field[0]} of populated ${slug}`, { [slug]: { [field[0]]: true } }),
      }),
  }
}

function joinsExamples(joins: Schema | undefined): Examples {
  const object = schemasAt(joins, 'anyOf')?.find((s) => s.type === 'object')
  const [path] = Object.keys(properties(object))
  return {
    defaults: example('Every join field with its defaults', {}),
    none: example('No join field', false),
    ...(path && { page: example(`A page of ${path}`, { [path]: { limit: 5, count: true } }) }),
  }
}

/** Replaces the single `example` of each JSON-text query parameter with `examples` from its schema. */
function withExamples(p: Schema, schemas: Record<string, Schema>): void {
  const content = refName(schemaAt(p, 'schema')?.contentSchema)
  if (p.in !== 'query' || !content) return
  const schema = schemas[content]
  const examples =
    p.name === 'where'
      ? whereExamples(schema, p.required === true)
      : p.name === 'select'
        ? selectExamples(schema)
        : p.name === 'populate'
          ? populateExamples(schema, schemas)
          : p.name === 'joins'
            ? joinsExamples(schema)
            : undefined
  if (!examples) return
  delete p.example
  p.examples = examples
}

/** Adds the examples to the operations' own parameters and to the shared ones (`populate`). */
export function addQueryExamples(
  paths: Record<string, PathItem>,
  parameters: Record<string, Schema>,
  schemas: Record<string, Schema>,
): void {
  for (const item of Object.values(paths))
    for (const op of Object.values(item))
      for (const p of op.parameters ?? []) withExamples(p, schemas)
  for (const p of Object.values(parameters)) withExamples(p, schemas)
}
