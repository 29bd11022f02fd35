import { convertLexicalToHTML } from '../richtext/html.ts'
import type { ConvertLexicalToHTMLArgs, HTMLConvertersOption } from '../richtext/types.ts'
import type { CodeField } from './types.ts'

/** The options of `lexicalHTMLField`: Payload 3's, and the converter's own (`internalDocToHref`, the container). */
export interface LexicalHTMLFieldArgs extends Pick<
  ConvertLexicalToHTMLArgs,
  'internalDocToHref' | 'className' | 'disableContainer' | 'disableIndent' | 'disableTextAlign'
> {
  /** The sibling `richText` field to convert. */
  lexicalFieldName: string
  /** The name of the field holding the HTML. */
  htmlFieldName: string
  converters?: HTMLConvertersOption
  /** Hidden in the admin UI (`true`, as Payload). */
  hidden?: boolean
  /** Payload can store the HTML; here it is always computed on read: only `false` is accepted. */
  storeInDB?: false
}

/**
 * Payload's `lexicalHTMLField`: a virtual `code` field whose value is the sibling rich-text field's HTML,
 * converted on every read (afterRead) from the value as read, so populated links and uploads render with their
 * documents. A rich-text value that is empty or missing gives `''`.
 *
 * @example
 * fields: [{ name: 'body', type: 'richText' }, lexicalHTMLField({ lexicalFieldName: 'body', htmlFieldName: 'body_html' })]
 */
export function lexicalHTMLField(args: LexicalHTMLFieldArgs): CodeField {
  const { lexicalFieldName, htmlFieldName, hidden = true, storeInDB, ...convert } = args
  if (typeof htmlFieldName !== 'string' || !htmlFieldName)
    throw new Error('lexicalHTMLField: htmlFieldName must be a non-empty string')
  if (typeof lexicalFieldName !== 'string' || !lexicalFieldName)
    throw new Error(
      `lexicalHTMLField (${htmlFieldName}): lexicalFieldName must be a non-empty string`,
    )
  if ((storeInDB as unknown) === true)
    throw new Error(
      `lexicalHTMLField (${htmlFieldName}): storeInDB is not supported, the HTML is computed on every read`,
    )
  return {
    name: htmlFieldName,
    type: 'code',
    virtual: true,
    admin: { hidden, readOnly: true, editorOptions: { language: 'html' } },
    hooks: {
      afterRead: [
        ({ siblingData }) => {
          const data = siblingData[lexicalFieldName]
          return data ? convertLexicalToHTML({ ...convert, data }) : ''
        },
      ],
    },
  }
}
