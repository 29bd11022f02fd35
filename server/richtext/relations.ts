/**
 * The documents a Lexical value points at, as Payload 3's lexical population finds them: relationship and upload
 * nodes (`value`), internal links (`fields.doc.value`), and the data of the nodes carrying fields of their own
 * (blocks, inline blocks, upload nodes' `fields`, links' extra fields), which population walks with those fields.
 * Generic over the field type `F`, so this layer stays free of the config's types.
 */
import { isObjectRecord as isObject } from './escape.ts'

type Id = number | string
const isId = (v: unknown): v is Id => typeof v === 'number' || typeof v === 'string'

/** What an editor allows (the server's resolved editor has this shape). */
export interface LexicalTargets<F> {
  nodes: string[]
  blocks: { slug: string; fields: F[] }[]
  inlineBlocks: { slug: string; fields: F[] }[]
  relationship?: { collections: string[]; maxDepth?: number }
  upload?: { collections: string[]; fields: Record<string, F[]>; maxDepth?: number }
  link?: { collections: string[]; fields: F[]; maxDepth?: number }
}

/** A document a node points at: the object and key holding its id. */
export interface NodeRelation {
  object: Record<string, unknown>
  key: string
  collection: string
  id: Id
  /** The feature's bound (RelationshipFeature, UploadFeature, LinkFeature `maxDepth`). */
  maxDepth?: number
  /**
   * An internal link's document is a relationship field of the link in Payload: not found or not readable, it keeps
   * its id. A relationship or upload node's reads null then.
   */
  keepId?: boolean
}

export interface LexicalRelations<F> {
  relations: NodeRelation[]
  nested: { fields: F[]; data: Record<string, unknown> }[]
}

/** Nodes nested deeper are not looked into (validation bounds the depth of stored trees). */
const MAX_NESTING = 1000

/**
 * The relations in one value: an iterative walk (a stack, so a deep tree cannot exhaust the call stack) over the
 * node types and collections the editor allows. Autolinks are not populated (Payload gives them no population).
 */
export function lexicalRelations<F>(
  targets: LexicalTargets<F>,
  value: unknown,
): LexicalRelations<F> {
  const out: LexicalRelations<F> = { relations: [], nested: [] }
  const root = isObject(value) && isObject(value.root) ? value.root : undefined
  if (!root) return out
  const allowed = new Set(targets.nodes)
  const stack: { node: Record<string, unknown>; level: number }[] = [{ node: root, level: 0 }]
  while (stack.length) {
    const { node, level } = stack.pop()!
    const type = node.type
    if (typeof type !== 'string' || !allowed.has(type)) continue
    if (type === 'relationship') pointer(node, targets.relationship, out)
    else if (type === 'upload') {
      pointer(node, targets.upload, out)
      const own = targets.upload?.fields[String(node.relationTo)]
      if (own?.length && isObject(node.fields)) out.nested.push({ fields: own, data: node.fields })
    } else if (type === 'block' || type === 'inlineBlock') blockData(targets, node, out)
    else if (type === 'link') linkData(targets, node, out)
    if (level < MAX_NESTING && Array.isArray(node.children))
      for (let i = node.children.length - 1; i >= 0; i--) {
        const child: unknown = node.children[i]
        if (isObject(child)) stack.push({ node: child, level: level + 1 })
      }
  }
  return out
}

/** `{ relationTo, value }` of an allowed collection, holding an id. */
function pointer(
  holder: Record<string, unknown>,
  target: { collections: string[]; maxDepth?: number } | undefined,
  out: LexicalRelations<unknown>,
  keepId?: boolean,
): void {
  const slug = holder.relationTo
  if (!target || typeof slug !== 'string' || !target.collections.includes(slug)) return
  if (!isId(holder.value)) return
  out.relations.push({
    object: holder,
    key: 'value',
    collection: slug,
    id: holder.value,
    maxDepth: target.maxDepth,
    ...(keepId ? { keepId } : {}),
  })
}

/** A block's (or inline block's) data, walked with its block's fields. */
function blockData<F>(
  targets: LexicalTargets<F>,
  node: Record<string, unknown>,
  out: LexicalRelations<F>,
): void {
  const data = node.fields
  if (!isObject(data) || typeof data.blockType !== 'string') return
  const blocks = node.type === 'block' ? targets.blocks : targets.inlineBlocks
  const block = blocks.find((b) => b.slug === data.blockType)
  if (block?.fields.length) out.nested.push({ fields: block.fields, data })
}

/** A link: its internal document (bounded by the LinkFeature's maxDepth), and its extra fields walked as fields. */
function linkData<F>(
  targets: LexicalTargets<F>,
  node: Record<string, unknown>,
  out: LexicalRelations<F>,
): void {
  const link = targets.link
  const data = node.fields
  if (!link || !isObject(data)) return
  if (data.linkType === 'internal' && isObject(data.doc)) pointer(data.doc, link, out, true)
  if (link.fields.length) out.nested.push({ fields: link.fields, data })
}
