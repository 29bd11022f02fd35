/** The Local API's document locking arguments and answer (lockDocuments; docs/admin.md), part of local-api.ts. */
import type { BaseArgs, CollectionSlug, GlobalSlug } from './local-api.ts'
import type { ID } from './types.ts'

/** The lock of a document as its routes answer it. */
export interface LockState {
  /** Whether someone holds a live lock. */
  locked: boolean
  /** Whether the caller holds it. */
  mine: boolean
  /** How long a lock lasts after its holder last touched it (seconds). */
  duration: number
  /** The holder: its collection, id and title (the title only where the caller may read the holder). */
  user?: { collection: string; id: ID; title?: string }
  /** When the lock was taken, and when it ends unless its holder touches it again. */
  lockedAt?: string
  expiresAt?: string
}

/**
 * A document's lock (lockDocuments): of a collection's document (`collection`, `id`) or of a global (`slug`).
 * `takeOver` takes a lock another user holds (lockDocument).
 */
export interface DocumentLockArgs<
  C extends string = CollectionSlug,
  G extends string = GlobalSlug,
> extends Omit<BaseArgs, 'fallbackLocale' | 'locale'> {
  collection?: C
  slug?: G
  id?: ID | string
  takeOver?: boolean
}
