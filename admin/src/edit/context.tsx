/** What every field of the edit form reads: the values, the setter, the server's field errors, read-only-ness. */
import { createContext, useContext } from 'react'
import type { Path, Values } from './state.ts'

export interface FormApi {
  values: Values
  set(path: Path, value: unknown): void
  /** Field errors of the last save, by dotted path (`layout.0.heading`). */
  errors: Record<string, string>
  /** The whole form is read-only (no update permission). */
  readOnly: boolean
  /** Whether the document is being created (field `create` permission) or updated. */
  op: 'create' | 'update'
  /** Whether a field with an `admin.condition` shows, by dotted path (edit/conditions.ts). */
  shows(path: string): boolean
  /**
   * With localization, in a locale that falls back to another: that locale's document (the placeholders of empty
   * fields) and this locale's document as it was read (a shared field's value is the same in both).
   */
  fallback?: { locale: string; label: string; doc: Values; loaded: Values }
}

export const FormContext = createContext<FormApi | undefined>(undefined)

export function useForm(): FormApi {
  const f = useContext(FormContext)
  if (!f) throw new Error('useForm outside the edit form')
  return f
}
