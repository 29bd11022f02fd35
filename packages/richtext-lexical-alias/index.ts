// `@payloadcms/richtext-lexical` is this CMS's editor: `lexicalEditor({ features })` and the features' names as a
// Payload config imports them decide which nodes a rich-text value may hold, as they do in Payload
// (server/config/lexical-editor.ts). The admin-side entry points (`/client`, `/rsc`, `/react`) are not here: a
// config's import closure does not reach them (only Payload's generated `importMap.js` does).
export {
  AlignFeature,
  BlockquoteFeature,
  BlocksFeature,
  BoldFeature,
  ChecklistFeature,
  defaultEditorFeatures,
  EXPERIMENTAL_TableFeature,
  FixedToolbarFeature,
  HeadingFeature,
  HorizontalRuleFeature,
  IndentFeature,
  InlineCodeFeature,
  InlineToolbarFeature,
  ItalicFeature,
  lexicalEditor,
  LinkFeature,
  OrderedListFeature,
  ParagraphFeature,
  RelationshipFeature,
  StrikethroughFeature,
  SubscriptFeature,
  SuperscriptFeature,
  TextStateFeature,
  TreeViewFeature,
  UnderlineFeature,
  UnorderedListFeature,
  UploadFeature,
} from '../../server/config/lexical-editor.ts'
export type {
  FeaturesArgs,
  LexicalEditor,
  LexicalEditorProps,
  LexicalFeature,
} from '../../server/config/lexical-editor.ts'
export { lexicalHTMLField } from '../../server/config/lexical-html-field.ts'
export { sanitizeUrl } from '../../server/richtext/escape.ts'
