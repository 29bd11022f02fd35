/**
 * The edit view's writes: save (create or update; a draft where drafts are on), publish, unpublish and autosave,
 * with the server's field errors kept by path (and row id, edit/rows.ts) for the fields to show.
 */
import { useMemo, useState } from 'react'
import { collection, fieldErrors, global, messageOf } from '../api.ts'
import { flash } from '../flash.tsx'
import { t } from '../i18n.ts'
import { navigate } from '../router.tsx'
import { sessionEnded } from '../session.tsx'
import { dataToSend, type Values } from './state.ts'
import { atPositions, byRowKeys } from './rows.ts'
import { SAVED_EVENT } from './useLock.ts'
import { apiId, localeQuery, type Loaded, type Target } from './useDocument.ts'

/** What an upload collection's server writes from the file (sent back, they would only be dropped or refused). */
const FILE_KEYS = [
  'url',
  'thumbnailURL',
  'filename',
  'mimeType',
  'filesize',
  'width',
  'height',
  'sizes',
]

export type SaveMode = 'save' | 'draft' | 'publish' | 'unpublish' | 'autosave'

export interface SaveCallbacks {
  /** A save the user asked for: the document as saved, and the server's message. */
  done(doc: Values, message: string): void
  /** An autosave of `sent` (the form's values then): the form keeps what was typed since. */
  autosaved(sent: Values): void
}

export function useSave(
  target: Target,
  loaded: Loaded,
  values: Values,
  callbacks: SaveCallbacks,
  /** A file chosen for a document of an upload collection: sent with it (multipart). */
  file?: File,
  /** A create form in a drawer: given the new document, the page stays where it is. */
  onCreated?: (doc: Values) => void,
) {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()
  // The server's field errors name rows by place in what was sent (`layout.1.heading`): kept by row id, they are
  // shown where the row is now, and go with a row removed (as Payload's form state moves them with the row).
  const [byRow, setErrors] = useState<Record<string, string>>({})
  const errors = useMemo(() => atPositions(values, byRow), [values, byRow])
  const op = target.kind === 'collection' && !target.id ? 'create' : 'update'

  const save = async (mode: SaveMode) => {
    const sent = values
    const data: Values = dataToSend(values, loaded.fields, loaded.perm, op)
    if (loaded.entity.upload) for (const key of FILE_KEYS) delete data[key]
    // In the form's locale (`?locale=de`: only localized fields change there), answered without fallback values.
    // The values were read without fallback too: a field empty in this locale is sent empty, never another's text.
    const options: { depth: number; draft?: boolean; autosave?: boolean; file?: File } = {
      depth: 0,
      ...localeQuery(target.locale),
    }
    // An autosave never sends the chosen file: the user's save does.
    if (file && target.kind === 'collection' && mode !== 'autosave') options.file = file
    if (loaded.entity.drafts) {
      data._status = mode === 'publish' ? 'published' : 'draft'
      if (mode === 'draft' || mode === 'autosave') options.draft = true
      if (mode === 'autosave') options.autosave = true
    }
    const done = mode === 'autosave' ? () => callbacks.autosaved(sent) : callbacks.done
    // An autosave runs behind the user's typing: the buttons stay as they are.
    if (mode !== 'autosave') setBusy(true)
    setError(undefined)
    setErrors({})
    try {
      if (target.kind === 'global') {
        // A global's REST update does not check locks unless asked (Payload's default): this form asks.
        const r = (await global(target.slug).update(data, { ...options, overrideLock: false })) as {
          result: Values
          message: string
        }
        done(r.result, r.message)
      } else if (op === 'create') {
        const r = (await collection(target.slug).create(data, options)) as { doc: Values }
        done(r.doc, t('general:successfullyCreated', { label: loaded.entity.labels.singular }))
        if (onCreated) {
          onCreated(r.doc)
          return true
        }
        const to = `/collections/${target.slug}/${String(r.doc.id)}`
        // The new document's view replaces this one (and its upload progress): it says the file arrived.
        if (options.file) flash(t('cms:createdWithFile', { name: options.file.name }), to)
        navigate(to, { force: true })
      } else {
        const r = (await collection(target.slug).update(apiId(target.id!), data, options)) as {
          doc: Values
          message: string
        }
        done(r.doc, r.message)
      }
      // The write released the document's lock (as Payload's do): the form takes it again (edit/useLock.ts).
      if (op === 'update') window.dispatchEvent(new Event(SAVED_EVENT))
      return true
    } catch (e) {
      // The session's end is handled where the 401 was seen (api.ts: back to the login page): nothing to show here,
      // and nothing to throw (`save` is called without awaiting: a rethrow was an unhandled rejection).
      if (sessionEnded(e)) return false
      setError(messageOf(e))
      setErrors(byRowKeys(sent, fieldErrors(e)))
      return false
    } finally {
      setBusy(false)
    }
  }
  return { busy, error, errors, save, op: op as 'create' | 'update' }
}
