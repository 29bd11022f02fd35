/**
 * Every kind of operation the contract compilers emit (`x-cms.kind` in OpenAPI, a root's `kind` in the GraphQL
 * plan), one entry each with its contract facts: the success statuses it may answer, what it acts on, the access
 * function that decides it (the one its Local operation calls), whether GraphQL has a root of it, and what it
 * does (the contract's description). The compilers only accept these kinds, and the server's handler tables are
 * declared `satisfies` a record over them: a kind without a handler, or a handler answering a status its kind
 * does not declare, fails `npm run typecheck` (see `test/types/`). `compileOpenAPI` checks that every operation
 * it writes declares exactly these success statuses.
 *
 * Each kind's code sits in files of its own name (kebab-case) in every layer that serves it:
 * `local/operations/` (or `local/operations/auth/`), `http/rest/` (`http/orders/` for the orders API) and
 * `http/graphql/resolvers/`; `test/architecture/operation-kinds.test.ts` holds every kind to it.
 */
import { LOCK_KINDS } from './kinds-locks.ts'

export const KINDS = {
  // collections
  find: {
    statuses: [200, 304],
    conditional: true,
    target: 'collection',
    access: 'read',
    graphql: true,
    description:
      'Lists the documents the caller may read (a Where from read access is ANDed in), filtered by `where`, sorted and paginated; `depth` populates relations, `select` and `populate` trim fields.',
  },
  findByID: {
    statuses: [200, 304],
    conditional: true,
    target: 'collection',
    access: 'read',
    graphql: true,
    description:
      'Reads one document by id; one the caller may not read answers as if it did not exist (404).',
  },
  count: {
    statuses: [200, 304],
    conditional: true,
    target: 'collection',
    access: 'read',
    graphql: true,
    description: 'Counts the documents matching `where` that the caller may read.',
  },
  findDistinct: {
    statuses: [200, 304],
    conditional: true,
    target: 'collection',
    access: 'read',
    description:
      "Lists the distinct values of one field among the documents matching `where` that the caller may read, as Payload's findDistinct answers them (`values: [{ <field>: value }]`, paginated with `limit`; every value without it). `sort` is the field (default ascending) or another field. A field the caller may not read is a 400. Payload 3 has the operation but does not route it; this route is an extension (docs/decisions.md).",
  },
  create: {
    statuses: [201],
    target: 'collection',
    access: 'create',
    graphql: true,
    description:
      'Creates a document (create access), validated and through the hooks; answers 201 with the document read back at `depth`.',
  },
  update: {
    statuses: [200],
    target: 'collection',
    access: 'update',
    graphql: true,
    description: 'Updates one document by id (update access); only the fields sent change.',
  },
  updateMany: {
    statuses: [200],
    target: 'collection',
    access: 'update',
    description:
      'Updates every document matching `where` that the caller may update; the answer lists the updated documents and any error per id.',
  },
  delete: {
    statuses: [200],
    target: 'collection',
    access: 'delete',
    graphql: true,
    description: 'Deletes one document by id (delete access), with its versions.',
  },
  deleteMany: {
    statuses: [200],
    target: 'collection',
    access: 'delete',
    description:
      'Deletes every document matching `where` that the caller may delete; the answer lists the deleted documents and any error per id.',
  },
  // a copy of a document (200, as Payload), and what the caller may do (everywhere, or with one document)
  duplicate: {
    statuses: [200],
    target: 'collection',
    access: 'create',
    graphql: true,
    description:
      "Creates a copy of a document the caller may read (create access): every locale is copied, the body's fields are written over the copy, unique fields follow their beforeDuplicate hooks (a unique text gets ' - Copy'); `draft` defaults to true where the collection keeps drafts. Answers 200, as Payload.",
  },
  access: {
    statuses: [200],
    target: 'config',
    graphql: true,
    description:
      "What the caller may do, per collection, global and field (Payload's shape): allowed operations are `true`, or `{ permission: true, where }` when access returned a Where (not evaluated here); denied ones are left out.",
  },
  docAccess: {
    statuses: [200],
    target: 'either',
    graphql: true,
    description:
      'What the caller may do with one document: access functions get the body (or the stored document) as `data`, and a Where they return is matched against the stored document.',
  },
  formState: {
    statuses: [200],
    target: 'either',
    description:
      "Which conditional fields apply to a form's data (Payload's `admin.condition`, which only the server can run): every field with a condition present in `data`, by path (`layout.0.attribution`), to true or false. With a live preview whose URL is a function (`admin.livePreview.url`), also that URL for the data (`livePreviewURL`, not on a create). Offered only where some field has a condition or such a preview is configured, to a logged-in caller with create access (`operation: 'create'`) or update access; the data is neither validated nor stored.",
  },
  ...LOCK_KINDS,
  // versions
  findVersions: {
    statuses: [200, 304],
    conditional: true,
    target: 'collection',
    access: 'readVersions',
    graphql: true,
    description: 'Lists versions, newest first (readVersions access).',
  },
  findVersionByID: {
    statuses: [200, 304],
    conditional: true,
    target: 'collection',
    access: 'readVersions',
    graphql: true,
    description: 'Reads one version by id (readVersions access).',
  },
  restoreVersion: {
    statuses: [200],
    target: 'collection',
    access: 'update',
    graphql: true,
    description: 'Makes a version the current document again (update access).',
  },
  // globals
  findGlobal: {
    statuses: [200, 304],
    conditional: true,
    target: 'global',
    access: 'read',
    graphql: true,
    description: 'Reads the global (its read access); with `draft=true`, its newest version.',
  },
  updateGlobal: {
    statuses: [200],
    target: 'global',
    access: 'update',
    graphql: true,
    description:
      'Writes the global (its update access); only the fields sent change. With versions each save is a version; a draft saved over the published global is only a version.',
  },
  findGlobalVersions: {
    statuses: [200, 304],
    conditional: true,
    target: 'global',
    access: 'readVersions',
    graphql: true,
    description: "Lists the global's versions, newest first (readVersions access).",
  },
  findGlobalVersionByID: {
    statuses: [200, 304],
    conditional: true,
    target: 'global',
    access: 'readVersions',
    graphql: true,
    description: 'Reads one version of the global by id (readVersions access).',
  },
  restoreGlobalVersion: {
    statuses: [200],
    target: 'global',
    access: 'update',
    graphql: true,
    description:
      "Makes a version the global's content again (update access); answers `{ doc, message }`.",
  },
  // auth collections
  login: {
    statuses: [200],
    target: 'collection',
    graphql: true,
    description:
      'Checks email and password; answers a token, also set as an HTTP-only cookie, and the user. Failed attempts lock the account for a while and are rate-limited (429).',
  },
  logout: {
    statuses: [200],
    target: 'collection',
    graphql: true,
    description: 'Ends the session of the token or cookie sent.',
  },
  me: {
    statuses: [200],
    target: 'collection',
    graphql: true,
    description: 'The logged-in user of this collection and the session expiry, or `user: null`.',
  },
  refreshToken: {
    statuses: [200],
    target: 'collection',
    graphql: true,
    description: 'Extends the session (within its absolute lifetime) and answers a fresh token.',
  },
  forgotPassword: {
    statuses: [200],
    target: 'collection',
    graphql: true,
    description:
      'Emails a reset link when the address belongs to a user; the answer is the same either way.',
  },
  resetPassword: {
    statuses: [200],
    target: 'collection',
    graphql: true,
    description:
      "Sets a new password with a reset token and ends the user's other sessions; an account waiting for its email verification is verified by it.",
  },
  verifyEmail: {
    statuses: [200],
    target: 'collection',
    graphql: true,
    description:
      'Marks the account the token was mailed for as verified (auth.verify); the token works once. An unknown token is a 403.',
  },
  unlock: {
    statuses: [200],
    target: 'collection',
    graphql: true,
    description:
      "Clears an account's failed logins and lock (access.unlock; default: the collection's update access on that account). An unknown email is answered like an account the caller may not unlock: 403, or 401 for an anonymous caller.",
  },
  init: {
    statuses: [200],
    target: 'collection',
    graphql: true,
    description:
      'Whether the collection has any user yet: until it does, first-register is open to anyone.',
  },
  getFile: {
    statuses: [200, 206, 302, 304],
    target: 'collection',
    access: 'read',
    description:
      'Serves a stored file of an upload collection (the original or a size) after the read access of its document: `Range` (206), `If-None-Match` (304), `ETag`, `Content-Length`; a storage with its own links (a public bucket, signed URLs) answers 302 to them. Types a browser must not render inline are sent as attachments; SVG with `Content-Security-Policy: sandbox`.',
  },
  pasteURL: {
    statuses: [200],
    target: 'collection',
    description:
      "Fetches the file at `src` on the server and answers it as an attachment (Payload's paste-url), for a client that cannot fetch it itself: only with the collection's `upload.pasteURL`, for a logged-in caller with create access (update access with an id), from a URL of its allow-list, never from a private address the list does not name.",
  },
  registerFirstUser: {
    statuses: [200],
    target: 'collection',
    description:
      'Creates the first user of the collection (no access asked; verified when auth.verify is on) and logs them in; 403 once any user exists.',
  },
  // the orders API (`/api/v1`)
  v1ListOrders: { statuses: [200], target: 'orders', description: "The caller's own orders." },
  v1CreateOrder: {
    statuses: [201],
    target: 'orders',
    description: 'Creates an order owned by the caller.',
  },
  v1GetOrder: {
    statuses: [200],
    target: 'orders',
    description: "One of the caller's orders; another user's order is a 404.",
  },
  v1CancelOrder: {
    statuses: [200],
    target: 'orders',
    description:
      'Cancels an order: 403 for anyone but its owner, 409 once it is shipped or cancelled.',
  },
  v1Logout: { statuses: [204], target: 'orders', description: 'Ends the session.' },
  v1AdminListOrders: {
    statuses: [200],
    target: 'orders',
    description: 'Every order (admins only).',
  },
  v1AdminShipOrder: {
    statuses: [200],
    target: 'orders',
    description: 'Ships an order (admins only); 409 once it is shipped or cancelled.',
  },
  v1PaymentWebhook: {
    statuses: [200],
    target: 'orders',
    description:
      "The payment provider's HMAC-signed notification: pays an order once per event id; other event types are acknowledged.",
  },
  // the system: health, the API's index (`GET /api`), and what the HTTP layer serves before dispatch
  // (contracts, pages, custom endpoints)
  health: {
    statuses: [200, 503],
    target: 'system',
    description: 'Liveness and a committed write probe: 503 when the database cannot write.',
  },
  apiIndex: {
    statuses: [200],
    target: 'system',
    description:
      'What this API serves, for a newcomer or a tool: the collections and globals the caller may read, the login routes, and the addresses of GraphQL, the playground, the API reference, the contracts, the health check and the admin that this server serves. Payload 3 answers `GET /api` with a 404; this route is an extension (docs/rest.md).',
  },
  static: { statuses: [200], target: 'system', description: 'Served as is, for tools and people.' },
  endpoint: {
    statuses: [200],
    target: 'system',
    description: 'A custom endpoint of the config: its handler decides access and what it answers.',
  },
} as const satisfies Record<string, KindFacts>

/** What an operation acts on: one collection, one global, either, the whole config, the orders, the server. */
export type KindTarget = 'collection' | 'global' | 'either' | 'config' | 'orders' | 'system'
export type AccessName = 'read' | 'create' | 'update' | 'delete' | 'readVersions'
interface KindFacts {
  statuses: readonly number[]
  /** An anonymous GET carries an ETag and is answered 304 to a current `If-None-Match` (http/conditional.ts). */
  conditional?: true
  target: KindTarget
  access?: AccessName
  graphql?: true
  description: string
}

export type OperationKind = keyof typeof KINDS

/** The statuses a handler of `K` may answer (errors are thrown, and declared from the error catalogue). */
export type SuccessStatus<K extends OperationKind> = (typeof KINDS)[K]['statuses'][number]

export type OrderKind = Extract<OperationKind, `v1${string}`>

/** Served by the HTTP layer itself before dispatch: the contract files, the reference page, custom endpoints. */
export type ServedByApp = 'static' | 'endpoint'

/** Every kind the REST dispatcher serves through its handler table. */
export type RestKind = Exclude<OperationKind, ServedByApp>

/** The kinds with a GraphQL root field. */
export type GraphQLKind = {
  [K in OperationKind]: (typeof KINDS)[K] extends { graphql: true } ? K : never
}[OperationKind]

export const isOperationKind = (kind: string): kind is OperationKind => Object.hasOwn(KINDS, kind)

/** What an operation of a collection kind acts on, of a global kind, or of docAccess (either). */
export interface OnCollection {
  collection: string
  global?: undefined
}
export interface OnGlobal {
  global: string
  collection?: undefined
}
interface TargetTypes {
  collection: OnCollection
  global: OnGlobal
  either: OnCollection | OnGlobal
  config: object
  orders: object
  system: object
}
/** The target an operation of kind `K` names (`KINDS[K].target`), as a type. */
export type TargetOf<K extends OperationKind> = TargetTypes[(typeof KINDS)[K]['target']]
/** `T` of some kind, with the target its kind acts on: narrowing on `kind` gives the target's type. */
export type Targeted<T, Ks extends OperationKind = OperationKind> = {
  [K in Ks]: T & { kind: K } & TargetOf<K>
}[Ks]

/** Whether an operation names the target its kind acts on (the compilers give every operation its own). */
export function namesTarget<
  T extends { kind: OperationKind; collection?: string; global?: string },
>(on: T): on is T & Targeted<object> {
  const target = KINDS[on.kind].target
  if (target === 'collection') return on.collection !== undefined && on.global === undefined
  if (target === 'global') return on.global !== undefined && on.collection === undefined
  if (target === 'either') return (on.collection === undefined) !== (on.global === undefined)
  return true
}

/** Whether an anonymous GET of the kind is answered conditionally (ETag, 304). */
export const isConditional = (kind: OperationKind): boolean =>
  'conditional' in KINDS[kind] && KINDS[kind].conditional === true
