/**
 * The toolbar's inserts for Payload's nodes, each shown only when the field's editor allows that node: an upload
 * or a relationship (pick a document by searching its collection), a horizontal rule.
 */
import { useState } from 'react'
import { $insertNodes } from 'lexical'
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext'
import { useSession } from '../session.tsx'
import type { RichTextEditor } from '../schema.ts'
import { Search } from '../fields/Relationship.tsx'
import { $createPayloadNode, type PayloadJSON } from './nodes.tsx'

type Kind = 'upload' | 'relationship'

/** The node Payload's features write for a picked document (versions as the server's nodes have them). */
const docNode = (kind: Kind, relationTo: string, value: string | number): PayloadJSON =>
  kind === 'upload'
    ? { type: 'upload', relationTo, value, fields: {}, format: '', version: 3 }
    : { type: 'relationship', relationTo, value, format: '', version: 2 }

function Picker(props: {
  kind: Kind
  collections: string[]
  inputId: string
  onPick: (node: PayloadJSON) => void
}) {
  const { collections } = useSession().description
  const [slug, setSlug] = useState(props.collections[0])
  const plural = (s: string) => collections.find((c) => c.slug === s)?.labels.plural ?? s
  return (
    <div
      className="rt-picker"
      role="group"
      aria-label={props.kind === 'upload' ? 'Insert upload' : 'Insert relationship'}
    >
      {props.collections.length > 1 && (
        <select aria-label="Collection" value={slug} onChange={(e) => setSlug(e.target.value)}>
          {props.collections.map((c) => (
            <option key={c} value={c}>
              {plural(c)}
            </option>
          ))}
        </select>
      )}
      <Search
        slug={slug}
        inputId={props.inputId}
        label={`Search ${plural(slug)}`}
        onPick={(id) => props.onPick(docNode(props.kind, slug, id))}
      />
    </div>
  )
}

export function Inserts(props: { editor: RichTextEditor; id: string }) {
  const [editor] = useLexicalComposerContext()
  const [open, setOpen] = useState<Kind | null>(null)
  const allows = (type: string) => props.editor.nodes.includes(type)
  const insert = (data: PayloadJSON) => {
    editor.update(() => $insertNodes([$createPayloadNode(data)]))
    setOpen(null)
  }
  const targets: Record<Kind, string[]> = {
    upload: allows('upload') ? (props.editor.upload?.collections ?? []) : [],
    relationship: allows('relationship') ? (props.editor.relationship?.collections ?? []) : [],
  }
  return (
    <>
      {(['upload', 'relationship'] as const)
        .filter((kind) => targets[kind].length > 0)
        .map((kind) => (
          <button
            key={kind}
            type="button"
            className="secondary small"
            aria-expanded={open === kind}
            onClick={() => setOpen(open === kind ? null : kind)}
          >
            {kind === 'upload' ? 'Insert upload' : 'Insert relationship'}
          </button>
        ))}
      {allows('horizontalrule') && (
        <button
          type="button"
          className="secondary small"
          onClick={() => insert({ type: 'horizontalrule', version: 1 })}
        >
          Horizontal rule
        </button>
      )}
      {open && (
        <Picker
          key={open}
          kind={open}
          collections={targets[open]}
          inputId={`${props.id}-insert-${open}`}
          onPick={insert}
        />
      )}
    </>
  )
}
