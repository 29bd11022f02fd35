import { idKind, relationStoredKind } from '../config/ids.ts'
import type {
  FlattenedField,
  IdKind,
  SanitizedCollection,
  SanitizedConfig,
  Where,
} from '../config/types.ts'
import { QueryError } from '../errors/query-error.ts'
import type { Dialect, ScalarKind } from './dialects/dialect.ts'
import type { CollectionSchema, Placement } from './schema.ts'

/**
 * The one compiler from a Where tree to parameterised SQL, shared by Local, REST and GraphQL.
 * Values are always bound; identifiers come from the sanitised config and are quoted by the dialect.
 */
export interface Compiled {
  sql: string
  bindings: unknown[]
}

export interface QueryContext {
  config: SanitizedConfig
  schemas: Map<string, CollectionSchema>
  dialect: Dialect
  /** Locale whose values localized fields are matched and sorted by. */
  locale?: string
  /** Read access of related collections (by slug), ANDed into paths that go through a relationship. */
  relationAccess?: Map<string, true | Where>
}

export const OPERATORS = [
  'equals',
  'not_equals',
  'in',
  'not_in',
  'greater_than',
  'greater_than_equal',
  'less_than',
  'less_than_equal',
  'contains',
  'like',
  'not_like',
  'all',
  'exists',
  'near',
] as const
type Operator = (typeof OPERATORS)[number]
const OPERATOR_SET = new Set<string>(OPERATORS)
const NEGATIVE: Partial<Record<Operator, Operator>> = {
  not_equals: 'equals',
  not_in: 'in',
  not_like: 'like',
}

/** How a value is compared: drives coercion and the operators allowed. */
type Kind = 'text' | 'number' | 'boolean' | 'date' | 'id'

/**
 * How deep where clauses nest (the conditions inside five and/or lists); the contract unrolls its Where schemas
 * to it, and tools that expand every reference walk 2^levels copies, so it stays small (it was 12).
 */
export const WHERE_MAX_NESTING = 6

/** Marks an `and` the server builds around a caller's where (access, ownership): it adds no nesting level. */
const COMBINED = Symbol('combined where')

/** `{ and: parts }`, not counted against the caller's nesting limit. */
export function combinedWhere(parts: Where[]): Where {
  const where: Where = { and: parts }
  Object.defineProperty(where, COMBINED, { value: true })
  return where
}
const EARTH_DIAMETER_M = 12_742_017.6

interface State {
  ctx: QueryContext
  aliasCount: number
  near?: Compiled
  depth: number
}

type Scope =
  | {
      kind: 'table'
      alias: string
      placements: Map<string, Placement>
      top: boolean
      collection: SanitizedCollection
    }
  | {
      kind: 'object'
      expr: string
      bindings: unknown[]
      fields: FlattenedField[]
      jsonPath: string
      extra?: Map<string, Kind>
    }

const VIRTUAL =
  'a virtual field is not stored (its value is computed on read), so it cannot be queried'

function fail(path: string, message: string): never {
  throw new QueryError([{ path, message }])
}

function kindOf(field: FlattenedField): Kind {
  switch (field.type) {
    case 'number':
      return 'number'
    case 'checkbox':
      return 'boolean'
    case 'date':
      return 'date'
    case 'relationship':
      return idWhereKind(relationStoredKind(field))
    default:
      return 'text'
  }
}

/** How ids of a kind compare: integer ids as `id` (positive integers), number ids as numbers, text as text. */
const idWhereKind = (k: IdKind): Kind =>
  k === 'integer' ? 'id' : k === 'number' ? 'number' : 'text'

/**
 * A polymorphic value read from JSON: kept in each target's kind (5 or "a1"), so a text comparison (targets with
 * different id kinds) compares its text form.
 */
function polyJsonValue(d: QueryContext['dialect'], expr: string, kind: Kind): string {
  const v = d.jsonValue(expr, scalarKind(kind))
  return kind === 'text' ? `CAST(${v} AS CHAR)` : v
}
const scalarKind = (kind: Kind): ScalarKind =>
  kind === 'number' || kind === 'id' ? 'number' : kind === 'boolean' ? 'boolean' : 'text'

// ---- values ------------------------------------------------------------------

function coerce(kind: Kind, value: unknown, path: string, field?: FlattenedField): unknown {
  if (value === null || (value === 'null' && kind !== 'text')) return null
  switch (kind) {
    case 'text':
      if (typeof value === 'string') return value
      if (typeof value === 'number' && Number.isFinite(value)) return String(value)
      if (typeof value === 'boolean' && field?.type === 'json') return value
      return fail(path, `expects a string, got ${describe(value)}`)
    case 'number': {
      const n =
        typeof value === 'number'
          ? value
          : typeof value === 'string' && value.trim() !== ''
            ? Number(value)
            : NaN
      if (!Number.isFinite(n)) fail(path, `expects a number, got ${describe(value)}`)
      return n
    }
    case 'id': {
      const n =
        typeof value === 'number'
          ? value
          : typeof value === 'string' && /^\d+$/.test(value)
            ? Number(value)
            : NaN
      if (!Number.isSafeInteger(n)) fail(path, `expects an integer id, got ${describe(value)}`)
      return n
    }
    case 'boolean':
      if (value === true || value === 'true' || value === 1 || value === '1') return true
      if (value === false || value === 'false' || value === 0 || value === '0') return false
      return fail(path, `expects true or false, got ${describe(value)}`)
    case 'date': {
      const d =
        value instanceof Date
          ? value
          : typeof value === 'string' || typeof value === 'number'
            ? new Date(value)
            : null
      if (!d || Number.isNaN(d.getTime())) fail(path, `expects a date, got ${describe(value)}`)
      // Past 9999 toISOString() is "+010000-…", which compares wrongly with stored ISO strings as text.
      const year = d.getUTCFullYear()
      if (year < 0 || year > 9999)
        fail(path, `expects a date in the years 0000–9999, got ${describe(value)}`)
      return d.toISOString()
    }
  }
}

function describe(v: unknown): string {
  if (typeof v === 'string') return JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v)
  if (Array.isArray(v)) return 'a list'
  if (v && typeof v === 'object') return 'an object'
  return String(v)
}

function toList(value: unknown, path: string): unknown[] {
  if (Array.isArray(value)) return value
  if (typeof value === 'string') return value === '' ? [] : value.split(',')
  if (typeof value === 'number') return [value]
  if (value && typeof value === 'object') {
    // qs turns `in[0]=a&in[1]=b` past its array limit into an object with index keys.
    const keys = Object.keys(value)
    if (keys.every((k) => /^\d+$/.test(k)))
      return keys
        .sort((a, b) => Number(a) - Number(b))
        .map((k) => (value as Record<string, unknown>)[k])
  }
  return fail(path, `expects a list (an array or comma-separated values), got ${describe(value)}`)
}

function toBool(value: unknown, path: string): boolean {
  return coerce('boolean', value, path) as boolean
}

const likeEscape = (s: string) => s.toLowerCase().replace(/[!%_]/g, (c) => `!${c}`)

// ---- scalar conditions ----------------------------------------------------------

function scalar(
  expr: string,
  exprB: unknown[],
  kind: Kind,
  op: Operator,
  value: unknown,
  path: string,
  field?: FlattenedField,
): Compiled {
  const textual = kind === 'text'
  switch (op) {
    case 'equals':
    case 'not_equals': {
      if (Array.isArray(value) && kind === 'id' && op === 'equals')
        return scalar(expr, exprB, kind, 'in', value, path, field)
      const v = coerce(kind, value, path, field)
      if (v === null)
        return { sql: `${expr} IS ${op === 'equals' ? '' : 'NOT '}NULL`, bindings: [...exprB] }
      return op === 'equals'
        ? { sql: `${expr} = ?`, bindings: [...exprB, v] }
        : { sql: `(${expr} IS NULL OR ${expr} <> ?)`, bindings: [...exprB, ...exprB, v] }
    }
    case 'in':
    case 'not_in': {
      const list = toList(value, path).map((x) => coerce(kind, x, path, field))
      const values = list.filter((x) => x !== null)
      const hasNull = values.length !== list.length
      const parts: string[] = []
      const bindings: unknown[] = []
      if (values.length) {
        parts.push(`${expr} ${op === 'in' ? 'IN' : 'NOT IN'} (${values.map(() => '?').join(', ')})`)
        bindings.push(...exprB, ...values)
      }
      if (op === 'in') {
        if (hasNull) {
          parts.push(`${expr} IS NULL`)
          bindings.push(...exprB)
        }
        return parts.length
          ? { sql: `(${parts.join(' OR ')})`, bindings }
          : { sql: '1 = 0', bindings: [] }
      }
      // not_in: a missing value is not in any list, unless null itself is listed.
      if (!hasNull)
        return values.length
          ? { sql: `(${expr} IS NULL OR ${parts[0]})`, bindings: [...exprB, ...bindings] }
          : { sql: '1 = 1', bindings: [] }
      return values.length
        ? { sql: `(${expr} IS NOT NULL AND ${parts[0]})`, bindings: [...exprB, ...bindings] }
        : { sql: `${expr} IS NOT NULL`, bindings: [...exprB] }
    }
    case 'greater_than':
    case 'greater_than_equal':
    case 'less_than':
    case 'less_than_equal': {
      if (kind === 'boolean') fail(path, `operator "${op}" does not apply to a checkbox`)
      const v = coerce(kind, value, path, field)
      if (v === null) fail(path, `operator "${op}" needs a value`)
      const sym = {
        greater_than: '>',
        greater_than_equal: '>=',
        less_than: '<',
        less_than_equal: '<=',
      }[op]
      return { sql: `${expr} ${sym} ?`, bindings: [...exprB, v] }
    }
    case 'contains':
    case 'like':
    case 'not_like': {
      if (!textual) fail(path, `operator "${op}" applies to text fields only`)
      const v = coerce('text', value, path, field)
      if (typeof v !== 'string') fail(path, `operator "${op}" needs a string`)
      const words = op === 'contains' ? [v] : v.split(/\s+/).filter(Boolean)
      if (op === 'not_like') {
        // None of the words appears (Payload: AND of NOT LIKE per word); a missing value contains none.
        if (words.length === 0) return { sql: `${expr} IS NULL`, bindings: [...exprB] }
        return {
          sql: `(${expr} IS NULL OR (${words.map(() => `LOWER(${expr}) NOT LIKE ? ESCAPE '!'`).join(' AND ')}))`,
          bindings: [...exprB, ...words.flatMap((w) => [...exprB, `%${likeEscape(w)}%`])],
        }
      }
      if (words.length === 0) return { sql: `${expr} IS NOT NULL`, bindings: [...exprB] }
      return {
        sql: `(${words.map(() => `LOWER(${expr}) LIKE ? ESCAPE '!'`).join(' AND ')})`,
        bindings: words.flatMap((w) => [...exprB, `%${likeEscape(w)}%`]),
      }
    }
    case 'all': {
      // A single value holds all the listed values only when each equals it (MongoDB's $all on a scalar).
      const list = toList(value, path).map((x) => coerce(kind, x, path, field))
      if (list.length === 0) return { sql: '1 = 0', bindings: [] }
      return {
        sql: `(${list.map((x) => (x === null ? `${expr} IS NULL` : `${expr} = ?`)).join(' AND ')})`,
        bindings: list.flatMap((x) => (x === null ? [...exprB] : [...exprB, x])),
      }
    }
    case 'exists':
      return { sql: `${expr} IS ${toBool(value, path) ? 'NOT ' : ''}NULL`, bindings: [...exprB] }
    case 'near':
      return fail(path, 'operator "near" applies to point fields only')
  }
}

// ---- points ----------------------------------------------------------------------

function pointCondition(
  state: State,
  lng: string,
  lat: string,
  b: unknown[],
  op: Operator,
  value: unknown,
  path: string,
): Compiled {
  if (op === 'exists')
    return { sql: `${lng} IS ${toBool(value, path) ? 'NOT ' : ''}NULL`, bindings: [...b] }
  if (op === 'equals' || op === 'not_equals') {
    if (value === null || value === 'null')
      return { sql: `${lng} IS ${op === 'equals' ? '' : 'NOT '}NULL`, bindings: [...b] }
    const [x, y] = toList(value, path).map((v) => coerce('number', v, path) as number)
    const eq = `(${lng} = ? AND ${lat} = ?)`
    return op === 'equals'
      ? { sql: eq, bindings: [...b, x, ...b, y] }
      : { sql: `(${lng} IS NULL OR NOT ${eq})`, bindings: [...b, ...b, x, ...b, y] }
  }
  if (op !== 'near')
    fail(path, `operator "${op}" does not apply to a point; use near, equals or exists`)
  const parts = toList(value, path)
  if (parts.length < 2 || parts.length > 4)
    fail(path, 'near expects "lng,lat[,maxDistance[,minDistance]]"')
  const [x, y] = parts.slice(0, 2).map((v) => coerce('number', v, path) as number)
  const max =
    parts[2] === undefined || parts[2] === '' || parts[2] === null
      ? undefined
      : (coerce('number', parts[2], path) as number)
  const min =
    parts[3] === undefined || parts[3] === '' || parts[3] === null
      ? undefined
      : (coerce('number', parts[3], path) as number)
  if (x < -180 || x > 180 || y < -90 || y > 90)
    fail(path, 'near expects a longitude in [-180, 180] and a latitude in [-90, 90]')
  if ((max !== undefined && max < 0) || (min !== undefined && min < 0))
    fail(path, 'near distances must not be negative')
  const distance = `(${EARTH_DIAMETER_M} * ASIN(SQRT(POWER(SIN(RADIANS(${lat} - ?) / 2), 2) + COS(RADIANS(?)) * COS(RADIANS(${lat})) * POWER(SIN(RADIANS(${lng} - ?) / 2), 2))))`
  const distB = [...b, y, y, ...b, ...b, x]
  state.near ??= { sql: distance, bindings: distB }
  const conds: string[] = [`${lat} IS NOT NULL`]
  const bindings: unknown[] = [...b]
  if (max !== undefined) {
    // A bounding box first, so the (lat, lng) index narrows the scan; the exact distance follows.
    const dLat = (max / 111_320) * 1.01
    const cos = Math.cos((y * Math.PI) / 180)
    const dLng = cos < 1e-6 ? 360 : (max / (111_320 * cos)) * 1.01
    conds.push(`${lat} BETWEEN ? AND ?`, `${lng} BETWEEN ? AND ?`, `${distance} <= ?`)
    bindings.push(...b, y - dLat, y + dLat, ...b, x - dLng, x + dLng, ...distB, max)
  }
  if (min !== undefined) {
    conds.push(`${distance} >= ?`)
    bindings.push(...distB, min)
  }
  return { sql: `(${conds.join(' AND ')})`, bindings }
}

// ---- paths -------------------------------------------------------------------------

function nextAlias(state: State, base: string): string {
  state.aliasCount += 1
  return `${base}${state.aliasCount}`
}

/** `expr IN (SELECT id FROM related WHERE <rest>)`: a path continuing through a relationship. */
function throughRelation(
  state: State,
  expr: string,
  exprB: unknown[],
  field: FlattenedField,
  rest: string[],
  op: Operator,
  value: unknown,
  path: string,
): Compiled {
  if (field.type !== 'relationship' || Array.isArray(field.relationTo))
    fail(path, 'only a single-collection relationship can be queried through')
  if (rest.length === 1 && rest[0] === 'id')
    return scalar(expr, exprB, kindOf(field), op, value, path, field)
  const related = state.ctx.config.collectionsBySlug.get(field.relationTo)!
  const schema = state.ctx.schemas.get(related.slug)!
  const alias = nextAlias(state, 'r')
  const scope = (): Scope => ({
    kind: 'table',
    alias,
    placements: schema.placements,
    top: true,
    collection: related,
  })
  const inner = condition(state, scope(), rest, op, value, path)
  const access = state.ctx.relationAccess?.get(related.slug)
  if (access && access !== true) {
    // Only related documents the caller may read can match.
    const sub: State = {
      ctx: { ...state.ctx, relationAccess: undefined },
      aliasCount: state.aliasCount,
      depth: 0,
    }
    const allowed = tree(sub, scope, access, path)
    state.aliasCount = sub.aliasCount
    inner.sql = `${inner.sql} AND ${allowed.sql}`
    inner.bindings = [...inner.bindings, ...allowed.bindings]
  }
  const q = state.ctx.dialect.quote
  return {
    sql: `${expr} IN (SELECT ${alias}.${q('id')} FROM ${q(schema.table.name)} AS ${alias} WHERE ${inner.sql})`,
    bindings: [...exprB, ...inner.bindings],
  }
}

/** Fields of block rows: every block's fields (the first declaration of a name wins) plus blockType and blockName. */
function blockFields(field: FlattenedField & { type: 'blocks' }): {
  fields: FlattenedField[]
  extra: Map<string, Kind>
} {
  const seen = new Map<string, FlattenedField>()
  for (const b of field.blocks) for (const f of b.fields) if (!seen.has(f.name)) seen.set(f.name, f)
  return {
    fields: [...seen.values()],
    extra: new Map([
      ['blockType', 'text'],
      ['blockName', 'text'],
      ['id', 'text'],
    ]),
  }
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
      bindings: parts.flatMap((p) => p.bindings),
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
        bindings: parts.flatMap((p) => p.bindings),
      }
    }
  }
  let positive: Operator = op
  let negate = false
  let v = value
  if (NEGATIVE[op]) {
    positive = NEGATIVE[op]!
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

const jsonKey = (name: string) => `."${name}"`

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

/** A field whose value is a JSON document held by `container` (a column or a JSON sub-value). */
function jsonField(
  state: State,
  container: string,
  cb: unknown[],
  field: FlattenedField,
  rest: string[],
  op: Operator,
  value: unknown,
  path: string,
): Compiled {
  const d = state.ctx.dialect
  if (field.localized) {
    const locale =
      state.ctx.locale ??
      (state.ctx.config.localization ? state.ctx.config.localization.defaultLocale : 'en')
    const inner: FlattenedField = { ...field, localized: false }
    return valueAt(state, container, cb, `$${jsonKey(locale)}`, inner, rest, op, value, path)
  }
  switch (field.type) {
    case 'array':
    case 'blocks': {
      if (rest.length === 0) {
        if (op !== 'exists')
          fail(
            path,
            `an ${field.type} field can only be tested with exists; query its subfields with a dotted path`,
          )
        return arrayExists(d, container, cb, value, path)
      }
      const { fields, extra } =
        field.type === 'array'
          ? { fields: field.fields, extra: new Map<string, Kind>([['id', 'text']]) }
          : blockFields(field)
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
    case 'relationship': {
      if (Array.isArray(field.relationTo)) {
        const kindOfPart = new Map<string, Kind>([
          ['value', kindOf(field)],
          ['relationTo', 'text'],
        ])
        return overElements(state, container, cb, 'rows', op, value, path, (alias, o, v) => {
          if (rest.length === 1 && kindOfPart.has(rest[0]))
            return scalar(
              polyJsonValue(d, `${alias}.value`, kindOfPart.get(rest[0])!),
              [`$.${rest[0]}`],
              kindOfPart.get(rest[0])!,
              o,
              v,
              path,
            )
          if (rest.length)
            fail(path, 'a polymorphic relationship is queried by .value or .relationTo')
          return polymorphicValue(
            d.jsonValue(`${alias}.value`, 'text'),
            ['$.relationTo'],
            polyJsonValue(d, `${alias}.value`, kindOf(field)),
            ['$.value'],
            o,
            v,
            path,
            kindOf(field),
          )
        })
      }
      if (op === 'exists' && rest.length === 0) return arrayExists(d, container, cb, value, path)
      return overElements(state, container, cb, 'scalars', op, value, path, (alias, o, v) => {
        const el = d.eachValue(alias, scalarKind(kindOf(field)))
        if (rest.length) return throughRelation(state, el, [], field, rest, o, v, path)
        return scalar(el, [], kindOf(field), o === 'contains' ? 'equals' : o, v, path, field)
      })
    }
    case 'select':
    case 'text':
    case 'number': {
      if (rest.length) fail(path, `a ${field.type} field has no subfields`)
      const kind = kindOf(field)
      if (op === 'exists') return arrayExists(d, container, cb, value, path)
      return overElements(state, container, cb, 'scalars', op, value, path, (alias, o, v) =>
        scalar(
          d.eachValue(alias, scalarKind(kind)),
          [],
          kind,
          field.type === 'select' && o === 'contains' ? 'equals' : o,
          v,
          path,
          field,
        ),
      )
    }
    case 'json':
    case 'richText': {
      if (rest.length === 0) {
        if (op !== 'exists')
          fail(path, 'a json field is queried by a dotted path into it, or with exists')
        return scalar(container, cb, 'text', op, value, path, field)
      }
      for (const seg of rest)
        if (!/^[A-Za-z0-9_-]+$/.test(seg))
          fail(path, `"${seg}" is not a valid key inside a json field`)
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
    default:
      return fail(path, `a ${field.type} field cannot be queried here`)
  }
}

/** Equality of a polymorphic value: `{ relationTo, value }` or a bare id. */
function polymorphicValue(
  relExpr: string,
  relB: unknown[],
  valExpr: string,
  valB: unknown[],
  op: Operator,
  value: unknown,
  path: string,
  kind: Kind,
): Compiled {
  if (
    value &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    (op === 'equals' || op === 'not_equals')
  ) {
    const v = value as { relationTo?: unknown; value?: unknown }
    if (typeof v.relationTo !== 'string') fail(path, 'expects { relationTo, value }')
    const eq = {
      sql: `(${relExpr} = ? AND ${valExpr} = ?)`,
      bindings: [...relB, v.relationTo, ...valB, coerce(kind, v.value, path)],
    }
    return op === 'equals' ? eq : { sql: `NOT ${eq.sql}`, bindings: eq.bindings }
  }
  return scalar(valExpr, valB, kind, op, value, path)
}

/** A field stored inside a JSON object at `jsonPath` of `expr` (array rows, block rows, localized values). */
function valueAt(
  state: State,
  expr: string,
  b: unknown[],
  jsonPath: string,
  field: FlattenedField,
  rest: string[],
  op: Operator,
  value: unknown,
  path: string,
): Compiled {
  const d = state.ctx.dialect
  if (field.type === 'group' && !field.localized) {
    return condition(
      state,
      { kind: 'object', expr, bindings: b, fields: field.fields, jsonPath },
      rest,
      op,
      value,
      path,
    )
  }
  if (field.type === 'point') {
    if (rest.length) fail(path, 'a point has no subfields')
    return pointInJson(
      state,
      d.jsonValue(expr, 'number'),
      d.jsonValue(expr, 'number'),
      b,
      `${jsonPath}[0]`,
      `${jsonPath}[1]`,
      op,
      value,
      path,
    )
  }
  const stored =
    field.localized ||
    field.type === 'array' ||
    field.type === 'blocks' ||
    field.type === 'json' ||
    field.type === 'richText' ||
    ((field.type === 'select' ||
      field.type === 'text' ||
      field.type === 'number' ||
      field.type === 'relationship') &&
      field.hasMany)
  if (stored)
    return jsonField(state, d.jsonQuery(expr), [...b, jsonPath], field, rest, op, value, path)
  if (field.type === 'relationship' && Array.isArray(field.relationTo)) {
    const relExpr = d.jsonValue(expr, 'text'),
      valExpr = polyJsonValue(d, expr, kindOf(field))
    if (rest.length === 1 && (rest[0] === 'value' || rest[0] === 'relationTo')) {
      const k: Kind = rest[0] === 'value' ? kindOf(field) : 'text'
      return scalar(
        k === 'text' && rest[0] === 'value'
          ? polyJsonValue(d, expr, k)
          : d.jsonValue(expr, scalarKind(k)),
        [...b, `${jsonPath}.${rest[0]}`],
        k,
        op,
        value,
        path,
      )
    }
    if (rest.length) fail(path, 'a polymorphic relationship is queried by .value or .relationTo')
    return polymorphicValue(
      relExpr,
      [...b, `${jsonPath}.relationTo`],
      valExpr,
      [...b, `${jsonPath}.value`],
      op,
      value,
      path,
      kindOf(field),
    )
  }
  const kind = kindOf(field)
  const el = d.jsonValue(expr, scalarKind(kind))
  if (rest.length) {
    if (field.type === 'relationship')
      return throughRelation(state, el, [...b, jsonPath], field, rest, op, value, path)
    fail(path, `a ${field.type} field has no subfields`)
  }
  return scalar(el, [...b, jsonPath], kind, op, value, path, field)
}

function condition(
  state: State,
  scope: Scope,
  segs: string[],
  op: Operator,
  value: unknown,
  path: string,
): Compiled {
  const [name, ...rest] = segs
  if (name === undefined) fail(path, 'the path ends inside a group; name a field of it')
  const d = state.ctx.dialect
  if (scope.kind === 'table') {
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
    if (!p || (p.field.hidden && scope.top)) fail(path, 'no such field')
    switch (p.kind) {
      case 'join':
        return fail(
          path,
          `"${name}" is a join field, which cannot be queried; query its collection "${p.field.collection}" by its relationship field "${p.field.on}" instead`,
        )
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
      case 'column': {
        const expr = `${a}.${d.quote(p.column)}`
        if (rest.length) {
          if (p.field.type === 'relationship')
            return throughRelation(state, expr, [], p.field, rest, op, value, path)
          fail(path, `a ${p.field.type} field has no subfields`)
        }
        if (op === 'contains' && p.field.type === 'relationship')
          return scalar(expr, [], kindOf(p.field), 'equals', value, path, p.field)
        return scalar(expr, [], kindOf(p.field), op, value, path, p.field)
      }
      case 'point':
        if (rest.length) fail(path, 'a point has no subfields')
        return pointCondition(
          state,
          `${a}.${d.quote(p.lng)}`,
          `${a}.${d.quote(p.lat)}`,
          [],
          op,
          value,
          path,
        )
      case 'polymorphic': {
        const relExpr = `${a}.${d.quote(p.relationTo)}`,
          valExpr = `${a}.${d.quote(p.value)}`
        if (rest.length === 1 && rest[0] === 'value')
          return scalar(valExpr, [], kindOf(p.field), op, value, path)
        if (rest.length === 1 && rest[0] === 'relationTo')
          return scalar(relExpr, [], 'text', op, value, path)
        if (rest.length)
          fail(path, 'a polymorphic relationship is queried by .value or .relationTo')
        return polymorphicValue(relExpr, [], valExpr, [], op, value, path, kindOf(p.field))
      }
      case 'json':
        return jsonField(state, `${a}.${d.quote(p.column)}`, [], p.field, rest, op, value, path)
    }
  }
  // Inside a JSON object (an array or block row, or a localized group).
  const extraKind = scope.extra?.get(name)
  const field = scope.fields.find((f) => f.name === name)
  if (!field && extraKind && rest.length === 0) {
    return scalar(
      d.jsonValue(scope.expr, scalarKind(extraKind)),
      [...scope.bindings, `${scope.jsonPath}${jsonKey(name)}`],
      extraKind,
      op,
      value,
      path,
    )
  }
  if (!field) fail(path, 'no such field')
  if (field.virtual) fail(path, VIRTUAL)
  const fieldPath = `${scope.jsonPath}${jsonKey(name)}`
  if (field.type === 'point') {
    if (rest.length) fail(path, 'a point has no subfields')
    const lng = d.jsonValue(scope.expr, 'number'),
      lat = d.jsonValue(scope.expr, 'number')
    return pointInJson(
      state,
      lng,
      lat,
      scope.bindings,
      `${fieldPath}[0]`,
      `${fieldPath}[1]`,
      op,
      value,
      path,
    )
  }
  return valueAt(state, scope.expr, scope.bindings, fieldPath, field, rest, op, value, path)
}

/** Point stored as `[lng, lat]` inside JSON: bindings interleave the element paths. */
function pointInJson(
  state: State,
  lngExpr: string,
  latExpr: string,
  b: unknown[],
  lngPath: string,
  latPath: string,
  op: Operator,
  value: unknown,
  path: string,
): Compiled {
  // Substitute the path placeholders: compile with marker bindings, then expand each expression's own bindings.
  const compiled = pointCondition(state, '\uE000LNG\uE000', '\uE000LAT\uE000', [], op, value, path)
  const bindings: unknown[] = []
  let bi = 0
  const sql = compiled.sql.replace(/\uE000(LNG|LAT)\uE000|\?/g, (m, which) => {
    if (which === 'LNG') return (bindings.push(...b, lngPath), lngExpr)
    if (which === 'LAT') return (bindings.push(...b, latPath), latExpr)
    bindings.push(compiled.bindings[bi++])
    return m
  })
  return { sql, bindings }
}

// ---- the tree ------------------------------------------------------------------------

function tree(state: State, scopeFor: () => Scope, where: unknown, path: string): Compiled {
  if (where === undefined || where === null) return { sql: '1 = 1', bindings: [] }
  if (typeof where !== 'object' || Array.isArray(where))
    fail(path || 'where', 'a where clause must be an object of field paths')
  const level = COMBINED in where ? 0 : 1
  state.depth += level
  if (state.depth > WHERE_MAX_NESTING)
    fail(path || 'where', `where clauses nest at most ${WHERE_MAX_NESTING} levels deep`)
  const parts: Compiled[] = []
  for (const key of Object.keys(where)) {
    const value = (where as Record<string, unknown>)[key]
    const lower = key.toLowerCase()
    if (lower === 'and' || lower === 'or') {
      const list = Array.isArray(value)
        ? value
        : value && typeof value === 'object'
          ? toList(value, key)
          : fail(key, `${key} expects a list of where clauses`)
      const subs = list.map((w, i) => tree(state, scopeFor, w, `${key}.${i}`))
      if (subs.length === 0) continue
      parts.push({
        sql: `(${subs.map((s) => s.sql).join(lower === 'and' ? ' AND ' : ' OR ')})`,
        bindings: subs.flatMap((s) => s.bindings),
      })
      continue
    }
    if (!value || typeof value !== 'object' || Array.isArray(value))
      fail(key, 'expects an object of operators, e.g. { "equals": "value" }')
    const segs = key.replace(/__/g, '.').split('.')
    if (segs.some((s) => s === '')) fail(key, 'empty path segment')
    for (const opName of Object.keys(value)) {
      if (!OPERATOR_SET.has(opName))
        fail(key, `unknown operator "${opName}"; use one of ${OPERATORS.join(', ')}`)
      parts.push(
        condition(
          state,
          scopeFor(),
          segs,
          opName as Operator,
          (value as Record<string, unknown>)[opName],
          key,
        ),
      )
    }
  }
  state.depth -= level
  if (parts.length === 0) return { sql: '1 = 1', bindings: [] }
  return {
    sql: parts.length === 1 ? parts[0].sql : `(${parts.map((p) => p.sql).join(' AND ')})`,
    bindings: parts.flatMap((p) => p.bindings),
  }
}

/** Compiles `where` for `collection` read from the table aliased `alias`; `near` is the distance to sort by, if asked. */
export function compileWhere(
  ctx: QueryContext,
  collection: SanitizedCollection,
  where: Where | undefined,
  alias = 't',
): Compiled & { near?: Compiled } {
  const schema = ctx.schemas.get(collection.slug)!
  const state: State = { ctx, aliasCount: 0, depth: 0 }
  const compiled = tree(
    state,
    () => ({ kind: 'table', alias, placements: schema.placements, top: true, collection }),
    where,
    '',
  )
  return { ...compiled, near: state.near }
}

/** `sort` (`"-views,title"` or a list) → ORDER BY terms; `id` breaks ties so pages never overlap. */
export function compileSort(
  ctx: QueryContext,
  collection: SanitizedCollection,
  sort: string | string[] | undefined,
  alias = 't',
): Compiled {
  const d = ctx.dialect
  const keys = (Array.isArray(sort) ? sort : typeof sort === 'string' ? sort.split(',') : [])
    .map((k) => (typeof k === 'string' ? k.trim() : fail('sort', 'sort keys must be strings')))
    .filter(Boolean)
  if (keys.length === 0) {
    const fallback = collection.defaultSort ?? (collection.timestamps ? '-createdAt' : '-id')
    keys.push(...fallback.split(','))
  }
  const terms: string[] = []
  const bindings: unknown[] = []
  let hasId = false
  let firstDir = ''
  for (const key of keys) {
    const desc = key.startsWith('-')
    const path = desc ? key.slice(1) : key.replace(/^\+/, '')
    const dir = desc ? 'DESC' : 'ASC'
    firstDir ||= dir
    if (path === 'id') hasId = true
    const value = valueExpression(ctx, collection, path, alias)
    if (!value)
      fail(path || 'sort', `cannot sort by "${path}": not a field, or not a single sortable value`)
    terms.push(`${value.sql} ${dir}`)
    bindings.push(...value.bindings)
  }
  if (!hasId) terms.push(`${alias}.${d.quote('id')} ${firstDir || 'DESC'}`)
  return { sql: terms.join(', '), bindings }
}

/**
 * The one value `path` holds in each row, as SQL: `id`, the timestamps, a field stored in a column (in groups
 * too: `meta.source`), a polymorphic relationship's id, or a localized single value in the context's locale.
 * `field` is the field read (none for `id` and the timestamps). Undefined for anything else (lists, rows, json).
 */
export function valueExpression(
  ctx: QueryContext,
  collection: SanitizedCollection,
  path: string,
  alias = 't',
): { sql: string; bindings: unknown[]; field?: FlattenedField } | undefined {
  const d = ctx.dialect
  if (path === 'id') return { sql: `${alias}.${d.quote('id')}`, bindings: [] }
  if ((path === 'createdAt' || path === 'updatedAt') && collection.timestamps)
    return { sql: `${alias}.${d.quote(path)}`, bindings: [] }
  const segs = path.replace(/__/g, '.').split('.')
  let placements = ctx.schemas.get(collection.slug)!.placements
  for (let i = 0; i < segs.length; i++) {
    const p = placements.get(segs[i])
    if (!p || (i === 0 && p.field.hidden)) return undefined
    if (p.kind === 'virtual')
      fail(
        path,
        `cannot sort or group by "${path}": a virtual field is not stored (its value is computed on read)`,
      )
    if (p.kind === 'group') {
      placements = p.children
      continue
    }
    if (i !== segs.length - 1) return undefined
    if (p.kind === 'column')
      return { sql: `${alias}.${d.quote(p.column)}`, bindings: [], field: p.field }
    if (p.kind === 'polymorphic')
      return { sql: `${alias}.${d.quote(p.value)}`, bindings: [], field: p.field }
    if (p.kind === 'json' && p.field.localized && !isContainer(p.field)) {
      const locale =
        ctx.locale ?? (ctx.config.localization ? ctx.config.localization.defaultLocale : 'en')
      return {
        sql: d.jsonValue(
          `${alias}.${d.quote(p.column)}`,
          p.field.type === 'number' ? 'number' : 'text',
        ),
        bindings: [`$${jsonKey(locale)}`],
        field: p.field,
      }
    }
    return undefined
  }
  return undefined
}

/** A value stored as JSON that holds more than one value (not sortable, not distinct). */
export const isContainer = (f: FlattenedField) =>
  f.type === 'array' ||
  f.type === 'blocks' ||
  f.type === 'group' ||
  f.type === 'json' ||
  f.type === 'richText' ||
  ((f.type === 'select' || f.type === 'text' || f.type === 'number' || f.type === 'relationship') &&
    Boolean(f.hasMany))
