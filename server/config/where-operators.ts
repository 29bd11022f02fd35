/** The operators a Where condition may use, and the nesting limit of and/or lists. */
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
export type Operator = (typeof OPERATORS)[number]
export const OPERATOR_SET = new Set<string>(OPERATORS)
export const isOperator = (name: string): name is Operator => OPERATOR_SET.has(name)
/** The positive operator a negative one negates (a NOT EXISTS over JSON array elements). */
export const NEGATIVE: Partial<Record<Operator, Operator>> = {
  not_equals: 'equals',
  not_in: 'in',
  not_like: 'like',
}

/**
 * How deep where clauses nest (the conditions inside five and/or lists); the contract unrolls its Where schemas
 * to it, and tools that expand every reference walk 2^levels copies, so it stays small (it was 12).
 */
export const WHERE_MAX_NESTING = 6
