import { escapeHTML } from './escape.ts'
import { defaultHTMLConverters } from './html-converters.ts'
import type { SerializedLexicalNode } from './nodes.ts'
import type { ConvertLexicalToHTMLArgs, HTMLConverter, HTMLConverters } from './types.ts'
import { converterOf, hasContent, MAX_DEPTH, nodesOf, providedCSS, rootOf } from './walk.ts'

interface Walk {
  converters: HTMLConverters
  disableIndent?: boolean | string[]
  disableTextAlign?: boolean | string[]
}

/**
 * A Lexical editor state as HTML, as Payload's `convertLexicalToHTML` writes it: inside
 * `<div class="payload-richtext">` unless `disableContainer`. Every text and attribute value is escaped, link URLs
 * are limited to safe schemes, and a node without a converter renders its children (its JSON never).
 */
export function convertLexicalToHTML(args: ConvertLexicalToHTMLArgs): string {
  const root = rootOf(args.data)
  const defaults = defaultHTMLConverters({ internalDocToHref: args.internalDocToHref })
  const converters = resolveConverters(args.converters, defaults)
  const html = hasContent(root)
    ? convertNodesToHTML(nodesOf(root.children), root, 0, { ...args, converters }).join('')
    : ''
  if (args.disableContainer) return html
  return `<div class="${escapeHTML(args.className ?? 'payload-richtext')}">${html}</div>`
}

/** Converters given as an object are laid over the defaults (blocks maps merged); a function gets the defaults. */
export function resolveConverters(
  option: ConvertLexicalToHTMLArgs['converters'],
  defaults: HTMLConverters,
): HTMLConverters {
  if (typeof option === 'function') return option({ defaultConverters: defaults })
  if (!option) return defaults
  return {
    ...defaults,
    ...option,
    blocks: { ...defaults.blocks, ...option.blocks },
    inlineBlocks: { ...defaults.inlineBlocks, ...option.inlineBlocks },
  }
}

function convertNodesToHTML(
  nodes: SerializedLexicalNode[],
  parent: SerializedLexicalNode,
  depth: number,
  walk: Walk,
): string[] {
  if (depth >= MAX_DEPTH) return []
  const out: string[] = []
  nodes.forEach((node, childIndex) => {
    const nodesToHTML = (a: { nodes: unknown; parent?: SerializedLexicalNode }) =>
      convertNodesToHTML(nodesOf(a.nodes), a.parent ?? node, depth + 1, walk)
    const converter: HTMLConverter | undefined =
      converterOf<HTMLConverter>(walk.converters, node) ?? walk.converters.unknown
    const css = providedCSS(node, walk)
    let html: string
    if (converter === undefined) html = nodesToHTML({ nodes: node.children }).join('')
    else if (typeof converter === 'string') html = converter
    else
      html = converter({
        node,
        parent,
        childIndex,
        converters: walk.converters,
        nodesToHTML,
        providedCSSString: css,
        providedStyleTag: css ? ` style="${escapeHTML(css)}"` : '',
      })
    if (html) out.push(html)
  })
  return out
}
