// `@payloadcms/richtext-lexical/html`: Lexical JSON to HTML, as Payload's synchronous converter writes it.
export { convertLexicalToHTML } from '../../server/richtext/html.ts'
