import type { Block, Field } from './types.ts'

/**
 * The rich-text editor a `richText` field (or the config's `editor`) names: Payload 3's `lexicalEditor({ features })`
 * with its features' names, so a Payload config moves with its imports changed to `contract-cms`. On the server an
 * editor decides which Lexical nodes a value may hold (validation, the contracts' `RichText` schemas) and what
 * its relationship, upload, link and block nodes point at (population); toolbars and other admin features are
 * accepted and change nothing here.
 */

/** Marks the editors and features made here (a Payload adapter passed as is has none). */
export const LEXICAL = Symbol.for('contract-cms.lexical')

/** One feature of an editor, as `BoldFeature()` or `BlocksFeature({ blocks })` makes it. */
export interface LexicalFeature {
  readonly [LEXICAL]: 'feature'
  /** Payload's feature key (`heading`, `blocks`, `link`, …). */
  key: string
  props: Record<string, unknown>
}

/** What a `features` function is given (Payload's names). */
export interface FeaturesArgs {
  /** The default features (`defaultEditorFeatures`). */
  defaultFeatures: LexicalFeature[]
  /** The features of the config's own `editor` (its defaults when it has none). */
  rootFeatures: LexicalFeature[]
}

export interface LexicalEditorProps {
  /** The features, or a function of the defaults and the config editor's (Payload's shape). Default: the defaults. */
  features?: LexicalFeature[] | ((args: FeaturesArgs) => LexicalFeature[])
  /** Payload's admin options of the editor: kept for an admin UI. */
  admin?: Record<string, unknown>
  /** Payload's Lexical editor options: kept for an admin UI. */
  lexical?: Record<string, unknown>
}

export interface LexicalEditor {
  readonly [LEXICAL]: 'editor'
  props: LexicalEditorProps
}

/** Payload's `lexicalEditor`: the rich-text editor of a field or of the config. */
export function lexicalEditor(props: LexicalEditorProps = {}): LexicalEditor {
  return { [LEXICAL]: 'editor', props }
}

export const isLexicalEditor = (v: unknown): v is LexicalEditor =>
  typeof v === 'object' && v !== null && (v as Partial<LexicalEditor>)[LEXICAL] === 'editor'
export const isLexicalFeature = (v: unknown): v is LexicalFeature =>
  typeof v === 'object' && v !== null && (v as Partial<LexicalFeature>)[LEXICAL] === 'feature'

const feature =
  <P extends object = Record<string, never>>(key: string) =>
  (props?: P): LexicalFeature => ({
    [LEXICAL]: 'feature',
    key,
    props: { ...(props ?? {}) } as Record<string, unknown>,
  })

type Heading = 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6'
/** Collections a relationship or link may point at: those listed, or all but those listed. */
type Collections =
  | { enabledCollections?: string[]; disabledCollections?: never }
  | { disabledCollections?: string[]; enabledCollections?: never }

// Text formats, alignment, indentation and toolbars: no nodes of their own.
export const BoldFeature = feature('bold')
export const ItalicFeature = feature('italic')
export const UnderlineFeature = feature('underline')
export const StrikethroughFeature = feature('strikethrough')
export const SubscriptFeature = feature('subscript')
export const SuperscriptFeature = feature('superscript')
export const InlineCodeFeature = feature('inlineCode')
export const AlignFeature = feature('align')
export const IndentFeature = feature<{ disabledNodes?: string[] }>('indent')
export const InlineToolbarFeature = feature('inlineToolbar')
export const FixedToolbarFeature = feature<{ applyToFocusedEditor?: boolean }>('fixedToolbar')
export const TreeViewFeature = feature('treeView')
export const TextStateFeature = feature<{ state?: Record<string, unknown> }>('textState')
// Nodes.
export const ParagraphFeature = feature('paragraph')
/** `heading` nodes of the sizes listed (default h1 to h6). */
export const HeadingFeature = feature<{ enabledHeadingSizes?: Heading[] }>('heading')
export const BlockquoteFeature = feature('blockquote')
export const UnorderedListFeature = feature('unorderedList')
export const OrderedListFeature = feature('orderedList')
export const ChecklistFeature = feature('checklist')
export const HorizontalRuleFeature = feature('horizontalRule')
/** `link` and `autolink` nodes; internal links point at the collections allowed, `fields` adds fields of its own. */
export const LinkFeature = feature<
  Collections & {
    fields?: Field[] | ((args: { defaultFields: Field[] }) => Field[])
    maxDepth?: number
  }
>('link')
/** `relationship` nodes (a document shown in the text), populated like a relationship field (`maxDepth`). */
export const RelationshipFeature = feature<Collections & { maxDepth?: number }>('relationship')
/** `upload` nodes: documents of upload collections; `collections[slug].fields` are the node's own fields. */
export const UploadFeature = feature<{
  collections?: Record<string, { fields?: Field[] }>
  maxDepth?: number
}>('upload')
/** `block` and `inlineBlock` nodes holding the blocks listed, validated and populated with their fields. */
export const BlocksFeature = feature<{ blocks?: Block[]; inlineBlocks?: Block[] }>('blocks')
/** `table`, `tablerow` and `tablecell` nodes. */
export const EXPERIMENTAL_TableFeature = feature('experimental_table')

/** Payload's default features (`defaultEditorFeatures`): everything but blocks and tables. */
export const defaultEditorFeatures: LexicalFeature[] = [
  BoldFeature(),
  ItalicFeature(),
  UnderlineFeature(),
  StrikethroughFeature(),
  SubscriptFeature(),
  SuperscriptFeature(),
  InlineCodeFeature(),
  ParagraphFeature(),
  HeadingFeature(),
  AlignFeature(),
  IndentFeature(),
  UnorderedListFeature(),
  OrderedListFeature(),
  ChecklistFeature(),
  LinkFeature(),
  RelationshipFeature(),
  BlockquoteFeature(),
  UploadFeature(),
  HorizontalRuleFeature(),
  InlineToolbarFeature(),
]

/**
 * Payload's code block (`CodeBlock()`): a block `Code` with `language` and `code`, which the HTML converter writes
 * as `<pre><code>`.
 */
export function CodeBlock(
  args: { slug?: string; defaultLanguage?: string; languages?: Record<string, string> } = {},
): Block {
  const languages = args.languages ?? {
    plaintext: 'Plain Text',
    js: 'JavaScript',
    ts: 'TypeScript',
  }
  return {
    slug: args.slug ?? 'Code',
    fields: [
      {
        name: 'language',
        type: 'select',
        defaultValue: args.defaultLanguage ?? Object.keys(languages)[0],
        options: Object.entries(languages).map(([value, label]) => ({ value, label })),
      },
      { name: 'code', type: 'code' },
    ],
  }
}
