import type { SerializedLexicalNode } from './nodes.ts'
import type { PlaintextConverter, PlaintextConverters } from './types.ts'
import { converterOf, hasContent, MAX_DEPTH, nodesOf, rootOf } from './walk.ts'

const BLOCKS = new Set(['paragraph', 'heading', 'list', 'table', 'quote'])
const LINES = new Set(['listitem', 'tablerow'])

/**
 * A Lexical editor state as plain text, as Payload's `convertLexicalToPlaintext`: text nodes' text, a blank line
 * before each paragraph, heading, list, quote or table after the first, a newline before each list item and
 * table row, ` | ` between cells, `\n` for a line break and `\t` for a tab. Converters override any node type
 * (`blocks` and `inlineBlocks` by `blockType`; a block without one gives nothing).
 */
export function convertLexicalToPlaintext(args: {
  data: unknown
  converters?: PlaintextConverters
}): string {
  const root = rootOf(args.data)
  if (!hasContent(root)) return ''
  return convertNodes(nodesOf(root.children), root, 0, args.converters ?? {}).join('')
}

function convertNodes(
  nodes: SerializedLexicalNode[],
  parent: SerializedLexicalNode,
  depth: number,
  converters: PlaintextConverters,
): string[] {
  if (depth >= MAX_DEPTH) return []
  const out: string[] = []
  nodes.forEach((node, childIndex) => {
    const nodesToPlaintext = (a: { nodes: unknown; parent?: SerializedLexicalNode }) =>
      convertNodes(nodesOf(a.nodes), a.parent ?? node, depth + 1, converters)
    const converter: PlaintextConverter | undefined = converterOf(converters, node)
    if (typeof converter === 'string') out.push(converter)
    else if (converter) {
      out.push(
        converter({
          node,
          parent,
          childIndex,
          converters,
          nodesToPlaintext,
          providedCSSString: '',
          providedStyleTag: '',
        }),
      )
    } else out.push(...defaultPlaintext(node, out.length > 0, nodesToPlaintext))
  })
  return out.filter(Boolean)
}

/** The heuristic for a node without a converter: separators, the node's text, then its children's. */
function defaultPlaintext(
  node: SerializedLexicalNode,
  after: boolean,
  nodesToPlaintext: (a: { nodes: unknown }) => string[],
): string[] {
  const out: string[] = []
  if (BLOCKS.has(node.type)) {
    if (after) out.push('\n\n')
  } else if (LINES.has(node.type)) {
    if (after) out.push('\n')
  } else if (node.type === 'tablecell') {
    if (after) out.push(' | ')
  } else if (node.type === 'linebreak') out.push('\n')
  else if (node.type === 'tab') out.push('\t')
  else if (typeof node.text === 'string') out.push(node.text)
  if (node.type === 'block' || node.type === 'inlineBlock') return out
  out.push(...nodesToPlaintext({ nodes: node.children }))
  return out
}
