// `@payloadcms/richtext-lexical/plaintext`: Lexical JSON to plain text, as Payload's converter writes it.
export { convertLexicalToPlaintext } from '../../server/richtext/plaintext.ts'
