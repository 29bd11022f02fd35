/**
 * The editor's toolbar: the text formats, heading sizes, quote and list types the field's editor enables, link
 * (the link drawer), and the inserts it allows (upload, relationship, horizontal rule, blocks, inline blocks;
 * Insert.tsx), all keyboard reachable. A button that is on says so (`aria-pressed`).
 */
import { useContext, type ReactNode } from 'react'
import { FORMAT_TEXT_COMMAND } from 'lexical'
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext'
import { EditorContext, OPEN_LINK_COMMAND } from './context.ts'
import { t } from '../i18n.ts'
import { formatLabel, headingLabel, listLabel } from './features.ts'
import { setHeading, setList, setQuote, useActive, type Active } from './format.ts'
import { Inserts } from './Insert.tsx'

export function Toggle(props: { on: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      className="secondary small"
      aria-pressed={props.on}
      // The selection stays in the editor when a mouse presses the button.
      onMouseDown={(e) => e.preventDefault()}
      onClick={props.onClick}
    >
      {props.children}
    </button>
  )
}

/** The text formats and the link button (the fixed and the floating toolbar). */
export function FormatButtons(props: { active: Active | null }) {
  const [editor] = useLexicalComposerContext()
  const { features } = useContext(EditorContext)
  const { active } = props
  return (
    <>
      {features.formats.map((format) => (
        <Toggle
          key={format}
          on={Boolean(active?.formats.has(format))}
          onClick={() => editor.dispatchCommand(FORMAT_TEXT_COMMAND, format)}
        >
          {formatLabel(format)}
        </Toggle>
      ))}
      {features.link && (
        <Toggle
          on={Boolean(active?.link)}
          onClick={() => editor.dispatchCommand(OPEN_LINK_COMMAND, undefined)}
        >
          {t('cms:link')}
        </Toggle>
      )}
    </>
  )
}

export function Toolbar() {
  const [editor] = useLexicalComposerContext()
  const { features, label } = useContext(EditorContext)
  const active = useActive()
  const block = active?.block
  return (
    <div role="toolbar" aria-label={t('cms:editorFormatting', { label })} className="rt-toolbar">
      <FormatButtons active={active} />
      {features.headings.map((tag) => (
        <Toggle key={tag} on={block === tag} onClick={() => setHeading(editor, tag, block === tag)}>
          {headingLabel(tag)}
        </Toggle>
      ))}
      {features.quote && (
        <Toggle on={block === 'quote'} onClick={() => setQuote(editor, block === 'quote')}>
          {t('cms:quote')}
        </Toggle>
      )}
      {features.lists.map((type) => (
        <Toggle
          key={type}
          on={block === type}
          onClick={() => setList(editor, type, block === type)}
        >
          {listLabel(type)}
        </Toggle>
      ))}
      <Inserts />
    </div>
  )
}
