import type { RichTextField } from '../config/types.ts'
import { lexicalRelations } from '../richtext/relations.ts'
import type { NestedRelations } from './types.ts'

/**
 * The documents a rich-text value points at (its nodes', its blocks' fields'), by what the field's editor allows;
 * the field's `maxDepth` bounds them all, as Payload bounds the population of its nodes.
 */
export function richTextRelations(field: RichTextField, value: unknown): NestedRelations {
  if (!field.lexical) return { relations: [], nested: [] }
  return { ...lexicalRelations(field.lexical, value), maxDepth: field.maxDepth }
}
