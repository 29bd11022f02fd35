import { NOT_QUERYABLE } from '../../errors/query-error.ts'
import { idKind } from '../../config/ids.ts'
import { fieldType, objectFields, relationOf } from '../../fields/registry.ts'
import type { FlattenedField } from '../../config/types.ts'
import { pointAt, pointColumns } from './geo.ts'
import { jsonField } from './json.ts'
import { joinCondition } from './join.ts'
import { idWhereKind, isContainer, kindOf, scalarKind } from './kinds.ts'
import type { Operator } from '../../config/where-operators.ts'
import { polymorphicColumns, relationshipAt, relationshipColumn } from './relation.ts'
import { scalar } from './scalar.ts'
import {
  fail,
  jsonKey,
  VIRTUAL,
  type Compiled,
  type InJson,
  type Scope,
  type State,
  type Test,
} from './state.ts'

// Path resolution: the segments of a where path looked up in a table's placements (columns, groups, points,
// polymorphic pairs, JSON columns) or in the fields of a JSON object, down to the value an operator tests.

/** The condition `op value` on the path `segs`, looked up in `scope`; `path` names it in errors. */
export function condition(
  state: State,
  scope: Scope,
  segs: string[],
  op: Operator,
  value: unknown,
  path: string,
): Compiled {
  const [name, ...rest] = segs
  if (name === undefined) fail(path, 'the path ends inside a group; name a field of it')
  const t: Test = { rest, op, value, path }
  return scope.kind === 'table'
    ? tableCondition(state, scope, name, t)
    : objectCondition(state, scope, name, t)
}

function tableCondition(
  state: State,
  scope: Scope & { kind: 'table' },
  name: string,
  t: Test,
): Compiled {
  const { rest, op, value, path } = t
  const d = state.ctx.dialect
  const a = scope.alias
  if (scope.top && name === 'id' && rest.length === 0)
    return scalar(
      `${a}.${d.quote('id')}`,
      [],
      idWhereKind(idKind(scope.collection)),
      op,
      value,
      path,
    )
  if (
    scope.top &&
    (name === 'createdAt' || name === 'updatedAt') &&
    scope.collection.timestamps &&
    rest.length === 0
  ) {
    return scalar(`${a}.${d.quote(name)}`, [], 'date', op, value, path)
  }
  const p = scope.placements.get(name)
  if (!p || (p.field.hidden && scope.top && !state.trusted)) fail(path, NOT_QUERYABLE)
  switch (p.kind) {
    case 'join':
      return joinCondition(state, scope, p.field, t)
    case 'virtual':
      return fail(path, VIRTUAL)
    case 'group':
      return condition(
        state,
        { ...scope, placements: p.children, top: false },
        rest,
        op,
        value,
        path,
      )
    case 'column':
      return columnCondition(state, `${a}.${d.quote(p.column)}`, p.field, t)
    case 'point':
      return pointColumns(state, `${a}.${d.quote(p.lng)}`, `${a}.${d.quote(p.lat)}`, t)
    case 'polymorphic':
      return polymorphicColumns(
        `${a}.${d.quote(p.relationTo)}`,
        `${a}.${d.quote(p.value)}`,
        p.field,
        t,
      )
    case 'json':
      return jsonField(state, `${a}.${d.quote(p.column)}`, [], p.field, t)
  }
}

/** A field stored in its own column. */
function columnCondition(state: State, expr: string, field: FlattenedField, t: Test): Compiled {
  if (relationOf(field)) return relationshipColumn(state, expr, field, t)
  if (t.rest.length) fail(t.path, `a ${field.type} field has no subfields`)
  return scalar(expr, [], kindOf(field), t.op, t.value, t.path, field)
}

/** Inside a JSON object (an array or block row, or a localized group). */
function objectCondition(
  state: State,
  scope: Scope & { kind: 'object' },
  name: string,
  t: Test,
): Compiled {
  const { rest, op, value, path } = t
  const extraKind = scope.extra?.get(name)
  const field = scope.fields.find((f) => f.name === name)
  const fieldPath = `${scope.jsonPath}${jsonKey(name)}`
  if (!field && extraKind && rest.length === 0) {
    return scalar(
      state.ctx.dialect.jsonValue(scope.expr, scalarKind(extraKind)),
      [...scope.bindings, fieldPath],
      extraKind,
      op,
      value,
      path,
    )
  }
  if (!field) fail(path, NOT_QUERYABLE)
  if (field.virtual) fail(path, VIRTUAL)
  return valueAt(state, { expr: scope.expr, b: scope.bindings, jsonPath: fieldPath }, field, t)
}

/** A field stored inside a JSON object at `jsonPath` of `expr` (array rows, block rows, localized values). */
export function valueAt(state: State, at: InJson, field: FlattenedField, t: Test): Compiled {
  const { expr, b, jsonPath } = at
  const { rest, op, value, path } = t
  const d = state.ctx.dialect
  const group = objectFields(field)
  if (group && !field.localized) {
    const scope: Scope = { kind: 'object', expr, bindings: b, fields: group, jsonPath }
    return condition(state, scope, rest, op, value, path)
  }
  if (fieldType(field).geo) return pointAt(state, at, t)
  // A localized value or a container (a localized group too) is a JSON document of its own.
  if (field.localized || isContainer(field))
    return jsonField(state, d.jsonQuery(expr), [...b, jsonPath], field, t)
  if (relationOf(field)) return relationshipAt(state, at, field, t)
  if (rest.length) fail(path, `a ${field.type} field has no subfields`)
  const kind = kindOf(field)
  return scalar(d.jsonValue(expr, scalarKind(kind)), [...b, jsonPath], kind, op, value, path, field)
}
