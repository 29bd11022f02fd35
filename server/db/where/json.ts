import type { FlattenedField } from '../../config/types.ts'
import { fieldType } from '../../fields/registry.ts'
import type { Dialect } from '../dialects/dialect.ts'
import { toBool, toList } from './coerce.ts'
import { kindOf, polyJsonValue, scalarKind } from './kinds.ts'
import { NEGATIVE, type Operator } from '../../config/where-operators.ts'
import { condition, valueAt } from './path.ts'
import { mixedValue, polymorphicValue, throughRelation } from './relation.ts'
import { scalar } from './scalar.ts'
import {
  fail,
  jsonKey,
  localeOf,
  nextAlias,
  type Compiled,
  type Kind,
  type State,
  type Test,
  bindingsOf,
} from './state.ts'

// The JSON-stored field family: localized values, arrays and blocks, hasMany lists, json and richText documents.

/**
 * A condition on the JSON value `container` (a column or a JSON sub-value, bound by `cb`) holding `field`: the
 * test `op value` on the path `rest` under it (`path` names it in errors).
 */
interface JsonAt extends Test {
  state: State
  container: string
  cb: unknown[]
  field: FlattenedField
}

/** A field whose value is a JSON document held by `container` (a column or a JSON sub-value). */
export function jsonField(
  state: State,
  container: string,
  cb: unknown[],
  field: FlattenedField,
  t: Test,
): Compiled {
  if (field.localized) {
    // The value in the query's locale, as if the field were not localized; a locale code after the field
    // (`title.es`, as Payload) names the locale instead.
    const inner: FlattenedField = { ...field, localized: false }
    const l10n = state.ctx.config.localization
    const codes = l10n ? l10n.localeCodes : []
    const named = t.rest.length > 0 && codes.includes(t.rest[0])
    const jsonPath = `$${jsonKey(named ? t.rest[0] : localeOf(state.ctx))}`
    const rest = named ? t.rest.slice(1) : t.rest
    return valueAt(state, { expr: container, b: cb, jsonPath }, inner, { ...t, rest })
  }
  // What the JSON value holds, as the field's type says: rows, related ids, a document, or a list of values.
  const type = fieldType(field)
  const relation = type.relation?.(field)
  const at: JsonAt = { state, container, cb, field, ...t }
  if (type.rowFields) return rowsCondition(at)
  if (relation) return relation.polymorphic ? polymorphicMany(at) : relationshipMany(at)
  if (type.document) return jsonDocument(at)
  if (type.jsonStored?.(field)) return scalarMany(at)
  return fail(t.path, `a ${field.type} field cannot be queried here`)
}

/** Array or block rows: `exists` on the list, or a dotted path into the rows' fields. */
function rowsCondition(at: JsonAt): Compiled {
  const { state, container, cb, field, rest, op, value, path } = at
  if (rest.length === 0) {
    if (op !== 'exists')
      fail(
        path,
        `an ${field.type} field can only be tested with exists; query its subfields with a dotted path`,
      )
    return arrayExists(state.ctx.dialect, container, cb, value, path)
  }
  const { fields, extra } = rowScope(field)
  return overElements(state, container, cb, 'rows', op, value, path, (alias, o, v) =>
    condition(
      state,
      { kind: 'object', expr: `${alias}.value`, bindings: [], fields, jsonPath: '$', extra },
      rest,
      o,
      v,
      path,
    ),
  )
}

/**
 * The fields a row may hold (every block's for blocks: the first declaration of a name wins) and the keys every row
 * has besides them (`id`; `blockType` and `blockName` for blocks), queried as text.
 */
function rowScope(field: FlattenedField): { fields: FlattenedField[]; extra: Map<string, Kind> } {
  const type = fieldType(field)
  const seen = new Map<string, FlattenedField>()
  for (const f of type.children?.(field) ?? []) if (!seen.has(f.name)) seen.set(f.name, f)
  return {
    fields: [...seen.values()],
    extra: new Map((type.rowKeys ?? []).map((k): [string, Kind] => [k, 'text'])),
  }
}

/** A hasMany polymorphic relationship: a list of `{ relationTo, value }`. */
function polymorphicMany(at: JsonAt): Compiled {
  const { state, container, cb, field, rest, op, value, path } = at
  const d = state.ctx.dialect
  const kindOfPart = new Map<string, Kind>([
    ['value', kindOf(field)],
    ['relationTo', 'text'],
  ])
  return overElements(state, container, cb, 'rows', op, value, path, (alias, o, v) => {
    const partKind = rest.length === 1 ? kindOfPart.get(rest[0]) : undefined
    if (partKind) {
      const part = (o2: Operator, v2: unknown) =>
        scalar(
          polyJsonValue(d, `${alias}.value`, partKind),
          [`$.${rest[0]}`],
          partKind,
          o2,
          v2,
          path,
        )
      return rest[0] === 'value' ? mixedValue(field, o, v, path, part) : part(o, v)
    }
    if (rest.length) fail(path, 'a polymorphic relationship is queried by .value or .relationTo')
    return polymorphicValue(
      d.jsonValue(`${alias}.value`, 'text'),
      ['$.relationTo'],
      polyJsonValue(d, `${alias}.value`, kindOf(field)),
      ['$.value'],
      o,
      v,
      path,
      field,
    )
  })
}

/** A hasMany relationship: a list of ids, each one may be queried through; `contains` means equals. */
function relationshipMany(at: JsonAt): Compiled {
  const { state, container, cb, field, rest, op, value, path } = at
  const d = state.ctx.dialect
  if (op === 'exists' && rest.length === 0) return arrayExists(d, container, cb, value, path)
  return overElements(state, container, cb, 'scalars', op, value, path, (alias, o, v) => {
    const el = d.eachValue(alias, scalarKind(kindOf(field)))
    if (rest.length)
      return throughRelation(state, el, [], field, { rest, op: o, value: v, path }, true)
    return scalar(el, [], kindOf(field), o === 'contains' ? 'equals' : o, v, path, field)
  })
}

/** A hasMany select, text or number: a list of scalars; `contains` on a select means equals. */
function scalarMany(at: JsonAt): Compiled {
  const { state, container, cb, field, rest, op, value, path } = at
  const d = state.ctx.dialect
  if (rest.length) fail(path, `a ${field.type} field has no subfields`)
  const kind = kindOf(field)
  if (op === 'exists') return arrayExists(d, container, cb, value, path)
  return overElements(state, container, cb, 'scalars', op, value, path, (alias, o, v) =>
    scalar(
      d.eachValue(alias, scalarKind(kind)),
      [],
      kind,
      o === 'contains' && fieldType(field).containsIsEquals ? 'equals' : o,
      v,
      path,
      field,
    ),
  )
}

/** A json or richText document: `exists`, or a dotted path of plain keys compared as the operand's kind. */
const TEXT_MATCH = new Set<Operator>(['like', 'not_like', 'contains'])

function jsonDocument(at: JsonAt): Compiled {
  const { state, container, cb, field, rest, op, value, path } = at
  const d = state.ctx.dialect
  if (rest.length === 0) {
    if (TEXT_MATCH.has(op) && fieldType(field).textContent)
      return scalar(d.jsonText(container), cb, 'text', op, value, path, field)
    if (op !== 'exists')
      fail(
        path,
        fieldType(field).textContent
          ? 'a rich-text field is queried by its text (like, not_like, contains), with exists, or by a dotted path into it'
          : 'a json field is queried by a dotted path into it, or with exists',
      )
    return scalar(container, cb, 'text', op, value, path, field)
  }
  for (const seg of rest)
    if (!/^[A-Za-z0-9_-]+$/.test(seg)) fail(path, `"${seg}" is not a valid key inside a json field`)
  const kind: Kind =
    typeof value === 'number' ? 'number' : typeof value === 'boolean' ? 'boolean' : 'text'
  return scalar(
    d.jsonValue(container, scalarKind(kind)),
    [...cb, `$${rest.map(jsonKey).join('')}`],
    kind,
    op,
    value,
    path,
    field,
  )
}

/** `exists` on a JSON array: true when it holds at least one element. */
function arrayExists(
  d: Dialect,
  container: string,
  cb: unknown[],
  value: unknown,
  path: string,
): Compiled {
  const present = `(${container} IS NOT NULL AND ${d.jsonArrayLength(container)} > 0)`
  return { sql: toBool(value, path) ? present : `NOT ${present}`, bindings: [...cb, ...cb] }
}

/** A condition over the elements of a JSON array: EXISTS for positive operators, NOT EXISTS for negative ones. */
function overElements(
  state: State,
  container: string,
  cb: unknown[],
  elements: 'scalars' | 'rows',
  op: Operator,
  value: unknown,
  path: string,
  inner: (elementExpr: string, op: Operator, value: unknown) => Compiled,
): Compiled {
  const d = state.ctx.dialect
  if (op === 'all') {
    // Every listed value is held by some element: one EXISTS per value.
    const list = toList(value, path)
    if (list.length === 0) return { sql: '1 = 0', bindings: [] }
    const parts = list.map((item) =>
      overElements(state, container, cb, elements, 'equals', item, path, inner),
    )
    return {
      sql: `(${parts.map((p) => p.sql).join(' AND ')})`,
      bindings: bindingsOf(parts),
    }
  }
  if (op === 'not_like' && typeof value === 'string') {
    // As on a single value: no element contains any of the words.
    const words = value.split(/\s+/).filter(Boolean)
    if (words.length > 1) {
      const parts = words.map((w) =>
        overElements(state, container, cb, elements, 'not_like', w, path, inner),
      )
      return {
        sql: `(${parts.map((p) => p.sql).join(' AND ')})`,
        bindings: bindingsOf(parts),
      }
    }
  }
  let positive: Operator = op
  let negate = false
  let v = value
  const negated = NEGATIVE[op]
  if (negated) {
    positive = negated
    negate = true
  } else if (op === 'exists' && !toBool(value, path)) {
    negate = true
    v = true
  }
  if (op === 'equals' && (value === null || value === 'null')) {
    positive = 'exists'
    negate = true
    v = true
  }
  const alias = nextAlias(state, 'je')
  const cond = inner(alias, positive, v)
  const sql = `EXISTS (SELECT 1 FROM ${d.jsonEach(container, alias, elements)} WHERE ${cond.sql})`
  return { sql: negate ? `NOT ${sql}` : sql, bindings: [...cb, ...cond.bindings] }
}
