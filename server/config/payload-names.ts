/**
 * Payload 3's type names for this server's types, so a ported project's `import type { … } from 'payload'` keeps
 * compiling (docs/porting-from-payload.md). Names that are the same in both (`CollectionConfig`, `GlobalConfig`,
 * `Config`, `Field`, `Access`, `FieldAccess`, `FieldHook`, `Where`, `Plugin`, `Endpoint`) come from types.ts itself.
 */
import type { LocalApi } from './local-api.ts'
import type { CmsRequest, CollectionHook, Endpoint, ValidateFn } from './types.ts'

/** The request hooks and access functions receive; `req.payload` is the Local API. */
export type PayloadRequest = CmsRequest
/** The Local API (`req.payload`, `getPayload({ config })`). */
export type Payload = LocalApi
export type Validate = ValidateFn
export type PayloadHandler = Endpoint['handler']

// Collection and global hooks share one argument shape here (`CollectionHookArgs`: req, context, collection,
// operation and the hook's own keys such as data, doc, originalDoc).
export type CollectionBeforeOperationHook = CollectionHook
export type CollectionBeforeValidateHook = CollectionHook
export type CollectionBeforeChangeHook = CollectionHook
export type CollectionAfterChangeHook = CollectionHook
export type CollectionBeforeReadHook = CollectionHook
export type CollectionAfterReadHook = CollectionHook
export type CollectionBeforeDeleteHook = CollectionHook
export type CollectionAfterDeleteHook = CollectionHook
export type CollectionAfterOperationHook = CollectionHook
export type CollectionAfterErrorHook = CollectionHook
export type GlobalBeforeOperationHook = CollectionHook
export type GlobalBeforeValidateHook = CollectionHook
export type GlobalBeforeChangeHook = CollectionHook
export type GlobalAfterChangeHook = CollectionHook
export type GlobalBeforeReadHook = CollectionHook
export type GlobalAfterReadHook = CollectionHook
