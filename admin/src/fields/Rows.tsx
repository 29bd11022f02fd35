/** Arrays and blocks: rows to add (a block of a chosen type), move up and down, duplicate, remove, collapse. */
import { useState, type ReactNode } from 'react'
import { labelOf, type AdminField } from '../schema.ts'
import { defaultsOf, idOf, type Path, type Perm, type Values } from '../edit/state.ts'
import { newRowId, rowKeys, withRowIds } from '../edit/rows.ts'
import { t } from '../i18n.ts'
import { Fields } from './Field.tsx'
import { Description, ErrorText, Label, useValue, type FieldProps } from './Shell.tsx'

type Row = Values & { id?: string; blockType?: string; blockName?: unknown }

/** A row's number as Payload's admin shows it: two digits at least (`01`). */
const rowNumber = (i: number) => String(i + 1).padStart(2, '0')

/** An array's or blocks field's labels, where the description has them. */
const labelsOf = (field: AdminField) =>
  (field as AdminField & { labels?: { singular?: string } }).labels

/** An array's singular label (the description gives Payload's, `tags` → Tag), else the field's label. */
const singularOf = (field: AdminField): string => labelsOf(field)?.singular ?? labelOf(field)

/**
 * Row operations on the list at a path. A row is known by its `id` (edit/rows.ts), which a new row gets at once: a
 * duplicate gets new ids, its rows inside too.
 */
function useRows(path: Path, fieldsOf: (row: Row) => AdminField[] | undefined) {
  const { value, set } = useValue<Row[]>(path)
  const rows = Array.isArray(value) ? value : []
  // A new row with its id, and ids on the rows inside it (default rows, a duplicate's copies).
  const identified = (r: Row, fresh: boolean): Row => {
    const fields = fieldsOf(r)
    return { ...(fields ? withRowIds(r, fields, fresh) : r), id: newRowId() }
  }
  return {
    rows,
    keys: rowKeys(rows),
    add: (row: Row) => set([...rows, identified(row, false)]),
    remove: (i: number) => set(rows.filter((_, j) => j !== i)),
    duplicate: (i: number) =>
      set([
        ...rows.slice(0, i + 1),
        identified(structuredClone(rows[i]), true),
        ...rows.slice(i + 1),
      ]),
    move: (i: number, by: -1 | 1) => {
      const next = [...rows]
      ;[next[i], next[i + by]] = [next[i + by], next[i]]
      set(next)
    },
  }
}

function RowFrame(props: {
  /** The row's name, which the buttons of the row carry for screen readers (`Hero 01`). */
  title: string
  /** What the row's head shows, where it differs from the title (a block's number, label and name). */
  heading?: ReactNode
  path: Path
  index: number
  count: number
  readOnly: boolean
  ops: ReturnType<typeof useRows>
  children: ReactNode
}) {
  const { index: i, ops, readOnly } = props
  // Keyed by the row's id: the collapsed state (and every state inside) moves with the row.
  const [open, setOpen] = useState(true)
  const body = `${idOf(props.path)}-body`
  return (
    <li className="array-row">
      <div className="array-row-head">
        <button
          type="button"
          className="link"
          aria-expanded={open}
          aria-controls={body}
          onClick={() => setOpen(!open)}
        >
          {props.heading ?? props.title}
        </button>
        {!readOnly && (
          <span className="row-actions">
            <button
              type="button"
              className="secondary small"
              disabled={i === 0}
              onClick={() => ops.move(i, -1)}
            >
              {t('general:moveUp')}
              <span className="visually-hidden"> {props.title}</span>
            </button>
            <button
              type="button"
              className="secondary small"
              disabled={i === props.count - 1}
              onClick={() => ops.move(i, 1)}
            >
              {t('general:moveDown')}
              <span className="visually-hidden"> {props.title}</span>
            </button>
            <button type="button" className="secondary small" onClick={() => ops.duplicate(i)}>
              {t('general:duplicate')}
              <span className="visually-hidden"> {props.title}</span>
            </button>
            <button type="button" className="danger small" onClick={() => ops.remove(i)}>
              {t('general:remove')}
              <span className="visually-hidden"> {props.title}</span>
            </button>
          </span>
        )}
      </div>
      <div id={body} hidden={!open}>
        {props.children}
      </div>
    </li>
  )
}

function ListFrame(props: FieldProps & { children: ReactNode; add: ReactNode }) {
  return (
    <fieldset className="field array">
      <legend>
        <Label field={props.field} />
      </legend>
      <Description field={props.field} path={props.path} />
      <ErrorText path={props.path} />
      <ol className="array-rows">{props.children}</ol>
      {!props.readOnly && props.add}
    </fieldset>
  )
}

export function ArrayField(props: FieldProps & { perm: Perm }) {
  const { field, path, readOnly, perm } = props
  const fields = field.fields ?? []
  const ops = useRows(path, () => fields)
  const singular = singularOf(field)
  return (
    <ListFrame
      {...props}
      add={
        <button type="button" className="secondary" onClick={() => ops.add(defaultsOf(fields))}>
          {t('fields:addLabel', { label: singular })}
        </button>
      }
    >
      {ops.rows.map((_, i) => (
        <RowFrame
          key={ops.keys[i]}
          title={`${singular} ${rowNumber(i)}`}
          path={[...path, i]}
          index={i}
          count={ops.rows.length}
          readOnly={readOnly}
          ops={ops}
        >
          <Fields fields={fields} path={[...path, i]} perm={perm} readOnly={readOnly} />
        </RowFrame>
      ))}
    </ListFrame>
  )
}

export function BlocksField(props: FieldProps & { perm: Perm }) {
  const { field, path, readOnly, perm } = props
  const blocks = field.blocks ?? []
  const ops = useRows(path, (row) => blocks.find((b) => b.slug === row.blockType)?.fields)
  const [choice, setChoice] = useState(blocks[0]?.slug ?? '')
  const chooser = `${idOf(path)}-type`
  const blockPerm = (slug: string): Perm => {
    if (perm === true || perm === undefined) return perm
    const b = perm.blocks
    return b === undefined || b === true ? true : ((b as Record<string, Perm>)[slug] ?? true)
  }
  // As Payload's: "Add <the field's singular label>" (`layout` → "Add Layout").
  const blockSingular = singularOf(field)
  const add = () => {
    const b = blocks.find((x) => x.slug === choice)
    if (b) ops.add({ ...defaultsOf(b.fields), blockType: b.slug })
  }
  return (
    <ListFrame
      {...props}
      add={
        <div className="add-block">
          <label htmlFor={chooser}>{t('fields:blockType')}</label>
          <select id={chooser} value={choice} onChange={(e) => setChoice(e.target.value)}>
            {blocks.map((b) => (
              <option key={b.slug} value={b.slug}>
                {b.labels.singular}
              </option>
            ))}
          </select>
          <button type="button" className="secondary" onClick={add}>
            {t('fields:addLabel', { label: blockSingular })}
          </button>
        </div>
      }
    >
      {ops.rows.map((row, i) => {
        const b = blocks.find((x) => x.slug === row.blockType)
        // As Payload's: the row's number, the block's label (from the config), and the row's `blockName` if any.
        const blockLabel = b?.labels.singular ?? String(row.blockType ?? t('fields:block'))
        const name = typeof row.blockName === 'string' && row.blockName ? row.blockName : ''
        return (
          <RowFrame
            key={ops.keys[i]}
            title={`${blockLabel} ${rowNumber(i)}`}
            heading={
              <>
                <span className="row-number">{rowNumber(i)}</span>{' '}
                <span className="row-label">{blockLabel}</span>
                {name && <span className="row-name"> {name}</span>}
              </>
            }
            path={[...path, i]}
            index={i}
            count={ops.rows.length}
            readOnly={readOnly}
            ops={ops}
          >
            {b ? (
              <Fields
                fields={b.fields}
                path={[...path, i]}
                perm={blockPerm(b.slug)}
                readOnly={readOnly}
              />
            ) : (
              <p>{t('cms:unknownBlockType', { type: String(row.blockType) })}</p>
            )}
          </RowFrame>
        )
      })}
    </ListFrame>
  )
}
