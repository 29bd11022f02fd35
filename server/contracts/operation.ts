import type { OperationKind } from './kinds.ts'
import type { Schema } from './schemas.ts'

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
