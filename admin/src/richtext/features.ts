/**
 * What a rich-text field's editor offers, from its description (`editor` of the field in `x-cms-admin`): the
 * toolbar, the floating toolbar, the slash menu and the markdown shortcuts offer only these, and the editor
 * registers only the nodes the server accepts for the field, so every save is a state the server validates.
 */
import type { TextFormatType } from 'lexical'
import type { HeadingTagType } from '@lexical/rich-text'
import type { AdminEntity, BlockDescription, RichTextEditor } from '../schema.ts'
import { t } from '../i18n.ts'

export type ListType = 'bullet' | 'number' | 'check'

export interface Features {
  /** Lexical's names of the text formats (`inlineCode` is Lexical's `code`). */
  formats: TextFormatType[]
  headings: HeadingTagType[]
  quote: boolean
  lists: ListType[]
  link: boolean
  /** Collections internal links may point at (those the admin shows). */
  linkCollections: string[]
  horizontalRule: boolean
  upload: string[]
  relationship: string[]
  blocks: BlockDescription[]
  inlineBlocks: BlockDescription[]
  inlineToolbar: boolean
  /** The node types a value may hold. */
  nodes: Set<string>
}

/** Payload's default features (an editor described without them: a server older than `formats`). */
const DEFAULT_FORMATS = [
  'bold',
  'italic',
  'underline',
  'strikethrough',
  'subscript',
  'superscript',
  'inlineCode',
]
const LEXICAL_FORMAT: Record<string, TextFormatType> = { inlineCode: 'code' }
const ALL_NODES = [
  'root',
  'paragraph',
  'text',
  'linebreak',
  'tab',
  'heading',
  'quote',
  'list',
  'listitem',
  'link',
  'autolink',
  'horizontalrule',
]

/** The words of the text formats (the `cms` namespace, words/richtext.ts). */
const FORMAT_WORDS: Partial<Record<TextFormatType, string>> = {
  bold: 'cms:bold',
  italic: 'cms:italic',
  underline: 'cms:underline',
  strikethrough: 'cms:strikethrough',
  subscript: 'cms:subscript',
  superscript: 'cms:superscript',
  code: 'cms:inlineCode',
}
const LIST_WORDS: Record<ListType, string> = {
  bullet: 'cms:bulletedList',
  number: 'cms:numberedList',
  check: 'cms:checkList',
}

export const formatLabel = (format: TextFormatType) => t(FORMAT_WORDS[format] ?? format)
export const headingLabel = (tag: string) => t('cms:headingLevel', { headingLevel: tag.slice(1) })
export const listLabel = (type: ListType) => t(LIST_WORDS[type])

/**
 * The features of a described editor; `shown` keeps the collections the admin shows (described, not hidden), as
 * Payload's link drawer leaves hidden collections out.
 */
export function featuresOf(
  editor: RichTextEditor | undefined,
  collections: AdminEntity[],
): Features {
  const nodes = new Set(editor?.nodes ?? ALL_NODES)
  const shown = (slugs: string[] | undefined) =>
    (slugs ?? []).filter((s) => collections.some((c) => c.slug === s && !c.hidden))
  return {
    formats: (editor ? (editor.formats ?? DEFAULT_FORMATS) : DEFAULT_FORMATS)
      .map((f) => LEXICAL_FORMAT[f] ?? (f as TextFormatType))
      .filter((f) => FORMAT_WORDS[f]),
    headings: nodes.has('heading')
      ? ((editor?.headingSizes ?? ['h1', 'h2', 'h3', 'h4', 'h5', 'h6']) as HeadingTagType[])
      : [],
    quote: nodes.has('quote'),
    lists: nodes.has('list')
      ? ((editor?.listTypes ?? ['bullet', 'number', 'check']) as ListType[])
      : [],
    link: nodes.has('link'),
    linkCollections: nodes.has('link') ? shown(editor?.link?.collections) : [],
    horizontalRule: nodes.has('horizontalrule'),
    upload: nodes.has('upload') ? shown(editor?.upload?.collections) : [],
    relationship: nodes.has('relationship') ? shown(editor?.relationship?.collections) : [],
    blocks: nodes.has('block') ? (editor?.blocks ?? []) : [],
    inlineBlocks: nodes.has('inlineBlock') ? (editor?.inlineBlocks ?? []) : [],
    inlineToolbar: editor ? editor.inlineToolbar !== false : true,
    nodes,
  }
}
