/**
 * The file of a document of an upload collection, above its fields: the stored file (image, name, type,
 * dimensions, size, link), a drop zone with a "Select a file" button to pick a new one (refused here when its type
 * is not accepted), the chosen file's preview before it is saved, the focal point, and the upload's progress.
 */
import { useEffect, useId, useState, type DragEvent } from 'react'
import type { AdminUpload } from '../../../server/contracts/admin-description.ts'
import type { Values } from '../edit/state.ts'
import { t } from '../i18n.ts'
import { formatSize, refusal, storedUpload, type StoredUpload } from './files.ts'
import { FocalImage, type Focal } from './FocalPoint.tsx'
import { onUploadProgress, type UploadProgress } from './progress.ts'

export function FilePanel(props: {
  upload: AdminUpload
  values: Values
  file: File | undefined
  setFile: (file: File | undefined) => void
  setFocal: (focal: Focal) => void
  readOnly: boolean
}) {
  const { upload, values, file } = props
  const stored = storedUpload(values)
  const [refused, setRefused] = useState<string>()
  const preview = useObjectURL(file?.type.startsWith('image/') ? file : undefined)
  const focal: Focal | undefined = upload.focalPoint
    ? { x: numOr(values.focalX, 50), y: numOr(values.focalY, 50) }
    : undefined
  const pick = (chosen: File) => {
    const why = refusal(chosen, upload.mimeTypes, upload.maxFileSize)
    setRefused(why)
    if (!why) props.setFile(chosen)
  }
  const image = file ? preview : stored?.whole
  const canFocus = focal && !props.readOnly ? props.setFocal : undefined
  return (
    <section className="file-panel panel" aria-labelledby="file-panel-title">
      <h2 id="file-panel-title">{t('cms:filePanel')}</h2>
      <div className="file-panel-body">
        {image && (
          <FocalImage
            src={image}
            alt={t('cms:previewOf', { name: file?.name ?? stored?.filename ?? t('cms:theFile') })}
            focal={focal}
            onChange={canFocus}
          />
        )}
        <div className="file-panel-info">
          {file ? (
            <ChosenFile file={file} clear={() => props.setFile(undefined)} />
          ) : stored ? (
            <StoredDetails stored={stored} />
          ) : (
            <p className="muted">{t('upload:noFile')}</p>
          )}
          {!props.readOnly && (
            <DropZone
              accept={upload.mimeTypes?.join(',')}
              action={stored || file ? t('cms:replaceFile') : t('upload:selectFile')}
              onFile={pick}
            />
          )}
          {refused && (
            <p role="alert" className="form-error">
              {refused}
            </p>
          )}
          <Progress file={file} />
        </div>
      </div>
    </section>
  )
}

const numOr = (v: unknown, fallback: number): number => (typeof v === 'number' ? v : fallback)

/** An object URL of a file while it is shown (revoked after). */
export function useObjectURL(file: File | undefined): string | undefined {
  const [url, setUrl] = useState<string>()
  useEffect(() => {
    if (!file) return setUrl(undefined)
    const next = URL.createObjectURL(file)
    setUrl(next)
    return () => URL.revokeObjectURL(next)
  }, [file])
  return url
}

function ChosenFile(props: { file: File; clear: () => void }) {
  const { file } = props
  return (
    <div className="file-chosen">
      <p>
        <strong>{t('cms:newFileOnSave')}</strong>
      </p>
      <dl className="file-details">
        <dt>{t('upload:fileName')}</dt>
        <dd>{file.name}</dd>
        <dt>{t('version:type')}</dt>
        <dd>{file.type || t('cms:unknownType')}</dd>
        <dt>{t('upload:fileSize')}</dt>
        <dd>{formatSize(file.size)}</dd>
      </dl>
      <button type="button" className="secondary small" onClick={props.clear}>
        {t('cms:removeNewFile')}
      </button>
    </div>
  )
}

function StoredDetails(props: { stored: StoredUpload }) {
  const { stored } = props
  return (
    <div className="file-stored">
      {stored.thumbnail && stored.thumbnail !== stored.whole && (
        <img className="file-thumbnail" src={stored.thumbnail} alt="" />
      )}
      <dl className="file-details">
        <dt>{t('upload:fileName')}</dt>
        <dd>
          {stored.url ? (
            <a href={stored.url} target="_blank" rel="noreferrer">
              {stored.filename ?? stored.url}
            </a>
          ) : (
            stored.filename
          )}
        </dd>
        {stored.mimeType && (
          <>
            <dt>{t('version:type')}</dt>
            <dd>{stored.mimeType}</dd>
          </>
        )}
        {stored.width !== undefined && stored.height !== undefined && (
          <>
            <dt>{t('cms:dimensions')}</dt>
            <dd>
              {stored.width} × {stored.height} px
            </dd>
          </>
        )}
        {stored.filesize !== undefined && (
          <>
            <dt>{t('upload:fileSize')}</dt>
            <dd>{formatSize(stored.filesize)}</dd>
          </>
        )}
      </dl>
    </div>
  )
}

/** A drop zone with the real file input as its button; `onFiles` with `multiple` takes several files at once. */
export function DropZone(props: {
  accept?: string
  action: string
  onFile?: (file: File) => void
  multiple?: boolean
  onFiles?: (files: File[]) => void
}) {
  const id = useId()
  const [over, setOver] = useState(false)
  const drag = (e: DragEvent, entering: boolean) => {
    e.preventDefault()
    setOver(entering)
  }
  const take = (list: FileList | null | undefined) => {
    const files = [...(list ?? [])]
    if (props.onFiles && files.length) props.onFiles(props.multiple ? files : files.slice(0, 1))
    else if (files[0]) props.onFile?.(files[0])
  }
  const drop = (e: DragEvent) => {
    e.preventDefault()
    setOver(false)
    take(e.dataTransfer.files)
  }
  return (
    <div
      className={`drop-zone${over ? ' drop-over' : ''}`}
      data-testid="drop-zone"
      onDragEnter={(e) => drag(e, true)}
      onDragOver={(e) => drag(e, true)}
      onDragLeave={(e) => drag(e, false)}
      onDrop={drop}
    >
      <p id={`${id}-hint`}>
        {props.multiple ? t('cms:dragAndDropFiles') : t('upload:dragAndDrop')}
      </p>
      {/* The real file input is the control (keyboard, screen readers); its label is what shows, as a button. */}
      <input
        id={`${id}-input`}
        type="file"
        className="visually-hidden"
        aria-describedby={`${id}-hint`}
        accept={props.accept}
        multiple={props.multiple}
        onChange={(e) => {
          take(e.target.files)
          e.target.value = ''
        }}
      />
      <label htmlFor={`${id}-input`} className="button secondary">
        {props.action}
      </label>
    </div>
  )
}

/** The upload's progress while a save sends the chosen file (and its end), from the client's XMLHttpRequest. */
function Progress(props: { file: File | undefined }) {
  const [progress, setProgress] = useState<UploadProgress>()
  useEffect(() => onUploadProgress(setProgress), [])
  useEffect(() => {
    if (props.file) setProgress(undefined)
  }, [props.file])
  if (!progress) return null
  const label = progress.done ? t('cms:uploadComplete') : t('general:uploading')
  return (
    <div className="upload-progress">
      <label>
        {label}
        <progress max={100} value={progress.percent}>
          {progress.percent}%
        </progress>
      </label>
      <p role="status" aria-live="polite">
        {label}: {progress.percent}%
      </p>
    </div>
  )
}
