/**
 * The SQL family differences the CMS needs, behind one narrow interface.
 * Every value goes through a `?` binding; only identifiers are spliced, always quoted.
 */
export type ScalarKind = 'text' | 'number' | 'boolean'

export interface Dialect {
  name: 'sqlite' | 'mysql'
  /** Quotes an identifier (`"posts"` / `` `posts` ``). Identifiers come from the sanitised config only. */
  quote(identifier: string): string
  /** A FROM item iterating a JSON array held by `expr`, with one column `value` (`rows`: elements are objects). */
  jsonEach(expr: string, alias: string, elements: 'scalars' | 'rows'): string
  /** The element value of a `jsonEach` alias as a comparable scalar. */
  eachValue(alias: string, kind: ScalarKind): string
  /** A scalar at `path` (a `$.a.b` JSON path, bound as a parameter) inside the JSON held by `expr`. */
  jsonValue(expr: string, kind: ScalarKind): string
  /** The JSON (object or array) at a bound path inside `expr`. */
  jsonQuery(expr: string): string
  /** Length of the JSON array held by `expr` (0 for an empty array). */
  jsonArrayLength(expr: string): string
  /** Maps a driver error to the column or index name of a unique violation, or undefined. */
  uniqueViolation(error: unknown): string | undefined
}
