/**
 * Document locking in the edit form (lockDocuments; docs/admin.md, "Two editors, one document"). An editor who may
 * save takes the document's lock on opening it; while another user holds a live lock the form is read-only and
 * says who is editing, with "Take over". The holder's lock is touched as it edits and taken again after each save
 * (a write releases it, as in Payload); a status check every few seconds tells an editor whose lock another user
 * took over. Leaving the form releases the lock. Everything goes through the SDK's lock routes.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import { CmsError, collection, global } from '../api.ts'
import { t } from '../i18n.ts'
import type { AdminEntity } from '../schema.ts'
import { apiId, type Target } from './useDocument.ts'

/** Fired by the form's saves (edit/save.ts): the write released the lock, which the form takes again. */
export const SAVED_EVENT = 'cms-document-saved'

interface LockAnswer {
  locked: boolean
  mine: boolean
  duration: number
  user?: { collection: string; id: string | number; title?: string }
}

export interface LockState {
  /** Another user holds the lock: its name (where the caller may read it), and whether it took it from this form. */
  heldBy?: { name: string; tookOver: boolean }
  /** The other user's lock ended (saved and left, or expired): a reload shows what it saved. */
  released?: boolean
  busy: boolean
  error?: string
  /**
   * Takes the lock from the other user. A read-only form reloads the document first (the other user may have
   * saved since it was read); a form whose lock was taken keeps what its editor typed, to save it.
   */
  takeOver(): void
}

/** How often the form asks who holds the lock (ms). */
const CHECK_EVERY = 3_000

function lockApi(target: Target) {
  if (target.kind === 'global') {
    const g = global(target.slug)
    return {
      status: () => g.lockStatus() as Promise<LockAnswer>,
      lock: (takeOver = false) => g.lock({ takeOver }) as Promise<LockAnswer>,
      release: () => g.releaseLock() as Promise<LockAnswer>,
    }
  }
  const c = collection(target.slug)
  const id = apiId(target.id!)
  return {
    status: () => c.lockStatus(id) as Promise<LockAnswer>,
    lock: (takeOver = false) => c.lock(id, { takeOver }) as Promise<LockAnswer>,
    release: () => c.releaseLock(id) as Promise<LockAnswer>,
  }
}

/** The holder's name: its title where the caller may read its account. */
const holderName = (answer: LockAnswer | undefined) =>
  answer?.user?.title ?? t('general:anotherUser')

/** The lock of a 423 answer (`data.lock`). */
function lockOf(error: unknown): LockAnswer | undefined {
  if (!(error instanceof CmsError) || error.status !== 423) return undefined
  const body = error.body as { errors?: { data?: { lock?: LockAnswer } }[] }
  return body?.errors?.[0]?.data?.lock ?? { locked: true, mine: false, duration: 0 }
}

export function useLock(
  target: Target,
  entity: AdminEntity,
  canSave: boolean,
  dirty: boolean,
): LockState {
  const active = canSave && entity.lock !== undefined && (target.kind === 'global' || !!target.id)
  const [heldBy, setHeldBy] = useState<LockState['heldBy']>()
  const [released, setReleased] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()
  const mine = useRef(false)
  const api = useRef(lockApi(target))

  /** Takes (or touches) the lock; a 423 shows who holds it. */
  const take = useCallback(async (takeOver: boolean, tookOver: boolean) => {
    try {
      const answer = await api.current.lock(takeOver)
      mine.current = answer.mine
      setHeldBy(undefined)
      setReleased(false)
      setError(undefined)
    } catch (e) {
      const lock = lockOf(e)
      if (!lock) return setError(e instanceof Error ? e.message : String(e))
      mine.current = false
      setHeldBy({ name: holderName(lock), tookOver })
    }
  }, [])

  // Open: take the lock; leave: release it (and on closing the page, as far as the browser lets it finish).
  useEffect(() => {
    if (!active) return
    api.current = lockApi(target)
    void take(false, false)
    const release = () => {
      if (mine.current) void api.current.release().catch(() => {})
      mine.current = false
    }
    window.addEventListener('pagehide', release)
    return () => {
      window.removeEventListener('pagehide', release)
      release()
    }
  }, [active, target.kind, target.slug, target.id, take])

  // Who holds it now: told when another user took it over, or when the other user's lock ended.
  useEffect(() => {
    if (!active) return
    const timer = setInterval(() => {
      void api.current
        .status()
        .then((s) => {
          if (mine.current && s.locked && !s.mine) {
            mine.current = false
            setHeldBy({ name: holderName(s), tookOver: true })
          } else if (!mine.current && heldBy && !s.locked) setReleased(true)
        })
        .catch(() => {})
    }, CHECK_EVERY)
    return () => clearInterval(timer)
  }, [active, heldBy])

  // Editing touches the lock (at most every few seconds), so it does not run out while the editor works.
  const touched = useRef(0)
  useEffect(() => {
    if (!active || !dirty || !mine.current || Date.now() - touched.current < CHECK_EVERY) return
    touched.current = Date.now()
    void take(false, true)
  })
  // A save released the lock (as Payload's writes do): the form takes it again at once.
  useEffect(() => {
    if (!active) return
    const again = () => {
      if (mine.current) void take(false, true)
    }
    window.addEventListener(SAVED_EVENT, again)
    return () => window.removeEventListener(SAVED_EVENT, again)
  }, [active, take])

  const takeOver = () => {
    const reload = !heldBy?.tookOver
    setBusy(true)
    void take(true, false).then(() => {
      if (!reload || !mine.current) return setBusy(false)
      // The lock is this editor's now: the reloaded page touches it instead of releasing it on the way.
      mine.current = false
      window.location.reload()
    })
  }
  return { heldBy, released, busy, error, takeOver }
}
