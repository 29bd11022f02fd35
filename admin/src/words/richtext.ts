/** The admin's own words for richtext where Payload's translations have no key (the `cms` namespace, i18n.ts). */
export const WORDS: Record<string, string> = {
  // The toolbars (Payload's own are in its rich-text package, not in its translations).
  editorFormatting: '{{label}} formatting',
  selectionFormatting: '{{label}} selection formatting',
  bold: 'Bold',
  italic: 'Italic',
  underline: 'Underline',
  strikethrough: 'Strikethrough',
  subscript: 'Subscript',
  superscript: 'Superscript',
  inlineCode: 'Code',
  link: 'Link',
  headingLevel: 'Heading {{headingLevel}}',
  quote: 'Quote',
  bulletedList: 'Bulleted list',
  numberedList: 'Numbered list',
  checkList: 'Check list',
  horizontalRule: 'Horizontal rule',
  addInlineBlock: 'Add Inline Block',
  collection: 'Collection',
  // The slash menu.
  slashMenuBasic: 'Basic',
  slashMenuBlocks: 'Blocks',
  slashMenuInlineBlocks: 'Inline blocks',
  paragraph: 'Paragraph',
  upload: 'Upload',
  relationship: 'Relationship',
  // The link drawer.
  removeLink: 'Remove link',
  enterTextToDisplay: 'Enter the text to display.',
  // The cards of Payload's nodes (their names, for assistive technology).
  uploadCard: 'upload',
  uploadCardNamed: 'upload {{filename}}',
  relationshipCard: 'relationship',
  relationshipCardTo: 'relationship to {{title}}',
  horizontalRuleCard: 'horizontal rule',
  blockCard: '{{label}} block',
  removeCard: 'Remove {{name}}',
  unknownNodes: 'This content holds parts this editor does not edit ({{types}}); shown as JSON.',
  // Live preview.
  loadingPreview: 'Loading the preview…',
  previewSize: 'Preview size',
  responsive: 'Responsive',
  noPreviewURL: 'There is no preview URL for this document.',
  previewBlocked:
    'The preview at {{origin}} cannot be shown here: add that origin to admin.livePreview.origins in the config.',
}
