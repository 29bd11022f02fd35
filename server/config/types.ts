/**
 * Config types. The shape follows Payload 3's config for everything the seeds name,
 * so a Payload user can port a config by renaming imports (DESIGN.md §4).
 */
import type { SanitizedUpload, UploadedFile, UploadOptions } from './upload.ts'
import type { Executor } from '../db/database.ts'
import type { RelationshipField } from '../fields/relationship.ts'
import type { UploadField } from '../fields/upload.ts'

export type { RelationshipField, UploadField }
import type { LocalApi, Select } from './local-api.ts'
import type { JobsConfig, SanitizedJobs } from './jobs.ts'
import type { I18nOptions, SanitizedI18n } from './i18n.ts'
import type {
  CollectionAdmin,
  Custom,
  Description,
  FieldAdmin,
  GlobalAdmin,
  RichTextEditor,
  RootAdmin,
  StaticText,
} from './admin.ts'

/** A document id: an integer (the default), or the collection's custom `id` field's value, or a UUID. */
export type ID = number | string
/**
 * How a collection's ids are made and held: `serial` (auto-increment integers, the default), `uuid` (UUIDv4
 * strings generated on create, `db.idType: 'uuid'`), or a custom `id` field's type (`text` or `number`: the
 * client gives the id on create).
 */
export type IdType = 'serial' | 'uuid' | 'text' | 'number'
/**
 * The value kind of an id: what a column holding it stores and what a where on it compares. `uuid`: the ids of a
 * `db.idType: 'uuid'` collection, strings everywhere but in a `uuid` column on PostgreSQL (docs/postgresql.md).
 */
export type IdKind = 'integer' | 'number' | 'text' | 'uuid'

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
  | 'not_like'
  | 'all'
  | 'exists'
  | 'near'
export type WhereField = { [op in WhereOperator]?: unknown }

/** The request object every hook, access function and endpoint handler receives. */
export interface CmsRequest {
  cms: LocalApi
  /** Payload's name of `cms`: the same Local API instance (with its `logger`). */
  payload: LocalApi
  /** The parsed JSON body of a REST write (Payload's `req.data`); absent in GraphQL and the Local API. */
  data?: Record<string, unknown>
  /** Which API the request came through (Payload's `req.payloadAPI`). */
  payloadAPI?: 'REST' | 'GraphQL' | 'local'
  /** The file of a multipart REST write to an upload collection (Payload's `req.file`), spooled to disk. */
  file?: UploadedFile
  /**
   * Payload's buffers of the image sizes an upload write made (by size name), beside `file`: set with it for a
   * collection whose storage plugin stores the files (its afterChange hook uploads them).
   */
  payloadUploadSizes?: Record<string, Buffer>
  user: (Record<string, unknown> & { id: ID; collection: string }) | null
  locale?: string
  /** The fallback locale, or the locales tried in order (Payload's array form), or none. */
  fallbackLocale?: string | string[] | false
  context: Record<string, unknown>
  /** Set while a transaction is open; operations given this `req` join it. */
  transaction?: Executor
  /** Payload's name of the open transaction (a promise while it is being opened), absent otherwise. */
  transactionID?: string | number | Promise<string | number | undefined>
  routeParams?: Record<string, string>
  /** A custom endpoint's query string (Payload's `req.searchParams`). */
  searchParams?: URLSearchParams
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

/** A field hook's arguments, as Payload 3 passes them (server/local/hooks.ts `runFieldHooks`). */
export type FieldHookArgs = {
  value: unknown
  previousValue?: unknown
  /** The sibling data before the write, at this field's place (`{}` on a create). */
  previousSiblingDoc?: Record<string, unknown>
  /** afterChange: the document before the write (`{}` after a create). */
  previousDoc?: Record<string, unknown>
  data?: Record<string, unknown>
  siblingData: Record<string, unknown>
  originalDoc?: Record<string, unknown>
  operation: 'create' | 'update' | 'read' | 'delete'
  overrideAccess?: boolean
  findMany?: boolean
  req: CmsRequest
  context: Record<string, unknown>
  field: FlattenedField
  path: (string | number)[]
  schemaPath?: string[]
  indexPath?: number[]
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
    /** The write skips access control (Payload's `overrideAccess`: the Local API's default). */
    overrideAccess: boolean
  },
) => true | string | Promise<true | string>

/** A select or radio option: its value, or `{ value, label }` (the label describes it in the contracts). */
export type Option = string | { value: string; label?: StaticText }

export interface FieldBase {
  name: string
  /**
   * A string, or one per language (`{ en, de }`): the contracts and error messages use `en` (else the first).
   * `false` (Payload: no label in the admin) names the field by its name.
   */
  label?: StaticText | false
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
    /**
     * Run on a copy of the source document when it is duplicated, before validation (on every locale of a
     * localized field): the value returned replaces the field's (`undefined` keeps it). Without one, a `unique`
     * text, textarea, code or json field gets " - Copy" appended and another unique field is left empty.
     */
    beforeDuplicate?: FieldHook[]
  }
  /** Never returned in responses (auth secrets, internals). */
  hidden?: boolean
  /**
   * On a field of an auth collection: the value is copied into the JWT claims at login (a string names the
   * claim). On a group or named tab the whole object is copied; the children of one that is not are lifted.
   */
  saveToJWT?: boolean | string
  /**
   * Not stored (no column, no JSON key): the value is computed on read by the field's `afterRead` hooks (or the
   * collection's). Values sent on writes are ignored; a where or sort on it is a 400.
   */
  virtual?: boolean
  /** Payload's admin options (admin.ts): `description` describes the field in the contracts, `condition` gates validation. */
  admin?: FieldAdmin
  custom?: Custom
}

export interface TextField extends FieldBase {
  type: 'text'
  minLength?: number
  maxLength?: number
  hasMany?: boolean
  /** With `hasMany`: the fewest and most values a non-empty list may hold. */
  minRows?: number
  maxRows?: number
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
  /** With `hasMany`: the fewest and most values a non-empty list may hold. */
  minRows?: number
  maxRows?: number
}
export interface CheckboxField extends FieldBase {
  type: 'checkbox'
}
/** A date field's time zone (Payload 3): the zone is kept in a companion field `<name>_tz`. */
export interface DateTimezone {
  /** The zone a write without one gets. */
  defaultTimezone?: string
  /** The zones accepted (IANA names); without it, any IANA zone name (or `UTC`). */
  supportedTimezones?: (string | { value: string; label?: string })[]
  /** Whether the companion `<name>_tz` is required. */
  required?: boolean
}
export interface DateField extends FieldBase {
  type: 'date'
  /**
   * Adds the companion field `<name>_tz` (a select of `supportedTimezones`, or any IANA zone name) next to the
   * date, as Payload 3 does; the date itself stays a UTC ISO string.
   */
  timezone?: boolean | DateTimezone
}
export interface SelectField extends FieldBase {
  type: 'select'
  options: Option[]
  hasMany?: boolean
  /** With `hasMany`: the fewest and most values a non-empty list may hold. */
  minRows?: number
  maxRows?: number
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
  /**
   * A JSON Schema the value must match on every write (Payload 3's shape: `uri` and `fileMatch` name it for editors,
   * `schema` is checked). The contracts use it as the field's schema.
   */
  jsonSchema?: { uri?: string; fileMatch?: string[]; schema: Record<string, unknown> }
}
/** Stored as one JSON value, which cannot be indexed. */
export interface RichTextField extends Omit<FieldBase, 'unique' | 'index'> {
  type: 'richText'
  /** The editor (`lexicalEditor({ features })`): which Lexical nodes a value may hold. Default: the config's. */
  editor?: RichTextEditor
  /** Bounds the population of the documents its nodes point at, as a relationship field's `maxDepth`. */
  maxDepth?: number
  /** The editor resolved (set by the sanitiser): what the server validates, populates and declares. */
  lexical?: ResolvedLexical
}

/** A rich-text field's editor as the server applies it (config/sanitize/lexical.ts). */
export interface ResolvedLexical {
  /** The node types a value may hold (`root`, `paragraph`, `text`, … and those of the features). */
  nodes: string[]
  /** The `tag`s a heading may take. */
  headingSizes: string[]
  /** The `listType`s a list may take (`bullet`, `number`, `check`). */
  listTypes: string[]
  /**
   * The text formats the editor offers (`bold`, `italic`, `underline`, `strikethrough`, `subscript`,
   * `superscript`, `inlineCode`), in the order of its features; an admin offers only these (the server does not
   * check a text node's format bits, as Payload does not).
   */
  formats?: string[]
  /** Whether the editor has Payload's floating toolbar on a selection (`InlineToolbarFeature`). */
  inlineToolbar?: boolean
  /** Blocks of `block` nodes and of `inlineBlock` nodes (their fields flattened). */
  blocks: FlattenedBlock[]
  inlineBlocks: FlattenedBlock[]
  /** Collections relationship nodes may point at, and their population bound. */
  relationship?: { collections: string[]; maxDepth?: number }
  /** Upload collections upload nodes may point at, with each one's node fields. */
  upload?: { collections: string[]; fields: Record<string, FlattenedField[]>; maxDepth?: number }
  /** Collections internal links may point at, and the link's own fields besides Payload's defaults. */
  link?: { collections: string[]; fields: FlattenedField[]; maxDepth?: number }
}
/** Always indexed (for `near`); uniqueness is not supported. */
export interface PointField extends Omit<FieldBase, 'unique'> {
  type: 'point'
}
/** What a relationship's `filterOptions` function gets, once per collection it relates to. */
export interface FilterOptionsArgs {
  /** The document's id; undefined on create. */
  id?: ID
  data: Record<string, unknown>
  siblingData: Record<string, unknown>
  relationTo: string
  req: CmsRequest
  user: CmsRequest['user']
}
/**
 * The documents a relationship may point to: a Where on the related collection, or a function returning one;
 * `true` (or undefined) allows any, `false` none.
 */
export type FilterOptions =
  | Where
  | ((
      args: FilterOptionsArgs,
    ) => Where | boolean | undefined | Promise<Where | boolean | undefined>)

/**
 * A virtual reverse relationship: the documents of `collection` whose relationship field `on` (a dotted path,
 * through groups) holds this document. Nothing is stored; reads return `{ docs, hasNextPage, totalDocs? }`.
 * Not in arrays, blocks or globals.
 */
export interface JoinField extends Pick<
  FieldBase,
  'name' | 'label' | 'access' | 'hooks' | 'hidden' | 'admin' | 'custom'
> {
  type: 'join'
  /** The collection holding the relationship field. */
  collection: string
  /** The relationship field of `collection` that relates to this collection (`'category'`, `'meta.author'`). */
  on: string
  /** Always ANDed with the request's `where` on the joined documents. */
  where?: Where
  /** Documents per page when the request gives no `limit` (default 10; 0: all). */
  defaultLimit?: number
  /** Sort of the joined documents when the request gives none (default: the joined collection's). */
  defaultSort?: string
  /** Deepest level at which the joined documents are populated (default 1: only on the documents read). */
  maxDepth?: number
  /**
   * Payload's orderable join: the joined collection gets the order field `_<collection>_<path>_order`, the
   * join's default sort, kept per parent by `POST <api>/reorder` (docs/porting-from-payload.md).
   */
  orderable?: boolean
}
/** Its rows are stored as one JSON value, which cannot be indexed. */
export interface ArrayField extends Omit<FieldBase, 'unique' | 'index'> {
  type: 'array'
  fields: Field[]
  /** Row labels, for an admin UI. */
  labels?: { singular?: StaticText; plural?: StaticText }
  minRows?: number
  maxRows?: number
  interfaceName?: string
}
export interface Block {
  slug: string
  fields: Field[]
  interfaceName?: string
  /** For an admin UI (the block picker); `labels.singular` also describes the block in the contracts. */
  labels?: { singular?: StaticText; plural?: StaticText }
  imageURL?: string
  imageAltText?: string
  /** `singularName` names the block's GraphQL type (when no interfaceName is set). */
  graphQL?: { singularName?: string }
  admin?: FieldAdmin
  custom?: Custom
}
/** Its rows are stored as one JSON value, which cannot be indexed. */
export interface BlocksField extends Omit<FieldBase, 'unique' | 'index'> {
  type: 'blocks'
  blocks: Block[]
  /** Row labels, for an admin UI. */
  labels?: { singular?: StaticText; plural?: StaticText }
  minRows?: number
  maxRows?: number
}
/** No column of its own: `unique` and `index` belong on the fields inside it. */
export interface GroupField extends Omit<FieldBase, 'unique' | 'index'> {
  type: 'group'
  fields: Field[]
  interfaceName?: string
  /**
   * Accepted with no server behaviour, as Payload's SQL adapters take it: a group has no column of its own to
   * index (index the fields inside it).
   */
  index?: boolean
  /** Accepted with no server behaviour, as Payload's SQL adapters take it: set unique on the fields inside. */
  unique?: boolean
}

/**
 * A group without a `name` is presentational, like a row (Payload 3): its fields are stored and returned at the
 * parent's level. Only a named group nests its data.
 */
export interface UnnamedGroupField {
  type: 'group'
  name?: undefined
  label?: StaticText
  fields: Field[]
  /** `admin.condition` applies to the fields inside. */
  admin?: FieldAdmin
  custom?: Custom
}

/** Layout-only fields: their children are stored as if declared on the parent. */
export interface RowField {
  type: 'row'
  fields: Field[]
  /** `admin.condition` applies to the fields inside. */
  admin?: FieldAdmin
  custom?: Custom
}
export interface CollapsibleField {
  type: 'collapsible'
  /** The heading of the collapsible, for an admin UI (its fields are stored as the parent's). */
  label?: StaticText
  fields: Field[]
  admin?: FieldAdmin
  custom?: Custom
}
/** A named tab is a group (its `label` and `interfaceName` are the group's); an unnamed one only lifts its fields. */
export interface Tab {
  name?: string
  /** The tab's heading; a named tab's label and description also describe its group in the contracts. */
  label?: StaticText
  description?: Description
  fields: Field[]
  admin?: FieldAdmin
  interfaceName?: string
  /** A named tab is a group: see `FieldBase.saveToJWT`. */
  saveToJWT?: boolean | string
  /** A named tab is a group: localized as a whole, as a localized group is (Payload's localized tab). */
  localized?: boolean
}
export interface TabsField {
  type: 'tabs'
  tabs: Tab[]
  admin?: FieldAdmin
  custom?: Custom
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
  | UploadField
  | JoinField
  | ArrayField
  | BlocksField
  | GroupField
/**
 * Payload's `ui` field: an admin component (`admin.components.Field`) with a name and no value; it has no storage
 * and no place in any API (server/fields/ui.ts).
 */
export interface UIField {
  type: 'ui'
  name: string
  label?: StaticText
  admin?: FieldAdmin
  custom?: Custom
}
export type LayoutField = RowField | CollapsibleField | TabsField | UnnamedGroupField | UIField
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
/** A join field in the field model: it has none of the stored fields' options (they read as absent). */
export type FlattenedJoinField = JoinField & {
  [K in Exclude<keyof FieldBase, keyof JoinField>]?: undefined
}
export type FlattenedField =
  | Exclude<DataField, GroupField | ArrayField | BlocksField | JoinField>
  | FlattenedJoinField
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
  /** Extension data, kept (Payload's `custom`). */
  custom?: Custom
  /**
   * The endpoint's OpenAPI operation, in part. `responses` declares what the handler answers, its own error
   * bodies and the errors it throws included; the CMS adds its error body for the statuses it produces around
   * the handler (400, 500, 503; 403 on writing methods, 413 on methods with a body) that `responses` leaves
   * out (docs/rest.md, "Custom endpoints"). Without `responses`, a 200 with any JSON. Outside production the
   * server logs every answer that contradicts it.
   */
  openapi?: {
    operationId?: string
    summary?: string
    description?: string
    /** Query or header parameters (path parameters are declared from the path). */
    parameters?: Record<string, unknown>[]
    requestBody?: Record<string, unknown>
    responses?: Record<string, unknown>
    /**
     * Security requirements, as OpenAPI's. `[]` makes the endpoint public: no credential is needed and a rejected
     * one leaves the caller anonymous. Otherwise the API's (any credential, or none), where a credential that
     * does not authenticate is a 401 before the handler runs.
     */
    security?: Record<string, string[]>[]
  }
}

/** What a message generator of `auth.verify` or `auth.forgotPassword` receives: the token is in clear here only. */
export interface AuthEmailArgs {
  req: CmsRequest
  token: string
  user: Record<string, unknown>
}
/** Builds the HTML body or the subject of a verification or reset message. */
export type AuthEmailGenerator = (args: AuthEmailArgs) => string | Promise<string>

export interface AuthOptions {
  /** Seconds a token is valid; refreshing moves the end forward (a sliding window). */
  tokenExpiration?: number
  /** Seconds a session may live from its login, however often it is refreshed (default 7 days). */
  sessionLifetime?: number
  maxLoginAttempts?: number
  lockTime?: number
  forgotPassword?: {
    /** Milliseconds a reset token is valid (default 3,600,000: one hour). */
    expiration?: number
    generateEmailHTML?: AuthEmailGenerator
    generateEmailSubject?: AuthEmailGenerator
  }
  /**
   * Email verification: a new user gets `_verified: false` and a verification mail, and cannot log in until
   * `POST <api>/<slug>/verify/<token>`. An object sets the mail's HTML and subject.
   */
  verify?:
    boolean | { generateEmailHTML?: AuthEmailGenerator; generateEmailSubject?: AuthEmailGenerator }
  /** API keys: `enableAPIKey` and a write-only `apiKey`; `Authorization: <slug> API-Key <key>` authenticates. */
  useAPIKey?: boolean
  /**
   * A migration aid for a site moving from Payload (off by default): tokens Payload signed for this collection's
   * users (HS256 with Payload's secret derived from the same `secret`) authenticate until they expire, so users
   * logged in before the switch stay logged in; `refresh` trades one for this server's token and session. Such a
   * token has no session here, so logout cannot end it (docs/porting-from-payload.md, "Bring your data").
   */
  acceptPayloadTokens?: boolean
  /** Attributes of the token cookie set by login, refresh and reset-password, and cleared by logout. */
  cookies?: AuthCookies
  /** Login, refresh, me and reset-password answers leave the token out (browsers keep the cookie). */
  removeTokenFromResponses?: boolean
  /** How deep relations of the user are populated into `req.user` (default 0). */
  depth?: number
  /** Custom ways to authenticate a request, tried before the API key and the token (as Payload). */
  strategies?: AuthStrategy[]
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

export interface AuthCookies {
  /** `SameSite` of the cookie: default `Lax`; `true` is `Strict`, `false` leaves it out. `None` implies Secure. */
  sameSite?: 'Strict' | 'Lax' | 'None' | boolean
  /** `Secure` (default: in production only). */
  secure?: boolean
  /** `Domain` of the cookie (default: none, the host only). */
  domain?: string
}

/** What a custom strategy receives: the request headers and the Local API (also as `payload`). */
export interface AuthStrategyArgs {
  headers: Headers
  cms: LocalApi
  payload: LocalApi
  isGraphQL: boolean
  strategyName: string
}
/** A custom auth strategy: the user (with its auth `collection`) or null to pass to the next one. */
export interface AuthStrategy {
  name: string
  authenticate: (args: AuthStrategyArgs) => AuthStrategyResult | Promise<AuthStrategyResult>
}
export interface AuthStrategyResult {
  user: (Record<string, unknown> & { id: ID; collection: string }) | null
  /** Headers to add to the response (a refreshed session cookie of an SSO provider…). */
  responseHeaders?: Headers
}

/** One outgoing mail (Payload's `SendEmailOptions`, the fields every adapter understands). */
export interface SendEmailOptions {
  to: string | string[]
  /** Default: the adapter's `"defaultFromName" <defaultFromAddress>`. */
  from?: string
  subject: string
  html?: string
  text?: string
  cc?: string | string[]
  bcc?: string | string[]
  replyTo?: string
}
/**
 * Where mail goes (Payload's initialised email adapter): `sendEmail` delivers one message. The package ships
 * `consoleEmailAdapter` (the default: logs recipient and subject only) and `smtpAdapter` (nodemailer).
 */
export interface EmailAdapter {
  name?: string
  defaultFromAddress?: string
  defaultFromName?: string
  sendEmail: (message: SendEmailOptions) => unknown
}
/** Payload's adapter form: a function of the Local API returning the adapter (called once at start). */
export type EmailAdapterFactory = (args: {
  cms: LocalApi
  payload: LocalApi
}) => EmailAdapter | Promise<EmailAdapter>

/** A compound index of a collection (Payload's `indexes` entry): columns indexed together, in order. */
export interface CompoundIndex {
  /** Field paths (`title`, `meta.slug`, `createdAt`), each stored in a column of its own. */
  fields: string[]
  /** No two documents may share the combination of values. */
  unique?: boolean
}

/** Payload's root `folders` options (docs/porting-from-payload.md, "Folders"). */
export interface FoldersConfig {
  /** The folders collection's slug (default `payload-folders`). */
  slug?: string
  /** The folder field's name on documents and folders (default `folder`). */
  fieldName?: string
  /** Folders say which collections they hold (`folderType`); default true. */
  collectionSpecific?: boolean
  /** Admin only: the browse-by-folder view. */
  browseByFolder?: boolean
  /** Admin only: shows the folder fields. */
  debug?: boolean
  /** Changes the folders collection (its access, fields, hooks), each in turn. */
  collectionOverrides?: ((args: { collection: CollectionConfig }) => CollectionConfig)[]
}

export interface CollectionConfig {
  slug: string
  /** Payload's folders: a `folder` field relating to the folders collection (`browseByFolder` is admin only). */
  folders?: boolean | { browseByFolder?: boolean }
  /** Webhook endpoints for this collection's events only (docs/webhooks.md). */
  webhooks?: WebhookEndpoint[]
  /** Strings, or one per language: names and descriptions use `en` (else the first). */
  labels?: { singular?: StaticText; plural?: StaticText }
  fields: Field[]
  access?: {
    create?: Access
    read?: Access
    update?: Access
    delete?: Access
    readVersions?: Access
    /** Who may unlock a locked account (`POST <api>/<slug>/unlock`); default: the collection's `update` access on that account. */
    unlock?: Access
    /**
     * Payload's admin gate: whether a user of this collection (the root `admin.user` one) may use an admin panel.
     * Answered as `canAccessAdmin` by `GET <api>/access` and GraphQL `Access`; without it, any logged-in user of it.
     */
    admin?: (args: { req: CmsRequest }) => boolean | Promise<boolean>
  }
  hooks?: CollectionHooks
  endpoints?: Endpoint[]
  auth?: boolean | AuthOptions
  versions?: boolean | { drafts?: boolean | Drafts; maxPerDoc?: number }
  timestamps?: boolean
  defaultSort?: string
  /** Payload's manual ordering: the hidden `_order` field, the default sort, kept by `POST <api>/reorder`. */
  orderable?: boolean
  /** Compound indexes (several fields in one index), unique or not. */
  indexes?: CompoundIndex[]
  /**
   * The select applied to this collection's documents when they are populated through a relationship (REST and
   * Local), unless the request's `populate` names this collection.
   */
  defaultPopulate?: Select
  /**
   * Soft delete: adds a `deletedAt` date field; an update setting it moves a document to the trash (delete
   * access), reads leave trashed documents out unless `trash: true`, and delete removes for good.
   */
  trash?: boolean
  /** No duplicate operation (REST, GraphQL, Local); default true on auth collections, as Payload. */
  disableDuplicate?: boolean
  /** Payload's admin options (admin.ts), kept for an admin UI; `description` describes the collection in the contracts. */
  admin?: CollectionAdmin
  custom?: Custom
  /** Payload's interface name of the generated type; here type names come from `labels.singular` (kept, unused). */
  typescript?: { interface?: string }
  /** An upload collection: each document is a file (upload.ts). */
  upload?: boolean | UploadOptions
  /**
   * Payload's document locking (docs/admin.md, "Two editors, one document"): on by default; `false` turns it off,
   * `{ duration }` sets how long (seconds, default 300) a lock lasts after its holder last touched it. While
   * another user holds the lock, a REST update or delete (without `overrideLock=true`) answers 423.
   */
  lockDocuments?: false | { duration: number }
}

/** `versions.drafts` as an object: drafts on, with options. */
export interface Drafts {
  /**
   * Autosave: an update with `autosave: true` overwrites the newest version when that version is itself an
   * autosave, instead of adding one (as Payload). `interval` (ms, default 800) is the admin UI's debounce, kept
   * for config compatibility; the server does not use it.
   */
  autosave?: boolean | { interval?: number }
  /** Scheduled publishing on the jobs queue (Payload's `schedulePublish` task, docs/jobs.md). */
  schedulePublish?: boolean
}

/** The sanitised form of versions: `autosave` false or its interval. */
export interface SanitizedVersions {
  drafts: boolean
  autosave: { interval: number } | false
  /** Versions kept per document (per global: Payload's `max`); 0 keeps all. */
  maxPerDoc: number
}

export interface GlobalConfig {
  slug: string
  /** Webhook endpoints for this global's events only (docs/webhooks.md). */
  webhooks?: WebhookEndpoint[]
  label?: StaticText
  /** As a collection's (admin.ts). */
  admin?: GlobalAdmin
  custom?: Custom
  /** Payload's interface name of the generated type; here it comes from `label` (kept, unused). */
  typescript?: { interface?: string }
  /**
   * Payload's document locking (docs/admin.md, "Two editors, one document"): on by default; `false` turns it off,
   * `{ duration }` sets how long (seconds, default 300) a lock lasts after its holder last touched it. While
   * another user holds the lock, a REST update (without `overrideLock=true`) answers 423.
   */
  lockDocuments?: false | { duration: number }
  fields: Field[]
  access?: { read?: Access; update?: Access; readVersions?: Access }
  /** As a collection's, with `max` (Payload's name for globals) instead of `maxPerDoc`. */
  versions?: boolean | { drafts?: boolean | Drafts; max?: number }
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
  /** `label` and `rtl` are for an admin UI (kept). */
  locales: (string | { code: string; fallbackLocale?: string; label?: StaticText; rtl?: boolean })[]
  defaultLocale: string
  fallback?: boolean
}

/** A Payload plugin: takes the config and returns it changed; run in order before the config is sanitised. */
export type Plugin = (config: Config) => Config | Promise<Config>
/** Root `cors`: origins allowed by CORS, or `'*'`, or those with extra allowed request headers. */
export type CORSConfig = string[] | '*' | { origins: string[] | '*'; headers?: string[] }

export interface Config {
  collections?: CollectionConfig[]
  /** Payload's jobs queue: tasks, workflows, autoRun (docs/jobs.md). */
  jobs?: JobsConfig
  /** Payload's folders, for the collections with `folders: true`; `false` turns them off. */
  folders?: false | FoldersConfig
  /** Functions applied in order to the config before it is sanitised (Payload's plugins). */
  plugins?: Plugin[]
  /** Origins allowed by CORS (`CORS_ORIGINS` overrides it). */
  cors?: CORSConfig
  /** More origins whose cookie-authenticated writes are accepted (CSRF), besides this host and the CORS origins. */
  csrf?: string[]
  globals?: GlobalConfig[]
  localization?: LocalizationConfig | false
  /** Payload's i18n: the admin's languages and translations; label functions are resolved with them (config/i18n.ts). */
  i18n?: I18nOptions
  routes?: { admin?: string; api?: string; graphQL?: string; graphQLPlayground?: string }
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
    /**
     * Most fragment spreads an operation expands to (default 100): each place a fragment is spread counts, inside
     * other fragments too. Bounds the work of validating a document before it is refused or run.
     */
    maxFragmentSpreads?: number
    /**
     * With `NODE_ENV=production` (default true): refuse introspection, drop "Did you mean" hints, and answer 404 for
     * the contracts (`<api>/openapi.json`, the SDL) and the API reference (`<api>/docs`). One switch for all.
     */
    disableIntrospectionInProduction?: boolean
    /** Where `cms generate` writes the SDL as well (beside contracts/schema.graphql), as Payload's generate:graphQLSchema. */
    schemaOutputFile?: string
  }
  endpoints?: Endpoint[]
  typescript?: {
    outputFile?: string
    /**
     * Payload's JSON-schema extensions of its types (plugins push them): kept and not called, since the types file
     * is written from the config by this server's own generator, not from a JSON schema.
     */
    schema?: unknown[]
  }
  /**
   * `url`: `sqlite:<path>`, `sqlite::memory:`, `mysql://…`, `postgres://…` (`DATABASE_URL` when absent). `migrationDir`: the
   * folder of migration files (default `migrations`, from the working directory). `onStart`: what start-up does to
   * the schema: `'push'` (default) adds missing tables, columns and indexes; `'migrate'` applies pending migration
   * files; `'check'` changes nothing. With `'migrate'` or `'check'` the start fails while migrations are pending or
   * the database lacks part of the schema (docs/migrations.md).
   */
  db?: {
    url?: string
    migrationDir?: string
    onStart?: 'push' | 'migrate' | 'check'
    /**
     * The ids of collections without a custom `id` field (Payload's postgres adapter option): `'serial'`
     * (default, auto-increment integers) or `'uuid'` (UUIDv4 strings generated on create, stored in a 36-character
     * column). Auth collections and the internal versions tables keep serial ids.
     */
    idType?: 'serial' | 'uuid'
  }
  secret?: string
  serverURL?: string
  /** The auth cookie is `<cookiePrefix>-token` (default `cms`, so `cms-token`). */
  cookiePrefix?: string
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
  /** Outgoing webhooks over a transactional outbox (docs/webhooks.md; our own option, not Payload's). */
  webhooks?: WebhooksConfig
  /**
   * Outgoing mail (verification, password resets, `cms.sendEmail`): an adapter, a function returning one
   * (Payload's form, e.g. a ported `nodemailerAdapter(...)`), or a promise of either. Default: the console
   * adapter, which logs each message's recipient and subject and delivers nothing.
   */
  email?: EmailAdapter | EmailAdapterFactory | Promise<EmailAdapter | EmailAdapterFactory>
  /**
   * The API reference page at `<api>/docs`: served with the contract (outside production, or in production with
   * `graphQL.disableIntrospectionInProduction: false`); `disable: true` turns it off everywhere.
   */
  apiDocs?: { disable?: boolean }
  /** Per-address limits of the login (failed attempts), forgot-password and password-setting writes. */
  rateLimit?: {
    login?: { max: number; windowMs: number }
    forgotPassword?: { max: number; windowMs: number }
    /** Creates and updates that set a password (each one a PBKDF2 hash). */
    passwordChange?: { max: number; windowMs: number }
  }
  /** Defaults of every upload collection (upload.ts): the largest file, in bytes (default 50 MB). */
  upload?: { limits?: { fileSize?: number } }
  /** Payload's admin options (admin.ts), kept for an admin UI. */
  admin?: RootAdmin
  custom?: Custom
  /** The default rich-text editor adapter, kept as given (admin.ts `RichTextEditor`). */
  editor?: RichTextEditor
  /**
   * Payload's sharp dependency (`sharp` imported in the config): accepted and not used; images go through this
   * server's own sharp (from npm, with its decompression-bomb limit).
   */
  sharp?: unknown
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
  /**
   * Size of one rich-text value written: nesting of its nodes (the root is level 1; the contract's RichText
   * schemas unroll to it), its nodes, and the bytes of its JSON. More is a 400 naming the value's path.
   */
  richText?: { maxDepth?: number; maxNodes?: number; maxBytes?: number }
  /**
   * Images of uploads: the most pixels one may declare (width × height, default 40,000,000; more is a 400 on
   * `file`), how many one process decodes and resizes at once (default 2), and how many more wait their turn
   * (default 8; beyond, a 503 with Retry-After).
   */
  images?: { maxPixels?: number; concurrency?: number; queue?: number }
  /**
   * Rows one write may carry: in one array or blocks field (default 2,000) and in the whole document, every
   * nested level counted (default 20,000). More is a 400 naming the limit and the path.
   */
  rows?: { maxPerField?: number; maxPerDocument?: number }
  /**
   * The documents one request reads (lists, by id, versions; population has its own `population.maxBytes`): their
   * stored size in bytes, every locale and row of theirs counted, checked before they are decoded (default 4 MiB).
   * More is a 400 naming the limit: ask for a smaller `limit`.
   */
  read?: { maxBytes?: number }
}
export type SanitizedLimits = {
  population: Required<NonNullable<Limits['population']>>
  where: Required<NonNullable<Limits['where']>>
  maxStatements: number
  richText: Required<NonNullable<Limits['richText']>>
  images: Required<NonNullable<Limits['images']>>
  rows: Required<NonNullable<Limits['rows']>>
  read: Required<NonNullable<Limits['read']>>
}

// ---- sanitised forms -------------------------------------------------------

/** `auth` with its defaults; `loginWithUsername` is false or every option spelled out. */
export type SanitizedAuth = Omit<Required<AuthOptions>, 'loginWithUsername'> & {
  loginWithUsername: false | Required<LoginWithUsernameOptions>
  /**
   * The `access` of a `password` field the collection declares (Payload's projects restrict who may set a
   * password this way): applied to the password a create or update sends.
   */
  passwordAccess?: { create?: FieldAccess; update?: FieldAccess }
}

export interface SanitizedCollection extends Omit<
  CollectionConfig,
  | 'labels'
  | 'auth'
  | 'versions'
  | 'timestamps'
  | 'hooks'
  | 'access'
  | 'endpoints'
  | 'disableDuplicate'
  | 'upload'
> {
  disableDuplicate: boolean
  labels: { singular: string; plural: string }
  /** The labels as given (text, one per language, or absent), for the admin in its user's language. */
  labelTexts?: { singular?: StaticText; plural?: StaticText }
  /** Data fields with layout fields flattened away. */
  flatFields: FlattenedField[]
  auth: SanitizedAuth | false
  versions: SanitizedVersions | false
  timestamps: boolean
  trash: boolean
  hooks: Required<CollectionHooks>
  access: NonNullable<CollectionConfig['access']>
  endpoints: Endpoint[]
  /** Table name in the database. */
  table: string
  /** How ids are made and held (a custom `id` field's type, `db.idType`, or serial). */
  idType: IdType
  /** The custom `id` field (`idType` `text` or `number`), as configured; it is not among `flatFields`. */
  idField?: FlattenedField
  /** The internal collection of this collection's versions, when `versions` is on. */
  versionsCollection?: SanitizedCollection
  /** The join fields of the collection, by dotted path (`posts`, `meta.posts`), resolved against their targets. */
  joins: SanitizedJoin[]
  /** The upload options of an upload collection (false: documents are not files). */
  upload: SanitizedUpload | false
}

/** A join field resolved at start: the relationship field it reads in the joined collection. */
export interface SanitizedJoin {
  /** Dotted path of the join field in its collection (the key of the `joins` query option). */
  path: string
  field: JoinField
  /** The relationship field of the joined collection that `on` names. */
  on: FlattenedField
}

export interface SanitizedGlobal extends Omit<GlobalConfig, 'hooks' | 'access' | 'versions'> {
  label: string
  /** The label as given (text, one per language, or absent), for the admin in its user's language. */
  labelText?: StaticText
  flatFields: FlattenedField[]
  hooks: Required<NonNullable<GlobalConfig['hooks']>>
  access: NonNullable<GlobalConfig['access']>
  versions: SanitizedVersions | false
  /** The internal collection of this global's versions, when `versions` is on. */
  versionsCollection?: SanitizedCollection
}

export interface SanitizedConfig extends Omit<
  Config,
  'collections' | 'globals' | 'localization' | 'routes' | 'graphQL' | 'i18n'
> {
  collections: SanitizedCollection[]
  /** The admin's languages and translations; label functions are already resolved with them. */
  i18n: SanitizedI18n
  globals: SanitizedGlobal[]
  localization:
    | {
        locales: Exclude<LocalizationConfig['locales'][number], string>[]
        localeCodes: string[]
        defaultLocale: string
        fallback: boolean
      }
    | false
  routes: { admin: string; api: string; graphQL: string; graphQLPlayground: string }
  graphQL: Required<Omit<NonNullable<Config['graphQL']>, 'schemaOutputFile'>> & {
    schemaOutputFile?: string
  }
  limits: SanitizedLimits
  endpoints: Endpoint[]
  maxDepth: number
  defaultDepth: number
  maxLimit: number
  cookiePrefix: string
  collectionsBySlug: Map<string, SanitizedCollection>
  globalsBySlug: Map<string, SanitizedGlobal>
  /** The jobs queue's tasks and workflows, checked; undefined when there is nothing to queue. */
  jobsQueue?: SanitizedJobs
}

/**
 * One webhook target (docs/webhooks.md): deliveries are POSTed to `url`, signed with `secret` as Standard Webhooks
 * says (`whsec_<base64>`, at least 24 bytes).
 */
export interface WebhookEndpoint {
  url: string
  /** Event types (`posts.created`) or bare actions (`created`) this endpoint receives; default: every one in scope. */
  events?: string[]
  /** Endpoints of one collection: only documents matching this Where (evaluated in SQL in the write's transaction). */
  where?: Where
  /** Extra request headers (the `webhook-*` and `content-type` headers cannot be replaced). */
  headers?: Record<string, string>
  secret: string
}

/** The root `webhooks` option: endpoints for every event, and how the delivery worker behaves. */
export interface WebhooksConfig {
  endpoints?: WebhookEndpoint[]
  /** Add the `webhooks` collection: subscriptions stored as documents (default true). */
  collection?: boolean
  /**
   * Who may read, create, update and delete subscriptions (default: the trusted callers, users who may update every
   * account: server/config/trusted.ts). Callers it allows who are not trusted see and change their own only.
   */
  access?: { read?: Access; create?: Access; update?: Access; delete?: Access }
  /** Stored subscriptions in all (default 1000): a create past it is a 400. */
  maxSubscriptions?: number
  /** Stored subscriptions of one owner (default 25): a create past it is a 400. */
  maxSubscriptionsPerOwner?: number
  /** Deliver to loopback, private, link-local and other non-public addresses (default false: refused, SSRF). */
  allowPrivateTargets?: boolean
  /** Attempts before a delivery is dead (default 10). */
  maxAttempts?: number
  /** First retry delay in ms (default 1000); doubled each attempt, with jitter, up to `retryMaxDelay`. */
  retryBaseDelay?: number
  /** Longest retry delay in ms (default 3_600_000). */
  retryMaxDelay?: number
  /** Request timeout in ms (default 10_000). */
  timeout?: number
  /** How often the worker looks for due deliveries, in ms (default 1000; a commit that wrote some wakes it too). */
  pollInterval?: number
  /** How long a claimed delivery is leased to this server before another may take it over, in ms (default 60_000). */
  lease?: number
  /** Run the delivery worker in this process (default true); false leaves delivery to other servers. */
  worker?: boolean
}
