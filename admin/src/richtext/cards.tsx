/**
 * The cards Payload's nodes show inside the editor (nodes.tsx): an upload's file (filename, alt, a thumbnail
 * for an image), a relationship's document title, a block's label and a summary of its fields, a rule. Each has a
 * "Remove" button naming what it removes; a block's text, textarea and select fields are edited in its card. The related documents are fetched once each, without depth.
 */
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react'
import { $getNodeByKey, type LexicalNode } from 'lexical'
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext'
import { collection } from '../api.ts'
import { useSession } from '../session.tsx'
import { labelOf, type AdminField, type RichTextEditor } from '../schema.ts'
import { useTitleField } from '../fields/Relationship.tsx'

/** The field's editor description, for the cards' labels. */
export const EditorContext = createContext<RichTextEditor | undefined>(undefined)

type Data = Record<string, unknown> & { type: string }
type Id = string | number
type Doc = Record<string, unknown> & { id: Id }

const docs = new Map<string, Promise<Doc | undefined>>()

/** The related document (`value` an id or the populated document), fetched once per document. */
function useDoc(slug: string, value: unknown): { id: Id; doc?: Doc } {
  const populated = typeof value === 'object' && value !== null ? (value as Doc) : undefined
  const id = populated ? populated.id : (value as Id)
  const [doc, setDoc] = useState<Doc | undefined>(populated)
  useEffect(() => {
    if (populated) return
    const key = `${slug}/${id}`
    if (!docs.has(key))
      docs.set(
        key,
        collection(slug)
          .findByID(id, { depth: 0 })
          .catch(() => undefined),
      )
    let live = true
    void docs.get(key)!.then((d) => live && setDoc(d))
    return () => {
      live = false
    }
  }, [slug, id, populated])
  return { id, doc }
}

/** The plain text of a nested rich-text value. */
const plain = (node: unknown): string => {
  if (!node || typeof node !== 'object') return ''
  const n = node as { text?: unknown; children?: unknown[]; root?: unknown }
  if (n.root) return plain(n.root)
  if (typeof n.text === 'string') return n.text
  return (n.children ?? []).map(plain).join(' ')
}

const short = (s: string) => (s.length > 60 ? `${s.slice(0, 57)}…` : s)

function summary(field: AdminField, value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined
  if (field.type === 'richText') return short(plain(value).trim())
  if (Array.isArray(value)) return `${value.length} item${value.length === 1 ? '' : 's'}`
  if (typeof value === 'object')
    return 'id' in value ? `#${String(value.id)}` : short(JSON.stringify(value))
  if (field.type === 'relationship' || field.type === 'upload') return `#${String(value)}`
  return short(String(value))
}

/** The block's text, textarea and select fields as a small form that writes into the node's `fields`. */
function BlockInput(props: { field: AdminField; value: unknown; nodeKey: string; id: string }) {
  const [editor] = useLexicalComposerContext()
  const { field } = props
  const name = field.name!
  const set = (v: string) =>
    editor.update(() => {
      const node = $getNodeByKey(props.nodeKey) as (LexicalNode & { __data: Data }) | null
      if (!node) return
      const writable = node.getWritable()
      const fields = (writable.__data.fields ?? {}) as Record<string, unknown>
      writable.__data = { ...writable.__data, fields: { ...fields, [name]: v } }
    })
  const value = typeof props.value === 'string' ? props.value : ''
  const common = {
    id: props.id,
    value,
    disabled: !editor.isEditable(),
    onChange: (e: { target: { value: string } }) => set(e.target.value),
  }
  return (
    <label className="rt-card-field" htmlFor={props.id}>
      <span>{labelOf(field)}</span>
      {field.type === 'select' ? (
        <select {...common}>
          {!field.required && <option value="">—</option>}
          {(field.options ?? []).map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      ) : field.type === 'textarea' ? (
        <textarea rows={2} {...common} />
      ) : (
        <input type="text" {...common} />
      )}
    </label>
  )
}

const FORM_TYPES = ['text', 'textarea', 'select']

function BlockBody(props: { data: Data; nodeKey: string }) {
  const editor = useContext(EditorContext)
  const fields = (props.data.fields ?? {}) as Record<string, unknown>
  const blocks = props.data.type === 'inlineBlock' ? editor?.inlineBlocks : editor?.blocks
  const block = blocks?.find((b) => b.slug === fields.blockType)
  const formFields = (block?.fields ?? []).filter(
    (f) => f.name && FORM_TYPES.includes(f.type) && !f.hasMany,
  )
  const rows = (block?.fields ?? [])
    .filter((f) => f.name && !formFields.includes(f))
    .map((f) => [labelOf(f), summary(f, fields[f.name!])] as const)
    .filter(([, v]) => v !== undefined)
  return (
    <>
      <strong className="rt-card-title">
        {block?.labels.singular ?? String(fields.blockType)}
        {typeof fields.blockName === 'string' && fields.blockName ? `: ${fields.blockName}` : ''}
      </strong>
      {rows.length > 0 && (
        <span className="rt-card-summary">
          {rows.map(([label, v]) => (
            <span key={label}>
              {label}: {v}
            </span>
          ))}
        </span>
      )}
      {formFields.map((f) => (
        <BlockInput
          key={f.name}
          field={f}
          value={fields[f.name!]}
          nodeKey={props.nodeKey}
          id={`rt-${props.nodeKey}-${f.name}`}
        />
      ))}
    </>
  )
}

function UploadBody(props: { data: Data; name: (s: string) => void }) {
  const slug = String(props.data.relationTo)
  const { id, doc } = useDoc(slug, props.data.value)
  const filename = typeof doc?.filename === 'string' ? doc.filename : `${slug} ${id}`
  const alt = typeof doc?.alt === 'string' ? doc.alt : ''
  const sizes = doc?.sizes as Record<string, { url?: string | null }> | undefined
  const image = typeof doc?.mimeType === 'string' && doc.mimeType.startsWith('image/')
  const src = sizes?.thumbnail?.url || (typeof doc?.url === 'string' ? doc.url : undefined)
  const { name } = props
  useEffect(() => name(`upload ${filename}`), [name, filename])
  return (
    <>
      {image && src && <img className="rt-thumb" src={src} alt={alt} />}
      <span>
        <strong className="rt-card-title">{filename}</strong>
        {alt && <span className="rt-card-summary">{alt}</span>}
      </span>
    </>
  )
}

function RelationshipBody(props: { data: Data; name: (s: string) => void }) {
  const slug = String(props.data.relationTo)
  const entity = useSession().description.collections.find((c) => c.slug === slug)
  const titleField = useTitleField(slug)
  const { id, doc } = useDoc(slug, props.data.value)
  const title = String((titleField && doc?.[titleField]) || `${slug} ${id}`)
  const { name } = props
  useEffect(() => name(`relationship to ${title}`), [name, title])
  return (
    <span>
      <span className="rt-card-summary">{entity?.labels.singular ?? slug}</span>{' '}
      <strong className="rt-card-title">{title}</strong>
    </span>
  )
}

const blockName = (data: Data, editor: RichTextEditor | undefined): string => {
  const fields = (data.fields ?? {}) as Record<string, unknown>
  const blocks = data.type === 'inlineBlock' ? editor?.inlineBlocks : editor?.blocks
  const label =
    blocks?.find((b) => b.slug === fields.blockType)?.labels.singular ?? String(fields.blockType)
  return `${label} block`
}

/** A card for one node, with its Remove button while the editor is editable. */
export function Card(props: { data: Data; nodeKey: string }) {
  const [editor] = useLexicalComposerContext()
  const description = useContext(EditorContext)
  const { data } = props
  const [named, setNamed] = useState<string>()
  let what: string
  let body: ReactNode
  if (data.type === 'upload') {
    what = named ?? 'upload'
    body = <UploadBody data={data} name={setNamed} />
  } else if (data.type === 'relationship') {
    what = named ?? 'relationship'
    body = <RelationshipBody data={data} name={setNamed} />
  } else if (data.type === 'horizontalrule') {
    what = 'horizontal rule'
    body = <hr />
  } else {
    what = blockName(data, description)
    body = <BlockBody data={data} nodeKey={props.nodeKey} />
  }
  const inline = data.type === 'inlineBlock'
  const Tag = inline ? 'span' : 'div'
  return (
    <Tag
      className={inline ? 'rt-card rt-card-inline' : 'rt-card'}
      role="group"
      aria-label={what}
      contentEditable={false}
    >
      <span className="rt-card-body">{body}</span>
      {editor.isEditable() && (
        <button
          type="button"
          className="secondary small"
          aria-label={`Remove ${what}`}
          onClick={() => editor.update(() => $getNodeByKey(props.nodeKey)?.remove())}
        >
          Remove
        </button>
      )}
    </Tag>
  )
}
