import { coerce, toBool, toList } from './coerce.ts'
import type { Operator } from '../../config/where-operators.ts'
import { fail, type Compiled, type InJson, type State, type Test } from './state.ts'

// Geo operators of point fields: near (with distances), equals and exists.

/** The Earth's mean diameter in metres, for haversine distances. */
const EARTH_DIAMETER_M = 12_742_017.6

/** A point held by the expressions `lng` and `lat`, which share the bindings `b`. */
export function pointCondition(
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
  return near(state, lng, lat, b, value, path)
}

/** `lng,lat[,maxDistance[,minDistance]]`, checked. */
function nearOperand(value: unknown, path: string) {
  const parts = toList(value, path)
  if (parts.length < 2 || parts.length > 4)
    fail(path, 'near expects "lng,lat[,maxDistance[,minDistance]]"')
  const [x, y] = parts.slice(0, 2).map((v) => coerce('number', v, path) as number)
  const max = distance(parts[2], path)
  const min = distance(parts[3], path)
  if (x < -180 || x > 180 || y < -90 || y > 90)
    fail(path, 'near expects a longitude in [-180, 180] and a latitude in [-90, 90]')
  if ((max !== undefined && max < 0) || (min !== undefined && min < 0))
    fail(path, 'near distances must not be negative')
  return { x, y, max, min }
}

/** A distance of `near`: none when left out, empty or null (Payload's "lng, lat, null, 1500"). */
function distance(part: unknown, path: string): number | undefined {
  const v = typeof part === 'string' ? part.trim() : part
  if (v === undefined || v === '' || v === null || v === 'null') return undefined
  return coerce('number', v, path) as number
}

/** Within the distances of `near`; the first `near` of a query is also the distance it sorts by. */
function near(
  state: State,
  lng: string,
  lat: string,
  b: unknown[],
  value: unknown,
  path: string,
): Compiled {
  const { x, y, max, min } = nearOperand(value, path)
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

/** Point stored as `[lng, lat]` inside JSON: bindings interleave the element paths. */
export function pointInJson(
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

/** A point field in its two columns (`lng`, `lat`). */
export function pointColumns(state: State, lng: string, lat: string, t: Test): Compiled {
  noSubfields(t)
  return pointCondition(state, lng, lat, [], t.op, t.value, t.path)
}

/** A point field stored as `[lng, lat]` at `jsonPath` of `expr` (an array or block row, a localized group). */
export function pointAt(state: State, { expr, b, jsonPath }: InJson, t: Test): Compiled {
  noSubfields(t)
  const { op, value, path } = t
  const d = state.ctx.dialect
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

/** A point is tested as a whole: a path into it is an error. */
function noSubfields({ rest, path }: Test): void {
  if (rest.length) fail(path, 'a point has no subfields')
}
