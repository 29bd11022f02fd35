/**
 * The cards Payload's nodes show inside the editor (nodes.tsx): an upload's file (filename, alt, a thumbnail
 * for an image) with the upload collection's node fields (a caption), a relationship's document title, a block's
 * label with its fields, a rule. Each has a "Remove" button naming what it removes. The fields of blocks and
 * uploads are the admin's own field components, edited in place (blocks.tsx). The related documents are fetched
 * once each, without depth.
 */
import { useContext, useEffect, useState, type ReactNode } from 'react'
import { $getNodeByKey } from 'lexical'
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext'
import { collection } from '../api.ts'
import { t } from '../i18n.ts'
import { useSession } from '../session.tsx'
import { useTitleField } from '../fields/Relationship.tsx'
import { EditorContext } from './context.ts'
import { NodeFields } from './blocks.tsx'

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

function BlockTitle(props: { data: Data }) {
  const fields = (props.data.fields ?? {}) as Record<string, unknown>
  return (
    <strong className="rt-card-title">
      {useBlock(props.data)?.labels.singular ?? String(fields.blockType)}
      {typeof fields.blockName === 'string' && fields.blockName ? `: ${fields.blockName}` : ''}
    </strong>
  )
}

/** The described block of a block node. */
function useBlock(data: Data) {
  const { features } = useContext(EditorContext)
  const blocks = data.type === 'inlineBlock' ? features.inlineBlocks : features.blocks
  return blocks.find(
    (b) => b.slug === (data.fields as { blockType?: unknown } | undefined)?.blockType,
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
  useEffect(() => name(t('cms:uploadCardNamed', { filename })), [name, filename])
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
  useEffect(() => name(t('cms:relationshipCardTo', { title })), [name, title])
  return (
    <span>
      <span className="rt-card-summary">{entity?.labels.singular ?? slug}</span>{' '}
      <strong className="rt-card-title">{title}</strong>
    </span>
  )
}

/** A card for one node, with its Remove button while the editor is editable, and its fields below. */
export function Card(props: { data: Data; nodeKey: string }) {
  const [editor] = useLexicalComposerContext()
  const { description } = useContext(EditorContext)
  const { data } = props
  const block = useBlock(data)
  const [named, setNamed] = useState<string>()
  let what: string
  let body: ReactNode
  let fields = block?.fields
  if (data.type === 'upload') {
    what = named ?? t('cms:uploadCard')
    body = <UploadBody data={data} name={setNamed} />
    fields = description?.upload?.fields[String(data.relationTo)]
  } else if (data.type === 'relationship') {
    what = named ?? t('cms:relationshipCard')
    body = <RelationshipBody data={data} name={setNamed} />
  } else if (data.type === 'horizontalrule') {
    what = t('cms:horizontalRuleCard')
    body = <hr />
  } else {
    const blockType = (data.fields as { blockType?: unknown } | undefined)?.blockType
    what = t('cms:blockCard', { label: block?.labels.singular ?? String(blockType) })
    body = <BlockTitle data={data} />
  }
  const inline = data.type === 'inlineBlock'
  const Tag = inline ? 'span' : 'div'
  const withFields = Boolean(fields?.length)
  return (
    <Tag
      className={`rt-card${inline ? ' rt-card-inline' : ''}${withFields ? ' rt-card-fields' : ''}`}
      role="group"
      aria-label={what}
      contentEditable={false}
    >
      <span className="rt-card-body">{body}</span>
      {editor.isEditable() && (
        <button
          type="button"
          className="secondary small"
          aria-label={t('cms:removeCard', { name: what })}
          onClick={() => editor.update(() => $getNodeByKey(props.nodeKey)?.remove())}
        >
          {t('general:remove')}
        </button>
      )}
      {fields && withFields && <NodeFields fields={fields} data={data} nodeKey={props.nodeKey} />}
    </Tag>
  )
}
