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

export default function RichTextField(props: FieldProps) {
  const { field, path, readOnly } = props
  const { value, set, error } = useValue<State | null>(path)
  const label = labelOf(field)
  // The editor is uncontrolled: it starts from the value the field had when it mounted.
  const [initial] = useState(() => (isState(value) ? value : null))
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
        <LexicalComposer initialConfig={config}>
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
                if (JSON.stringify(next) !== JSON.stringify(value ?? null)) set(next)
              }}
            />
          </div>
        </LexicalComposer>
      </EditorContext.Provider>
    </Shell>
  )
}
