/**
 * The typed client SDK: REST through the client hey-api generated from `contracts/openapi.json`, GraphQL through
 * the typed documents graphql-codegen generated from `contracts/schema.graphql`. Browser and Node alike: fetch
 * only, ESM, no Node-only imports, no dependency on the server code but its dependency-free rich-text converters
 * (`server/richtext/`: Lexical JSON to HTML and plain text, the same module the server runs).
 *
 * @example
 * const cms = createClient({ baseUrl: 'http://127.0.0.1:3000' })
 * await cms.auth('users').login({ email: 'alice@example.com', password: 'alice-password' })
 * const { docs } = await cms.collection('posts').find({ where: { or: [{ views: { greater_than: 100 } }, { featured: { equals: true } }] }, depth: 1 })
 */
import { createClient as createRestClient, type Client } from '../generated/openapi/client/index.ts'
import {
  auth as authOps,
  collections,
  globals,
  orders as orderOps,
  access as accessOp,
  routes,
  type AuthTypes,
  type CollectionTypes,
  type GlobalTypes,
  type Order,
  type OrderInput,
  type OrderList,
  type Permissions,
} from '../generated/sdk/map.ts'
import { fileMethods, type ReadFile, type StoredFile, type UploadInput } from './upload.ts'

export type { FileBytes, ReadFile, StoredFile, UploadInput } from './upload.ts'
export {
  isWebhookEvent,
  verifyWebhook,
  WebhookVerificationError,
  type VerifyWebhookOptions,
  type WebhookEvent,
  type WebhookEventOf,
  type WebhookEventType,
  type WebhookHeaders,
  type WebhookVerificationReason,
} from './webhooks.ts'
export type { AuthTypes, CollectionTypes, GlobalTypes, Order, OrderInput, OrderList, Permissions }
export type * from '../generated/openapi/types.gen.ts'
export * from '../server/richtext/index.ts'

/** Every failed call: the HTTP status and the parsed error body (`{ errors }`, or problem details on /api/v1). */
export class CmsError extends Error {
  readonly status: number
  readonly body: unknown
  constructor(status: number, body: unknown) {
    const b = body as
      { errors?: { message?: string }[]; detail?: string; title?: string } | undefined
    super(
      b?.errors?.[0]?.message ?? b?.detail ?? b?.title ?? `Request failed with status ${status}`,
    )
    this.name = 'CmsError'
    this.status = status
    this.body = body
  }
}

export interface ClientOptions {
  /** The server's origin, e.g. `http://127.0.0.1:3000` (the API base path is appended). */
  baseUrl: string
  /** A token to start with (login sets one, logout forgets it). */
  token?: string
  fetch?: typeof fetch
  headers?: Record<string, string>
  /** Reads a file path given as an upload's `file` (`contract-cms/sdk/node` sets it; a browser has none). */
  readFile?: ReadFile
}

/** A GraphQL document typed by graphql-codegen (`generated/graphql/sdk`). */
export interface TypedDocument<Result, Variables> {
  toString(): string
  __apiType?: (variables: Variables) => Result
}

type Depth = { depth?: number }
/** A bulk update or delete: the documents changed and, per document refused, its id and why. */
export type BulkResult<D> = {
  docs: D[]
  errors: { id: unknown; message: string }[]
  message: string
}
type CollectionSlug = keyof CollectionTypes & string
type GlobalSlug = keyof GlobalTypes & string
type AuthSlug = keyof AuthTypes & string
type Paginated<S extends CollectionSlug> = CollectionTypes[S]['list']
/** `X` on upload collections, `never` elsewhere: a file option or helper there does not compile. */
type OnUpload<S extends CollectionSlug, X> = CollectionTypes[S]['upload'] extends true ? X : never
/** The write options of a collection: its query, and a `file` on upload collections only. */
type WriteOptions<S extends CollectionSlug> = CollectionTypes[S]['writeQuery'] & {
  file?: OnUpload<S, UploadInput>
}
type Op = (
  options: Record<string, unknown>,
) => Promise<{ data?: unknown; error?: unknown; response?: Response }>

/** where, select, populate and joins travel as JSON text: the contract declares them as JSON-string parameters. */
function jsonText(query: Record<string, unknown>): Record<string, unknown> {
  const out = { ...query }
  for (const name of ['where', 'select', 'populate', 'joins'])
    if (out[name] !== undefined && typeof out[name] !== 'string')
      out[name] = JSON.stringify(out[name])
  return out
}

/** The lock of a document or global (lockDocuments; docs/admin.md): the lock routes' answer. */
export interface DocumentLock {
  locked: boolean
  mine: boolean
  duration: number
  user?: { collection: string; id: number | string; title?: string }
  lockedAt?: string
  expiresAt?: string
}

export function createClient(options: ClientOptions) {
  let token = options.token
  const origin = options.baseUrl.replace(/\/$/, '')
  const client: Client = createRestClient({
    baseUrl: `${origin}${routes.api}`,
    fetch: options.fetch,
    headers: options.headers,
  })
  client.interceptors.request.use((request) => {
    if (token && !request.headers.has('authorization'))
      request.headers.set('authorization', `Bearer ${token}`)
    return request
  })

  async function call<R>(op: Op, args: Record<string, unknown>): Promise<R> {
    const query = args.query && jsonText(args.query as Record<string, unknown>)
    const result = await op({ ...args, ...(query ? { query } : {}), client })
    const status = result.response?.status ?? 0
    if (result.error !== undefined || !result.response?.ok) throw new CmsError(status, result.error)
    return result.data as R
  }

  /** A lock route (`lockStatus`, `lock`, `releaseLock`), where the contract offers it. */
  function lockCall(
    op: Op | undefined,
    owner: string,
    path: Record<string, unknown> | undefined,
    body?: { takeOver?: boolean },
  ) {
    if (!op) throw new Error(`${owner} has no document locking.`)
    return call<DocumentLock>(op, { path, ...(body ? { body } : {}) })
  }

  /**
   * The conditions of a form (`formState`), where the contract offers the route; with a live preview whose URL is a
   * function, that URL for the data (`livePreviewURL`).
   */
  function formStateCall(
    op: Op | undefined,
    owner: string,
    data: Record<string, unknown>,
    { locale, ...rest }: { locale?: string; id?: unknown; operation?: string },
  ) {
    if (!op) throw new Error(`${owner} has no conditional fields.`)
    return call<{ conditions: Record<string, boolean>; livePreviewURL?: string }>(op, {
      body: { data, ...rest },
      query: locale ? { locale } : undefined,
    })
  }

  const collection = <S extends CollectionSlug>(slug: S) => {
    const ops = collections[slug] as unknown as Record<
      | 'find'
      | 'findByID'
      | 'count'
      | 'create'
      | 'update'
      | 'delete'
      | 'updateMany'
      | 'deleteMany'
      | 'findDistinct'
      | 'docAccess',
      Op
    > &
      Partial<
        Record<
          | 'duplicate'
          | 'findVersions'
          | 'findVersionByID'
          | 'restoreVersion'
          | 'getFile'
          | 'formState'
          | 'lockStatus'
          | 'lock'
          | 'releaseLock',
          Op
        >
      >
    type T = CollectionTypes[S]
    const files = fileMethods({
      slug,
      api: `${origin}${routes.api}`,
      getFileOp: ops.getFile,
      send: (op, args) => call(op as Op, args),
      readFile: options.readFile,
    })
    const versions = (name: 'findVersions' | 'findVersionByID' | 'restoreVersion') => {
      const op = ops[name]
      if (!op) throw new Error(`Collection "${slug}" keeps no versions.`)
      return op
    }
    return {
      find: (query: T['findQuery'] & { where?: T['where'] } = {} as T['findQuery']) =>
        call<Paginated<S>>(ops.find, { query }),
      findByID: (id: T['doc']['id'], query?: T['readQuery']) =>
        call<T['doc']>(ops.findByID, { path: { id }, query }),
      count: (query: { where?: T['where']; draft?: boolean; locale?: string } = {}) =>
        call<{ totalDocs: number }>(ops.count, { query }),
      /** Creates a document; on an upload collection `options.file` sends its file (multipart). */
      create: (data: T['create'], options?: WriteOptions<S>) =>
        files.write(ops.create, {}, data, options) as Promise<{ doc: T['doc']; message: string }>,
      /** Updates a document; on an upload collection `options.file` replaces its file. */
      update: (id: T['doc']['id'], data: T['update'], options?: WriteOptions<S>) =>
        files.write(ops.update, { path: { id } }, data, options) as Promise<{
          doc: T['doc']
          message: string
        }>,
      /** The absolute URL of an upload document's file, or of one of its sizes (null: none). */
      fileURL: (doc: OnUpload<S, StoredFile>, size?: T['sizes']) => files.fileURL(doc, size),
      /**
       * The bytes of an upload document's file (or of a size, or of a stored filename) through the file route, with
       * the caller's token; `range` (`bytes=0-99`) asks for part of it.
       */
      getFile: (
        file: OnUpload<S, StoredFile | string>,
        options?: { size?: T['sizes']; range?: string },
      ) => files.getFile(file, options),
      delete: (id: T['doc']['id'], query?: Depth) =>
        call<{ doc: T['doc']; message: string }>(ops.delete, { path: { id }, query }),
      /** Updates every document `where` matches that the caller may update: `{ docs, errors, message }`. */
      updateMany: (
        where: T['where'],
        data: T['update'],
        query: { draft?: boolean; locale?: string } & Depth = {},
      ) => call<BulkResult<T['doc']>>(ops.updateMany, { query: { ...query, where }, body: data }),
      /** Deletes every document `where` matches that the caller may delete: `{ docs, errors, message }`. */
      deleteMany: (where: T['where'], query: Depth = {}) =>
        call<BulkResult<T['doc']>>(ops.deleteMany, { query: { ...query, where } }),
      /** The distinct values of one field (Payload's findDistinct), paginated like a list. */
      findDistinct: (
        field: T['distinctField'],
        query: { where?: T['where']; sort?: string; limit?: number; page?: number } & Depth = {},
      ) => call<T['distinct']>(ops.findDistinct, { query: { ...query, field } }),
      /**
       * Which conditional fields (`admin.condition`) apply to a form's `data`, by dotted path: of a new document
       * (`operation: 'create'`) or of document `id` (only where some field of the collection has a condition).
       */
      formState: (
        data: Record<string, unknown>,
        options: { id?: T['doc']['id']; operation?: 'create' | 'update'; locale?: string } = {},
      ) => formStateCall(ops.formState, `Collection "${slug}"`, data, options),
      /** A copy of document `id`, `data` written over it (not where the collection has disableDuplicate). */
      duplicate(id: number, data?: T['update'], query?: { draft?: boolean } & Depth) {
        if (!ops.duplicate) throw new Error(`Collection "${slug}" cannot be duplicated.`)
        return call<{ doc: T['doc']; message: string }>(ops.duplicate, {
          path: { id },
          body: data ?? {},
          query,
        })
      },
      /** Who holds the lock of document `id` (lockDocuments). */
      lockStatus: (id: T['doc']['id']) => lockCall(ops.lockStatus, `Collection "${slug}"`, { id }),
      /** Takes or touches the caller's lock of document `id`; 423 while another user holds it, unless `takeOver`. */
      lock: (id: T['doc']['id'], options: { takeOver?: boolean } = {}) =>
        lockCall(ops.lock, `Collection "${slug}"`, { id }, options),
      /** Releases the caller's lock of document `id`. */
      releaseLock: (id: T['doc']['id']) =>
        lockCall(ops.releaseLock, `Collection "${slug}"`, { id }),
      /** What the caller may do with document `id` (access functions given `data`, when set). */
      docAccess: (id: number, data?: T['update']) =>
        call<T['permissions']>(ops.docAccess, { path: { id }, body: data ?? {} }),
      findVersions: (
        query: {
          where?: T['versionWhere']
          sort?: string
          limit?: number
          page?: number
        } & Depth = {},
      ) => call<T['versions']>(versions('findVersions'), { query }),
      findVersionByID: (id: number, query?: Depth) =>
        call<T['version']>(versions('findVersionByID'), { path: { id }, query }),
      restoreVersion: (id: number, query?: { draft?: boolean } & Depth) =>
        call<T['doc']>(versions('restoreVersion'), { path: { id }, query }),
    }
  }

  const global = <S extends GlobalSlug>(slug: S) => {
    const ops = globals[slug] as unknown as Record<'find' | 'update' | 'docAccess', Op> &
      Partial<
        Record<
          | 'findVersions'
          | 'findVersionByID'
          | 'restoreVersion'
          | 'formState'
          | 'lockStatus'
          | 'lock'
          | 'releaseLock',
          Op
        >
      >
    type G = GlobalTypes[S]
    const versions = (name: 'findVersions' | 'findVersionByID' | 'restoreVersion') => {
      const op = ops[name]
      if (!op) throw new Error(`Global "${slug}" keeps no versions.`)
      return op
    }
    return {
      find: (query?: Depth & { locale?: string; draft?: boolean }) =>
        call<G['doc']>(ops.find, { query }),
      update: (data: G['update'], query?: { draft?: boolean; overrideLock?: boolean }) =>
        call<{ message: string; result: G['doc'] }>(ops.update, { body: data, query }),
      /** What the caller may do with the global (access functions given `data`, when set). */
      docAccess: (data?: G['update']) =>
        call<G['permissions']>(ops.docAccess, { body: data ?? {} }),
      /** Who holds the global's lock (lockDocuments). */
      lockStatus: () => lockCall(ops.lockStatus, `Global "${slug}"`, undefined),
      /** Takes or touches the caller's lock of the global; 423 while another user holds it, unless `takeOver`. */
      lock: (options: { takeOver?: boolean } = {}) =>
        lockCall(ops.lock, `Global "${slug}"`, undefined, options),
      /** Releases the caller's lock of the global. */
      releaseLock: () => lockCall(ops.releaseLock, `Global "${slug}"`, undefined),
      /** Which conditional fields apply to the global's form `data` (only where some field has a condition). */
      formState: (data: Record<string, unknown>, options: { locale?: string } = {}) =>
        formStateCall(ops.formState, `Global "${slug}"`, data, options),
      findVersions: (
        query: {
          where?: G['versionWhere']
          sort?: string
          limit?: number
          page?: number
        } & Depth = {},
      ) => call<G['versions']>(versions('findVersions'), { query }),
      findVersionByID: (id: number, query?: Depth) =>
        call<G['version']>(versions('findVersionByID'), { path: { id }, query }),
      restoreVersion: (id: number, query?: { draft?: boolean } & Depth) =>
        call<{ doc: G['doc']; message: string }>(versions('restoreVersion'), {
          path: { id },
          query,
        }),
    }
  }

  const auth = <S extends AuthSlug>(slug: S) => {
    const ops = authOps[slug] as unknown as Record<
      | 'login'
      | 'logout'
      | 'me'
      | 'refreshToken'
      | 'forgotPassword'
      | 'resetPassword'
      | 'unlock'
      | 'init'
      | 'registerFirst',
      Op
    > & { verifyEmail?: Op }
    type User = AuthTypes[S]['user']
    return {
      /**
       * Logs in and keeps the token for every later call. With `auth.loginWithUsername` the account is named by
       * `username` (or either, with `allowEmailLogin`).
       */
      async login(
        credentials: { email: string; password: string } | { username: string; password: string },
      ) {
        const result = await call<{ token: string; exp: number; user: User; message: string }>(
          ops.login,
          { body: credentials },
        )
        token = result.token
        return result
      },
      /** Ends the session (every session of the user, with `allSessions`) and forgets the token. */
      async logout(options: { allSessions?: boolean } = {}) {
        try {
          return await call<{ message: string }>(
            ops.logout,
            options.allSessions ? { query: { allSessions: true } } : {},
          )
        } finally {
          token = undefined
        }
      },
      me: () => call<{ user: User | null; exp?: number; token?: string }>(ops.me, {}),
      async refreshToken() {
        const result = await call<{ refreshedToken: string; exp: number; user: User }>(
          ops.refreshToken,
          {},
        )
        token = result.refreshedToken
        return result
      },
      /** The email, or `{ username }` with `auth.loginWithUsername`. */
      forgotPassword: (account: string | { email: string } | { username: string }) =>
        call<{ message: string }>(ops.forgotPassword, {
          body: typeof account === 'string' ? { email: account } : account,
        }),
      async resetPassword(resetToken: string, password: string) {
        const result = await call<{ token: string; user: User }>(ops.resetPassword, {
          body: { token: resetToken, password },
        })
        token = result.token
        return result
      },
      /** Clears the failed logins and lock of the account with this email (access.unlock). */
      unlock: (email: string) => call<{ message: string }>(ops.unlock, { body: { email } }),
      /** Whether the collection has a user yet. */
      init: () => call<{ initialized: boolean }>(ops.init, {}),
      /** Creates the first user (only while there is none), logs in and keeps the token. */
      async registerFirstUser(data: AuthTypes[S]['create']) {
        const result = await call<{ token: string; exp: number; user: User; message: string }>(
          ops.registerFirst,
          { body: data },
        )
        token = result.token
        return result
      },
      /** Verifies an email with the token mailed to it (collections with auth.verify). */
      verifyEmail(verificationToken: string) {
        if (!ops.verifyEmail)
          throw new Error(`Collection "${slug}" does not verify emails (auth.verify is off).`)
        return call<{ message: string }>(ops.verifyEmail, { path: { token: verificationToken } })
      },
    }
  }

  const ops = orderOps as unknown as
    | Record<'list' | 'create' | 'get' | 'cancel' | 'logout' | 'adminList' | 'adminShip', Op>
    | undefined
  const need = () => {
    if (!ops) throw new Error('This server has no orders API.')
    return ops
  }
  const orders = {
    list: (page?: number) => call<OrderList>(need().list, { query: page ? { page } : {} }),
    create: (input: OrderInput) =>
      call<{ data: Order }>(need().create, { body: input }).then((r) => r.data),
    get: (id: number) =>
      call<{ data: Order }>(need().get, { path: { order: id } }).then((r) => r.data),
    cancel: (id: number) =>
      call<{ data: Order }>(need().cancel, { path: { order: id } }).then((r) => r.data),
    async logout() {
      try {
        await call<unknown>(need().logout, {})
      } finally {
        token = undefined
      }
    },
    admin: {
      list: (page?: number) => call<OrderList>(need().adminList, { query: page ? { page } : {} }),
      ship: (id: number) =>
        call<{ data: Order }>(need().adminShip, { path: { order: id } }).then((r) => r.data),
    },
  }

  /** Runs a typed GraphQL document (from `generated/graphql/sdk`) and returns its typed data. */
  async function graphql<Result, Variables>(
    document: TypedDocument<Result, Variables>,
    variables?: Variables,
  ): Promise<Result> {
    const doFetch = options.fetch ?? fetch
    const response = await doFetch(`${origin}${routes.graphQL}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/graphql-response+json',
        ...options.headers,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify({ query: document.toString(), variables }),
    })
    const body = (await response.json().catch(() => undefined)) as
      | { data?: Result; errors?: { message: string; extensions?: { status?: number } }[] }
      | undefined
    if (!response.ok || !body || body.errors?.length) {
      const status = body?.errors?.[0]?.extensions?.status ?? response.status
      throw new CmsError(status, body)
    }
    return body.data as Result
  }

  return {
    collection,
    global,
    auth,
    orders,
    graphql,
    /** The caller's permissions on every collection and global, in Payload's shape (GET /access). */
    access: () => call<Permissions>(accessOp as unknown as Op, {}),
    /** The current token (after login), if any. */
    get token() {
      return token
    },
    /** The underlying generated REST client, for any operation the facade does not wrap. */
    rest: client,
  }
}

export type CmsClient = ReturnType<typeof createClient>
