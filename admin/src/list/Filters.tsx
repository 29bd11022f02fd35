/**
 * The filter builder: conditions (field, operator, value), ANDed, edited here and applied to the URL on "Apply".
 * Each field offers only the operators its where schema accepts; values are typed (numbers, booleans, lists); a
 * relationship's value is chosen by the related document's name.
 */
import { useEffect, useState } from 'react'
import { t } from '../i18n.ts'
import {
  filterable,
  operatorLabel,
  operatorsOf,
  rawValue,
  statusHint,
  typedValue,
  type Column,
} from './fields.ts'
import type { Condition } from './query.ts'
import { Search, Title } from '../fields/Relationship.tsx'

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

const idOfRaw = (raw: string): string | number => (/^\d+$/.test(raw) ? Number(raw) : raw)

/**
 * A relationship's value chosen by name: the related collection's options on focus, narrowed by typing
 * (fields/Search.tsx); `in` / `not_in` take several. The condition keeps the ids.
 */
function RelationValue(props: { slug: string; row: Row; id: string; set(raw: string): void }) {
  const { row, id } = props
  const many = row.operator === 'in' || row.operator === 'not_in'
  const ids = row.raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  const shown = many ? ids : ids.slice(0, 1)
  return (
    <span className="filter-relation">
      {shown.map((raw) => (
        <span key={raw} className="chip">
          <Title slug={props.slug} id={idOfRaw(raw)} />
          <button
            type="button"
            className="link small"
            onClick={() => props.set(shown.filter((x) => x !== raw).join(', '))}
          >
            {many ? t('general:remove') : t('cms:changeValue')}
            <span className="visually-hidden">
              {' '}
              <Title slug={props.slug} id={idOfRaw(raw)} /> {t('cms:fromCondition', { n: id })}
            </span>
          </button>
        </span>
      ))}
      {(many || shown.length === 0) && (
        <Search
          slug={props.slug}
          inputId={`filter-value-${id}`}
          label={t('cms:conditionValue', { n: id })}
          exclude={shown.map(idOfRaw)}
          onPick={(picked) =>
            props.set(many ? [...shown, String(picked)].join(', ') : String(picked))
          }
        />
      )}
    </span>
  )
}

function ValueInput(props: { column?: Column; row: Row; id: string; set(raw: string): void }) {
  const { column, row, id } = props
  const label = t('cms:conditionValue', { n: id })
  const relationTo = column?.field.relationTo
  if (typeof relationTo === 'string' && row.operator !== 'exists')
    return <RelationValue slug={relationTo} row={row} id={id} set={props.set} />
  if (row.operator === 'exists' || column?.field.type === 'checkbox')
    return (
      <select aria-label={label} value={row.raw} onChange={(e) => props.set(e.target.value)}>
        <option value="true">
          {t(row.operator === 'exists' ? 'general:yes' : 'general:true')}
        </option>
        <option value="false">
          {t(row.operator === 'exists' ? 'general:no' : 'general:false')}
        </option>
      </select>
    )
  const options = column?.field.options
  if (options && row.operator !== 'in')
    return (
      <select aria-label={label} value={row.raw} onChange={(e) => props.set(e.target.value)}>
        <option value="">{t('general:selectValue')}</option>
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

function ConditionRow(props: {
  columns: Column[]
  row: Row
  n: string
  first: boolean
  update(patch: Partial<Row>): void
  remove(): void
}) {
  const { columns, row, n } = props
  const column = columns.find((c) => c.name === row.field)
  const setField = (field: string) => {
    const f = columns.find((c) => c.name === field)!.field
    const ops = operatorsOf(f)
    props.update({ field, operator: ops[0], raw: f.type === 'checkbox' ? 'true' : '' })
  }
  return (
    <div className="filter-row">
      {!props.first && <span className="and">{t('general:and')}</span>}
      <select
        aria-label={t('cms:conditionField', { n })}
        value={row.field}
        onChange={(e) => setField(e.target.value)}
      >
        {columns.map((c) => (
          <option key={c.name} value={c.name}>
            {c.label}
            {c.name === '_status' ? statusHint() : ''}
          </option>
        ))}
      </select>
      <select
        aria-label={t('cms:conditionOperator', { n })}
        value={row.operator}
        onChange={(e) =>
          props.update({
            operator: e.target.value,
            // From `exists` (true/false) to another operator: the value starts empty.
            raw: e.target.value === 'exists' ? 'true' : row.operator === 'exists' ? '' : row.raw,
          })
        }
      >
        {(column ? operatorsOf(column.field) : []).map((o) => (
          <option key={o} value={o}>
            {operatorLabel(o)}
          </option>
        ))}
      </select>
      <ValueInput column={column} row={row} id={n} set={(raw) => props.update({ raw })} />
      <button
        type="button"
        className="secondary small"
        aria-label={t('cms:conditionRemove', { n })}
        onClick={props.remove}
      >
        {t('general:remove')}
      </button>
    </div>
  )
}

/** Condition groups: the conditions of a group ANDed, the groups ORed; numbered across groups. */
export function Filters(props: {
  columns: Column[]
  conditions: Condition[][]
  onApply(conditions: Condition[][]): void
}) {
  const columns = filterable(props.columns)
  const initial = () => props.conditions.map((g) => g.map(rowOf))
  const [groups, setGroups] = useState<Row[][]>(initial)
  const key = JSON.stringify(props.conditions)
  useEffect(() => setGroups(initial()), [key])
  const byName = (name: string) => columns.find((c) => c.name === name)
  const fresh = (): Row | undefined =>
    columns[0] && { field: columns[0].name, operator: operatorsOf(columns[0].field)[0], raw: '' }
  const update = (g: number, i: number, patch: Partial<Row>) =>
    setGroups(
      groups.map((rows, h) =>
        h !== g ? rows : rows.map((r, j) => (j === i ? { ...r, ...patch } : r)),
      ),
    )
  const remove = (g: number, i: number) =>
    setGroups(
      groups
        .map((rows, h) => (h !== g ? rows : rows.filter((_, j) => j !== i)))
        .filter((rows) => rows.length),
    )
  const add = (newGroup: boolean) => {
    const row = fresh()
    if (!row) return
    if (newGroup || !groups.length) setGroups([...groups, [row]])
    else setGroups(groups.map((rows, h) => (h === groups.length - 1 ? [...rows, row] : rows)))
  }
  const condition = (r: Row): Condition => ({
    field: r.field,
    operator: r.operator,
    value: typedValue(byName(r.field)!.field, r.operator, r.raw),
  })
  const apply = () =>
    props.onApply(groups.map((rows) => rows.filter((r) => byName(r.field)).map(condition)))
  let n = 0
  return (
    <section className="filters" aria-label={t('general:filters')}>
      {groups.map((rows, g) => (
        <div key={g}>
          {g > 0 && <p className="or">{t('general:or')}</p>}
          <div
            className="filter-group"
            role="group"
            aria-label={t('cms:conditionGroup', { n: g + 1 })}
          >
            {rows.map((row, i) => (
              <ConditionRow
                key={i}
                columns={columns}
                row={row}
                n={String(++n)}
                first={i === 0}
                update={(patch) => update(g, i, patch)}
                remove={() => remove(g, i)}
              />
            ))}
          </div>
        </div>
      ))}
      <div className="toolbar">
        <button type="button" className="secondary small" onClick={() => add(false)}>
          {t('general:addFilter')}
        </button>
        {groups.length > 0 && (
          <button type="button" className="secondary small" onClick={() => add(true)}>
            {t('cms:addOrGroup')}
          </button>
        )}
        {(groups.length > 0 || props.conditions.length > 0) && (
          <button type="button" className="small" onClick={apply}>
            {t('cms:applyFilters')}
          </button>
        )}
      </div>
    </section>
  )
}
