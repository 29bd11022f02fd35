/** The list's table: sortable headers (`aria-sort`), a selection checkbox per row and the title linked. */
import type { Doc } from '../api.ts'
import { t } from '../i18n.ts'
import { Link } from '../router.tsx'
import { formatValue, thumbnailsOf } from './cells.ts'
import { sortable, type Column } from './fields.ts'

export interface TableProps {
  slug: string
  caption: string
  columns: Column[]
  titleField: string
  docs: Doc[]
  sort?: string
  onSort(sort: string): void
  selectable: boolean
  selected: Set<string>
  onSelect(selected: Set<string>): void
  /** The trash view links nowhere (a trashed document opens only with `trash`). */
  linked: boolean
}

export const docTitle = (doc: Doc, titleField: string): string => {
  const title = doc[titleField]
  return title === null || title === undefined || title === '' ? `#${doc.id}` : String(title)
}

function Header(props: { column: Column; sort?: string; onSort(sort: string): void }) {
  const { column, sort } = props
  if (!sortable(column)) return <th scope="col">{column.label}</th>
  const state =
    sort === column.name ? 'ascending' : sort === `-${column.name}` ? 'descending' : undefined
  const next = state === 'ascending' ? `-${column.name}` : column.name
  return (
    <th scope="col" aria-sort={state ?? 'none'}>
      <button type="button" onClick={() => props.onSort(next)}>
        {column.label}
        <span aria-hidden="true">
          {state === 'ascending' ? ' ▲' : state === 'descending' ? ' ▼' : ''}
        </span>
      </button>
    </th>
  )
}

export function Table(props: TableProps) {
  const { columns, docs, selected, titleField } = props
  const ids = docs.map((d) => String(d.id))
  const all = ids.length > 0 && ids.every((id) => selected.has(id))
  const toggle = (id: string) => {
    const next = new Set(selected)
    if (next.has(id)) next.delete(id)
    else next.add(id)
    props.onSelect(next)
  }
  const linkColumn = columns.some((c) => c.name === titleField) ? titleField : columns[0]?.name
  return (
    <div className="table-wrap">
      <table className="list-table">
        <caption className="visually-hidden">{props.caption}</caption>
        <thead>
          <tr>
            {props.selectable && (
              <th scope="col" className="select-cell">
                <input
                  type="checkbox"
                  aria-label={t('general:selectAllRows')}
                  checked={all}
                  onChange={() => props.onSelect(all ? new Set() : new Set(ids))}
                />
              </th>
            )}
            {columns.map((c) => (
              <Header key={c.name} column={c} sort={props.sort} onSort={props.onSort} />
            ))}
          </tr>
        </thead>
        <tbody>
          {docs.map((doc) => {
            const id = String(doc.id)
            const title = docTitle(doc, titleField)
            return (
              <tr key={id} className={selected.has(id) ? 'selected' : undefined}>
                {props.selectable && (
                  <td className="select-cell">
                    <input
                      type="checkbox"
                      aria-label={t('general:selectLabel', { label: title })}
                      checked={selected.has(id)}
                      onChange={() => toggle(id)}
                    />
                  </td>
                )}
                {columns.map((c) => {
                  const text = formatValue(c.field, doc[c.name])
                  return (
                    <td key={c.name}>
                      {thumbnailsOf(c.field, doc[c.name]).map((src) => (
                        <img key={src} className="cell-thumb" src={src} alt="" />
                      ))}
                      {c.name === linkColumn && props.linked ? (
                        <Link to={`/collections/${props.slug}/${encodeURIComponent(id)}`}>
                          {c.name === titleField ? title : text || `#${id}`}
                        </Link>
                      ) : (
                        text
                      )}
                    </td>
                  )
                })}
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
