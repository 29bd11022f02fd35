/** The admin's own words for views where Payload's translations have no key (the `cms` namespace, i18n.ts). */
export const WORDS: Record<string, string> = {
  // The shell (App.tsx, session.tsx, Nav.tsx). `loading` shows before the language's words have come.
  loading: 'Loading…',
  couldNotStart: 'The admin could not start: {{error}}',
  sessionExpired: 'Your session has expired. Log in again.',
  skipToContent: 'Skip to content',
  mainNavigation: 'Main',
  brand: 'Admin',
  documentCount_one: '{{count}} document',
  documentCount_other: '{{count}} documents',
  // Login (Auth.tsx).
  loggingIn: 'Logging in…',
  // The account page (Account.tsx).
  passwordChanged: 'Password changed.',
  apiKeyEnabled: 'An API key is enabled for this account.',
  apiKeyNotEnabled: 'No API key is enabled.',
  apiKeyHeader: 'Requests send it as {{header}}.',
  newApiKeyActive: 'A new API key is active. Copy it now: it is not shown again.',
  turnApiKeyOff: 'Turn the key off',
  apiKeyOff: 'The API key is off.',
  // The list, edit and versions views (some shared with the other areas).
  moveToTrash: 'Move to trash',
  noSuchCollection: 'There is no collection “{{slug}}”.',
  noSuchGlobal: 'There is no global “{{slug}}”.',
  keepsNoVersions: '“{{slug}}” keeps no versions.',
  searchCollection: 'Search {{label}}',
  backToCollection: 'Back to {{label}}',
  readOnlyDocument: 'Read only: you may not change this {{label}}.',
  editSidebar: 'Sidebar',
  unsavedChanges: 'Unsaved changes',
}
