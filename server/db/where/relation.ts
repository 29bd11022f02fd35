import { relationKindOf, uuidOf, uuidsStoredAsText } from '../../config/ids.ts'
import type { FlattenedField } from '../../config/types.ts'
import { relationOf } from '../../fields/registry.ts'
import { coerce, NO_MATCH, toList } from './coerce.ts'
import { kindOf, polyJsonValue, relatedIdExpr, scalarKind } from './kinds.ts'
import type { Operator } from '../../config/where-operators.ts'
import { condition } from './path.ts'
import { scalar } from './scalar.ts'
import {
  relatedTable,
  fail,
  type Compiled,
  type InJson,
  type Kind,
  type State,
  type Test,
} from './state.ts'
import { tree, trustedWhere } from './tree.ts'
import { isRecord } from '../../utilities/is-record.ts'

/** Paths through relations (relationOf): into the related table, and the `{ relationTo, value }` of polymorphic ones. */

/**
 * `expr IN (SELECT id FROM related WHERE <rest>)`: a path continuing through a relationship. `fromJson`: `expr` is
 * an id read from JSON (text), compared with the related ids as relatedIdExpr says.
 */
export function throughRelation(
  state: State,
  expr: string,
  exprB: unknown[],
  field: FlattenedField,
  t: Test,
  fromJson = false,
): Compiled {
  const { rest, op, value, path } = t
  const relation = relationOf(field)
  if (!relation || relation.polymorphic)
    fail(path, 'only a single-collection relationship can be queried through')
  if (rest.length === 1 && rest[0] === 'id')
    return scalar(expr, exprB, kindOf(field), op, value, path, field)
  const { related, schema, alias, scope } = relatedTable(state, relation.targets[0], 'r')
  const inner = condition(state, scope(), rest, op, value, path)
  const access = state.ctx.relationAccess?.get(related.slug)
  if (access && access !== true) {
    // Only related documents the caller may read can match.
    const sub: State = {
      ctx: { ...state.ctx, relationAccess: undefined },
      aliasCount: state.aliasCount,
      depth: 0,
    }
    const allowed = tree(sub, scope, trustedWhere(access), path)
    state.aliasCount = sub.aliasCount
    inner.sql = `${inner.sql} AND ${allowed.sql}`
    inner.bindings = [...inner.bindings, ...allowed.bindings]
  }
  const q = state.ctx.dialect.quote
  const ids = fromJson ? relatedIdExpr(state.ctx.dialect, expr, kindOf(field)) : expr
  return {
    sql: `${ids} IN (SELECT ${alias}.${q('id')} FROM ${q(schema.table.name)} AS ${alias} WHERE ${inner.sql})`,
    bindings: [...exprB, ...inner.bindings],
  }
}

/** A has-one relationship in its column: subfields go through the related table; `contains` means equals. */
export function relationshipColumn(
  state: State,
  expr: string,
  field: FlattenedField,
  t: Test,
): Compiled {
  if (t.rest.length) return throughRelation(state, expr, [], field, t)
  const op = t.op === 'contains' ? 'equals' : t.op
  return scalar(expr, [], kindOf(field), op, t.value, t.path, field)
}

/** A polymorphic relationship in its two columns: `.value`, `.relationTo`, or the pair. */
export function polymorphicColumns(
  relExpr: string,
  valExpr: string,
  field: FlattenedField,
  { rest, op, value, path }: Test,
): Compiled {
  if (rest.length === 1 && rest[0] === 'value')
    return mixedValue(field, op, value, path, (o, v) =>
      scalar(valExpr, [], kindOf(field), o, v, path),
    )
  if (rest.length === 1 && rest[0] === 'relationTo')
    return scalar(relExpr, [], 'text', op, value, path)
  if (rest.length) fail(path, 'a polymorphic relationship is queried by .value or .relationTo')
  return polymorphicValue(relExpr, [], valExpr, [], op, value, path, field)
}

/**
 * A polymorphic relationship to a UUID collection and one of another id kind stores its values as text, each UUID
 * lower-cased (as validation writes it). An operand of `.value` or a bare id that is an upper-case UUID may be
 * either that UUID or a text id spelt so: `equals` and `in` match both spellings, `not_equals` and `not_in` neither.
 * Other operators, and every other relationship (whose kind coerces the operand), are left alone.
 */
export function mixedValue(
  field: FlattenedField,
  op: Operator,
  value: unknown,
  path: string,
  compile: (op: Operator, value: unknown) => Compiled,
): Compiled {
  if (!uuidsStoredAsText(field)) return compile(op, value)
  if (op === 'equals' || op === 'not_equals') {
    const both = spellings(value)
    return both.length === 2 ? compile(op === 'equals' ? 'in' : 'not_in', both) : compile(op, value)
  }
  if (op === 'in' || op === 'not_in') return compile(op, toList(value, path).flatMap(spellings))
  return compile(op, value)
}

/** An operand as written, and lower-cased when it is an upper-case UUID. */
function spellings(v: unknown): unknown[] {
  const lower = uuidOf(v)
  return lower === undefined || lower === v ? [v] : [v, lower]
}

/** A single relationship stored inside a JSON object at `jsonPath` of `expr` (an array or block row). */
export function relationshipAt(state: State, at: InJson, field: FlattenedField, t: Test): Compiled {
  if (relationOf(field)?.polymorphic) return polymorphicAt(state, at, field, t)
  const kind = kindOf(field)
  const el = state.ctx.dialect.jsonValue(at.expr, scalarKind(kind))
  if (t.rest.length) return throughRelation(state, el, [...at.b, at.jsonPath], field, t, true)
  return scalar(el, [...at.b, at.jsonPath], kind, t.op, t.value, t.path, field)
}

/** A polymorphic `{ relationTo, value }` stored inside a JSON object. */
function polymorphicAt(state: State, at: InJson, field: FlattenedField, t: Test): Compiled {
  const { expr, b, jsonPath } = at
  const { rest, op, value, path } = t
  const d = state.ctx.dialect
  if (rest.length === 1 && rest[0] === 'relationTo')
    return scalar(
      d.jsonValue(expr, 'text'),
      [...b, `${jsonPath}.relationTo`],
      'text',
      op,
      value,
      path,
    )
  if (rest.length === 1 && rest[0] === 'value') {
    const k: Kind = kindOf(field)
    const el = k === 'text' ? polyJsonValue(d, expr, k) : d.jsonValue(expr, scalarKind(k))
    return mixedValue(field, op, value, path, (o, v) =>
      scalar(el, [...b, `${jsonPath}.value`], k, o, v, path),
    )
  }
  if (rest.length) fail(path, 'a polymorphic relationship is queried by .value or .relationTo')
  return polymorphicValue(
    d.jsonValue(expr, 'text'),
    [...b, `${jsonPath}.relationTo`],
    polyJsonValue(d, expr, kindOf(field)),
    [...b, `${jsonPath}.value`],
    op,
    value,
    path,
    field,
  )
}

/**
 * Equality of a polymorphic value: `{ relationTo, value }` (its value coerced for the kind of the collection it
 * names, so an upper-case UUID finds its lower-cased value) or a bare id.
 */
export function polymorphicValue(
  relExpr: string,
  relB: unknown[],
  valExpr: string,
  valB: unknown[],
  op: Operator,
  value: unknown,
  path: string,
  field: FlattenedField,
): Compiled {
  const kind = kindOf(field)
  if (isRecord(value) && (op === 'equals' || op === 'not_equals')) {
    if (typeof value.relationTo !== 'string') fail(path, 'expects { relationTo, value }')
    const v =
      uuidsStoredAsText(field) && relationKindOf(field, value.relationTo) === 'uuid'
        ? (uuidOf(value.value) ?? coerce(kind, value.value, path))
        : coerce(kind, value.value, path)
    const eq =
      v === NO_MATCH
        ? { sql: '(1 = 0)', bindings: [] }
        : {
            sql: `(${relExpr} = ? AND ${valExpr} = ?)`,
            bindings: [...relB, value.relationTo, ...valB, v],
          }
    return op === 'equals' ? eq : { sql: `NOT ${eq.sql}`, bindings: eq.bindings }
  }
  return mixedValue(field, op, value, path, (o, v) => scalar(valExpr, valB, kind, o, v, path))
}
