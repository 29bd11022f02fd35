import qs from 'qs'
import { BadRequest } from '../errors/bad-request.ts'
import { isRecord } from '../utilities/is-record.ts'

/**
 * Query strings: Payload's bracket syntax (`where[title][equals]=x`, `where[or][0][a][equals]=1`,
 * `select[title]=true`) and JSON values (`where={"title":{"equals":"x"}}`) are both accepted for `where`,
 * `select` and `populate`. A repeated condition (`where[a][equals]=1&where[b][equals]=2`) is one object,
 * so its conditions AND. Everything else stays a string for the contract validator.
 */

export const STRUCTURED = ['where', 'select', 'populate', 'joins'] as const
type ObjectParameter = Exclude<(typeof STRUCTURED)[number], 'joins'>
const isObjectParameter = (key: string): key is ObjectParameter =>
  key === 'where' || key === 'select' || key === 'populate'
export type Structured = Partial<Record<ObjectParameter, Record<string, unknown>>> & {
  /** `false` (every join field left out) or per join field path its options or `false`. */
  joins?: false | Record<string, unknown>
}

const DIGITS = /^\d+$/
/** Parameters whose list form is the contract's comma-joined string. */
const JOINED = new Set(['sort', 'fallbackLocale', 'fallback-locale'])

/**
 * `joins` from the query: `joins=false`, JSON (`joins={"posts":{"limit":5}}`) or brackets
 * (`joins[posts][limit]=5&joins[posts][count]=true`, `joins[posts]=false`), whose strings become the numbers and
 * booleans the options are (Payload's parser does the same); a join's `where` keeps its strings (the where
 * compiler coerces them by field type).
 */
function joinsValue(value: string | qs.ParsedQs): false | Record<string, unknown> {
  if (value === 'false') return false
  const v = typeof value === 'string' ? jsonValue('joins', value, true) : value
  if (v === false) return v
  return Object.fromEntries(
    Object.entries(v).map(([path, options]) => {
      if (options === 'false' || options === false) return [path, false]
      if (!isRecord(options)) return [path, options]
      const o = { ...options }
      for (const key of ['limit', 'page']) {
        const n = o[key]
        if (typeof n === 'string' && DIGITS.test(n)) o[key] = Number(n)
      }
      if (o.count === 'true' || o.count === 'false') o.count = o.count === 'true'
      if (typeof o.where === 'string') o.where = jsonValue(`joins.${path}.where`, o.where)
      return [path, o]
    }),
  )
}

function jsonValue(name: string, raw: string): Record<string, unknown>
function jsonValue(name: string, raw: string, orFalse: true): Record<string, unknown> | false
function jsonValue(name: string, raw: string, orFalse = false): Record<string, unknown> | false {
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    throw new BadRequest(
      `${name} is not valid JSON: send ${name}={"field":...} or the bracket syntax ${name}[field]...`,
      [{ path: name }],
    )
  }
  if (orFalse && value === false) return false
  if (!isRecord(value))
    throw new BadRequest(`${name} must be a JSON object${orFalse ? ' or false' : ''}.`, [
      { path: name },
    ])
  return value
}

/** `"true"`/`"false"` leaves of a bracket-syntax select become booleans. */
function selectBooleans(value: unknown): unknown {
  if (value === 'true' || value === '1') return true
  if (value === 'false' || value === '0') return false
  return isRecord(value) ? selectObject(value) : value
}
function selectObject(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, selectBooleans(v)]))
}

export function parseQuery(search: string): {
  plain: Record<string, string | string[]>
  structured: Structured
} {
  const parsed = qs.parse(search.startsWith('?') ? search.slice(1) : search, {
    depth: 12,
    arrayLimit: 1000,
    parameterLimit: 2000,
    allowDots: false,
    // `where[id][in][]` is an empty list (as Payload's parser and @payloadcms/sdk's stringify), not [''].
    allowEmptyArrays: true,
  })
  const plain: Record<string, string | string[]> = {}
  const structured: Structured = {}
  for (const [key, value] of Object.entries(parsed)) {
    // qs gives no undefined values (its types allow them).
    if (value === undefined) continue
    if (key === 'joins') {
      if (Array.isArray(value))
        throw new BadRequest('joins is given more than once; send one joins object.', [
          { path: 'joins' },
        ])
      structured.joins = joinsValue(value)
      continue
    }
    if (isObjectParameter(key)) {
      const name = key
      let v: Record<string, unknown>
      if (typeof value === 'string') v = jsonValue(name, value)
      else if (Array.isArray(value)) {
        // where=<json>&where=<json>: every condition applies
        const parts = value.map((x) => (typeof x === 'string' ? jsonValue(name, x) : x))
        v = name === 'where' ? { and: parts } : Object.assign({}, ...parts)
      } else v = value
      structured[name] = name === 'where' ? v : selectObject(v)
      continue
    }
    if (
      typeof value === 'string' ||
      (Array.isArray(value) && value.every((x): x is string => typeof x === 'string'))
    )
      // Payload's clients send a list of sort keys as `sort[0]=-title&sort[1]=id`: the contract's comma form.
      // The same for fallback locales (`fallbackLocale[]=es&fallbackLocale[]=en`, Payload's array form).
      plain[key] = Array.isArray(value) && JOINED.has(key) ? value.join(',') : value
    else throw new BadRequest(`Query parameter "${key}" must be a plain value.`, [{ path: key }])
  }
  return { plain, structured }
}

const INT = /^-?\d+$/

/** A validated integer query value (the contract validator has already checked its range). */
export function intParam(value: unknown): number | undefined {
  if (value === undefined) return undefined
  if (typeof value === 'number') return value
  if (typeof value === 'string' && INT.test(value)) return Number(value)
  return undefined
}

export function boolParam(value: unknown): boolean | undefined {
  if (value === undefined) return undefined
  if (typeof value === 'boolean') return value
  return value === 'true' || value === '1'
}
