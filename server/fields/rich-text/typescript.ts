import type { RichTextField } from '../../config/types.ts'
import type { TsKit } from '../types.ts'
import { editorName } from './schema.ts'
import { ELEMENTS, LINK_TYPES, LIST_TAGS, TEXT_MODES, ELEMENT_FORMATS } from './nodes.ts'

/**
 * The TypeScript type of a rich-text value: one named set per distinct editor, as in the contract
 * (`RichTextBody`, its node union `RichTextBodyNode`), recursive (TypeScript allows it). Documents a node points
 * at read as an id, the document populated, or null, as relationship fields do.
 */

const union = (values: readonly (string | null)[]) =>
  values.map((v) => (v === null ? 'null' : JSON.stringify(v))).join(' | ') || 'never'

export function richTextTypescript(field: RichTextField, kit: TsKit): string {
  const lexical = field.lexical
  if (!lexical) return '{ [k: string]: unknown }'
  const n = editorName(field, lexical, kit.config)
  const has = (t: string) => lexical.nodes.includes(t)
  const ref = (targets: string[]) =>
    targets
      .map(
        (s) =>
          `{ relationTo: ${JSON.stringify(s)}; value: ${kit.idType(s)} | ${kit.docName(s)} | null }`,
      )
      .join(' | ') || 'never'
  const node = (type: string, body: string) =>
    `{ type: ${JSON.stringify(type)}; version: number;${body} [k: string]: unknown }`
  // The keys every element has (Lexical's), then its type's own.
  const elementKeys = ` children: ${n}Node[]; direction: 'ltr' | 'rtl' | null; format: ${union(ELEMENT_FORMATS)}; indent: number;`
  const el = (type: string, own = '') => node(type, elementKeys + own)
  const members: string[] = []
  const text = ` text: string; format: number; detail: number; mode: ${union(TEXT_MODES)}; style: string;`
  for (const t of ['text', 'tab'].filter(has)) members.push(node(t, text))
  for (const t of ['linebreak', 'horizontalrule'].filter(has)) members.push(node(t, ''))
  if (has('relationship'))
    members.push(
      `(${node('relationship', '')} & (${ref(lexical.relationship?.collections ?? [])}))`,
    )
  if (has('upload'))
    members.push(
      `(${node('upload', ' fields?: { [k: string]: unknown } | null;')} & (${ref(lexical.upload?.collections ?? [])}))`,
    )
  for (const [t, blocks] of [
    ['block', lexical.blocks],
    ['inlineBlock', lexical.inlineBlocks],
  ] as const) {
    if (!has(t) || !blocks.length) continue
    const fields = blocks.map((b) =>
      kit.object(b.fields, [
        'id?: string | null;',
        'blockName?: string | null;',
        `blockType: ${JSON.stringify(b.slug)};`,
      ]),
    )
    members.push(node(t, ` fields: ${fields.join(' | ')};`))
  }
  const linkFields = `{ url?: string; newTab?: boolean; linkType?: ${union(LINK_TYPES)}; doc?: (${ref(lexical.link?.collections ?? [])}) | null; [k: string]: unknown }`
  for (const t of lexical.nodes.filter((t) => ELEMENTS.has(t) && t !== 'root')) {
    const own =
      t === 'heading'
        ? ` tag: ${union(lexical.headingSizes)};`
        : t === 'list'
          ? ` listType: ${union(lexical.listTypes)}; tag: ${union(LIST_TAGS)}; start: number;`
          : t === 'listitem'
            ? ' value: number; checked?: boolean;'
            : t === 'tablecell'
              ? ' headerState: number;'
              : t === 'link' || t === 'autolink'
                ? ` fields: ${kit.alias(`${n}LinkFields`, linkFields)};`
                : ''
    members.push(el(t, own))
  }
  kit.alias(`${n}Node`, members.join(' | ') || 'never')
  return kit.named(n, `{\n  root: ${el('root')};\n}`)
}
