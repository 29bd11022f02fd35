/**
 * An upload collection's files as a grid of cards: the thumbnail (an image's `thumbnail`/`card` size, else its
 * kind: PDF, MP4…), the filename, the dimensions, the MIME type and the size. In the list (`?view=grid`) a card's
 * filename opens its document and a checkbox selects it for the bulk actions; in the library drawer a card's
 * button chooses it. Loaded lazily (upload/MediaTools.tsx, drawer/lazy.tsx).
 */
import type { Doc } from '../api.ts'
import { t } from '../i18n.ts'
import { Link } from '../router.tsx'
import { formatSize, storedUpload } from './files.ts'
import { kindOf } from './mime.ts'

export interface MediaGridProps {
  slug: string
  docs: Doc[]
  /** The grid's accessible name (the collection's plural). */
  label: string
  /** The library drawer: a card's button chooses its document. */
  onPick?: (doc: Doc) => void
  /** The list: a checkbox per card, for the bulk actions. */
  selectable?: boolean
  selected?: Set<string>
  onSelect?: (selected: Set<string>) => void
}

function Card(props: MediaGridProps & { doc: Doc }) {
  const { doc, selected } = props
  const id = String(doc.id)
  const stored = storedUpload(doc)
  const name = stored?.filename ?? `#${id}`
  const toggle = () => {
    const next = new Set(selected)
    if (next.has(id)) next.delete(id)
    else next.add(id)
    props.onSelect?.(next)
  }
  return (
    <li className={`media-card${selected?.has(id) ? ' selected' : ''}`}>
      <div className="media-thumb">
        {stored?.thumbnail ? (
          <img src={stored.thumbnail} alt="" loading="lazy" />
        ) : (
          <span className="upload-kind" aria-hidden="true">
            {kindOf(stored?.mimeType, stored?.filename)}
          </span>
        )}
      </div>
      <div className="media-info">
        {props.onPick ? (
          <button
            type="button"
            className="link media-name"
            aria-label={t('fields:chooseLabel', { label: name })}
            onClick={() => props.onPick!(doc)}
          >
            {name}
          </button>
        ) : (
          <Link className="media-name" to={`/collections/${props.slug}/${encodeURIComponent(id)}`}>
            {name}
          </Link>
        )}
        <span className="muted small-text media-facts">
          {stored?.width && stored.height ? (
            <span className="media-dimensions">
              {stored.width} × {stored.height} px
            </span>
          ) : null}
          {stored?.mimeType && <span className="media-type">{stored.mimeType}</span>}
          {stored?.filesize !== undefined && <span>{formatSize(stored.filesize)}</span>}
        </span>
      </div>
      {props.selectable && (
        <input
          type="checkbox"
          className="media-select"
          aria-label={t('general:selectLabel', { label: name })}
          checked={selected?.has(id) ?? false}
          onChange={toggle}
        />
      )}
    </li>
  )
}

export default function MediaGrid(props: MediaGridProps) {
  return (
    <ul className="media-grid" aria-label={props.label}>
      {props.docs.map((doc) => (
        <Card key={String(doc.id)} {...props} doc={doc} />
      ))}
    </ul>
  )
}
