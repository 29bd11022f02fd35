/**
 * The node shapes of a Lexical serialized editor state as Payload 3 stores it (`{ root: { type: 'root', children } }`).
 * Types only: the converters read them defensively (a stored value is not trusted to match), and the rich-text
 * validation can reuse them.
 */

/** Every node: its `type` and the version of its serializer. */
export interface SerializedLexicalNode {
  type: string
  version: number
  [key: string]: unknown
}

/** Element formats (text alignment) Lexical writes on element nodes. */
export type ElementFormat = '' | 'left' | 'start' | 'center' | 'right' | 'end' | 'justify'

/** A node holding other nodes. */
export interface SerializedElementNode<
  T extends SerializedLexicalNode = SerializedLexicalNode,
> extends SerializedLexicalNode {
  children: T[]
  direction: 'ltr' | 'rtl' | null
  format: ElementFormat
  indent: number
}

export interface SerializedRootNode extends SerializedElementNode {
  type: 'root'
}

/** The value a `richText` field stores. */
export interface SerializedEditorState {
  root: SerializedRootNode
}

/** Lexical's text format bits (`TextNode.format`). */
export const TEXT_FORMAT = {
  bold: 1,
  italic: 1 << 1,
  strikethrough: 1 << 2,
  underline: 1 << 3,
  code: 1 << 4,
  subscript: 1 << 5,
  superscript: 1 << 6,
  highlight: 1 << 7,
} as const

export interface SerializedTextNode extends SerializedLexicalNode {
  type: 'text'
  text: string
  /** A bit set of `TEXT_FORMAT`. */
  format: number
  detail: number
  mode: 'normal' | 'token' | 'segmented'
  style: string
}

export interface SerializedParagraphNode extends SerializedElementNode {
  type: 'paragraph'
  textFormat?: number
  textStyle?: string
}
export interface SerializedHeadingNode extends SerializedElementNode {
  type: 'heading'
  tag: 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6'
}
export interface SerializedQuoteNode extends SerializedElementNode {
  type: 'quote'
}
export interface SerializedListNode extends SerializedElementNode {
  type: 'list'
  listType: 'bullet' | 'number' | 'check'
  tag: 'ul' | 'ol'
  start: number
}
/** A list item; a nested list is a `list` child of an item (the item's `indent` counts the levels). */
export interface SerializedListItemNode extends SerializedElementNode {
  type: 'listitem'
  checked?: boolean
  value: number
}

/** The document an internal link, a relationship or an upload points at: an id, or the document populated. */
export interface DocReference {
  relationTo: string
  value: string | number | Record<string, unknown>
}

export interface LinkFields {
  url?: string
  newTab?: boolean
  linkType?: 'custom' | 'internal'
  doc?: DocReference | null
  [key: string]: unknown
}
export interface SerializedLinkNode extends SerializedElementNode {
  type: 'link'
  fields: LinkFields
  id?: string
}
export interface SerializedAutoLinkNode extends SerializedElementNode {
  type: 'autolink'
  fields: LinkFields
}

export interface SerializedLineBreakNode extends SerializedLexicalNode {
  type: 'linebreak'
}
export interface SerializedTabNode extends Omit<SerializedTextNode, 'type'> {
  type: 'tab'
}
export interface SerializedHorizontalRuleNode extends SerializedLexicalNode {
  type: 'horizontalrule'
}

export interface SerializedTableNode extends SerializedElementNode {
  type: 'table'
}
export interface SerializedTableRowNode extends SerializedElementNode {
  type: 'tablerow'
}
export interface SerializedTableCellNode extends SerializedElementNode {
  type: 'tablecell'
  /** 0: a data cell; otherwise a header (1 row, 2 column, 3 both). */
  headerState: number
  colSpan?: number
  rowSpan?: number
  backgroundColor?: string | null
}

/** Payload's relationship node: a document shown in the text. */
export interface SerializedRelationshipNode extends SerializedLexicalNode, DocReference {
  type: 'relationship'
}
/** Payload's upload node: a document of an upload collection (`fields` holds the node's own extra fields). */
export interface SerializedUploadNode extends SerializedLexicalNode, DocReference {
  type: 'upload'
  id?: string
  fields?: Record<string, unknown> | null
}

/** A block's data: its `blockType` and its fields (Payload's code block is the `Code` block: `language`, `code`). */
export interface BlockFields {
  id?: string
  blockType: string
  blockName?: string | null
  [key: string]: unknown
}
export interface SerializedBlockNode extends SerializedLexicalNode {
  type: 'block'
  fields: BlockFields
}
export interface SerializedInlineBlockNode extends SerializedLexicalNode {
  type: 'inlineBlock'
  fields: BlockFields
}

/** Every node type the converters know. */
export type DefaultNode =
  | SerializedTextNode
  | SerializedParagraphNode
  | SerializedHeadingNode
  | SerializedQuoteNode
  | SerializedListNode
  | SerializedListItemNode
  | SerializedLinkNode
  | SerializedAutoLinkNode
  | SerializedLineBreakNode
  | SerializedTabNode
  | SerializedHorizontalRuleNode
  | SerializedTableNode
  | SerializedTableRowNode
  | SerializedTableCellNode
  | SerializedRelationshipNode
  | SerializedUploadNode
  | SerializedBlockNode
  | SerializedInlineBlockNode
