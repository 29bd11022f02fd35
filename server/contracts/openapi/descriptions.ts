/** The description of each kind of operation, for operations that declare none of their own. */
import type { OperationKind } from '../../config/kinds.ts'

/** What each kind of operation does, for the reference page and anyone reading the contract. */
export const DESCRIPTIONS = {
  find: 'Lists the documents the caller may read (a Where from read access is ANDed in), filtered by `where`, sorted and paginated; `depth` populates relations, `select` and `populate` trim fields.',
  findByID:
    'Reads one document by id; one the caller may not read answers as if it did not exist (404).',
  count: 'Counts the documents matching `where` that the caller may read.',
  findDistinct:
    "Lists the distinct values of one field among the documents matching `where` that the caller may read, as Payload's findDistinct answers them (`values: [{ <field>: value }]`, paginated with `limit`; every value without it). `sort` is the field (default ascending) or another field. A field the caller may not read is a 400. Payload 3 has the operation but does not route it; this route is an extension (docs/decisions.md).",
  create:
    'Creates a document (create access), validated and through the hooks; answers 201 with the document read back at `depth`.',
  update: 'Updates one document by id (update access); only the fields sent change.',
  updateMany:
    'Updates every document matching `where` that the caller may update; the answer lists the updated documents and any error per id.',
  delete: 'Deletes one document by id (delete access), with its versions.',
  deleteMany:
    'Deletes every document matching `where` that the caller may delete; the answer lists the deleted documents and any error per id.',
  duplicate:
    "Creates a copy of a document the caller may read (create access): every locale is copied, the body's fields are written over the copy, unique fields follow their beforeDuplicate hooks (a unique text gets ' - Copy'); `draft` defaults to true where the collection keeps drafts. Answers 200, as Payload.",
  access:
    "What the caller may do, per collection, global and field (Payload's shape): allowed operations are `true`, or `{ permission: true, where }` when access returned a Where (not evaluated here); denied ones are left out.",
  docAccess:
    'What the caller may do with one document: access functions get the body (or the stored document) as `data`, and a Where they return is matched against the stored document.',
  findVersions: 'Lists versions, newest first (readVersions access).',
  findVersionByID: 'Reads one version by id (readVersions access).',
  restoreVersion: 'Makes a version the current document again (update access).',
  findGlobal: 'Reads the global (its read access); with `draft=true`, its newest version.',
  updateGlobal:
    'Writes the global (its update access); only the fields sent change. With versions each save is a version; a draft saved over the published global is only a version.',
  findGlobalVersions: "Lists the global's versions, newest first (readVersions access).",
  findGlobalVersionByID: 'Reads one version of the global by id (readVersions access).',
  restoreGlobalVersion:
    "Makes a version the global's content again (update access); answers `{ doc, message }`.",
  login:
    'Checks email and password; answers a token, also set as an HTTP-only cookie, and the user. Failed attempts lock the account for a while and are rate-limited (429).',
  logout: 'Ends the session of the token or cookie sent.',
  me: 'The logged-in user of this collection and the session expiry, or `user: null`.',
  refreshToken: 'Extends the session (within its absolute lifetime) and answers a fresh token.',
  forgotPassword:
    'Emails a reset link when the address belongs to a user; the answer is the same either way.',
  resetPassword:
    "Sets a new password with a reset token and ends the user's other sessions; an account waiting for its email verification is verified by it.",
  verifyEmail:
    'Marks the account the token was mailed for as verified (auth.verify); the token works once. An unknown token is a 403.',
  unlock:
    "Clears an account's failed logins and lock (access.unlock; default: the collection's update access on that account). An unknown email is answered like an account the caller may not unlock: 403, or 401 for an anonymous caller.",
  init: 'Whether the collection has any user yet: until it does, first-register is open to anyone.',
  registerFirstUser:
    'Creates the first user of the collection (no access asked; verified when auth.verify is on) and logs them in; 403 once any user exists.',
  v1ListOrders: "The caller's own orders.",
  v1CreateOrder: 'Creates an order owned by the caller.',
  v1GetOrder: "One of the caller's orders; another user's order is a 404.",
  v1CancelOrder:
    'Cancels an order: 403 for anyone but its owner, 409 once it is shipped or cancelled.',
  v1Logout: 'Ends the session.',
  v1AdminListOrders: 'Every order (admins only).',
  v1AdminShipOrder: 'Ships an order (admins only); 409 once it is shipped or cancelled.',
  v1PaymentWebhook:
    "The payment provider's HMAC-signed notification: pays an order once per event id; other event types are acknowledged.",
  health: 'Liveness and a committed write probe: 503 when the database cannot write.',
  static: 'Served as is, for tools and people.',
  endpoint: 'A custom endpoint of the config: its handler decides access and what it answers.',
} satisfies Record<OperationKind, string>
