/**
 * The markdown shortcuts of the field's editor, as Payload's features register them: `## ` a heading of an enabled
 * size, `- `/`* ` a bulleted list, `1. ` a numbered list, `[ ] ` a check list, `> ` a quote, `---` a rule, and
 * the text formats `**bold**`, `*italic*`, `~~strikethrough~~`, `` `code` `` — each only where the field enables it.
 */
import {
  BOLD_ITALIC_STAR,
  BOLD_ITALIC_UNDERSCORE,
  BOLD_STAR,
  BOLD_UNDERSCORE,
  CHECK_LIST,
  HEADING,
  INLINE_CODE,
  ITALIC_STAR,
  ITALIC_UNDERSCORE,
  ORDERED_LIST,
  QUOTE,
  STRIKETHROUGH,
  UNORDERED_LIST,
  type ElementTransformer,
  type TextFormatTransformer,
  type Transformer,
} from '@lexical/markdown'
import type { Features } from './features.ts'
import { $createPayloadNode, HorizontalRuleNode } from './nodes.tsx'

const TEXT_FORMATS: TextFormatTransformer[] = [
  INLINE_CODE,
  BOLD_ITALIC_STAR,
  BOLD_ITALIC_UNDERSCORE,
  BOLD_STAR,
  BOLD_UNDERSCORE,
  ITALIC_STAR,
  ITALIC_UNDERSCORE,
  STRIKETHROUGH,
]

/** `---` (or `***`, `___`) and a space: Payload's horizontal rule. */
const RULE: ElementTransformer = {
  dependencies: [HorizontalRuleNode],
  export: () => null,
  regExp: /^(---|\*\*\*|___)\s?$/,
  replace: (parent, _children, _match, isImport) => {
    const rule = $createPayloadNode({ type: 'horizontalrule', version: 1 })
    if (isImport || parent.getNextSibling() !== null) parent.replace(rule)
    else parent.insertBefore(rule)
    rule.selectNext()
  },
  type: 'element',
}

export function transformersOf(f: Features): Transformer[] {
  const out: Transformer[] = []
  const heading: ElementTransformer = {
    ...HEADING,
    replace: (parent, children, match, isImport) =>
      f.headings.includes(`h${match[1].length}` as never)
        ? HEADING.replace(parent, children, match, isImport)
        : false,
  }
  if (f.headings.length) out.push(heading)
  if (f.quote) out.push(QUOTE)
  if (f.lists.includes('check')) out.push(CHECK_LIST)
  if (f.lists.includes('bullet')) out.push(UNORDERED_LIST)
  if (f.lists.includes('number')) out.push(ORDERED_LIST)
  if (f.horizontalRule) out.push(RULE)
  out.push(...TEXT_FORMATS.filter((t) => t.format.every((format) => f.formats.includes(format))))
  return out
}
