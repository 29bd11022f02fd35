/**
 * The filter builder: conditions (field, operator, value), ANDed, edited here and applied to the URL on "Apply".
 * Each field offers only the operators its where schema accepts; values are typed (numbers, booleans, lists).
 */
import { useEffect, useState } from 'react'
import {
  filterable,
  operatorsOf,
  OPERATOR_LABELS,
  rawValue,
  typedValue,
  type Column,
} from './fields.ts'
import type { Condition } from './query.ts'

interface Row {
  field: string
  operator: string
  raw: string
}

const rowOf = (c: Condition): Row => ({
  field: c.field,
  operator: c.operator,
  raw: rawValue(c.value),
})

function ValueInput(props: { column?: Column; row: Row; id: string; set(raw: string): void }) {
  const { column, row, id } = props
  const label = `Value of condition ${id}`
  if (row.operator === 'exists' || column?.field.type === 'checkbox')
    return (
      <select aria-label={label} value={row.raw} onChange={(e) => props.set(e.target.value)}>
        <option value="true">{row.operator === 'exists' ? 'yes' : 'true'}</option>
        <option value="false">{row.operator === 'exists' ? 'no' : 'false'}</option>
      </select>
    )
  const options = column?.field.options
  if (options && row.operator !== 'in')
    return (
      <select aria-label={label} value={row.raw} onChange={(e) => props.set(e.target.value)}>
        <option value="">Choose…</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    )
  const type = column?.field.type
  return (
    <input
      aria-label={label}
      type={type === 'number' ? 'number' : type === 'date' ? 'date' : 'text'}
      placeholder={row.operator === 'in' ? 'a, b, c' : undefined}
      value={row.operator !== 'in' && type === 'date' ? row.raw.slice(0, 10) : row.raw}
      onChange={(e) => props.set(e.target.value)}
    />
  )
}

export function Filters(props: {
  columns: Column[]
  conditions: Condition[]
  onApply(conditions: Condition[]): void
}) {
  const columns = filterable(props.columns)
  const [rows, setRows] = useState<Row[]>(props.conditions.map(rowOf))
  const key = JSON.stringify(props.conditions)
  useEffect(() => setRows(props.conditions.map(rowOf)), [key])
  const byName = (name: string) => columns.find((c) => c.name === name)
  const update = (i: number, patch: Partial<Row>) =>
    setRows(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)))
  const setField = (i: number, field: string) => {
    const ops = operatorsOf(byName(field)!.field)
    update(i, {
      field,
      operator: ops[0],
      raw: ops[0] === 'equals' && byName(field)!.field.type === 'checkbox' ? 'true' : '',
    })
  }
  const add = () => {
    const first = columns[0]
    if (first)
      setRows([...rows, { field: first.name, operator: operatorsOf(first.field)[0], raw: '' }])
  }
  const apply = () =>
    props.onApply(
      rows
        .filter((r) => byName(r.field))
        .map((r) => ({
          field: r.field,
          operator: r.operator,
          value: typedValue(
            byName(r.field)!.field,
            r.operator,
            r.operator === 'exists' && r.raw === '' ? 'true' : r.raw,
          ),
        })),
    )
  return (
    <section className="filters" aria-label="Filters">
      {rows.map((row, i) => {
        const column = byName(row.field)
        const n = String(i + 1)
        return (
          <div className="filter-row" key={i}>
            {i > 0 && <span className="and">and</span>}
            <select
              aria-label={`Field of condition ${n}`}
              value={row.field}
              onChange={(e) => setField(i, e.target.value)}
            >
              {columns.map((c) => (
                <option key={c.name} value={c.name}>
                  {c.label}
                  {c.name === '_status' ? ' (draft/published)' : ''}
                </option>
              ))}
            </select>
            <select
              aria-label={`Operator of condition ${n}`}
              value={row.operator}
              onChange={(e) =>
                update(i, {
                  operator: e.target.value,
                  raw: e.target.value === 'exists' ? 'true' : row.raw,
                })
              }
            >
              {(column ? operatorsOf(column.field) : []).map((o) => (
                <option key={o} value={o}>
                  {OPERATOR_LABELS[o] ?? o}
                </option>
              ))}
            </select>
            <ValueInput column={column} row={row} id={n} set={(raw) => update(i, { raw })} />
            <button
              type="button"
              className="secondary small"
              aria-label={`Remove condition ${n}`}
              onClick={() => setRows(rows.filter((_, j) => j !== i))}
            >
              Remove
            </button>
          </div>
        )
      })}
      <div className="toolbar">
        <button type="button" className="secondary small" onClick={add}>
          Add filter
        </button>
        {(rows.length > 0 || props.conditions.length > 0) && (
          <button type="button" className="small" onClick={apply}>
            Apply filters
          </button>
        )}
      </div>
    </section>
  )
}
