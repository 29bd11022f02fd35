/**
 * Payload's inline toolbar (`InlineToolbarFeature`): while text is selected, the text formats and the link the
 * field enables float above the selection. Its buttons keep the selection (a mouse press does not take the focus);
 * Tab from the text reaches them.
 */
import { useContext, useLayoutEffect, useRef } from 'react'
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext'
import { t } from '../i18n.ts'
import { EditorContext } from './context.ts'
import { useActive } from './format.ts'
import { FormatButtons } from './Toolbar.tsx'

export function FloatingToolbar() {
  const [editor] = useLexicalComposerContext()
  const { label } = useContext(EditorContext)
  const active = useActive()
  const ref = useRef<HTMLDivElement>(null)
  const show = Boolean(active?.range)
  // Placed above the selection, within the editor's frame (CSSOM writes: the CSP allows no style attribute).
  useLayoutEffect(() => {
    const el = ref.current
    const root = editor.getRootElement()
    const host = el?.offsetParent
    const sel = window.getSelection()
    if (!el || !root || !host || !sel || sel.rangeCount === 0 || !root.contains(sel.anchorNode))
      return
    const rect = sel.getRangeAt(0).getBoundingClientRect()
    const frame = host.getBoundingClientRect()
    const top = rect.top - frame.top - el.offsetHeight - 6
    el.style.top = `${top < 0 ? rect.bottom - frame.top + 6 : top}px`
    el.style.left = `${Math.max(0, Math.min(rect.left - frame.left, frame.width - el.offsetWidth))}px`
  })
  if (!show) return null
  return (
    <div
      ref={ref}
      role="toolbar"
      aria-label={t('cms:selectionFormatting', { label })}
      className="rt-floating"
    >
      <FormatButtons active={active} />
    </div>
  )
}
