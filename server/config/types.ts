/**
 * Config types. The shape follows Payload 3's config for everything the seeds name,
 * so a Payload user can port a config by renaming imports (DESIGN.md §4).
 */
import type { Executor } from '../db/database.ts'
import type { LocalApi } from './local-api.ts'

export type ID = number

/** A Where tree: `{ path: { operator: value }, and?: Where[], or?: Where[] }`. */
export interface Where {
  [path: string]: WhereField | Where[] | undefined
  and?: Where[]
  or?: Where[]
}
export type WhereOperator =
  | 'equals'
  | 'not_equals'
  | 'in'
  | 'not_in'
  | 'greater_than'
  | 'greater_than_equal'
  | 'less_than'
  | 'less_than_equal'
  | 'contains'
  | 'like'
  | 'exists'
  | 'near'
export type WhereField = { [op in WhereOperator]?: unknown }

/** The request object every hook, access function and endpoint handler receives. */
export interface CmsRequest {
  cms: LocalApi
  user: (Record<string, unknown> & { id: ID; collection: string }) | null
  locale?: string
  fallbackLocale?: string | false
  context: Record<string, unknown>
  /** Set while a transaction is open; operations given this `req` join it. */
  transaction?: Executor
  routeParams?: Record<string, string>
  headers?: Headers
  [key: string]: unknown
}

export type AccessResult = boolean | Where
export type AccessArgs = { req: CmsRequest; id?: ID; data?: Record<string, unknown> }
export type Access = (args: AccessArgs) => AccessResult | Promise<AccessResult>
export type FieldAccess = (args: {
  req: CmsRequest
  id?: ID
  data?: Record<string, unknown>
  doc?: Record<string, unknown>
  siblingData?: Record<string, unknown>
}) => boolean | Promise<boolean>

export type FieldHookArgs = {
  value: unknown
  previousValue?: unknown
  data?: Record<string, unknown>
  siblingData: Record<string, unknown>
  originalDoc?: Record<string, unknown>
  operation: 'create' | 'update' | 'read' | 'delete'
  req: CmsRequest
  context: Record<string, unknown>
  field: FlattenedField
  path: (string | number)[]
  collection?: SanitizedCollection
  global?: SanitizedGlobal
}
export type FieldHook = (args: FieldHookArgs) => unknown

export type ValidateFn = (
  value: unknown,
  args: {
    data: Record<string, unknown>
    siblingData: Record<string, unknown>
    operation: 'create' | 'update'
    id?: ID
    req: CmsRequest
  },
) => true | string | Promise<true | string>

export type Option = string | { value: string }

export interface FieldBase {
  name: string
  label?: string
  required?: boolean
  unique?: boolean
  index?: boolean
  localized?: boolean
  defaultValue?:
    unknown | ((args: { user: CmsRequest['user']; locale?: string; req: CmsRequest }) => unknown)
  validate?: ValidateFn
  access?: { create?: FieldAccess; read?: FieldAccess; update?: FieldAccess }
  hooks?: {
    beforeValidate?: FieldHook[]
    beforeChange?: FieldHook[]
    afterChange?: FieldHook[]
    afterRead?: FieldHook[]
  }
  /** Never returned in responses (auth secrets, internals). */
  hidden?: boolean
}

export interface TextField extends FieldBase {
  type: 'text'
  minLength?: number
  maxLength?: number
  hasMany?: boolean
}
export interface TextareaField extends FieldBase {
  type: 'textarea'
  minLength?: number
  maxLength?: number
}
export interface EmailField extends FieldBase {
  type: 'email'
}
export interface CodeField extends FieldBase {
  type: 'code'
  minLength?: number
  maxLength?: number
}
export interface NumberField extends FieldBase {
  type: 'number'
  min?: number
  max?: number
  hasMany?: boolean
}
export interface CheckboxField extends FieldBase {
  type: 'checkbox'
}
export interface DateField extends FieldBase {
  type: 'date'
}
export interface SelectField extends FieldBase {
  type: 'select'
  options: Option[]
  hasMany?: boolean
  interfaceName?: string
}
export interface RadioField extends FieldBase {
  type: 'radio'
  options: Option[]
  interfaceName?: string
}
/** Stored as one JSON value, which cannot be indexed. */
export interface JSONField extends Omit<FieldBase, 'unique' | 'index'> {
  type: 'json'
}
/** Stored as one JSON value, which cannot be indexed. */
export interface RichTextField extends Omit<FieldBase, 'unique' | 'index'> {
  type: 'richText'
}
/** Always indexed (for `near`); uniqueness is not supported. */
export interface PointField extends Omit<FieldBase, 'unique'> {
  type: 'point'
}
export interface RelationshipField extends FieldBase {
  type: 'relationship'
  relationTo: string | string[]
  hasMany?: boolean
  maxDepth?: number
  minRows?: number
  maxRows?: number
}
/** Its rows are stored as one JSON value, which cannot be indexed. */
export interface ArrayField extends Omit<FieldBase, 'unique' | 'index'> {
  type: 'array'
  fields: Field[]
  minRows?: number
  maxRows?: number
  interfaceName?: string
}
export interface Block {
  slug: string
  fields: Field[]
  interfaceName?: string
}
/** Its rows are stored as one JSON value, which cannot be indexed. */
export interface BlocksField extends Omit<FieldBase, 'unique' | 'index'> {
  type: 'blocks'
  blocks: Block[]
  minRows?: number
  maxRows?: number
}
/** No column of its own: `unique` and `index` belong on the fields inside it. */
export interface GroupField extends Omit<FieldBase, 'unique' | 'index'> {
  type: 'group'
  fields: Field[]
  interfaceName?: string
}

/** Layout-only fields: their children are stored as if declared on the parent. */
export interface RowField {
  type: 'row'
  fields: Field[]
}
export interface CollapsibleField {
  type: 'collapsible'
  fields: Field[]
}
/** A named tab is a group (its `label` and `interfaceName` are the group's); an unnamed one only lifts its fields. */
export interface Tab {
  name?: string
  label?: string
  fields: Field[]
  interfaceName?: string
}
export interface TabsField {
  type: 'tabs'
  tabs: Tab[]
}

export type DataField =
  | TextField
  | TextareaField
  | EmailField
  | CodeField
  | NumberField
  | CheckboxField
  | DateField
  | SelectField
  | RadioField
  | JSONField
  | RichTextField
  | PointField
  | RelationshipField
  | ArrayField
  | BlocksField
  | GroupField
export type LayoutField = RowField | CollapsibleField | TabsField
export type Field = DataField | LayoutField

/**
 * The sanitised field model every layer reads (like Payload's `FlattenedField`): layout fields (rows,
 * collapsibles, unnamed tabs) are gone, a named tab is a group, and the children of groups, arrays and blocks are
 * flattened the same way, all the way down.
 */
export interface FlattenedGroupField extends Omit<GroupField, 'fields'> {
  fields: FlattenedField[]
}
export interface FlattenedArrayField extends Omit<ArrayField, 'fields'> {
  fields: FlattenedField[]
}
export interface FlattenedBlock extends Omit<Block, 'fields'> {
  fields: FlattenedField[]
}
export interface FlattenedBlocksField extends Omit<BlocksField, 'blocks'> {
  blocks: FlattenedBlock[]
}
export type FlattenedField =
  | Exclude<DataField, GroupField | ArrayField | BlocksField>
  | FlattenedGroupField
  | FlattenedArrayField
  | FlattenedBlocksField
export type FieldType = Field['type']

export type Doc = Record<string, unknown> & { id: ID }

export type CollectionHookArgs = {
  req: CmsRequest
  context: Record<string, unknown>
  collection: SanitizedCollection
  operation?: string
  [key: string]: unknown
}
export type CollectionHook = (args: CollectionHookArgs) => unknown
export interface CollectionHooks {
  beforeOperation?: CollectionHook[]
  beforeValidate?: CollectionHook[]
  beforeChange?: CollectionHook[]
  afterChange?: CollectionHook[]
  beforeRead?: CollectionHook[]
  afterRead?: CollectionHook[]
  beforeDelete?: CollectionHook[]
  afterDelete?: CollectionHook[]
  afterOperation?: CollectionHook[]
  afterError?: CollectionHook[]
  // Auth collections only (Payload's arguments; a hook that throws aborts the operation: docs/auth.md).
  /** Before the token is signed, in the login's transaction; may return the user to log in. */
  beforeLogin?: BeforeLoginHook[]
  /** After the token is signed, in the login's transaction; may return the user the answer shows. */
  afterLogin?: AfterLoginHook[]
  /** Before the session ends, in the logout's transaction. */
  afterLogout?: AfterLogoutHook[]
  /** After the token is refreshed; may return the refresh result (`{ exp, refreshedToken, user }`). */
  afterRefresh?: AfterRefreshHook[]
  /** After `me`; may return the answer (`{ user, collection?, token?, exp? }`). */
  afterMe?: AfterMeHook[]
  /** After a reset token was stored and mailed (known accounts only). */
  afterForgotPassword?: AfterForgotPasswordHook[]
  /** Replaces the refresh: the first hook returning a result (`{ exp, refreshedToken, user }`) wins. */
  refresh?: RefreshHook[]
  /** Replaces `me`: the first hook returning `{ user, exp? }` wins. */
  me?: MeHook[]
}

type AuthHookBase = {
  collection: SanitizedCollection
  context: Record<string, unknown>
  req: CmsRequest
}
type HookUser = Record<string, unknown> & { id: ID }
/** What `refresh` and `afterRefresh` hooks may return (Payload's refresh result). */
export type RefreshResult = { exp: number; refreshedToken: string; user: Record<string, unknown> }
export type MeResponse = {
  user: Record<string, unknown> | null
  collection?: string
  token?: string
  exp?: number
}
export type BeforeLoginHook = (args: AuthHookBase & { user: HookUser }) => unknown
export type AfterLoginHook = (args: AuthHookBase & { user: HookUser; token: string }) => unknown
export type AfterLogoutHook = (args: AuthHookBase) => unknown
export type AfterRefreshHook = (args: AuthHookBase & { exp: number; token: string }) => unknown
export type AfterMeHook = (args: AuthHookBase & { response: MeResponse }) => unknown
export type AfterForgotPasswordHook = (args: {
  args: Record<string, unknown>
  collection: SanitizedCollection
  context: Record<string, unknown>
}) => unknown
export type RefreshHook = (args: {
  args: Record<string, unknown>
  user: HookUser
}) => RefreshResult | void | undefined | Promise<RefreshResult | void | undefined>
export type MeHook = (args: {
  args: Record<string, unknown>
  user: HookUser
}) =>
  | { user: Record<string, unknown>; exp?: number }
  | void
  | undefined
  | Promise<{ user: Record<string, unknown>; exp?: number } | void | undefined>

/** A custom endpoint: a web-standard handler returning a `Response`. */
export interface Endpoint {
  path: string
  method: 'get' | 'post' | 'put' | 'patch' | 'delete' | 'head' | 'options'
  handler: (req: CmsRequest & { json: () => Promise<unknown> }) => Response | Promise<Response>
  /** Optional schemas for the contract. */
  /**
   * The endpoint's OpenAPI operation, in part. Error answers (400, 401, 403, 404, 500 with the error body)
   * are declared whatever this says; without `responses`, a 200 with any JSON.
   */
  openapi?: {
    operationId?: string
    summary?: string
    description?: string
    /** Query or header parameters (path parameters are declared from the path). */
    parameters?: Record<string, unknown>[]
    requestBody?: Record<string, unknown>
    responses?: Record<string, unknown>
  }
}

export interface AuthOptions {
  /** Seconds a token is valid; refreshing moves the end forward (a sliding window). */
  tokenExpiration?: number
  /** Seconds a session may live from its login, however often it is refreshed (default 7 days). */
  sessionLifetime?: number
  maxLoginAttempts?: number
  lockTime?: number
  forgotPassword?: { expiration?: number }
  /**
   * Log in with a `username` (a unique text field added to the collection) instead of, or besides, the email.
   * `true` is `{ allowEmailLogin: false, requireEmail: false, requireUsername: true }`.
   */
  loginWithUsername?: boolean | LoginWithUsernameOptions
}

export interface LoginWithUsernameOptions {
  /** Also accept the email at login (default false). */
  allowEmailLogin?: boolean
  /** Keep the email required (default false: users may have none). */
  requireEmail?: boolean
  /** Keep the username required (default true); with both false, a user needs one of them. */
  requireUsername?: boolean
}

export interface CollectionConfig {
  slug: string
  labels?: { singular?: string; plural?: string }
  fields: Field[]
  access?: {
    create?: Access
    read?: Access
    update?: Access
    delete?: Access
    readVersions?: Access
  }
  hooks?: CollectionHooks
  endpoints?: Endpoint[]
  auth?: boolean | AuthOptions
  versions?: boolean | { drafts?: boolean; maxPerDoc?: number }
  timestamps?: boolean
  defaultSort?: string
}

export interface GlobalConfig {
  slug: string
  label?: string
  fields: Field[]
  access?: { read?: Access; update?: Access }
  hooks?: Pick<
    CollectionHooks,
    | 'beforeOperation'
    | 'beforeValidate'
    | 'beforeChange'
    | 'afterChange'
    | 'beforeRead'
    | 'afterRead'
  >
}

export interface LocalizationConfig {
  locales: (string | { code: string; fallbackLocale?: string })[]
  defaultLocale: string
  fallback?: boolean
}

export interface Config {
  collections?: CollectionConfig[]
  globals?: GlobalConfig[]
  localization?: LocalizationConfig | false
  routes?: { api?: string; graphQL?: string; graphQLPlayground?: string }
  graphQL?: {
    disable?: boolean
    disablePlaygroundInProduction?: boolean
    /** Deepest field path of an operation (default 15). */
    maxDepth?: number
    /** Largest cost of an operation (default 5000): see docs/reliability.md for the cost model. */
    maxComplexity?: number
    /** Most aliased fields in one operation (default 30). */
    maxAliases?: number
    /** Most tokens a GraphQL document may have (default 10,000); checked while parsing. */
    maxTokens?: number
    /** Cost multiplier of a list field without `maxRows` (hasMany relations, arrays, blocks; default 10). */
    listFanOut?: number
    /** With `NODE_ENV=production`, refuse introspection and drop "Did you mean" hints (default true). */
    disableIntrospectionInProduction?: boolean
  }
  endpoints?: Endpoint[]
  typescript?: { outputFile?: string }
  /**
   * `url`: `sqlite:<path>`, `sqlite::memory:`, `mysql://…` (`DATABASE_URL` when absent). `migrationDir`: the
   * folder of migration files (default `migrations`, from the working directory). `onStart`: what start-up does to
   * the schema: `'push'` (default) adds missing tables, columns and indexes; `'migrate'` applies pending migration
   * files; `'check'` changes nothing. With `'migrate'` or `'check'` the start fails while migrations are pending or
   * the database lacks part of the schema (docs/migrations.md).
   */
  db?: { url?: string; migrationDir?: string; onStart?: 'push' | 'migrate' | 'check' }
  secret?: string
  serverURL?: string
  maxDepth?: number
  defaultDepth?: number
  /** Largest `limit` a list accepts (400 above it); also the most documents `limit: 0` / `pagination: false` returns. */
  maxLimit?: number
  /** Per-request resource limits of callers (REST, GraphQL, Local with `overrideAccess: false`): docs/reliability.md. */
  limits?: Limits
  /**
   * The orders API (`<routes.api>/v1`, DESIGN.md §6) over an orders collection (with `user`, `status`,
   * `items` and `total_amount` fields) owned by users of an auth collection.
   */
  ordersApi?: { orders: string; users: string }
  /** Outgoing mail (password resets). Without it, reset links are logged outside production. */
  email?: {
    send: (message: {
      to: string
      subject: string
      text: string
      token: string
      link: string
    }) => void | Promise<void>
  }
  /** The API reference page at `<api>/docs` (on outside production by default). */
  apiDocs?: { disable?: boolean; disableInProduction?: boolean }
  /** Per-address limits of the login (failed attempts), forgot-password and password-setting writes. */
  rateLimit?: {
    login?: { max: number; windowMs: number }
    forgotPassword?: { max: number; windowMs: number }
    /** Creates and updates that set a password (each one a PBKDF2 hash). */
    passwordChange?: { max: number; windowMs: number }
  }
  onInit?: (cms: LocalApi) => void | Promise<void>
  /** Seeds example data on first start (`npm start`, `cms seed`). */
  seed?: (cms: LocalApi) => Promise<void>
}

/** Per-request resource limits. Every one answers 400 `LimitExceeded` naming its key when exceeded. */
export interface Limits {
  /** Related documents one request may place into its answer through population, and their JSON size. */
  population?: { maxDocs?: number; maxBytes?: number }
  /** Size of a caller's `where`: conditions (path and operator pairs), values (list items, `like` words), string length. */
  where?: { maxConditions?: number; maxValues?: number; maxValueLength?: number }
  /** SQL read statements one request may issue (lists, counts, population levels, GraphQL batches). */
  maxStatements?: number
}
export type SanitizedLimits = {
  population: Required<NonNullable<Limits['population']>>
  where: Required<NonNullable<Limits['where']>>
  maxStatements: number
}

// ---- sanitised forms -------------------------------------------------------

/** `auth` with its defaults; `loginWithUsername` is false or every option spelled out. */
export type SanitizedAuth = Omit<Required<AuthOptions>, 'loginWithUsername'> & {
  loginWithUsername: false | Required<LoginWithUsernameOptions>
}

export interface SanitizedCollection extends Omit<
  CollectionConfig,
  'labels' | 'auth' | 'versions' | 'timestamps' | 'hooks' | 'access' | 'endpoints'
> {
  labels: { singular: string; plural: string }
  /** Data fields with layout fields flattened away. */
  flatFields: FlattenedField[]
  auth: SanitizedAuth | false
  versions: { drafts: boolean; maxPerDoc: number } | false
  timestamps: boolean
  hooks: Required<CollectionHooks>
  access: NonNullable<CollectionConfig['access']>
  endpoints: Endpoint[]
  /** Table name in the database. */
  table: string
  /** The internal collection of this collection's versions, when `versions` is on. */
  versionsCollection?: SanitizedCollection
}

export interface SanitizedGlobal extends Omit<GlobalConfig, 'hooks' | 'access'> {
  label: string
  flatFields: FlattenedField[]
  hooks: Required<NonNullable<GlobalConfig['hooks']>>
  access: NonNullable<GlobalConfig['access']>
}

export interface SanitizedConfig extends Omit<
  Config,
  'collections' | 'globals' | 'localization' | 'routes' | 'graphQL'
> {
  collections: SanitizedCollection[]
  globals: SanitizedGlobal[]
  localization:
    | {
        locales: { code: string; fallbackLocale?: string }[]
        localeCodes: string[]
        defaultLocale: string
        fallback: boolean
      }
    | false
  routes: { api: string; graphQL: string; graphQLPlayground: string }
  graphQL: Required<NonNullable<Config['graphQL']>>
  limits: SanitizedLimits
  endpoints: Endpoint[]
  maxDepth: number
  defaultDepth: number
  maxLimit: number
  collectionsBySlug: Map<string, SanitizedCollection>
  globalsBySlug: Map<string, SanitizedGlobal>
}
