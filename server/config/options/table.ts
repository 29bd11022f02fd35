/** The shape of an option table and the helpers every table is written with. */

/** The keys of one config object type: what the server implements, and the Payload options it refuses. */
export interface OptionTable {
  /** What the object is, in messages: `a collection`, `auth`. */
  of: string
  implemented: Readonly<Record<string, 'implemented'>>
  /** Key → why it is refused and what to do instead. */
  refused: Readonly<Record<string, string>>
}

/** Every key of `T`, each `implemented` (use with `satisfies`; extra keys are refused by the compiler too). */
export type Implemented<T> = Record<keyof T, 'implemented'>

/** Implemented<T> of an option that is `true`, `false` or an object: the keys of its object form. */
export type ImplementedObject<T> = Implemented<Exclude<T, boolean | undefined>>

export const I = 'implemented'

/**
 * The table of `T`, exactly: every key of `T` and no other (`satisfies` alone lets keys spread in from a shared
 * table slip past).
 */
export const exact =
  <T>() =>
  <X extends Implemented<T>>(table: X & Record<Exclude<keyof X, keyof T>, never>): X =>
    table
