/**
 * Runtime checks that narrow an `unknown` (a parsed body, a module's export, a thrown value) to what the code
 * then reads, instead of a cast that only tells the compiler.
 */

/**
 * Any object, arrays included (an Error, a driver's result, a module namespace): its properties read as
 * `unknown`. A plain object only is `isRecord` (is-record.ts).
 */
export const isNonNullObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null

/** A thrown value's `message`: an object's (an Error's), else undefined (a thrown string has none). */
export const messageOf = (error: unknown): unknown =>
  isNonNullObject(error) ? error.message : undefined
