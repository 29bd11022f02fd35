import type { Access, FieldAccess } from './types.ts'

/**
 * Field access of the auth fields a collection cannot declare itself (`_verified`, `enableAPIKey`, and through it
 * the write-only `apiKey`). They bind who may authenticate as whom, so an anonymous sign-up or a member editing
 * their own account must not set them (issue 30); `overrideAccess` callers (the Local API's default, seeds) and
 * the verify flow write them regardless.
 */

const loggedIn: FieldAccess = ({ req }) => Boolean(req.user)

/**
 * `_verified` on create and update: a caller whom the collection's `update` access lets update every account
 * (it answers `true`, not a Where, asked without a document: an access answering "only your own account" gives no
 * right to verify it). Without `access.update`, the default update access (any logged-in user) applies.
 */
export function verifiedWriteAccess(update: Access | undefined): FieldAccess {
  return async ({ req, data }) =>
    update ? (await update({ req, data })) === true : Boolean(req.user)
}

/** `enableAPIKey` and `apiKey`: a logged-in caller (anonymous sign-up cannot arm a key); update access still applies. */
export const apiKeyFieldAccess = { create: loggedIn, update: loggedIn }

/** `_verified` is read by logged-in callers, as Payload's (an anonymous caller learns nothing of an account). */
export function verifiedFieldAccess(update: Access | undefined) {
  const write = verifiedWriteAccess(update)
  return { create: write, read: loggedIn, update: write }
}
