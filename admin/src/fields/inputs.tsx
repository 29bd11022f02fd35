/** The plain inputs: text, textarea, email, code and JSON, number, checkbox, date, select, radio, point. */
import { useState } from 'react'
import {
  Description,
  ErrorText,
  inputAttrs,
  Label,
  Shell,
  useValue,
  type FieldProps,
} from './Shell.tsx'
import { idOf } from '../edit/state.ts'
import { t } from '../i18n.ts'
import { fallbackText, useFallback } from './fallback.tsx'

/** The placeholder of a text or number input: the fallback locale's value where this locale has none. */
function usePlaceholder(props: FieldProps): string | undefined {
  const fallback = useFallback(props.field, props.path)
  return (fallback && fallbackText(fallback.value)) || props.field.admin?.placeholder
}

export function TextInput(props: FieldProps) {
  const { field, path, readOnly } = props
  const { value, set, error } = useValue<string>(path)
  const attrs = {
    ...inputAttrs(field, path, error),
    readOnly,
    placeholder: usePlaceholder(props),
    value: value ?? '',
    onChange: (e: { target: { value: string } }) =>
      set(e.target.value === '' && value == null ? value : e.target.value),
  }
  return (
    <Shell {...props}>
      {field.type === 'textarea' || field.type === 'code' ? (
        <textarea {...attrs} className={field.type === 'code' ? 'code' : undefined} />
      ) : (
        <input {...attrs} type={field.type === 'email' ? 'email' : 'text'} />
      )}
    </Shell>
  )
}

/** JSON as text: kept as text while it does not parse (and said so), the parsed value once it does. */
export function JsonInput(props: FieldProps) {
  const { field, path, readOnly } = props
  const { value, set, error } = useValue(path)
  const [text, setText] = useState(() =>
    value === undefined ? '' : JSON.stringify(value, null, 2),
  )
  const [invalid, setInvalid] = useState(false)
  const change = (t: string) => {
    setText(t)
    if (t.trim() === '') return (setInvalid(false), set(null))
    try {
      set(JSON.parse(t))
      setInvalid(false)
    } catch {
      setInvalid(true)
    }
  }
  return (
    <Shell {...props}>
      <textarea
        {...inputAttrs(field, path, error ?? (invalid ? 'invalid' : undefined))}
        className="code"
        readOnly={readOnly}
        value={text}
        onChange={(e) => change(e.target.value)}
      />
      {invalid && <p className="field-error">{t('cms:invalidJson')}</p>}
    </Shell>
  )
}

const toNumber = (s: string): number | null => (s === '' ? null : Number(s))

export function NumberInput(props: FieldProps) {
  const { field, path, readOnly } = props
  const { value, set, error } = useValue<number | number[]>(path)
  const placeholder = usePlaceholder(props)
  if (field.hasMany) {
    const list = Array.isArray(value) ? value : []
    return (
      <Shell {...props}>
        <input
          {...inputAttrs(field, path, error)}
          readOnly={readOnly}
          value={list.join(', ')}
          onChange={(e) =>
            set(
              e.target.value
                .split(',')
                .map((s) => s.trim())
                .filter((s) => s !== '' && !Number.isNaN(Number(s)))
                .map(Number),
            )
          }
        />
        <p className="field-description">{t('cms:numbersSeparated')}</p>
      </Shell>
    )
  }
  return (
    <Shell {...props}>
      <input
        {...inputAttrs(field, path, error)}
        type="number"
        readOnly={readOnly}
        min={field.min}
        max={field.max}
        step={(field.admin?.step as number | undefined) ?? 'any'}
        placeholder={placeholder}
        value={typeof value === 'number' ? value : ''}
        onChange={(e) => set(toNumber(e.target.value))}
      />
    </Shell>
  )
}

export function CheckboxInput(props: FieldProps) {
  const { field, path, readOnly } = props
  const { value, set, error } = useValue<boolean>(path)
  return (
    <div className="field field-checkbox">
      <div className="checkbox-line">
        <input
          {...inputAttrs(field, path, error)}
          type="checkbox"
          checked={value === true}
          disabled={readOnly}
          onChange={(e) => set(e.target.checked)}
        />
        <Label field={field} htmlFor={idOf(path)} />
      </div>
      <Description field={field} path={path} />
      <ErrorText path={path} />
    </div>
  )
}

const pad = (n: number) => String(n).padStart(2, '0')
/** An ISO instant as `datetime-local` wants it (local time, minutes). */
export function toLocalInput(iso: unknown): string {
  if (typeof iso !== 'string' || !iso) return ''
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return ''
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`
}

type TimezoneOption = string | { value: string; label?: string }

/**
 * The zones a date's `timezone` offers (`<name>_tz`): its `supportedTimezones`, else every IANA zone the browser
 * knows; the stored value and the default are always among them. Undefined without `timezone`.
 */
function zoneOptions(
  timezone: unknown,
  current: string | undefined,
): { value: string; label: string }[] | undefined {
  if (!timezone) return undefined
  const config = typeof timezone === 'object' ? (timezone as Record<string, unknown>) : {}
  const listed = Array.isArray(config.supportedTimezones)
    ? (config.supportedTimezones as TimezoneOption[])
    : ['UTC', ...Intl.supportedValuesOf('timeZone')]
  const out = new Map<string, string>()
  for (const z of [current, config.defaultTimezone as string | undefined, ...listed]) {
    if (!z) continue
    const value = typeof z === 'string' ? z : z.value
    if (!out.has(value) || typeof z !== 'string')
      out.set(value, typeof z === 'string' ? z : (z.label ?? z.value))
  }
  return [...out].map(([value, label]) => ({ value, label }))
}

export function DateInput(props: FieldProps) {
  const { field, path, readOnly } = props
  const { value, set, error, form } = useValue<string>(path)
  const tzPath = [...path.slice(0, -1), `${String(path[path.length - 1])}_tz`]
  const tz = useValue<string>(tzPath)
  const zones = zoneOptions(field.timezone, tz.value)
  return (
    <Shell {...props}>
      <input
        {...inputAttrs(field, path, error)}
        type="datetime-local"
        readOnly={readOnly}
        value={toLocalInput(value)}
        onChange={(e) => set(e.target.value ? new Date(e.target.value).toISOString() : null)}
      />
      {zones && (
        <>
          <label htmlFor={idOf(tzPath)}>{t('general:timezone')}</label>
          <select
            id={idOf(tzPath)}
            value={tz.value ?? ''}
            disabled={readOnly || form.readOnly}
            onChange={(e) => tz.set(e.target.value || null)}
          >
            <option value="">{t('cms:noTimeZone')}</option>
            {zones.map((z) => (
              <option key={z.value} value={z.value}>
                {z.label}
              </option>
            ))}
          </select>
        </>
      )}
    </Shell>
  )
}

export function SelectInput(props: FieldProps) {
  const { field, path, readOnly } = props
  const { value, set, error } = useValue<string | string[]>(path)
  const options = field.options ?? []
  if (field.hasMany) {
    const list = Array.isArray(value) ? value : []
    return (
      <fieldset
        className="field field-select-many"
        aria-describedby={inputAttrs(field, path, error)['aria-describedby']}
      >
        <legend>
          <Label field={field} />
        </legend>
        {options.map((o) => (
          <div className="checkbox-line" key={o.value}>
            <input
              id={`${idOf(path)}-${o.value}`}
              type="checkbox"
              checked={list.includes(o.value)}
              disabled={readOnly}
              onChange={(e) =>
                set(e.target.checked ? [...list, o.value] : list.filter((v) => v !== o.value))
              }
            />
            <label htmlFor={`${idOf(path)}-${o.value}`}>{o.label}</label>
          </div>
        ))}
        <Description field={field} path={path} />
        <ErrorText path={path} />
      </fieldset>
    )
  }
  return (
    <Shell {...props}>
      <select
        {...inputAttrs(field, path, error)}
        disabled={readOnly}
        value={typeof value === 'string' ? value : ''}
        onChange={(e) => set(e.target.value === '' ? null : e.target.value)}
      >
        <option value="">—</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Shell>
  )
}

export function RadioInput(props: FieldProps) {
  const { field, path, readOnly } = props
  const { value, set } = useValue<string>(path)
  return (
    <fieldset className="field field-radio">
      <legend>
        <Label field={field} />
      </legend>
      {(field.options ?? []).map((o) => (
        <div className="checkbox-line" key={o.value}>
          <input
            id={`${idOf(path)}-${o.value}`}
            type="radio"
            name={idOf(path)}
            checked={value === o.value}
            disabled={readOnly}
            onChange={() => set(o.value)}
          />
          <label htmlFor={`${idOf(path)}-${o.value}`}>{o.label}</label>
        </div>
      ))}
      <Description field={field} path={path} />
      <ErrorText path={path} />
    </fieldset>
  )
}

/** A point: longitude and latitude, stored `[lng, lat]`. */
export function PointInput(props: FieldProps) {
  const { field, path, readOnly } = props
  const { value, set } = useValue<[number, number]>(path)
  const pt = Array.isArray(value) ? value : undefined
  const change = (i: 0 | 1, s: string) => {
    const next: [number | null, number | null] = pt ? [...pt] : [null, null]
    next[i] = toNumber(s)
    set(next[0] === null && next[1] === null ? null : next)
  }
  return (
    <fieldset className="field field-point">
      <legend>
        <Label field={field} />
      </legend>
      <div className="field-row">
        {(['longitude', 'latitude'] as const).map((name, i) => (
          <div className="field" key={name}>
            <label htmlFor={`${idOf(path)}-${i}`}>{t(`fields:${name}`)}</label>
            <input
              id={`${idOf(path)}-${i}`}
              type="number"
              step="any"
              readOnly={readOnly}
              value={pt?.[i] ?? ''}
              onChange={(e) => change(i as 0 | 1, e.target.value)}
            />
          </div>
        ))}
      </div>
      <Description field={field} path={path} />
      <ErrorText path={path} />
    </fieldset>
  )
}
