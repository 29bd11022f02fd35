/** The list's smaller controls: pagination with the page size, the column picker and the search box. */
import { useEffect, useState, type FormEvent } from 'react'
import { t } from '../i18n.ts'
import { statusHint, type Column } from './fields.ts'

/** "Page 2 of 3". */
const pageOf = (page: number, totalPages: number) => t('cms:pageOfTotal', { page, totalPages })

/** Previous / Next over the pages of a small list (a drawer's, the versions'): nothing with a single page. */
export function PrevNext(props: {
  page: number
  totalPages: number
  label: string
  onPage(page: number): void
}) {
  const { page, totalPages, onPage } = props
  if (totalPages <= 1) return null
  return (
    <nav className="pagination" aria-label={props.label}>
      <button
        type="button"
        className="secondary small"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {t('general:previous')}
      </button>
      <span>{pageOf(page, totalPages)}</span>
      <button
        type="button"
        className="secondary small"
        disabled={page >= totalPages}
        onClick={() => onPage(page + 1)}
      >
        {t('general:next')}
      </button>
    </nav>
  )
}

export function Pagination(props: {
  page: number
  totalPages: number
  totalDocs: number
  limit: number
  limits: number[]
  onPage(page: number): void
  onLimit(limit: number): void
}) {
  const { page, totalPages, totalDocs, onPage } = props
  // Past the last page (a bulk delete emptied it, an old link): the last page instead.
  useEffect(() => {
    if (totalPages > 0 && page > totalPages) onPage(totalPages)
  }, [page, totalPages])
  return (
    <nav className="pagination" aria-label={t('cms:pagination')}>
      <button
        type="button"
        className="secondary small"
        disabled={page <= 1}
        onClick={() => props.onPage(page - 1)}
      >
        {t('general:previous')}
      </button>
      <span>{pageOf(page, Math.max(totalPages, 1))}</span>
      <button
        type="button"
        className="secondary small"
        disabled={page >= totalPages}
        onClick={() => props.onPage(page + 1)}
      >
        {t('general:next')}
      </button>
      <span className="total">
        {totalDocs} {t(totalDocs === 1 ? 'general:document' : 'general:documents')}
      </span>
      <PerPage limit={props.limit} limits={props.limits} onLimit={props.onLimit} />
    </nav>
  )
}

/** "Per Page: [10]": the select where Payload's text has `{{limit}}`. */
function PerPage(props: { limit: number; limits: number[]; onLimit(limit: number): void }) {
  const [before, after = ''] = t('general:perPage').split('{{limit}}')
  return (
    <label>
      {before}
      <select value={props.limit} onChange={(e) => props.onLimit(Number(e.target.value))}>
        {props.limits.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
      {after}
    </label>
  )
}

export function ColumnPicker(props: {
  all: Column[]
  shown: string[]
  onChange(columns: string[]): void
}) {
  const { all, shown } = props
  const toggle = (name: string) => {
    if (shown.includes(name)) {
      if (shown.length > 1) props.onChange(shown.filter((n) => n !== name))
      return
    }
    // Config order, so a column comes back where it was.
    const order = all.map((c) => c.name)
    props.onChange(
      [...shown, name].sort((a, b) => order.indexOf(a) - order.indexOf(b)).filter(Boolean),
    )
  }
  return (
    <details className="popover">
      <summary className="button secondary small">{t('general:columns')}</summary>
      <fieldset className="popover-body">
        <legend>{t('general:columns')}</legend>
        {all.map((c) => (
          <label key={c.name} className="check">
            <input
              type="checkbox"
              checked={shown.includes(c.name)}
              onChange={() => toggle(c.name)}
            />{' '}
            {c.label}
            {c.name === '_status' ? statusHint() : ''}
          </label>
        ))}
      </fieldset>
    </details>
  )
}

export function SearchBox(props: { value: string; label: string; onSearch(text: string): void }) {
  const [text, setText] = useState(props.value)
  useEffect(() => setText(props.value), [props.value])
  const submit = (e: FormEvent) => {
    e.preventDefault()
    props.onSearch(text)
  }
  return (
    <form role="search" className="search" onSubmit={submit}>
      <label htmlFor="list-search" className="visually-hidden">
        {props.label}
      </label>
      <input
        id="list-search"
        type="search"
        placeholder={props.label}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <button type="submit" className="secondary small">
        {t('cms:searchButton')}
      </button>
    </form>
  )
}
