/**
 * The rules of Lexical's serialized nodes that the validator (validate.ts) and the contract (schema.ts) share, so
 * that a value the schema accepts is one the server accepts.
 */

/** Element formats (alignment) Lexical writes on element nodes (`ElementFormatType`). */
export const ELEMENT_FORMATS = ['', 'left', 'start', 'center', 'right', 'end', 'justify']
export const DIRECTIONS = ['ltr', 'rtl']
/** Text modes of text and tab nodes. */
export const TEXT_MODES = ['normal', 'token', 'segmented']
export const LINK_TYPES = ['custom', 'internal']
export const LIST_TAGS = ['ul', 'ol']
/** Keys Payload's link `fields` always may hold; the LinkFeature's own `fields` come beside them. */
export const LINK_KEYS = ['url', 'newTab', 'linkType', 'doc']
/** Keys of a block node's `fields` besides the block's fields. */
export const BLOCK_KEYS = ['id', 'blockType', 'blockName']

/** Node types that hold `children`. */
export const ELEMENTS = new Set([
  'root',
  'paragraph',
  'heading',
  'quote',
  'list',
  'listitem',
  'link',
  'autolink',
  'table',
  'tablerow',
  'tablecell',
])
/** Node types with the text keys (`text`, `format`, `detail`, `mode`, `style`). */
export const TEXTS = new Set(['text', 'tab'])

/**
 * The keys a node may leave out, as Payload's validation accepts such nodes (`{ type: 'text', text, version: 1 }`),
 * with the values Lexical itself writes for them. A write fills them in, so what a read answers has every key the
 * read contract names; the input contract leaves them optional.
 */
const COMMON_DEFAULTS = { version: 1 }
const ELEMENT_DEFAULTS = { direction: null, format: '', indent: 0 }
const TEXT_DEFAULTS = { format: 0, detail: 0, mode: 'normal', style: '' }
const TYPE_DEFAULTS: Record<string, Record<string, unknown>> = {
  list: { start: 1 },
  listitem: { value: 1 },
  tablecell: { headerState: 0 },
}

/** The defaults of a node of `type` (see above). */
export function nodeDefaults(type: string): Record<string, unknown> {
  return {
    ...COMMON_DEFAULTS,
    ...(ELEMENTS.has(type) ? ELEMENT_DEFAULTS : {}),
    ...(TEXTS.has(type) ? TEXT_DEFAULTS : {}),
    ...TYPE_DEFAULTS[type],
  }
}
