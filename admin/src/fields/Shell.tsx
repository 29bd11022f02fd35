/** A field's frame: its label (`for` its input), the required mark, the description and the server's error. */
import type { ReactNode } from 'react'
import { labelOf, type AdminField } from '../schema.ts'
import { useForm } from '../edit/context.tsx'
import { getIn, idOf, pathText, type Path } from '../edit/state.ts'
import { FallbackNote } from './fallback.tsx'

export interface FieldProps {
  field: AdminField
  path: Path
  readOnly: boolean
}

/** The attributes an input takes from its field: id, described-by (description, error), invalid, required. */
export function inputAttrs(field: AdminField, path: Path, error?: string) {
  const id = idOf(path)
  const describedBy = [
    field.admin?.description ? `${id}-description` : '',
    error ? `${id}-error` : '',
  ]
    .filter(Boolean)
    .join(' ')
  return {
    id,
    name: pathText(path),
    'aria-describedby': describedBy || undefined,
    'aria-invalid': error ? true : undefined,
    'aria-required': field.required ? true : undefined,
  }
}

export function Label(props: { field: AdminField; htmlFor?: string; id?: string }) {
  const text = labelOf(props.field)
  return (
    <label htmlFor={props.htmlFor} id={props.id}>
      {text}
      {props.field.required && (
        <span className="required" aria-hidden="true">
          {' '}
          *
        </span>
      )}
    </label>
  )
}

export function Description(props: { field: AdminField; path: Path }) {
  const text = props.field.admin?.description
  return text ? (
    <p id={`${idOf(props.path)}-description`} className="field-description">
      {text}
    </p>
  ) : null
}

export function ErrorText(props: { path: Path }) {
  const { errors } = useForm()
  const error = errors[pathText(props.path)]
  return error ? (
    <p id={`${idOf(props.path)}-error`} className="field-error">
      {error}
    </p>
  ) : null
}

/**
 * The usual frame: label above, input, description and error below; with localization, the fallback locale's
 * value of a field this locale leaves empty (where the input shows no placeholder: fallback.tsx).
 */
export function Shell(props: FieldProps & { children: ReactNode; label?: boolean }) {
  return (
    <div className={`field field-${props.field.type}`}>
      {props.label !== false && <Label field={props.field} htmlFor={idOf(props.path)} />}
      {props.children}
      <FallbackNote field={props.field} path={props.path} />
      <Description field={props.field} path={props.path} />
      <ErrorText path={props.path} />
    </div>
  )
}

/** The value at a field's path, its setter and its error. */
export function useValue<T = unknown>(path: Path) {
  const form = useForm()
  return {
    value: getIn(form.values, path) as T | undefined,
    set: (v: unknown) => form.set(path, v),
    error: form.errors[pathText(path)],
    form,
  }
}
