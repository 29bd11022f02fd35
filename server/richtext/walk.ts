import { isObjectRecord } from './escape.ts'
import type { SerializedLexicalNode, SerializedRootNode } from './nodes.ts'

/** Deeper nodes are not converted: a hostile tree cannot exhaust the stack (validation bounds depth on writes). */
export const MAX_DEPTH = 200

/** The root of an editor state, or undefined when the value is not one. */
export function rootOf(data: unknown): SerializedRootNode | undefined {
  if (!isObjectRecord(data) || !isObjectRecord(data.root)) return undefined
  return data.root as SerializedRootNode
}

/** Whether the state holds anything: Lexical's empty state is a root with one empty paragraph. */
export function hasContent(root: SerializedRootNode | undefined): root is SerializedRootNode {
  const children = nodesOf(root?.children)
  if (children.length === 0) return false
  if (children.length > 1) return true
  return !(children[0].type === 'paragraph' && nodesOf(children[0].children).length === 0)
}

/** The nodes of a `children` value: objects with a string `type` only (anything else is skipped). */
export function nodesOf(value: unknown): SerializedLexicalNode[] {
  if (!Array.isArray(value)) return []
  return value.filter(
    (n): n is SerializedLexicalNode => isObjectRecord(n) && typeof n.type === 'string',
  )
}

type ConverterMap<T> = { [key: string]: T | Record<string, T> | undefined }

/** The converter of a node: by `blockType` for blocks and inline blocks, by `type` otherwise. */
export function converterOf<T>(
  converters: ConverterMap<T>,
  node: SerializedLexicalNode,
): T | undefined {
  const pick = (v: unknown) =>
    typeof v === 'function' || typeof v === 'string' ? (v as T) : undefined
  if (node.type === 'block' || node.type === 'inlineBlock') {
    const map = converters[node.type === 'block' ? 'blocks' : 'inlineBlocks']
    const blockType = isObjectRecord(node.fields) ? node.fields.blockType : undefined
    if (!isObjectRecord(map) || typeof blockType !== 'string') return undefined
    return Object.hasOwn(map, blockType) ? pick(map[blockType]) : undefined
  }
  if (node.type === 'blocks' || node.type === 'inlineBlocks') return undefined
  return Object.hasOwn(converters, node.type) ? pick(converters[node.type]) : undefined
}

const ALIGNMENTS = new Set(['left', 'start', 'center', 'right', 'end', 'justify'])

const disabled = (option: boolean | string[] | undefined, type: string) =>
  option === true || (Array.isArray(option) && option.includes(type))

/** An element node's alignment and indent as CSS, as Payload writes them (40px per indent level). */
export function providedCSS(
  node: SerializedLexicalNode,
  options: { disableIndent?: boolean | string[]; disableTextAlign?: boolean | string[] },
): string {
  let css = ''
  if (!disabled(options.disableTextAlign, node.type) && ALIGNMENTS.has(node.format as string))
    css += `text-align: ${node.format as string};`
  const indent = node.indent
  const indented = typeof indent === 'number' && Number.isInteger(indent) && indent > 0
  if (!disabled(options.disableIndent, node.type) && indented && node.type !== 'listitem')
    css += `padding-inline-start: ${indent * 40}px;`
  return css
}
