import type { OperationKind } from './kinds.ts'
import type { Schema } from './schemas.ts'
import { maxPage } from '../local/params.ts'

/** The `x-cms` extension of an operation: the kind that serves it, and what it is about. */
export interface OperationMeta {
  kind: OperationKind
  collection?: string
  global?: string
  endpoint?: number
}

export type Operation = Schema & { operationId: string; tags?: string[]; 'x-cms': OperationMeta }
export type PathItem = Record<string, Operation>

export const json = (schema: Schema, description: string): Schema => ({
  description,
  content: { 'application/json': { schema } },
})

export function body(schema: Schema, description?: string): Schema {
  return {
    required: true,
    ...(description ? { description } : {}),
    content: { 'application/json': { schema } },
  }
}

/**
 * `page` of a list: at most `maxPage` (the SQL offset stays a safe integer; past it the server answers 400 naming
 * `page`, as the contract validator does).
 */
export function pageParameter(maxLimit: number): Schema {
  const max = maxPage(maxLimit)
  return {
    name: 'page',
    in: 'query',
    description: `Page number, from 1 to ${max} (⌊(2^53 - 1) / maxLimit⌋, so the offset stays exact).`,
    schema: { type: 'integer', minimum: 1, maximum: max },
  }
}
