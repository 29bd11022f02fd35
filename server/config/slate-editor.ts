/**
 * Payload's legacy Slate editor (`slateEditor()` from `@payloadcms/richtext-slate`), for configs that still name
 * it. This server's rich text is Lexical: a config may name the Slate editor while no richText field uses it
 * (examples/auth sets it as the config's editor and has no rich text), and a richText field edited with it, its own
 * or the config's, stops the start saying what to use instead (sanitize/lexical.ts).
 */
export const SLATE = Symbol.for('contract-cms.slate')

export interface SlateEditor {
  readonly [SLATE]: 'editor'
  /** Payload's options (`admin`, `leaves`, `elements`…): kept, not read. */
  props: Record<string, unknown>
}

/** Payload's `slateEditor(args)`. */
export function slateEditor(props: Record<string, unknown> = {}): SlateEditor {
  return { [SLATE]: 'editor', props }
}

export const isSlateEditor = (v: unknown): v is SlateEditor =>
  typeof v === 'object' && v !== null && (v as Partial<SlateEditor>)[SLATE] === 'editor'

export const SLATE_REFUSED =
  "Slate rich text (@payloadcms/richtext-slate's slateEditor) is not supported: this server's rich text is Lexical. Use lexicalEditor from '@payloadcms/richtext-lexical' (Payload's own migration, its SlateToLexicalFeature, converts stored Slate values)."
