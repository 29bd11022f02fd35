/**
 * A drawer: a modal `<dialog>` at the side of the page (`showModal`: the page behind is inert and out of the
 * accessibility tree), named by its heading, with the focus kept inside (Tab and Shift+Tab wrap), closed by
 * Escape or its Close button, and the focus given back to what opened it. It is rendered into `document.body`, so
 * a form inside it is not nested in the form that opened it.
 */
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react'
import { createPortal } from 'react-dom'
import { t } from '../i18n.ts'

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"]), [contenteditable="true"]'

/** The elements Tab reaches inside a container, in order (hidden ones left out). */
function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => el.getClientRects().length > 0 || el.classList.contains('visually-hidden'),
  )
}

export function Drawer(props: {
  title: string
  onClose: () => void
  children: ReactNode
  /** A short description under the title (read with the name). */
  description?: string
}) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const descriptionId = useId()
  const onClose = useRef(props.onClose)
  onClose.current = props.onClose
  useEffect(() => {
    const dialog = ref.current!
    const opener = document.activeElement as HTMLElement | null
    dialog.showModal()
    // The dialog itself takes the focus (its name is read); Tab goes on to its first control.
    dialog.focus()
    return () => {
      if (dialog.open) dialog.close()
      if (opener?.isConnected) opener.focus()
    }
  }, [])
  const trap = (e: KeyboardEvent<HTMLDialogElement>) => {
    if (e.key !== 'Tab') return
    const dialog = ref.current!
    // A drawer opened from this one handles its own keys.
    if (e.target instanceof Node && (e.target as Element).closest?.('dialog') !== dialog) return
    const items = focusables(dialog)
    if (!items.length) return
    const first = items[0]
    const last = items[items.length - 1]
    const active = document.activeElement
    if (e.shiftKey && (active === first || active === dialog)) {
      e.preventDefault()
      last.focus()
    } else if (!e.shiftKey && active === last) {
      e.preventDefault()
      first.focus()
    }
  }
  return createPortal(
    <dialog
      ref={ref}
      className="drawer"
      tabIndex={-1}
      aria-labelledby={titleId}
      aria-describedby={props.description ? descriptionId : undefined}
      onKeyDown={trap}
      // A form in the drawer is outside the page's form in the document but inside it in React's tree, where its
      // submit would reach the page's form too.
      onSubmit={(e) => e.stopPropagation()}
      onCancel={(e) => {
        // Escape: the drawer closes through its owner (which unmounts it). A drawer opened from this one cancels
        // on its own (React passes the event up its tree).
        if (e.target !== e.currentTarget) return
        e.preventDefault()
        onClose.current()
      }}
    >
      <div className="drawer-head">
        <h2 id={titleId}>{props.title}</h2>
        <button type="button" className="secondary small" onClick={() => onClose.current()}>
          {t('general:close')}
          <span className="visually-hidden"> {props.title}</span>
        </button>
      </div>
      {props.description && (
        <p id={descriptionId} className="field-description">
          {props.description}
        </p>
      )}
      <div className="drawer-body">{props.children}</div>
    </dialog>,
    document.body,
  )
}
