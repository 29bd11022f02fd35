/**
 * The admin's colour theme, as Payload's: automatic (the browser's `prefers-color-scheme`, which the stylesheet
 * follows by itself), or light or dark as the user chose on the account page. The choice is the only thing the
 * admin keeps in `localStorage` (never a token); it is applied as `data-theme` on the root element, which the
 * stylesheet's variables follow.
 */
export type ThemeChoice = 'auto' | 'light' | 'dark'

const KEY = 'cms-admin-theme'

/** The stored choice (`auto` when none, or when storage is unavailable). */
export function themeChoice(): ThemeChoice {
  try {
    const stored = window.localStorage.getItem(KEY)
    return stored === 'light' || stored === 'dark' ? stored : 'auto'
  } catch {
    return 'auto'
  }
}

/** Puts a choice on the page: `data-theme` for light or dark, none for automatic (the media query decides). */
export function applyTheme(choice: ThemeChoice = themeChoice()): void {
  const root = document.documentElement
  if (choice === 'auto') root.removeAttribute('data-theme')
  else root.setAttribute('data-theme', choice)
}

/** Keeps a choice for the next visits and applies it; `auto` forgets the choice. */
export function setThemeChoice(choice: ThemeChoice): void {
  try {
    if (choice === 'auto') window.localStorage.removeItem(KEY)
    else window.localStorage.setItem(KEY, choice)
  } catch {
    // Storage refused (a private window's quota): the choice lasts for this page.
  }
  applyTheme(choice)
}
