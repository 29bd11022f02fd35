/**
 * Type-level checks of the option tables (compiled by `npm run typecheck`, never run): a key added to a config type
 * without an entry in its table, or an entry for a key the type lacks, is a compile error.
 */
import { OPTION_TABLES, type Implemented } from '../../server/config/options.ts'
import type { Refusals } from '../../server/config/unsupported.ts'
import type { CollectionConfig } from '../../server/config/types.ts'

// The table as declared covers its type.
export const collection: Implemented<CollectionConfig> = OPTION_TABLES.collection.implemented

// A key the table lacks is a compile error.
type WithPinned = CollectionConfig & { pinned?: boolean }
// @ts-expect-error pinned has no entry
export const missing: Implemented<WithPinned> = OPTION_TABLES.collection.implemented

// An entry for a key the type lacks is a compile error.
export const extra = {
  ...OPTION_TABLES.collection.implemented,
  // @ts-expect-error pinned is not a key of CollectionConfig
  pinned: 'implemented',
} satisfies Implemented<CollectionConfig>

// A refusal of an implemented option is a compile error.
export const refusesImplemented = {
  // @ts-expect-error slug is implemented
  slug: 'remove it',
} satisfies Refusals<CollectionConfig>
