/**
 * Every kind of operation the contract compilers emit (`x-cms.kind` in OpenAPI, a root's `kind` in the GraphQL
 * plan), with the success statuses each may answer. The compilers only accept these kinds, and the server's
 * handler tables are declared `satisfies` a record over them: a kind without a handler, or a handler answering
 * a status its kind does not declare, fails `npm run typecheck` (see `test/types/`). `compileOpenAPI` checks
 * that every operation it writes declares exactly these success statuses.
 */
export const SUCCESS_STATUSES = {
  // collections
  find: [200],
  findByID: [200],
  count: [200],
  findDistinct: [200],
  create: [201],
  update: [200],
  updateMany: [200],
  delete: [200],
  deleteMany: [200],
  // a copy of a document (200, as Payload), and what the caller may do (everywhere, or with one document)
  duplicate: [200],
  access: [200],
  docAccess: [200],
  // versions
  findVersions: [200],
  findVersionByID: [200],
  restoreVersion: [200],
  // globals
  findGlobal: [200],
  updateGlobal: [200],
  findGlobalVersions: [200],
  findGlobalVersionByID: [200],
  restoreGlobalVersion: [200],
  // auth collections
  login: [200],
  logout: [200],
  me: [200],
  refreshToken: [200],
  forgotPassword: [200],
  resetPassword: [200],
  verifyEmail: [200],
  unlock: [200],
  init: [200],
  registerFirstUser: [200],
  // the orders API (`/api/v1`)
  v1ListOrders: [200],
  v1CreateOrder: [201],
  v1GetOrder: [200],
  v1CancelOrder: [200],
  v1Logout: [204],
  v1AdminListOrders: [200],
  v1AdminShipOrder: [200],
  v1PaymentWebhook: [200],
  // the system: health, and what the HTTP layer serves before dispatch (contracts, pages, custom endpoints)
  health: [200, 503],
  static: [200],
  endpoint: [200],
} as const satisfies Record<string, readonly number[]>

export type OperationKind = keyof typeof SUCCESS_STATUSES

/** The statuses a handler of `K` may answer (errors are thrown, and declared from the error catalogue). */
export type SuccessStatus<K extends OperationKind> = (typeof SUCCESS_STATUSES)[K][number]

export type OrderKind = Extract<OperationKind, `v1${string}`>

/** Served by the HTTP layer itself before dispatch: the contract files, the reference page, custom endpoints. */
export type ServedByApp = 'static' | 'endpoint'

/** Every kind the REST dispatcher serves through its handler table. */
export type RestKind = Exclude<OperationKind, ServedByApp>

/** The kinds with a GraphQL root field. */
export type GraphQLKind =
  | 'find'
  | 'findByID'
  | 'count'
  | 'create'
  | 'update'
  | 'delete'
  | 'findVersions'
  | 'findVersionByID'
  | 'restoreVersion'
  | 'duplicate'
  | 'access'
  | 'docAccess'
  | 'findGlobal'
  | 'updateGlobal'
  | 'findGlobalVersions'
  | 'findGlobalVersionByID'
  | 'restoreGlobalVersion'
  | 'login'
  | 'logout'
  | 'me'
  | 'refreshToken'
  | 'forgotPassword'
  | 'resetPassword'
  | 'verifyEmail'
  | 'unlock'
  | 'init'

export const isOperationKind = (kind: string): kind is OperationKind =>
  Object.hasOwn(SUCCESS_STATUSES, kind)
