/**
 * Payload's link drawer: the text to display, the link type — a custom URL, or an internal link to a document of
 * the LinkFeature's collections, found by its title through the SDK — and "Open in new tab". It edits the link
 * the selection is in, links the selected text, or inserts a new link; "Remove link" unlinks. Saved as Payload
 * stores links: `fields: { linkType: 'internal', doc: { relationTo, value }, newTab }` or `{ linkType: 'custom',
 * url, newTab }` (link.ts). A native modal dialog: Escape closes it, the focus stays inside while it is open.
 */
import { useContext, useEffect, useRef, useState, type KeyboardEvent } from 'react'
import { $getSelection, $setSelection, COMMAND_PRIORITY_EDITOR, type BaseSelection } from 'lexical'
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext'
import { t } from '../i18n.ts'
import { useSession } from '../session.tsx'
import { Search, Title } from '../fields/Relationship.tsx'
import { EditorContext, OPEN_LINK_COMMAND } from './context.ts'
import {
  $applyLink,
  $removeLink,
  $selectedLink,
  $selectedText,
  type Id,
  type LinkFields,
} from './link.ts'

interface Draft {
  text: string
  fields: LinkFields
  existing: boolean
  selection: BaseSelection | null
}

const idOfDoc = (doc: LinkFields['doc']): Id | undefined =>
  !doc ? undefined : typeof doc.value === 'object' ? doc.value.id : doc.value

function problemOf(d: Draft): string | undefined {
  if (!d.text.trim()) return t('cms:enterTextToDisplay')
  if (d.fields.linkType === 'internal' && !d.fields.doc) return t('fields:chooseDocumentToLink')
  if (d.fields.linkType === 'custom' && !d.fields.url?.trim()) return t('fields:enterURL')
  return undefined
}

function InternalDoc(props: { draft: Draft; set: (f: Partial<LinkFields>) => void }) {
  const { features, id } = useContext(EditorContext)
  const { collections } = useSession().description
  const { doc } = props.draft.fields
  const [slug, setSlug] = useState(doc?.relationTo ?? features.linkCollections[0])
  const plural = (s: string) => collections.find((c) => c.slug === s)?.labels.plural ?? s
  const docId = idOfDoc(doc)
  // Payload's "Linked to <0>{{label}}</0>": the words around the document's title.
  const linkedTo = t('fields:linkedTo').split(/<0>.*?<\/0>|\{\{label\}\}/)
  return (
    <fieldset className="rt-link-doc">
      <legend>{t('fields:chooseDocumentToLink')}</legend>
      {doc && docId !== undefined && (
        <p>
          {linkedTo[0]}
          <strong>
            <Title slug={doc.relationTo} id={docId} />
          </strong>
          {linkedTo[1]}
        </p>
      )}
      {features.linkCollections.length > 1 && (
        <select
          aria-label={t('cms:collection')}
          value={slug}
          onChange={(e) => setSlug(e.target.value)}
        >
          {features.linkCollections.map((c) => (
            <option key={c} value={c}>
              {plural(c)}
            </option>
          ))}
        </select>
      )}
      <Search
        slug={slug}
        inputId={`${id}-link-doc`}
        label={t('cms:searchCollection', { label: plural(slug) })}
        onPick={(value) => props.set({ doc: { relationTo: slug, value } })}
      />
    </fieldset>
  )
}

function DrawerBody(props: {
  draft: Draft
  setDraft: (d: Draft) => void
  onSave: () => void
  onRemove: () => void
  onClose: () => void
}) {
  const { features, id } = useContext(EditorContext)
  const { draft } = props
  const [tried, setTried] = useState(false)
  const set = (f: Partial<LinkFields>) =>
    props.setDraft({ ...draft, fields: { ...draft.fields, ...f } })
  const problem = problemOf(draft)
  const save = () => (problem ? setTried(true) : props.onSave())
  const onEnter = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && e.target instanceof HTMLInputElement && e.target.type !== 'search') {
      e.preventDefault()
      save()
    }
  }
  return (
    <div className="rt-link-form" onKeyDown={onEnter}>
      <h2 id={`${id}-link-title`}>{draft.existing ? t('fields:editLink') : t('fields:addLink')}</h2>
      <label htmlFor={`${id}-link-text`}>{t('fields:textToDisplay')}</label>
      <input
        id={`${id}-link-text`}
        type="text"
        value={draft.text}
        onChange={(e) => props.setDraft({ ...draft, text: e.target.value })}
      />
      {features.linkCollections.length > 0 && (
        <fieldset className="checkbox-line">
          <legend>{t('fields:linkType')}</legend>
          {(['custom', 'internal'] as const).map((type) => (
            <label key={type}>
              <input
                type="radio"
                name={`${id}-link-type`}
                checked={draft.fields.linkType === type}
                onChange={() => set({ linkType: type })}
              />{' '}
              {type === 'custom' ? t('fields:customURL') : t('fields:internalLink')}
            </label>
          ))}
        </fieldset>
      )}
      {draft.fields.linkType === 'internal' ? (
        <InternalDoc draft={draft} set={set} />
      ) : (
        <>
          <label htmlFor={`${id}-link-url`}>{t('fields:enterURL')}</label>
          <input
            id={`${id}-link-url`}
            type="text"
            inputMode="url"
            value={draft.fields.url ?? ''}
            onChange={(e) => set({ url: e.target.value })}
          />
        </>
      )}
      <label className="checkbox-line">
        <input
          type="checkbox"
          checked={draft.fields.newTab}
          onChange={(e) => set({ newTab: e.target.checked })}
        />
        {t('fields:openInNewTab')}
      </label>
      {tried && problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
      <div className="edit-buttons">
        <button type="button" onClick={save}>
          {t('fields:saveChanges')}
        </button>
        {draft.existing && (
          <button type="button" className="secondary" onClick={props.onRemove}>
            {t('cms:removeLink')}
          </button>
        )}
        <button type="button" className="secondary" onClick={props.onClose}>
          {t('general:cancel')}
        </button>
      </div>
    </div>
  )
}

export function LinkDrawer() {
  const [editor] = useLexicalComposerContext()
  const { id } = useContext(EditorContext)
  const [draft, setDraft] = useState<Draft | null>(null)
  const dialog = useRef<HTMLDialogElement>(null)
  useEffect(
    () =>
      editor.registerCommand(
        OPEN_LINK_COMMAND,
        () => {
          editor.getEditorState().read(() => {
            const link = $selectedLink()
            setDraft({
              text: link?.text ?? $selectedText(),
              fields: link?.fields ?? { linkType: 'custom', url: '', newTab: false },
              existing: Boolean(link),
              selection: $getSelection()?.clone() ?? null,
            })
          })
          return true
        },
        COMMAND_PRIORITY_EDITOR,
      ),
    [editor],
  )
  useEffect(() => {
    if (draft && !dialog.current?.open) dialog.current?.showModal()
  }, [draft])
  const close = () => {
    dialog.current?.close()
    setDraft(null)
    editor.focus()
  }
  const run = (fn: () => void) => {
    const selection = draft?.selection
    editor.update(() => {
      if (selection) $setSelection(selection.clone())
      fn()
    })
    close()
  }
  return (
    <dialog
      ref={dialog}
      className="rt-link-drawer"
      aria-labelledby={draft ? `${id}-link-title` : undefined}
      onClose={() => setDraft(null)}
    >
      {draft && (
        <DrawerBody
          draft={draft}
          setDraft={setDraft}
          onSave={() => run(() => $applyLink(draft.fields, draft.text))}
          onRemove={() => run($removeLink)}
          onClose={close}
        />
      )}
    </dialog>
  )
}
