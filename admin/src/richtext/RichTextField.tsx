/**
 * The rich-text field (a lazily loaded chunk): a Lexical editor whose value in and out is the serialized editor
 * state the server stores (`{ root }`), `null` when empty. Payload's uploads, relationships, blocks and rules are
 * decorator nodes shown as cards (nodes.tsx, cards.tsx); a stored state with nodes this editor still does not
 * know (tables, …) is shown read-only as JSON rather than lost.
 */
import { useState } from 'react'
import { LexicalComposer } from '@lexical/react/LexicalComposer'
import { RichTextPlugin } from '@lexical/react/LexicalRichTextPlugin'
import { ContentEditable } from '@lexical/react/LexicalContentEditable'
import { HistoryPlugin } from '@lexical/react/LexicalHistoryPlugin'
import { ListPlugin } from '@lexical/react/LexicalListPlugin'
import { LinkPlugin } from '@lexical/react/LexicalLinkPlugin'
import { OnChangePlugin } from '@lexical/react/LexicalOnChangePlugin'
import { LexicalErrorBoundary } from '@lexical/react/LexicalErrorBoundary'
import { HeadingNode, QuoteNode } from '@lexical/rich-text'
import { ListItemNode, ListNode } from '@lexical/list'
import { AutoLinkNode, LinkNode } from '@lexical/link'
import { labelOf } from '../schema.ts'
import { idOf } from '../edit/state.ts'
import { Shell, useValue, type FieldProps } from '../fields/Shell.tsx'
import { Toolbar } from './Toolbar.tsx'
import { EditorContext } from './cards.tsx'
import { PAYLOAD_NODES } from './nodes.tsx'
import { fromEditor, isState, toEditor, unknownTypes, type State } from './convert.ts'

const theme = {
  text: { bold: 'rt-bold', italic: 'rt-italic', underline: 'rt-underline' },
  paragraph: 'rt-p',
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
 * (Rows are keyed by id, so a row's editor moves with it: fields/Rows.tsx.)
 */
function useStart(value: State | null | undefined) {
  const now = isState(value) ? value : null
  const text = textOf(now)
  // `shows`: the value the editor holds, as text; `key`: its generation.
  const [start, setStart] = useState({ key: 0, initial: now, shows: text })
  if (text !== start.shows) setStart({ key: start.key + 1, initial: now, shows: text })
  const wrote = (next: State | null) => {
    const t = textOf(next)
    if (t === text) return false
    setStart((s) => ({ ...s, shows: t }))
    return true
  }
  return { ...start, wrote }
}

export default function RichTextField(props: FieldProps) {
  const { field, path, readOnly } = props
  const { value, set, error } = useValue<State | null>(path)
  const label = labelOf(field)
  const { key, initial, wrote } = useStart(value)
  const unknown = initial ? unknownTypes(initial) : []
  if (unknown.length)
    return (
      <Shell {...props}>
        <p className="field-description">
          This content holds parts this editor does not edit ({unknown.join(', ')}); shown as JSON.
        </p>
        <textarea
          id={idOf(path)}
          className="code"
          readOnly
          value={JSON.stringify(initial, null, 2)}
        />
      </Shell>
    )
  const config = {
    namespace: idOf(path),
    editable: !readOnly,
    nodes: [
      HeadingNode,
      QuoteNode,
      ListNode,
      ListItemNode,
      LinkNode,
      AutoLinkNode,
      ...PAYLOAD_NODES,
    ],
    theme,
    editorState: initial ? JSON.stringify(toEditor(initial)) : undefined,
    onError: (e: Error) => {
      throw e
    },
  }
  const describedBy = [
    field.admin?.description && `${idOf(path)}-description`,
    error && `${idOf(path)}-error`,
  ]
    .filter(Boolean)
    .join(' ')
  return (
    <Shell {...props} label={false}>
      <span className="label" id={`${idOf(path)}-label`}>
        {label}
        {field.required && <span aria-hidden="true"> *</span>}
      </span>
      <EditorContext.Provider value={field.editor}>
        <LexicalComposer key={key} initialConfig={config}>
          <div className="rt">
            {!readOnly && <Toolbar label={label} id={idOf(path)} editor={field.editor} />}
            <RichTextPlugin
              contentEditable={
                <ContentEditable
                  id={idOf(path)}
                  className="rt-content"
                  aria-label={label}
                  aria-describedby={describedBy || undefined}
                  aria-invalid={error ? true : undefined}
                />
              }
              ErrorBoundary={LexicalErrorBoundary}
            />
            <HistoryPlugin />
            <ListPlugin />
            <LinkPlugin />
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
