/**
 * The documents a Lexical value points at, as Payload 3's lexical population finds them: relationship and upload
 * nodes (`value`), internal links (`fields.doc.value`), and the data of the nodes that carry fields of their own
 * (blocks, inline blocks, upload nodes' `fields`, links' extra fields), which population walks with those fields.
 */
import type { FlattenedField, ID, RichTextField } from '../config/types.ts'
import type { NestedRelations } from './types.ts'

const isObject = (v: unknown): v is Record<string, unknown> =>
  Boolean(v) && typeof v === 'object' && !Array.isArray(v)
const isId = (v: unknown): v is ID => typeof v === 'number' || typeof v === 'string'

/** Nodes nested deeper are not looked into (validation bounds the depth of stored trees). */
const MAX_NESTING = 1000

/** The smaller of two optional bounds. */
const lower = (a: number | undefined, b: number | undefined): number | undefined =>
  a === undefined ? b : b === undefined ? a : Math.min(a, b)

/**
 * The relations in one rich-text value: an iterative walk (a stack, so a deep tree cannot exhaust the call
 * stack) over the node types and collections the field's editor allows.
 */
export function richTextRelations(field: RichTextField, value: unknown): NestedRelations {
  const out: NestedRelations = { relations: [], nested: [], maxDepth: field.maxDepth }
  const lexical = field.lexical
  const root = isObject(value) && isObject(value.root) ? value.root : undefined
  if (!lexical || !root) return out
  const allowed = new Set(lexical.nodes)
  const relation = (
    holder: Record<string, unknown>,
    target: { collections: string[]; maxDepth?: number } | undefined,
  ) => {
    const slug = holder.relationTo
    if (!target || typeof slug !== 'string' || !target.collections.includes(slug)) return
    if (!isId(holder.value)) return
    out.relations.push({
      object: holder,
      key: 'value',
      collection: slug,
      id: holder.value,
      maxDepth: lower(field.maxDepth, target.maxDepth),
    })
  }
  const stack: { node: Record<string, unknown>; level: number }[] = [{ node: root, level: 0 }]
  while (stack.length) {
    const { node, level } = stack.pop()!
    const type = node.type
    if (typeof type !== 'string' || !allowed.has(type)) continue
    if (type === 'relationship') relation(node, lexical.relationship)
    else if (type === 'upload') {
      relation(node, lexical.upload)
      const own = lexical.upload?.fields[String(node.relationTo)]
      if (own?.length && isObject(node.fields)) out.nested.push({ fields: own, data: node.fields })
    } else if (type === 'block' || type === 'inlineBlock') blockData(field, node, out)
    else if (type === 'link') linkData(field, node, out)
    if (level < MAX_NESTING && Array.isArray(node.children))
      for (let i = node.children.length - 1; i >= 0; i--) {
        const child: unknown = node.children[i]
        if (isObject(child)) stack.push({ node: child, level: level + 1 })
      }
  }
  return out
}

/** A block's (or inline block's) data, walked with its block's fields. */
function blockData(field: RichTextField, node: Record<string, unknown>, out: NestedRelations) {
  const data = node.fields
  if (!isObject(data) || typeof data.blockType !== 'string') return
  const blocks = node.type === 'block' ? field.lexical?.blocks : field.lexical?.inlineBlocks
  const block = blocks?.find((b) => b.slug === data.blockType)
  if (block?.fields.length) out.nested.push({ fields: block.fields, data })
}

/**
 * A link: in Payload its `doc` is a polymorphic relationship field among the link's fields (so it answers as one:
 * a document the caller may not read stays its id), bounded by the LinkFeature's `maxDepth`; its extra fields
 * are walked as fields too. Autolinks carry no document in Payload (they are not populated).
 */
function linkData(field: RichTextField, node: Record<string, unknown>, out: NestedRelations) {
  const link = field.lexical?.link
  const data = node.fields
  if (!link || !isObject(data)) return
  const doc = data.doc
  if (data.linkType === 'internal' && isObject(doc) && typeof doc.relationTo === 'string') {
    if (link.collections.includes(doc.relationTo) && isId(doc.value))
      out.relations.push({
        object: doc,
        key: 'value',
        collection: doc.relationTo,
        id: doc.value,
        maxDepth: lower(field.maxDepth, link.maxDepth),
        keepId: true,
      })
  }
  if (link.fields.length) out.nested.push({ fields: link.fields as FlattenedField[], data })
}
