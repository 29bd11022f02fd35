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
