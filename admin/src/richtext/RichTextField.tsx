/**
 * The rich-text field (a lazily loaded chunk): a Lexical editor whose value in and out is the serialized editor
 * state the server stores (`{ root }`), `null` when empty. It offers what the field's editor enables (features.ts):
 * the toolbar, a floating toolbar on a selection, a slash menu, markdown shortcuts, a link drawer with internal
 * links. Payload's uploads, relationships, blocks and rules are decorator nodes shown as cards whose fields are
 * edited in place (nodes.tsx, cards.tsx, blocks.tsx); a stored state with nodes this editor does not edit
 * (tables, …) is shown read-only as JSON rather than lost.
 */
import { useMemo, useRef, useState } from 'react'
import type { Klass, LexicalNode } from 'lexical'
import { LexicalComposer } from '@lexical/react/LexicalComposer'
import { RichTextPlugin } from '@lexical/react/LexicalRichTextPlugin'
import { ContentEditable } from '@lexical/react/LexicalContentEditable'
import { HistoryPlugin } from '@lexical/react/LexicalHistoryPlugin'
import { ListPlugin } from '@lexical/react/LexicalListPlugin'
import { CheckListPlugin } from '@lexical/react/LexicalCheckListPlugin'
import { LinkPlugin } from '@lexical/react/LexicalLinkPlugin'
import { OnChangePlugin } from '@lexical/react/LexicalOnChangePlugin'
import { MarkdownShortcutPlugin } from '@lexical/react/LexicalMarkdownShortcutPlugin'
import { LexicalErrorBoundary } from '@lexical/react/LexicalErrorBoundary'
import { HeadingNode, QuoteNode } from '@lexical/rich-text'
import { ListItemNode, ListNode } from '@lexical/list'
import { AutoLinkNode, LinkNode } from '@lexical/link'
import { labelOf } from '../schema.ts'
import { idOf } from '../edit/state.ts'
import { t } from '../i18n.ts'
import { useSession } from '../session.tsx'
import { Shell, useValue, type FieldProps } from '../fields/Shell.tsx'
import { Toolbar } from './Toolbar.tsx'
import { FloatingToolbar } from './Floating.tsx'
import { SlashMenu } from './SlashMenu.tsx'
import { LinkDrawer } from './LinkDrawer.tsx'
import { AllowedOnly } from './allowed.ts'
import { EditorContext, type EditorInfo } from './context.ts'
import { featuresOf, type Features } from './features.ts'
import { transformersOf } from './markdown.ts'
import { PAYLOAD_NODES } from './nodes.tsx'
import { fromEditor, isState, toEditor, unknownTypes, type State } from './convert.ts'

const theme = {
  text: {
    bold: 'rt-bold',
    italic: 'rt-italic',
    underline: 'rt-underline',
    strikethrough: 'rt-strikethrough',
    underlineStrikethrough: 'rt-underline-strikethrough',
    code: 'rt-code',
    subscript: 'rt-sub',
    superscript: 'rt-sup',
  },
  paragraph: 'rt-p',
  quote: 'rt-quote',
  list: { listitemChecked: 'rt-checked', listitemUnchecked: 'rt-unchecked' },
}

/** A value as text with its keys sorted (a database may give them back in another order), cached per object. */
const texts = new WeakMap<object, string>()
const sorted = (v: unknown): unknown =>
  Array.isArray(v)
    ? v.map(sorted)
    : v && typeof v === 'object'
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, sorted((v as Record<string, unknown>)[k])]),
        )
      : v
function textOf(state: State | null): string {
  if (!state) return 'null'
  let text = texts.get(state)
  if (text === undefined) texts.set(state, (text = JSON.stringify(sorted(state))))
  return text
}

/**
 * The editor is uncontrolled: it starts from the field's value, and what it writes comes back as the value. A value
 * that changes otherwise (the saved document's, …) starts it again: it never shows, nor writes back, a stale state.
 * Its own writes may come back late (a block's editor writes through the outer editor's next update, and React may
 * render in between): a value it wrote is never taken for another's. (Rows are keyed by id, so a row's editor
 * moves with it: fields/Rows.tsx.)
 */
function useStart(value: State | null | undefined) {
  const now = isState(value) ? value : null
  const text = textOf(now)
  // The texts this editor wrote since it started, and the last of them (what the value is about to be).
  const written = useRef<string[]>([])
  const latest = useRef(text)
  // `seen`: the value's text at the last render; `key`: the editor's generation.
  const [start, setStart] = useState({ key: 0, initial: now, seen: text })
  if (text !== start.seen) {
    // One of its writes arriving: the writes before it are past (a save's answer holding one starts it again).
    const own = written.current.indexOf(text) + 1
    written.current = own ? written.current.slice(own) : []
    if (!own) latest.current = text
    setStart(own ? { ...start, seen: text } : { key: start.key + 1, initial: now, seen: text })
  }
  const wrote = (next: State | null) => {
    const t = textOf(next)
    if (t === latest.current) return false
    latest.current = t
    written.current = [...written.current.slice(-19), t]
    return true
  }
  return { ...start, wrote }
}

/** The Lexical nodes of the node types the field allows (a pasted quote the field does not allow is a paragraph). */
function nodesOf(f: Features): Klass<LexicalNode>[] {
  const nodes: Klass<LexicalNode>[] = []
  if (f.headings.length) nodes.push(HeadingNode)
  if (f.quote) nodes.push(QuoteNode)
  if (f.lists.length) nodes.push(ListNode, ListItemNode)
  if (f.link) nodes.push(LinkNode, AutoLinkNode)
  return [...nodes, ...PAYLOAD_NODES]
}

function Plugins(props: { info: EditorInfo; readOnly: boolean }) {
  const { features } = props.info
  const transformers = useMemo(() => transformersOf(features), [features])
  return (
    <>
      <HistoryPlugin />
      {features.lists.length > 0 && <ListPlugin />}
      {features.lists.includes('check') && <CheckListPlugin />}
      {features.link && <LinkPlugin />}
      <AllowedOnly features={features} />
      {!props.readOnly && (
        <>
          <MarkdownShortcutPlugin transformers={transformers} />
          <SlashMenu />
          {features.inlineToolbar && <FloatingToolbar />}
          {features.link && <LinkDrawer />}
        </>
      )}
    </>
  )
}

export default function RichTextField(props: FieldProps) {
  const { field, path, readOnly } = props
  const { value, set, error } = useValue<State | null>(path)
  const { collections } = useSession().description
  const label = labelOf(field)
  const id = idOf(path)
  const { key, initial, wrote } = useStart(value)
  const info = useMemo<EditorInfo>(
    () => ({
      description: field.editor,
      features: featuresOf(field.editor, collections),
      id,
      label,
    }),
    [field.editor, collections, id, label],
  )
  const unknown = initial ? unknownTypes(initial, info.features.nodes) : []
  if (unknown.length)
    return (
      <Shell {...props}>
        <p className="field-description">{t('cms:unknownNodes', { types: unknown.join(', ') })}</p>
        <textarea id={id} className="code" readOnly value={JSON.stringify(initial, null, 2)} />
      </Shell>
    )
  const config = {
    namespace: id,
    editable: !readOnly,
    nodes: nodesOf(info.features),
    theme,
    editorState: initial ? JSON.stringify(toEditor(initial)) : undefined,
    onError: (e: Error) => {
      throw e
    },
  }
  const describedBy = [field.admin?.description && `${id}-description`, error && `${id}-error`]
    .filter(Boolean)
    .join(' ')
  return (
    <Shell {...props} label={false}>
      <span className="label" id={`${id}-label`}>
        {label}
        {field.required && <span aria-hidden="true"> *</span>}
      </span>
      <EditorContext.Provider value={info}>
        <LexicalComposer key={key} initialConfig={config}>
          <div className="rt">
            {!readOnly && <Toolbar />}
            <RichTextPlugin
              contentEditable={
                <ContentEditable
                  id={id}
                  className="rt-content"
                  aria-label={label}
                  aria-describedby={describedBy || undefined}
                  aria-invalid={error ? true : undefined}
                />
              }
              ErrorBoundary={LexicalErrorBoundary}
            />
            <Plugins info={info} readOnly={readOnly} />
            <OnChangePlugin
              ignoreSelectionChange
              onChange={(state) => {
                const next = fromEditor(state.toJSON() as unknown as State)
                if (wrote(next)) set(next)
              }}
            />
          </div>
        </LexicalComposer>
      </EditorContext.Provider>
    </Shell>
  )
}
