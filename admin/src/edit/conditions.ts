/**
 * `admin.condition` in the form: the functions stay on the server (the contract cannot carry them), so the form
 * asks the SDK's `formState` which conditional fields apply to its values, on load and shortly after each change.
 * When the caller may not write, the form does not ask and every field shows.
 */
import { useEffect, useRef, useState } from 'react'
import { collection, global } from '../api.ts'
import type { AdminField } from '../schema.ts'
import type { Values } from './state.ts'
import { byRowKeys, rowKey } from './rows.ts'
import { apiId, type Target } from './useDocument.ts'

/** Whether any field of the tree (blocks, tabs and layout included) has an `admin.condition`. */
export function hasConditions(fields: AdminField[]): boolean {
  return fields.some(
    (f) =>
      Boolean(f.admin?.condition) ||
      hasConditions(f.fields ?? []) ||
      (f.blocks ?? []).some((b) => hasConditions(b.fields)) ||
      (f.tabs ?? []).some((t) => hasConditions(t.fields)),
  )
}

/** How long the form waits after a change before asking (one request per pause in typing). */
const PAUSE_MS = 250

/**
 * Whether the field at a dotted path (`layout.0.attribution`) with a condition shows: as the last answer says;
 * one not answered yet (a row just added) waits hidden for the next, unless the form does not ask at all. The
 * answer names rows by place in the values asked about: it is kept by row id (edit/rows.ts), so a row moved
 * since keeps its own answers.
 */
export function useConditions(
  target: Target,
  fields: AdminField[],
  values: Values,
  canWrite: boolean,
): (path: string) => boolean {
  const [conditions, setConditions] = useState<Record<string, boolean>>({})
  const active = canWrite && hasConditions(fields)
  const asked = useRef(0)
  useEffect(() => {
    if (!active) return
    const n = ++asked.current
    const timer = setTimeout(
      () => {
        const locale = target.locale ? { locale: target.locale } : {}
        const ask =
          target.kind === 'global'
            ? global(target.slug).formState(values, locale)
            : collection(target.slug).formState(values, {
                ...(target.id ? { id: apiId(target.id) } : {}),
                operation: target.id ? 'update' : 'create',
                ...locale,
              })
        ;(ask as Promise<{ conditions: Record<string, boolean> }>).then(
          (r) => {
            if (n === asked.current) setConditions(byRowKeys(values, r.conditions))
          },
          // A refused or failed answer leaves every field showing; a save still reports real problems.
          () => {},
        )
      },
      n === 1 ? 0 : PAUSE_MS,
    )
    return () => clearTimeout(timer)
  }, [active, target.kind, target.slug, target.id, target.locale, values])
  return (path) => (active ? conditions[rowKey(values, path)] === true : true)
}
