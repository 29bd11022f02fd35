import type { SanitizedLimits } from '../config/types.ts'
import { LimitExceeded } from '../errors/limit-exceeded.ts'

export interface WhereSize {
  /** Path and operator pairs. */
  conditions: number
  /** List items (`in`, `not_in`, `all`, `near`), and the words of `like` and `not_like` values. */
  values: number
  /** Length of the longest string value. */
  longest: number
}

const LIST_OPERATORS = new Set(['in', 'not_in', 'all'])

/** Measures a where tree without recursion (a hostile tree cannot overflow the stack). */
export function measureWhere(where: unknown): WhereSize {
  const size: WhereSize = { conditions: 0, values: 0, longest: 0 }
  const stack: unknown[] = [where]
  const value = (op: string, v: unknown) => {
    if (typeof v === 'string') {
      size.longest = Math.max(size.longest, v.length)
      if (op === 'like' || op === 'not_like') size.values += v.split(/\s+/).filter(Boolean).length
      else if (LIST_OPERATORS.has(op)) size.values += v === '' ? 0 : v.split(',').length
      else size.values += 1
    } else if (Array.isArray(v) || (v && typeof v === 'object')) {
      for (const item of Object.values(v)) {
        size.values += 1
        if (typeof item === 'string') size.longest = Math.max(size.longest, item.length)
      }
    } else size.values += 1
  }
  while (stack.length) {
    const w = stack.pop()
    if (!w || typeof w !== 'object') continue
    for (const [key, v] of Object.entries(w)) {
      const lower = key.toLowerCase()
      if (lower === 'and' || lower === 'or') {
        if (v && typeof v === 'object') stack.push(...Object.values(v))
        continue
      }
      if (!v || typeof v !== 'object' || Array.isArray(v)) {
        size.conditions += 1
        continue
      }
      for (const [op, operand] of Object.entries(v)) {
        size.conditions += 1
        value(op, operand)
      }
    }
  }
  return size
}

/** Throws 400 LimitExceeded when a caller's where is larger than `limits.where` allows. */
export function checkWhereSize(limits: SanitizedLimits['where'], where: unknown): void {
  if (!where || typeof where !== 'object') return
  const size = measureWhere(where)
  if (size.conditions > limits.maxConditions)
    throw new LimitExceeded(
      `The where clause has ${size.conditions} conditions, more than ${limits.maxConditions}`,
      'limits.where.maxConditions',
      limits.maxConditions,
    )
  if (size.values > limits.maxValues)
    throw new LimitExceeded(
      `The where clause has ${size.values} values (list items and like words), more than ${limits.maxValues}`,
      'limits.where.maxValues',
      limits.maxValues,
    )
  if (size.longest > limits.maxValueLength)
    throw new LimitExceeded(
      `A where value is ${size.longest} characters long, more than ${limits.maxValueLength}`,
      'limits.where.maxValueLength',
      limits.maxValueLength,
    )
}
