/**
 * The editor's toolbar: bold, italic, underline, h2/h3, bulleted and numbered lists, link, and the inserts the
 * field's editor allows (upload, relationship, horizontal rule; Insert.tsx), all keyboard reachable.
 */
import { useEffect, useState } from 'react'
import {
  $createParagraphNode,
  $getSelection,
  $isRangeSelection,
  FORMAT_TEXT_COMMAND,
  type TextFormatType,
} from 'lexical'
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext'
import { $createHeadingNode, $isHeadingNode } from '@lexical/rich-text'
import { $setBlocksType } from '@lexical/selection'
import { INSERT_ORDERED_LIST_COMMAND, INSERT_UNORDERED_LIST_COMMAND } from '@lexical/list'
import { TOGGLE_LINK_COMMAND } from '@lexical/link'
import type { RichTextEditor } from '../schema.ts'
import { Inserts } from './Insert.tsx'

const FORMATS: [TextFormatType, string][] = [
  ['bold', 'Bold'],
  ['italic', 'Italic'],
  ['underline', 'Underline'],
]

export function Toolbar(props: { label: string; id: string; editor?: RichTextEditor }) {
  const [editor] = useLexicalComposerContext()
  const [active, setActive] = useState<Record<string, boolean>>({})
  useEffect(
    () =>
      editor.registerUpdateListener(({ editorState }) =>
        editorState.read(() => {
          const sel = $getSelection()
          if (!$isRangeSelection(sel)) return
          const top = sel.anchor.getNode().getTopLevelElement()
          const tag = $isHeadingNode(top) ? top.getTag() : ''
          setActive({
            bold: sel.hasFormat('bold'),
            italic: sel.hasFormat('italic'),
            underline: sel.hasFormat('underline'),
            h2: tag === 'h2',
            h3: tag === 'h3',
          })
        }),
      ),
    [editor],
  )
  const heading = (tag: 'h2' | 'h3') =>
    editor.update(() => {
      const sel = $getSelection()
      if ($isRangeSelection(sel))
        $setBlocksType(sel, () => (active[tag] ? $createParagraphNode() : $createHeadingNode(tag)))
    })
  const link = () => {
    const url = window.prompt('Link URL (empty to remove the link)')
    if (url === null) return
    editor.dispatchCommand(TOGGLE_LINK_COMMAND, url.trim() ? url.trim() : null)
  }
  return (
    <div role="toolbar" aria-label={`${props.label} formatting`} className="rt-toolbar">
      {FORMATS.map(([format, name]) => (
        <button
          key={format}
          type="button"
          className="secondary small"
          aria-pressed={Boolean(active[format])}
          onClick={() => editor.dispatchCommand(FORMAT_TEXT_COMMAND, format)}
        >
          {name}
        </button>
      ))}
      {(['h2', 'h3'] as const).map((tag) => (
        <button
          key={tag}
          type="button"
          className="secondary small"
          aria-pressed={Boolean(active[tag])}
          onClick={() => heading(tag)}
        >
          {tag === 'h2' ? 'Heading 2' : 'Heading 3'}
        </button>
      ))}
      <button
        type="button"
        className="secondary small"
        onClick={() => editor.dispatchCommand(INSERT_UNORDERED_LIST_COMMAND, undefined)}
      >
        Bulleted list
      </button>
      <button
        type="button"
        className="secondary small"
        onClick={() => editor.dispatchCommand(INSERT_ORDERED_LIST_COMMAND, undefined)}
      >
        Numbered list
      </button>
      <button type="button" className="secondary small" onClick={link}>
        Link
      </button>
      {props.editor && <Inserts editor={props.editor} id={props.id} />}
    </div>
  )
}
