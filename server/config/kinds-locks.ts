/** The kinds of Payload's document locking (lockDocuments; docs/admin.md), part of `KINDS` (kinds.ts). */
export const LOCK_KINDS = {
  lockStatus: {
    statuses: [200],
    target: 'either',
    description:
      "Who holds the lock of a document or global (Payload's document locking, `lockDocuments`), for a logged-in caller who may read it: the holder's collection and id, its title where the caller may read the holder, and when the lock ends unless touched. Offered where the collection or global has locking on. An addition to Payload's API (its admin locks through server functions; docs/admin.md).",
  },
  lockDocument: {
    statuses: [200],
    target: 'either',
    description:
      "Takes the lock of a document or global the caller may update, or touches the lock it holds (the duration starts again). While another user holds a live lock: 423 naming the holder (`data.lock`), unless `takeOver` is true, which moves the lock to the caller. Another user's REST update or delete is refused with 423 while the lock lasts. An addition to Payload's API (docs/admin.md).",
  },
  unlockDocument: {
    statuses: [200],
    target: 'either',
    description:
      "Releases the lock the caller holds on a document or global it may update (another user's lock stays); answers who holds it now. An addition to Payload's API (docs/admin.md).",
  },
} as const
