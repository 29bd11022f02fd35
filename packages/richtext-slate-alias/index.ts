// `@payloadcms/richtext-slate`: this CMS's rich text is Lexical. A config may name `slateEditor()` (examples/auth
// does, with no richText field); a richText field edited with it stops the start (server/config/slate-editor.ts).
export { slateEditor } from '../../server/config/slate-editor.ts'
