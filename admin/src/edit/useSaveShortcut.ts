/**
 * Ctrl+S (Cmd+S on a Mac) saves the edit form, as in Payload's admin: the browser's "Save page" is held back and the
 * form's own save runs (a draft where drafts are on). A drawer open over the form (a modal `<dialog>`) keeps the
 * keys to itself, as Payload's hotkeys go to the topmost form only.
 */
import { useEffect, useRef } from 'react'

/** `enabled` false (read-only, or a save on its way): the keys are still held back, nothing is saved. */
export function useSaveShortcut(enabled: boolean, save: () => void): void {
  const latest = useRef({ enabled, save })
  latest.current = { enabled, save }
  useEffect(() => {
    const keydown = (e: KeyboardEvent) => {
      if (
        !(e.ctrlKey || e.metaKey) ||
        e.altKey ||
        e.shiftKey ||
        String(e.key).toLowerCase() !== 's'
      )
        return
      if (document.querySelector('dialog[open]')) return
      e.preventDefault()
      // A repeat (the key held down) saves once.
      if (!e.repeat && latest.current.enabled) latest.current.save()
    }
    // Capture: an editor inside the form (rich text) that stops the key's propagation does not swallow it.
    window.addEventListener('keydown', keydown, true)
    return () => window.removeEventListener('keydown', keydown, true)
  }, [])
}
