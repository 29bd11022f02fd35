/**
 * Payload 3 options this server does not implement, per config object: each is refused at start with why and what
 * to do instead (issue 18: "the config never lies"). A refused key can never be an implemented one: the tables are
 * typed against the config types (`Refusals<T>` forbids T's keys), and `options.ts` pairs each with its type.
 */
import type {
  AuthOptions,
  Block,
  CollectionConfig,
  Config,
  Endpoint,
  FieldBase,
  GlobalConfig,
  LocalizationConfig,
  Option,
  ArrayField,
  BlocksField,
  CollapsibleField,
  DateField,
  GroupField,
  JSONField,
  NumberField,
  PointField,
  RadioField,
  RelationshipField,
  RichTextField,
  RowField,
  SelectField,
  Tab,
  TabsField,
  TextField,
} from './types.ts'

/** Key → message; a key of `T` (an implemented option) is a type error. */
export type Refusals<T> = Readonly<Record<string, string>> & { readonly [K in keyof T]?: never }

const ADMIN =
  'this server has no admin panel, so admin options would be ignored; remove admin (descriptions and labels for the contracts come from the config itself).'
const CUSTOM =
  'the server never reads custom; remove it and keep extension data in a module of your own.'
const UPLOADS =
  'uploads (file storage) are not supported yet; remove it, store files elsewhere and keep their URL in a text field.'
const GRAPHQL_NAMES =
  'GraphQL, OpenAPI and TypeScript names all come from labels; remove graphQL and set labels ({ singular, plural }) to rename the types. Hiding a collection from GraphQL (graphQL: false) is not supported.'
const DB_NAME =
  'table and column names follow slugs and field names ("-" becomes "_"); remove dbName, and rename the slug or field to change the name.'
export const configRefusals = {
  admin: ADMIN,
  auth: 'the token order is fixed (Authorization: Bearer|JWT <token>, then the cms-token cookie); remove auth (jwtOrder) from the root config.',
  bin: 'the cms command has a fixed set of scripts; remove bin and run your own scripts with node, using getCms() for the Local API.',
  blocks:
    'block references (blockReferences) are not supported yet; remove the root blocks and declare each block inline in its blocks field.',
  compatibility: 'there is no legacy behaviour to opt into; remove compatibility.',
  cookiePrefix:
    'the auth cookie is always named cms-token; remove cookiePrefix (clients sending Authorization: Bearer need no cookie).',
  cors: 'CORS origins come from the CORS_ORIGINS environment variable (comma-separated origins, or *); remove cors and set CORS_ORIGINS.',
  csrf: 'CSRF checks are built in: a cookie-authenticated write needs an Origin (or Referer) of this host or of CORS_ORIGINS, or an X-Requested-With header; remove csrf and list trusted origins in CORS_ORIGINS.',
  custom: CUSTOM,
  debug:
    'error details never reach clients (500s are masked) and are always logged; remove debug, and read the server log (LOG_LEVEL sets what it shows).',
  defaultMaxTextLength:
    'the default length limit of text fields is fixed (40,000 characters, 255 when unique or indexed); remove it and set maxLength on each text field.',
  editor:
    'rich text is stored as the JSON the client sends, with no editor on the server; remove editor (richText fields need none).',
  folders: 'folders are an admin-panel feature and are not supported; remove folders.',
  hooks:
    'root hooks (afterError) are not supported yet; remove them and use the hooks.afterError of each collection.',
  i18n: 'messages are in English only; remove i18n.',
  indexSortableFields:
    'the indexed columns are id, createdAt, updatedAt, relationships and fields with index: true or unique: true; remove it and set index: true on the fields you sort by.',
  jobs: 'the jobs queue is not supported; remove jobs and run background work outside the CMS (a scheduled script calling the Local API).',
  kv: 'the key-value store is not supported; remove kv and keep such data in a collection or a global.',
  logger:
    'the server logs JSON lines with pino to standard output; remove logger and set LOG_LEVEL (silent, error, info, debug) instead.',
  loggingLevels:
    'log levels are fixed per error; remove loggingLevels and filter the log with LOG_LEVEL.',
  plugins:
    'Payload plugins are not supported (they rely on Payload internals); remove plugins and port what you need into collections, hooks and endpoints.',
  queryPresets:
    'query presets are an admin-panel feature and are not supported; remove queryPresets.',
  sharp: 'image processing belongs to uploads, which are not supported yet; remove sharp.',
  telemetry: 'this server sends no telemetry; remove telemetry.',
  upload: UPLOADS,
} as const satisfies Refusals<Config>

export const routesRefusals = {
  admin: 'this server has no admin panel; remove routes.admin.',
} as const satisfies Refusals<NonNullable<Config['routes']>>

export const graphQLRefusals = {
  mutations:
    'custom GraphQL mutations are not supported yet; remove them and add a custom endpoint (config.endpoints) instead.',
  queries:
    'custom GraphQL queries are not supported yet; remove them and add a custom endpoint (config.endpoints) instead.',
  schemaOutputFile:
    'npm run generate (cms generate) always writes the SDL to contracts/schema.graphql; remove schemaOutputFile.',
  validationRules:
    'custom validation rules are not supported; remove them and tune the built-in ones with graphQL.maxDepth, maxAliases, maxTokens, maxComplexity and listFanOut.',
} as const satisfies Refusals<NonNullable<Config['graphQL']>>

export const typescriptRefusals = {
  autoGenerate:
    'types are generated only by npm run generate (or cms generate:types), never on start; remove autoGenerate.',
  declare:
    "the types file declares no module augmentation (there is no 'payload' module to augment); remove declare and import the types from the file.",
  postProcess: 'the types file cannot be post-processed; remove postProcess.',
  schema: 'the JSON schema behind the types cannot be extended; remove schema.',
  strictDraftTypes: 'draft types are not generated; remove strictDraftTypes.',
} as const satisfies Refusals<NonNullable<Config['typescript']>>

export const localizationRefusals = {
  filterAvailableLocales: 'locales cannot be filtered per request; remove filterAvailableLocales.',
} as const satisfies Refusals<LocalizationConfig>

export const localeRefusals = {
  label:
    'locale labels only show in an admin panel, which this server does not have; remove label (the code is the locale).',
  rtl: 'text direction only matters to an admin panel, which this server does not have; remove rtl.',
} as const satisfies Refusals<Exclude<LocalizationConfig['locales'][number], string>>

export const endpointRefusals = {
  custom: CUSTOM,
  root: 'endpoints are always served under routes.api; remove root and declare the endpoint in config.endpoints.',
} as const satisfies Refusals<Endpoint>

export const collectionRefusals = {
  admin: ADMIN,
  custom: CUSTOM,
  dbName: DB_NAME,
  defaultPopulate:
    'population returns whole documents unless the request says otherwise; remove defaultPopulate and pass populate (or select) with the requests that need fewer fields.',
  disableDuplicate: 'there is no duplicate operation to disable; remove disableDuplicate.',
  enableQueryPresets: 'query presets are an admin-panel feature and are not supported; remove it.',
  folders: 'folders are an admin-panel feature and are not supported; remove folders.',
  forceSelect:
    'forceSelect is not supported yet; remove it and list the fields you need in each select.',
  graphQL: GRAPHQL_NAMES,
  indexes:
    'compound indexes are not supported yet; remove indexes and set index: true (or unique: true) on single fields.',
  lockDocuments:
    'document locking is an admin-panel feature and is not supported; remove lockDocuments.',
  orderable:
    'manual ordering is not supported yet; remove orderable and sort by a number field of your own (defaultSort).',
  trash:
    'soft delete (trash) is not supported yet; remove trash, and mark documents with a field of your own (e.g. a checkbox "archived") that read access filters out.',
  typescript: `collection type names come from labels; remove typescript and set labels.singular (e.g. "Post").`,
  upload: UPLOADS,
} as const satisfies Refusals<CollectionConfig>

export const collectionAccessRefusals = {
  admin: 'there is no admin panel to guard; remove access.admin.',
  unlock:
    'there is no unlock operation yet: a locked user is unlocked when lockTime has passed or by resetting the password; remove access.unlock.',
} as const satisfies Refusals<NonNullable<CollectionConfig['access']>>

export const authRefusals = {
  cookies:
    'the cms-token cookie is fixed (HttpOnly, SameSite=Lax, Path=/, Secure in production); remove cookies. Clients on another domain send Authorization: Bearer <token> instead.',
  depth:
    'req.user is the user document as stored, with relations as ids; remove depth and populate in your code (req.cms.findByID({ ..., depth })).',
  disableLocalStrategy:
    'email and password login is the only strategy and cannot be turned off; remove disableLocalStrategy (deny create access to stop sign-ups).',
  removeTokenFromResponses:
    'login and refresh always return the token (browsers also get the HttpOnly cms-token cookie); remove removeTokenFromResponses.',
  strategies:
    'custom auth strategies are not supported yet; remove strategies: callers authenticate with the token from login.',
  useAPIKey:
    'API keys are not supported yet; remove useAPIKey, and have server-to-server clients log in (POST <api>/<slug>/login) and send Authorization: Bearer <token>.',
  useSessions:
    'sessions are always on (a token is valid while its session lives; logout and password changes end it); remove useSessions.',
  verify:
    'email verification is not supported yet; remove verify (users can log in once created; gate access on a field of your own if accounts need approval).',
} as const satisfies Refusals<AuthOptions>

export const forgotPasswordRefusals = {
  generateEmailHTML:
    'the reset message is handed to config.email.send({ to, subject, text, token, link }); remove generateEmailHTML and build the HTML in email.send.',
  generateEmailSubject:
    'the reset message is handed to config.email.send({ to, subject, text, token, link }); remove generateEmailSubject and set the subject in email.send.',
  minRequestInterval:
    'forgot-password requests are limited per client address by config.rateLimit.forgotPassword; remove minRequestInterval.',
} as const satisfies Refusals<NonNullable<AuthOptions['forgotPassword']>>

/** `versions.drafts` is true or false: Payload's draft options are refused one by one. */
export const draftsRefusals = {
  autosave:
    'autosave is not supported yet; remove it and save drafts explicitly (draft: true on create and update).',
  localizeStatus: 'the draft status is one per document, not per locale; remove localizeStatus.',
  schedulePublish:
    'scheduled publishing is not supported yet; remove it and publish from a scheduled script (update with _status: "published").',
  validate:
    'drafts are saved without required-field checks and validated in full when published; remove validate.',
} as const

export const globalRefusals = {
  admin: ADMIN,
  custom: CUSTOM,
  dbName: 'globals are rows of the cms_globals table, keyed by slug; remove dbName.',
  endpoints:
    'custom endpoints on globals are not supported yet; remove them and declare the endpoint in config.endpoints.',
  forceSelect:
    'forceSelect is not supported yet; remove it and list the fields you need in each select.',
  graphQL: `GraphQL, OpenAPI and TypeScript names come from label; remove graphQL and set label to rename the type.`,
  lockDocuments:
    'document locking is an admin-panel feature and is not supported; remove lockDocuments.',
  typescript: 'the type name comes from label; remove typescript and set label instead.',
  versions:
    'versions and drafts on globals are not supported yet; remove versions, and keep versioned content in a collection.',
} as const satisfies Refusals<GlobalConfig>

export const globalAccessRefusals = {
  readVersions:
    'globals have no versions yet, so there is nothing to read; remove access.readVersions.',
} as const satisfies Refusals<NonNullable<GlobalConfig['access']>>

/** Refused on every data field (Payload's FieldBase). */
export const fieldRefusals = {
  admin: ADMIN,
  custom: CUSTOM,
  dbName: DB_NAME,
  graphQL:
    'per-field GraphQL settings (complexity) are not supported; remove graphQL. The cost of lists is set by maxRows and config.graphQL.listFanOut.',
  saveToJWT:
    'tokens carry only the user id, collection and session; remove saveToJWT and read the user document (req.user) instead.',
  typescriptSchema:
    'the generated types follow the field type; remove typescriptSchema (or use a json field, typed unknown).',
  virtual:
    'virtual fields are not supported yet; remove the field or virtual, and compute the value in an afterRead hook of a stored field.',
} as const satisfies Refusals<FieldBase>

export const fieldHooksRefusals = {
  beforeDuplicate: 'there is no duplicate operation; remove beforeDuplicate.',
} as const satisfies Refusals<NonNullable<FieldBase['hooks']>>

const HAS_MANY_ROWS =
  'row limits on a hasMany text or number field are not supported yet; remove it and check the count in validate.'
const JSON_INDEX = 'the value is stored as one JSON value, which cannot be indexed; remove it.'
const ROWS_INDEX =
  'the rows are stored as one JSON value, which cannot be indexed; remove it (unique and index are supported on fields outside arrays and blocks).'
const GROUP_INDEX =
  'a group has no column of its own; remove it and set unique or index on the fields inside the group.'
const FILTER_OPTIONS =
  'filterOptions only narrows choices in an admin panel, which this server does not have; remove it and enforce the rule in validate.'
/** Extra refusals of one field type, over `fieldRefusals`. */
export const fieldTypeRefusals = {
  text: { minRows: HAS_MANY_ROWS, maxRows: HAS_MANY_ROWS } satisfies Refusals<TextField>,
  number: { minRows: HAS_MANY_ROWS, maxRows: HAS_MANY_ROWS } satisfies Refusals<NumberField>,
  date: {
    timezone:
      'dates are stored and returned as UTC ISO strings; remove timezone and keep a zone in a text field of your own.',
  } satisfies Refusals<DateField>,
  select: {
    enumName: 'select values are stored as text, never as a database enum; remove enumName.',
    filterOptions: FILTER_OPTIONS,
  } satisfies Refusals<SelectField>,
  radio: {
    enumName: 'radio values are stored as text, never as a database enum; remove enumName.',
  } satisfies Refusals<RadioField>,
  json: {
    index: JSON_INDEX,
    unique: JSON_INDEX,
    jsonSchema:
      'json fields accept any JSON value; remove jsonSchema and check the shape in validate.',
  } satisfies Refusals<JSONField>,
  richText: {
    index: JSON_INDEX,
    unique: JSON_INDEX,
    editor:
      'rich text is stored as the JSON the client sends, with no editor on the server; remove editor.',
  } satisfies Refusals<RichTextField>,
  relationship: {
    filterOptions: FILTER_OPTIONS,
    max: 'use maxRows (with hasMany: true) to bound the number of related documents; remove max.',
    min: 'use minRows (with hasMany: true) to require related documents; remove min.',
  } satisfies Refusals<RelationshipField>,
  point: {
    unique:
      'uniqueness of points is not supported; remove unique (points are always indexed, for near).',
  } satisfies Refusals<PointField>,
  group: { index: GROUP_INDEX, unique: GROUP_INDEX } satisfies Refusals<GroupField>,
  array: {
    index: ROWS_INDEX,
    unique: ROWS_INDEX,
    labels:
      'row labels only show in an admin panel, which this server does not have; remove labels.',
  } satisfies Refusals<ArrayField>,
  blocks: {
    index: ROWS_INDEX,
    unique: ROWS_INDEX,
    blockReferences:
      'block references are not supported yet; remove blockReferences and declare each block inline in blocks.',
    filterOptions: FILTER_OPTIONS,
    labels:
      'row labels only show in an admin panel, which this server does not have; remove labels.',
  } satisfies Refusals<BlocksField>,
  collapsible: {
    admin: ADMIN,
    label:
      'a collapsible only groups fields on screen (its fields are stored as its parent’s), and this server has no admin panel; remove label. To nest the data under a name, use a group or a named tab.',
  } satisfies Refusals<CollapsibleField>,
  row: { admin: ADMIN } satisfies Refusals<RowField>,
  tabs: { admin: ADMIN } satisfies Refusals<TabsField>,
} as const

export const blockRefusals = {
  admin: ADMIN,
  custom: CUSTOM,
  dbName: DB_NAME,
  graphQL:
    'block type names come from interfaceName; remove graphQL and set interfaceName instead.',
  imageAltText:
    'block images only show in an admin panel, which this server does not have; remove it.',
  imageURL: 'block images only show in an admin panel, which this server does not have; remove it.',
  labels:
    'block labels only show in an admin panel, which this server does not have; remove labels (the slug names the block).',
} as const satisfies Refusals<Block>

export const tabRefusals = {
  admin: ADMIN,
  description:
    'tab descriptions only show in an admin panel, which this server does not have; remove it.',
} as const satisfies Refusals<Tab>

export const optionRefusals = {
  label:
    "option labels only show in an admin panel, which this server does not have; remove label and write the option as its value ('draft') or { value: 'draft' }.",
} as const satisfies Refusals<Exclude<Option, string>>

/** Payload field types this server has no equivalent of. */
export const fieldTypeRefusalsByType: Readonly<Record<string, string>> = {
  join: 'join fields are not supported yet; remove the field and query the related collection with a where on its relationship field.',
  ui: 'ui fields only render in an admin panel, which this server does not have; remove the field.',
  upload: `upload fields need uploads, which are not supported yet; use a text field holding the file URL, or a relationship to a collection of your own describing files.`,
}
