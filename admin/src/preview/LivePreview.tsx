/**
 * Live preview (`admin.livePreview`; preview/Pane.tsx): the "Live preview" switch of the edit view's header and the
 * pane beside the form, which is loaded lazily when first shown. Whether it is shown is kept for the page's life,
 * as Payload keeps the edit view's choice between documents.
 */
import { lazy, Suspense, useSyncExternalStore } from 'react'
import { t } from '../i18n.ts'
import type { AdminEntity } from '../schema.ts'
import type { Values } from '../edit/state.ts'
import type { Target } from '../edit/useDocument.ts'

const Pane = lazy(() => import('./Pane.tsx'))

let open = false
const listeners = new Set<() => void>()
const subscribe = (l: () => void) => {
  listeners.add(l)
  return () => listeners.delete(l)
}
const setOpen = (value: boolean) => {
  open = value
  listeners.forEach((l) => l())
}
const useOpen = () => useSyncExternalStore(subscribe, () => open)

/** A saved document or a global of an entity with live preview (a new document has nothing to show yet). */
const previewable = (target: Target, entity: AdminEntity) =>
  Boolean(entity.livePreview) && (target.kind === 'global' || Boolean(target.id))

export function LivePreviewToggle(props: { target: Target; entity: AdminEntity }) {
  const shown = useOpen()
  if (!previewable(props.target, props.entity)) return null
  return (
    <button
      type="button"
      className="secondary live-preview-toggle"
      aria-pressed={shown}
      aria-controls={shown ? 'live-preview' : undefined}
      onClick={() => setOpen(!shown)}
    >
      {t('general:livePreview')}
    </button>
  )
}

export function LivePreview(props: { target: Target; entity: AdminEntity; values: Values }) {
  const shown = useOpen()
  if (!shown || !previewable(props.target, props.entity)) return null
  return (
    <Suspense fallback={<aside className="live-preview">{t('cms:loadingPreview')}</aside>}>
      <Pane {...props} />
    </Suspense>
  )
}
