/**
 * A status message that outlives a navigation (a restored version, then the edit view): `flash()` sets it, the
 * layout's `<Flash />` shows it in a live region until the next navigation after it. The region sits in the page's
 * flow above the view, beside the navigation (styles.css `.flash`), never over the form and its buttons.
 */
import { useEffect, useState } from 'react'
import { useRoute } from './router.tsx'

let message: { text: string; path?: string } | undefined
const listeners = new Set<() => void>()

/** Shows `text` on the page at `path` (the one navigated to next). */
export function flash(text: string, path?: string): void {
  message = { text, path }
  listeners.forEach((l) => l())
}

export function Flash() {
  const { path } = useRoute()
  const [, render] = useState(0)
  useEffect(() => {
    const l = () => render((n) => n + 1)
    listeners.add(l)
    return () => {
      listeners.delete(l)
    }
  }, [])
  useEffect(() => {
    // Leaving the page it was meant for ends it.
    if (message?.path && message.path !== path) message = undefined
  }, [path])
  if (!message || (message.path && message.path !== path)) return null
  return (
    <p role="status" className="notice flash">
      {message.text}
    </p>
  )
}
