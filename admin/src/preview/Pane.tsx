/**
 * The live preview pane: the document's front-end page in an `<iframe>` beside the form, at a breakpoint of
 * `admin.livePreview.breakpoints` (or filling the pane: "Responsive"), reloaded after each save and autosave. A
 * string URL is the description's; a function's URL is asked of the form-state route (`livePreviewURL`), with the
 * saved values, on opening and after each save. The admin's CSP frames only the configured origins
 * (`origins` in the description): a URL elsewhere is not framed but named, with what to configure.
 */
import { useEffect, useState } from 'react'
import { collection, global, messageOf } from '../api.ts'
import { t } from '../i18n.ts'
import type { AdminEntity } from '../schema.ts'
import type { Values } from '../edit/state.ts'
import { apiId, type Target } from '../edit/useDocument.ts'
import { SAVED_EVENT } from '../edit/useLock.ts'

type Preview = NonNullable<AdminEntity['livePreview']>
const RESPONSIVE = 'responsive'

/** The preview's URL for the form's saved values: the string URL (a path: on this server), or the function's. */
async function urlOf(
  target: Target,
  preview: Preview,
  values: Values,
): Promise<string | undefined> {
  if (preview.url) return new URL(preview.url, window.location.origin).href
  const options = { ...(target.locale ? { locale: target.locale } : {}) }
  const r = (
    target.kind === 'collection'
      ? await collection(target.slug).formState(values, {
          ...options,
          id: apiId(target.id ?? ''),
          operation: 'update',
        })
      : await global(target.slug).formState(values, options)
  ) as { livePreviewURL?: string }
  return r.livePreviewURL ? new URL(r.livePreviewURL, window.location.origin).href : undefined
}

/** Whether the admin's CSP lets it frame the URL (`'self'` is the admin's own origin). */
function framable(url: string, origins: string[]): boolean {
  const origin = new URL(url).origin
  return origins.some((o) => (o === "'self'" ? window.location.origin : o) === origin)
}

export default function Pane(props: { target: Target; entity: AdminEntity; values: Values }) {
  const { target, values } = props
  const preview = props.entity.livePreview!
  const [url, setUrl] = useState<string>()
  const [error, setError] = useState<string>()
  const [loads, setLoads] = useState(0)
  const [saves, setSaves] = useState(0)
  const [size, setSize] = useState(RESPONSIVE)
  // Each save and autosave (edit/save.ts announces them) reloads the preview.
  useEffect(() => {
    const saved = () => setSaves((n) => n + 1)
    window.addEventListener(SAVED_EVENT, saved)
    return () => window.removeEventListener(SAVED_EVENT, saved)
  }, [])
  useEffect(() => {
    let live = true
    urlOf(target, preview, values)
      .then((u) => {
        if (!live) return
        setError(undefined)
        setUrl(u)
        setLoads((n) => n + 1)
      })
      .catch((e: unknown) => live && setError(messageOf(e)))
    return () => {
      live = false
    }
    // The values a save answered come with its event: the URL is asked again then, not at each keystroke.
  }, [saves, target.slug, target.id, target.locale])
  const breakpoint = preview.breakpoints.find((b) => b.name === size)
  const blocked = url && !framable(url, preview.origins)
  return (
    <aside id="live-preview" className="live-preview" aria-label={t('general:livePreview')}>
      <div className="toolbar live-preview-bar" role="group" aria-label={t('cms:previewSize')}>
        {[{ name: RESPONSIVE, label: t('cms:responsive') }, ...preview.breakpoints].map((b) => (
          <button
            key={b.name}
            type="button"
            className="secondary small"
            aria-pressed={size === b.name}
            onClick={() => setSize(b.name)}
          >
            {b.label}
          </button>
        ))}
        {url && (
          <a href={url} target="_blank" rel="noreferrer">
            {t('general:openInNewWindow')}
          </a>
        )}
      </div>
      {error && (
        <p role="alert" className="form-error">
          {error}
        </p>
      )}
      {!error && url === undefined && loads > 0 && <p className="empty">{t('cms:noPreviewURL')}</p>}
      {blocked && (
        <p role="alert" className="form-error">
          {t('cms:previewBlocked', { origin: new URL(url).origin })}
        </p>
      )}
      {url && !blocked && (
        <div className={`live-preview-frame${breakpoint ? ' sized' : ''}`}>
          <iframe
            // A new frame per load: a save reloads the page even where its URL stays the same.
            key={loads}
            src={url}
            title={t('general:livePreview')}
            data-loads={loads}
            {...(breakpoint
              ? { width: String(breakpoint.width), height: String(breakpoint.height) }
              : {})}
          />
        </div>
      )}
    </aside>
  )
}
