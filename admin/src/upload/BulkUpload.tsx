/**
 * Bulk upload (Payload's "Bulk Upload"): several files dropped or chosen at once in a drawer, each with the
 * collection's fields for the document it becomes (upload/bulk-item.tsx); "Upload" sends them one after another
 * through the SDK (a create with its file each, multipart), with each file's progress, and reports each one:
 * uploaded (a link to the new document) or the server's error at its fields, so a file that failed can be fixed
 * and sent again without sending the others twice. Files the collection does not accept are refused on arrival.
 * Loaded lazily (drawer/lazy.tsx).
 */
import { useRef, useState } from 'react'
import { collection, fieldErrors, messageOf } from '../api.ts'
import { Drawer } from '../drawer/Drawer.tsx'
import { t } from '../i18n.ts'
import { dataToSend, defaultsOf, setIn, type Path, type Perm, type Values } from '../edit/state.ts'
import { localeQuery } from '../edit/useDocument.ts'
import { useLocale } from '../locale.tsx'
import type { AdminEntity, AdminField } from '../schema.ts'
import { sessionEnded, useSession } from '../session.tsx'
import { BulkItemView, type BulkItem } from './bulk-item.tsx'
import { DropZone } from './FilePanel.tsx'
import { refusal } from './files.ts'
import { onUploadProgress } from './progress.ts'

export interface BulkUploadProps {
  slug: string
  onClose: () => void
  /** Documents were created (the list reloads). */
  onUploaded: (docs: Values[]) => void
}

export default function BulkUpload(props: BulkUploadProps) {
  const entity = useSession().description.collections.find((c) => c.slug === props.slug)
  return (
    <Drawer
      title={`${t('upload:bulkUpload')} ${entity?.labels.plural ?? props.slug}`}
      description={t('cms:bulkUploadDescription')}
      onClose={props.onClose}
    >
      {entity?.upload ? (
        <Uploads entity={entity} {...props} />
      ) : (
        <p role="alert">{t('cms:notUploadCollection', { slug: props.slug })}</p>
      )}
    </Drawer>
  )
}

let keys = 0
const pending = (i: BulkItem) => i.status === 'ready' || i.status === 'failed'

/** The uploads one after another: each file's progress and outcome written to its item as it goes. */
function useUploads(entity: AdminEntity, onUploaded: (docs: Values[]) => void) {
  const { permissions } = useSession()
  const { locale } = useLocale()
  const [items, setItems] = useState<BulkItem[]>([])
  const [busy, setBusy] = useState(false)
  const current = useRef(items)
  current.current = items
  const fields = entity.fields as unknown as AdminField[]
  const perm = (permissions.collections?.[entity.slug] ?? {}) as Perm
  const update = (key: string, patch: Partial<BulkItem>) =>
    setItems((list) => list.map((i) => (i.key === key ? { ...i, ...patch } : i)))
  const add = (files: File[]) =>
    setItems((list) => [
      ...list,
      ...files.map((file) => ({
        key: String(++keys),
        file,
        values: defaultsOf(fields),
        status: 'ready' as const,
        percent: 0,
        errors: {},
      })),
    ])
  const set = (key: string, path: Path, value: unknown) =>
    setItems((list) =>
      list.map((i) => (i.key === key ? { ...i, values: setIn(i.values, path, value) } : i)),
    )
  const remove = (key: string) => setItems((list) => list.filter((i) => i.key !== key))
  const uploadAll = async () => {
    setBusy(true)
    const created: Values[] = []
    for (const { key } of current.current.filter(pending)) {
      const item = current.current.find((i) => i.key === key)!
      update(key, { status: 'uploading', percent: 0, error: undefined, errors: {} })
      // One file at a time: the client's progress reports are this file's.
      const stop = onUploadProgress((p) => update(key, { percent: p.percent }))
      try {
        const data = dataToSend(item.values, fields, perm, 'create')
        const options = { depth: 0, file: item.file, ...localeQuery(locale) }
        const r = (await collection(entity.slug).create(data, options)) as { doc: Values }
        update(key, { status: 'done', percent: 100, doc: r.doc })
        created.push(r.doc)
      } catch (e) {
        // The session's end takes the app to the login page (api.ts): nothing more to send.
        if (sessionEnded(e)) break
        update(key, { status: 'failed', error: messageOf(e), errors: fieldErrors(e) })
      } finally {
        stop()
      }
    }
    setBusy(false)
    if (created.length) onUploaded(created)
  }
  return { items, busy, fields, perm, add, set, remove, uploadAll }
}

const uploading = () => `${t('general:uploading')}…`

/** "2 of 3 files uploaded, 1 failed." */
const outcome = (done: number, count: number, failed: number) =>
  `${t('cms:filesUploaded', { done, count })}${failed ? `, ${t('cms:failedCount', { count: failed })}` : ''}.`

function Uploads(props: BulkUploadProps & { entity: AdminEntity }) {
  const { entity } = props
  const upload = entity.upload!
  const u = useUploads(entity, props.onUploaded)
  const [refused, setRefused] = useState<string[]>([])
  const take = (files: File[]) => {
    const why = files.map((f) => refusal(f, upload.mimeTypes, upload.maxFileSize))
    setRefused(why.filter((w): w is string => Boolean(w)))
    u.add(files.filter((_, i) => !why[i]))
  }
  const toSend = u.items.filter(pending).length
  const done = u.items.filter((i) => i.status === 'done').length
  const failed = u.items.filter((i) => i.status === 'failed').length
  const tried = done + failed
  return (
    <div className="bulk-upload">
      {!u.busy && (
        <DropZone
          accept={upload.mimeTypes?.join(',')}
          action={t('upload:addFiles')}
          multiple
          onFiles={take}
        />
      )}
      {refused.length > 0 && (
        <div role="alert" className="form-error">
          <ul>
            {refused.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        </div>
      )}
      {u.items.length > 0 && (
        <ol className="bulk-items" aria-label={t('upload:filesToUpload')}>
          {u.items.map((item, index) => (
            <BulkItemView
              key={item.key}
              item={item}
              index={index}
              slug={entity.slug}
              fields={u.fields}
              perm={u.perm}
              busy={u.busy}
              set={(path, value) => u.set(item.key, path, value)}
              remove={() => u.remove(item.key)}
            />
          ))}
        </ol>
      )}
      <p role="status" className={failed ? 'form-error' : 'notice'}>
        {u.busy ? uploading() : tried > 0 ? outcome(done, u.items.length, failed) : ''}
      </p>
      <div className="edit-buttons">
        <button type="button" disabled={u.busy || toSend === 0} onClick={() => void u.uploadAll()}>
          {u.busy
            ? uploading()
            : toSend
              ? t('cms:uploadFiles', { count: toSend })
              : t('cms:uploadButton')}
        </button>
        <button type="button" className="secondary" disabled={u.busy} onClick={props.onClose}>
          {toSend === 0 && done > 0 ? t('cms:uploadsDone') : t('general:cancel')}
        </button>
      </div>
    </div>
  )
}
