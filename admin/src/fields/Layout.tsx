/** The layout fields: row (side by side), collapsible (details), group (fieldset) and tabs (a tablist). */
import { useRef, useState, type KeyboardEvent } from 'react'
import { labelOf, type AdminField } from '../schema.ts'
import { childPerm, idOf } from '../edit/state.ts'
import { t } from '../i18n.ts'
import { Fields, type FieldsProps } from './Field.tsx'
import { Description } from './Shell.tsx'

export function Row(props: FieldsProps) {
  return (
    <div className="field-row">
      <Fields {...props} />
    </div>
  )
}

export function Collapsible(props: FieldsProps & { field: AdminField }) {
  return (
    <details className="collapsible" open={props.field.admin?.initCollapsed !== true}>
      <summary>{labelOf(props.field) || t('cms:details')}</summary>
      <Fields {...props} />
    </details>
  )
}

/** A named group writes into its own object (the caller passes its path and permissions). */
export function Group(props: FieldsProps & { field: AdminField }) {
  return (
    <fieldset className="group">
      {labelOf(props.field) && <legend>{labelOf(props.field)}</legend>}
      <Description field={props.field} path={props.path} />
      <Fields {...props} />
    </fieldset>
  )
}

export function Tabs(props: Omit<FieldsProps, 'fields'> & { field: AdminField }) {
  const tabs = props.field.tabs ?? []
  const [active, setActive] = useState(0)
  const refs = useRef<(HTMLButtonElement | null)[]>([])
  const base = idOf([...props.path, 'tabs', props.field.name ?? tabs.map((x) => x.label).join('-')])
  const key = (e: KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowRight: 1,
      ArrowLeft: -1,
      Home: -active,
      End: tabs.length - 1 - active,
    }
    if (!(e.key in moves)) return
    e.preventDefault()
    const next = (active + moves[e.key] + tabs.length) % tabs.length
    setActive(next)
    refs.current[next]?.focus()
  }
  const tab = tabs[active]
  return (
    <div className="tabs">
      <div role="tablist" aria-label={labelOf(props.field) || t('cms:tabs')} onKeyDown={key}>
        {tabs.map((tab, i) => (
          <button
            key={tab.label}
            ref={(el) => {
              refs.current[i] = el
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${i}`}
            aria-selected={i === active}
            aria-controls={`${base}-panel`}
            tabIndex={i === active ? 0 : -1}
            className="tab"
            onClick={() => setActive(i)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tab && (
        <div role="tabpanel" id={`${base}-panel`} aria-labelledby={`${base}-tab-${active}`}>
          {tab.description && <p className="field-description">{tab.description}</p>}
          <Fields
            fields={tab.fields}
            path={tab.name ? [...props.path, tab.name] : props.path}
            perm={tab.name ? childPerm(props.perm, tab.name) : props.perm}
            readOnly={props.readOnly}
          />
        </div>
      )}
    </div>
  )
}
