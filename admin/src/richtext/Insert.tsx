/**
 * The toolbar's inserts for Payload's nodes, each shown only when the field's editor allows that node: an upload
 * or a relationship (pick a document by searching its collection), a horizontal rule, a block or an inline block
 * (one of the editor's blocks, with its defaults; its fields are then edited in its card).
 */
import { useContext, useEffect, useState } from 'react'
import { $insertNodes, COMMAND_PRIORITY_EDITOR, type LexicalEditor } from 'lexical'
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext'
import { t } from '../i18n.ts'
import { useSession } from '../session.tsx'
import type { BlockDescription } from '../schema.ts'
import { Search } from '../fields/Relationship.tsx'
import { $createPayloadNode, type PayloadJSON } from './nodes.tsx'
import { blockData } from './blocks.tsx'
import { EditorContext, OPEN_PICKER_COMMAND } from './context.ts'

type Kind = 'upload' | 'relationship' | 'block' | 'inlineBlock'
const KINDS: Kind[] = ['upload', 'relationship', 'block', 'inlineBlock']
/** The insert's button and picker (Payload's words for adding an upload, a relationship, a block). */
const labelOf = (kind: Kind): string =>
  kind === 'upload'
    ? t('fields:addUpload')
    : kind === 'relationship'
      ? t('fields:addRelationship')
      : kind === 'block'
        ? t('fields:addLabel', { label: t('fields:block') })
        : t('cms:addInlineBlock')

/** The node Payload's features write for a picked document (versions as the server's nodes have them). */
const docNode = (kind: Kind, relationTo: string, value: string | number): PayloadJSON =>
  kind === 'upload'
    ? { type: 'upload', relationTo, value, fields: {}, format: '', version: 3 }
    : { type: 'relationship', relationTo, value, format: '', version: 2 }

/** Inserts one of Payload's nodes at the selection (a block-level one splits its paragraph, at the top level). */
export function insertPayloadNode(editor: LexicalEditor, data: PayloadJSON): void {
  editor.update(() => $insertNodes([$createPayloadNode(data)]))
}

function DocPicker(props: {
  kind: Kind
  collections: string[]
  inputId: string
  onPick: (node: PayloadJSON) => void
}) {
  const { collections } = useSession().description
  const [slug, setSlug] = useState(props.collections[0])
  const plural = (s: string) => collections.find((c) => c.slug === s)?.labels.plural ?? s
  return (
    <div className="rt-picker" role="group" aria-label={labelOf(props.kind)}>
      {props.collections.length > 1 && (
        <select
          aria-label={t('cms:collection')}
          value={slug}
          onChange={(e) => setSlug(e.target.value)}
        >
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
        label={t('cms:searchCollection', { label: plural(slug) })}
        onPick={(id) => props.onPick(docNode(props.kind, slug, id))}
      />
    </div>
  )
}

function BlockPicker(props: {
  kind: Kind
  blocks: BlockDescription[]
  onPick: (node: PayloadJSON) => void
}) {
  return (
    <div className="rt-picker rt-block-picker" role="group" aria-label={labelOf(props.kind)}>
      {props.blocks.map((b) => (
        <button
          key={b.slug}
          type="button"
          className="secondary small"
          onClick={() => props.onPick(blockData(b, props.kind === 'inlineBlock'))}
        >
          {b.labels.singular}
        </button>
      ))}
    </div>
  )
}

export function Inserts() {
  const [editor] = useLexicalComposerContext()
  const { features, id } = useContext(EditorContext)
  const [open, setOpen] = useState<Kind | null>(null)
  useEffect(
    () =>
      editor.registerCommand(
        OPEN_PICKER_COMMAND,
        (kind) => {
          setOpen(kind)
          // From the slash menu: the picker's search box takes the focus once it shows.
          requestAnimationFrame(() => document.getElementById(`${id}-insert-${kind}`)?.focus())
          return true
        },
        COMMAND_PRIORITY_EDITOR,
      ),
    [editor, id],
  )
  const insert = (data: PayloadJSON) => {
    insertPayloadNode(editor, data)
    setOpen(null)
  }
  const available: Record<Kind, boolean> = {
    upload: features.upload.length > 0,
    relationship: features.relationship.length > 0,
    block: features.blocks.length > 0,
    inlineBlock: features.inlineBlocks.length > 0,
  }
  return (
    <>
      {KINDS.filter((kind) => available[kind]).map((kind) => (
        <button
          key={kind}
          type="button"
          className="secondary small"
          aria-expanded={open === kind}
          onClick={() => setOpen(open === kind ? null : kind)}
        >
          {labelOf(kind)}
        </button>
      ))}
      {features.horizontalRule && (
        <button
          type="button"
          className="secondary small"
          onClick={() => insert({ type: 'horizontalrule', version: 1 })}
        >
          {t('cms:horizontalRule')}
        </button>
      )}
      {(open === 'upload' || open === 'relationship') && (
        <DocPicker
          key={open}
          kind={open}
          collections={features[open]}
          inputId={`${id}-insert-${open}`}
          onPick={insert}
        />
      )}
      {(open === 'block' || open === 'inlineBlock') && (
        <BlockPicker
          key={open}
          kind={open}
          blocks={open === 'block' ? features.blocks : features.inlineBlocks}
          onPick={insert}
        />
      )}
    </>
  )
}
