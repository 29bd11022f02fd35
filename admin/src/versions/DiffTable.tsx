/**
 * The per-field table of a comparison: the field, this version's value and the compared one's. A changed field,
 * a changed line of a group or row, and a row added, removed, changed or moved say so in words, not by colour
 * only. Arrays and blocks show row by row, each row's fields on their own lines.
 */
import { t } from '../i18n.ts'
import type { FieldDiff, Line, RowDiff } from './diff.ts'

/** The key of a row's mark, in words. */
const MARK: Record<NonNullable<RowDiff['mark']>, string> = {
  added: 'cms:rowOnlyInCompared',
  removed: 'cms:rowOnlyInThisVersion',
  changed: 'version:changed',
  moved: 'cms:rowMoved',
}

/** "(No value)": an empty side. */
function Empty() {
  return <span className="muted">({t('general:noValue')})</span>
}

function Lines(props: { lines: Line[]; side: 'left' | 'right' }) {
  const shown = props.lines.filter((l) => l[props.side] || l.changed)
  if (!shown.length) return <Empty />
  return (
    <dl className="diff-lines">
      {shown.map((l) => (
        <div key={l.label} className={l.changed ? 'changed' : undefined}>
          <dt>
            {l.label}
            {l.changed && <span className="visually-hidden"> ({t('version:changed')})</span>}
          </dt>
          <dd>{l[props.side] || <Empty />}</dd>
        </div>
      ))}
    </dl>
  )
}

function Rows(props: { rows: RowDiff[]; side: 'left' | 'right' }) {
  const { side } = props
  // A row only on the other side is named here, so the two columns line up row for row.
  const absent = (r: RowDiff) =>
    (side === 'left' && r.mark === 'added') || (side === 'right' && r.mark === 'removed')
  if (!props.rows.length)
    return <span className="muted">({t('version:noRowsFound', { label: t('general:rows') })})</span>
  return (
    <ol className="diff-rows">
      {props.rows.map((r) => (
        <li key={r.key} className={r.mark ? `row-${r.mark}` : undefined}>
          <div className="diff-row-head">
            {r.label}
            {r.mark && <span className="badge">{t(MARK[r.mark])}</span>}
          </div>
          {absent(r) ? (
            <span className="muted">{t('cms:rowNotHere')}</span>
          ) : (
            <Lines lines={r.lines} side={side} />
          )}
        </li>
      ))}
    </ol>
  )
}

function Cell(props: { diff: FieldDiff; side: 'left' | 'right' }) {
  const { diff, side } = props
  if (diff.rows) return <Rows rows={diff.rows} side={side} />
  if (diff.lines) return <Lines lines={diff.lines} side={side} />
  const text = diff[side]
  return text ? <pre>{text}</pre> : <Empty />
}

export function DiffTable(props: {
  diffs: FieldDiff[]
  leftLabel: string
  rightLabel: string
  changedOnly: boolean
}) {
  const shown = props.changedOnly ? props.diffs.filter((d) => d.changed) : props.diffs
  return (
    <div className="table-wrap">
      <table className="diff-table">
        <caption className="visually-hidden">
          {t('cms:comparisonCaption', { left: props.leftLabel, right: props.rightLabel })}
        </caption>
        <thead>
          <tr>
            <th scope="col">{t('cms:versionField')}</th>
            <th scope="col">{props.leftLabel}</th>
            <th scope="col">{props.rightLabel}</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((d) => (
            <tr key={d.name} className={d.changed ? 'changed' : undefined}>
              <th scope="row">
                {d.label}
                {d.changed && <span className="badge">{t('version:changed')}</span>}
              </th>
              <td>
                <Cell diff={d} side="left" />
              </td>
              <td>
                <Cell diff={d} side="right" />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {shown.length === 0 && <p className="empty">{t('cms:noFieldDiffers')}</p>}
    </div>
  )
}
