/** The helpers Payload's `payload` package exports besides its API (packages/payload-alias, docs/porting-from-payload.md). */
export * from './access.ts'
export * from './cookies.ts'
export * from './errors.ts'
export * from './local-req.ts'
export * from './request.ts'
// `payload` itself exports these of payload/shared (sanitizeUrl and the rest come from 'payload/shared' only).
export {
  deepMerge,
  deepMergeSimple,
  deepMergeWithCombinedArrays,
  deepMergeWithSourceArrays,
  formatLabels,
  isPlainObject,
  toWords,
  wait,
} from './shared.ts'
export * from './slug-field.ts'
export * from './transactions.ts'
