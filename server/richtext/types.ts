import type { DocReference, SerializedLexicalNode, SerializedLinkNode } from './nodes.ts'

/** What a converter is given: the node, its place, and the walk over any nodes (its children, usually). */
export interface ConverterArgs<N = SerializedLexicalNode, C = unknown> {
  node: N
  parent: SerializedLexicalNode
  childIndex: number
  converters: C
  /** The alignment and indent of an element node as CSS (`text-align: center;padding-inline-start: 40px;`). */
  providedCSSString: string
  /** The same as ` style="…"`, or '' when there is none. */
  providedStyleTag: string
}

/** A node to HTML: a function of the node, or a fixed string. The string returned is HTML: escape what it holds. */
export type HTMLConverter<N = SerializedLexicalNode> =
  | string
  | ((
      args: ConverterArgs<N, HTMLConverters> & {
        nodesToHTML: (args: { nodes: unknown; parent?: SerializedLexicalNode }) => string[]
      },
    ) => string)

/**
 * Converters keyed by node type; blocks and inline blocks keyed by their `blockType` under `blocks` and
 * `inlineBlocks`; `unknown` for a node no entry converts (by default its children are converted).
 */
export type HTMLConverters = {
  [nodeType: string]: HTMLConverter | Record<string, HTMLConverter> | undefined
  blocks?: Record<string, HTMLConverter>
  inlineBlocks?: Record<string, HTMLConverter>
  unknown?: HTMLConverter
}

/** Converters given whole, or a function of the defaults (Payload's `({ defaultConverters }) => ({ ... })`). */
export type HTMLConvertersOption =
  HTMLConverters | ((args: { defaultConverters: HTMLConverters }) => HTMLConverters)

/** The URL of a linked document: an internal link's (`linkNode`), or a relationship node's. */
export type InternalDocToHref = (args: {
  linkNode?: SerializedLinkNode
  relationTo: string
  value: DocReference['value']
}) => string | null | undefined

export interface ConvertLexicalToHTMLArgs {
  /** The rich-text value (anything: a value that is not an editor state converts to an empty container). */
  data: unknown
  converters?: HTMLConvertersOption
  /** Resolves internal links and relationship nodes; without it an internal link's href is `#`. */
  internalDocToHref?: InternalDocToHref
  /** The container's class (`payload-richtext`). */
  className?: string
  /** No container `<div>`. */
  disableContainer?: boolean
  /** No indent padding: all nodes, or the node types listed. */
  disableIndent?: boolean | string[]
  /** No text alignment: all nodes, or the node types listed. */
  disableTextAlign?: boolean | string[]
}

/** A node to plain text: a function of the node or a fixed string. */
export type PlaintextConverter<N = SerializedLexicalNode> =
  | string
  | ((
      args: ConverterArgs<N, PlaintextConverters> & {
        nodesToPlaintext: (args: { nodes: unknown; parent?: SerializedLexicalNode }) => string[]
      },
    ) => string)

export type PlaintextConverters = {
  [nodeType: string]: PlaintextConverter | Record<string, PlaintextConverter> | undefined
  blocks?: Record<string, PlaintextConverter>
  inlineBlocks?: Record<string, PlaintextConverter>
}
