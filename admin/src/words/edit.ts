/** The admin's own words for edit where Payload's translations have no key (the `cms` namespace, i18n.ts). */
export const WORDS: Record<string, string> = {
  // The document's buttons (edit/Actions.tsx), saves (edit/save.ts, edit/useEditor.ts).
  draftAutosavedAt: 'Draft autosaved at {{time}}.',
  createdWithFile: 'Created, with the file {{name}} uploaded.',
  // An account's tools (edit/AccountActions.tsx).
  unlockExplained:
    'Too many failed logins lock an account for a while; unlocking lets its owner log in again at once.',
  sendPasswordReset: 'Send password reset',
  accountUnlocked: '{{email}} is unlocked: failed logins count from zero again.',
  passwordResetSent: 'A password reset email was sent to {{email}}.',
  apiKeyActive: 'A new API key is active. Copy it now: it is not shown again.',
  turnOnApiKey: 'Turn on “{{label}}” to give this account a key.',
  newApiKey: 'New API key',
  // The document's lock (edit/LockNotice.tsx).
  couldNotLock: 'Could not lock this {{label}}: {{error}}',
  noLongerEditing:
    '{{name}} is no longer editing this {{label}}. Reload to see their changes and edit it.',
  tookOverEditing:
    '{{name}} has taken over editing this {{label}}. Your changes here cannot be saved unless you take it back.',
  isEditingReadOnly:
    '{{name}} is editing this {{label}}. The form is read only until you take over.',
  takeBack: 'Take back',
  // Scheduled publishing (edit/Schedule.tsx).
  scheduleIntro:
    'Publish or unpublish this {{label}} at a set time; the newest draft is what gets published.',
  inYourTimeZone: 'In your time zone ({{zone}}).',
  chooseFutureTime: 'Choose a date and time in the future.',
  publishingScheduled: 'Publishing scheduled for {{date}}.',
  unpublishingScheduled: 'Unpublishing scheduled for {{date}}.',
  scheduleCancelled: 'The schedule for {{date}} is cancelled.',
  scheduleCaption: 'Scheduled publishing, soonest first',
  theScheduleOf: 'the schedule of {{date}}',
  // Fields (fields/*.tsx).
  relatedCount: '{{count}} related',
  details: 'Details',
  tabs: 'Tabs',
  collectionFor: 'Collection for {{label}}',
  searchPlaceholder: 'Search…',
  optionsFor: 'Options for {{label}}',
  noMatchFor: 'No match for “{{text}}”.',
  showMore: 'Show more',
  unknownBlockType: 'Unknown block type {{type}}.',
  rowCount_one: '{{count}} row',
  rowCount_other: '{{count}} rows',
  fallbackNote: '{{locale}} (fallback): {{text}}',
  invalidJson: 'Not valid JSON.',
  numbersSeparated: 'Numbers separated by commas.',
  noTimeZone: 'No time zone',
  // Drawers (drawer/*.tsx).
}
