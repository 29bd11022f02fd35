/**
 * The edit form's state: the values and whether they are saved, the chosen file of an upload, the last save's
 * report, whether a published version exists, the conditions, and the saves (autosave included).
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import { formatDate, t } from '../i18n.ts'
import { useLeaveGuard } from '../router.tsx'
import type { Focal } from '../upload/FocalPoint.tsx'
import { useConditions } from './conditions.ts'
import { useSave, type SaveMode } from './save.ts'
import { can, setIn, type Path, type Values } from './state.ts'
import { withRowIds } from './rows.ts'
import type { Loaded, Target } from './useDocument.ts'

/** A form inside a drawer (drawer/CreateDrawer.tsx): told of the document it created instead of going to it. */
export interface EditorOptions {
  onCreated?: (doc: Values) => void
  /** The page's unsaved-changes guard stays the outer form's. */
  embedded?: boolean
}

export function useEditor(target: Target, loaded: Loaded, options: EditorOptions = {}) {
  // Every row has its id from the start (a new document's default rows too): rows are known by it (edit/rows.ts).
  const [values, setValues] = useState<Values>(() => withRowIds(loaded.doc, loaded.fields))
  const [dirty, setDirty] = useState(false)
  const [notice, setNotice] = useState<string>()
  const [published, setPublished] = useState(loaded.published)
  const [file, setFile] = useState<File>()
  const current = useRef(values)
  current.current = values
  const { busy, error, errors, save, op } = useSave(
    target,
    loaded,
    values,
    {
      done: (doc, message) => {
        setValues(withRowIds(doc, loaded.fields))
        setDirty(false)
        setFile(undefined)
        setNotice(message || t('general:updatedSuccessfully'))
      },
      autosaved: (sent) => {
        // What was typed while the autosave was on its way stays unsaved (and is autosaved next).
        if (current.current === sent) setDirty(false)
        const time = formatDate(new Date(), {
          hour: 'numeric',
          minute: 'numeric',
          second: 'numeric',
        })
        setNotice(t('cms:draftAutosavedAt', { time }))
      },
    },
    file,
    options.onCreated,
  )
  const saveAs = (mode: SaveMode) => {
    void save(mode).then((ok) => {
      if (ok && mode === 'publish') setPublished(true)
      if (ok && mode === 'unpublish') setPublished(false)
    })
  }
  useLeaveGuard(dirty && !options.embedded)
  useAutosave(loaded, op, dirty && can(loaded.perm, op), values, save)
  const set = useCallback((path: Path, value: unknown) => {
    setValues((v) => setIn(v, path, value))
    setDirty(true)
    setNotice(undefined)
  }, [])
  const choose = useCallback((chosen: File | undefined) => {
    setFile(chosen)
    if (chosen) setDirty(true)
    setNotice(undefined)
  }, [])
  const setFocal = useCallback(
    (focal: Focal) => {
      set(['focalX'], focal.x)
      set(['focalY'], focal.y)
    },
    [set],
  )
  const canSave = can(loaded.perm, op)
  const shows = useConditions(target, loaded.fields, values, canSave)
  const state = { values, dirty, notice, published, file, busy, error, errors, op, canSave }
  return { ...state, shows, set, choose, setFocal, saveAs }
}

/**
 * `versions.drafts.autosave`: a draft saved `interval` ms after the last change to an existing document (a new
 * one is created by its first save, as the buttons say).
 */
function useAutosave(
  loaded: Loaded,
  op: 'create' | 'update',
  pending: boolean,
  values: Values,
  save: (mode: SaveMode) => Promise<boolean>,
) {
  const interval = loaded.entity.autosave ? loaded.entity.autosave.interval : 0
  useEffect(() => {
    if (!interval || !pending || op !== 'update') return
    const timer = setTimeout(() => void save('autosave'), interval)
    return () => clearTimeout(timer)
    // `save` is a new function each render (it reads the values): the values are what an autosave waits on.
  }, [interval, pending, op, values])
}
