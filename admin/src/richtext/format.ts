/** What the toolbars share: the state of the selection (formats, block type) and the commands they run. */
import { useEffect, useState } from 'react'
import {
  $createParagraphNode,
  $getSelection,
  $isRangeSelection,
  type LexicalEditor,
  type TextFormatType,
} from 'lexical'
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext'
import {
  $createHeadingNode,
  $createQuoteNode,
  $isHeadingNode,
  $isQuoteNode,
  type HeadingTagType,
} from '@lexical/rich-text'
import { $setBlocksType } from '@lexical/selection'
import {
  $isListNode,
  INSERT_CHECK_LIST_COMMAND,
  INSERT_ORDERED_LIST_COMMAND,
  INSERT_UNORDERED_LIST_COMMAND,
  REMOVE_LIST_COMMAND,
} from '@lexical/list'
import { $findMatchingParent } from '@lexical/utils'
import { $isLinkNode } from '@lexical/link'
import type { ListType } from './features.ts'

export interface Active {
  formats: Set<TextFormatType>
  /** `h2`, `quote`, `bullet`, … or `paragraph`. */
  block: string
  link: boolean
  /** Some text is selected. */
  range: boolean
}

const FORMATS: TextFormatType[] = [
  'bold',
  'italic',
  'underline',
  'strikethrough',
  'subscript',
  'superscript',
  'code',
]

/** The selection's state (inside `editor.read`); null without a range selection. */
export function $active(): Active | null {
  const sel = $getSelection()
  if (!$isRangeSelection(sel)) return null
  const anchor = sel.anchor.getNode()
  const top = anchor.getKey() === 'root' ? null : anchor.getTopLevelElement()
  const list = $findMatchingParent(anchor, $isListNode)
  const block = $isHeadingNode(top)
    ? top.getTag()
    : $isQuoteNode(top)
      ? 'quote'
      : $isListNode(list)
        ? list.getListType()
        : 'paragraph'
  return {
    formats: new Set(FORMATS.filter((f) => sel.hasFormat(f))),
    block,
    link: Boolean($findMatchingParent(anchor, $isLinkNode)),
    range: !sel.isCollapsed() && sel.getTextContent().trim() !== '',
  }
}

/** The selection's state, kept as the editor changes. */
export function useActive(): Active | null {
  const [editor] = useLexicalComposerContext()
  const [active, setActive] = useState<Active | null>(null)
  useEffect(
    () =>
      editor.registerUpdateListener(({ editorState }) =>
        editorState.read(() => setActive($active())),
      ),
    [editor],
  )
  return active
}

/** Turns the selected blocks into headings of `tag` (back into paragraphs when they are). */
export function setHeading(editor: LexicalEditor, tag: HeadingTagType, on: boolean): void {
  editor.update(() => {
    const sel = $getSelection()
    if ($isRangeSelection(sel))
      $setBlocksType(sel, () => (on ? $createParagraphNode() : $createHeadingNode(tag)))
  })
}

export function setQuote(editor: LexicalEditor, on: boolean): void {
  editor.update(() => {
    const sel = $getSelection()
    if ($isRangeSelection(sel))
      $setBlocksType(sel, () => (on ? $createParagraphNode() : $createQuoteNode()))
  })
}

export function setParagraph(editor: LexicalEditor): void {
  editor.update(() => {
    const sel = $getSelection()
    if ($isRangeSelection(sel)) $setBlocksType(sel, () => $createParagraphNode())
  })
}

const LIST_COMMANDS = {
  bullet: INSERT_UNORDERED_LIST_COMMAND,
  number: INSERT_ORDERED_LIST_COMMAND,
  check: INSERT_CHECK_LIST_COMMAND,
}

/** Makes the selected blocks a list of `type` (back into paragraphs when they are one). */
export function setList(editor: LexicalEditor, type: ListType, on: boolean): void {
  if (on) editor.dispatchCommand(REMOVE_LIST_COMMAND, undefined)
  else editor.dispatchCommand(LIST_COMMANDS[type], undefined)
}
