/**
 * Lexical rich text (Payload 3's serialized editor state) to HTML and plain text. Dependency-free and free of
 * Node-only APIs: the server exports it and the SDK ships the same module, so a browser renders without the server.
 */
export type * from './nodes.ts'
export { TEXT_FORMAT } from './nodes.ts'
export type * from './types.ts'
export { escapeHTML, sanitizeUrl } from './escape.ts'
export { convertLexicalToHTML } from './html.ts'
export { defaultHTMLConverters } from './html-converters.ts'
export { convertLexicalToPlaintext } from './plaintext.ts'
