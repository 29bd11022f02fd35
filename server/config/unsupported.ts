/**
 * Payload 3 options this server does not implement, per config object: each is refused at start with why and what
 * to do instead (issue 18: "the config never lies"). A refused key can never be an implemented one: the tables are
 * typed against the config types (`Refusals<T>` forbids T's keys), and `options.ts` pairs each with its type.
 */
import type { UploadOptions } from './upload.ts'
import type { JobsConfig, TaskConfig, WorkflowConfig } from './jobs.ts'
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
  GroupField,
  JoinField,
  JSONField,
  PointField,
  RadioField,
  RelationshipField,
  RichTextField,
  RowField,
  SelectField,
  Tab,
  TabsField,
  UnnamedGroupField,
  UIField,
} from './types.ts'

/** Key → message; a key of `T` (an implemented option) is a type error. */
export type Refusals<T> = Readonly<Record<string, string>> & { readonly [K in keyof T]?: never }

const GRAPHQL_NAMES =
  'GraphQL, OpenAPI and TypeScript names all come from labels; remove graphQL and set labels ({ singular, plural }) to rename the types. Hiding a collection from GraphQL (graphQL: false) is not supported.'
const DB_NAME =
  'table and column names follow slugs and field names ("-" becomes "_"); remove dbName, and rename the slug or field to change the name.'
export const configRefusals = {
  auth: 'the token order is fixed (Authorization: Bearer|JWT <token>, then the cms-token cookie); remove auth (jwtOrder) from the root config.',
  bin: 'the cms command has a fixed set of scripts; remove bin and run your own scripts with node, using getCms() for the Local API.',
  blocks:
    'block references (blockReferences) are not supported yet; remove the root blocks and declare each block inline in its blocks field.',
  compatibility: 'there is no legacy behaviour to opt into; remove compatibility.',
  debug:
    'error details never reach clients (500s are masked) and are always logged; remove debug, and read the server log (LOG_LEVEL sets what it shows).',
  defaultMaxTextLength:
    'the default length limit of text fields is fixed (40,000 characters, 255 when unique or indexed); remove it and set maxLength on each text field.',
  hooks:
    'root hooks (afterError) are not supported yet; remove them and use the hooks.afterError of each collection.',
  indexSortableFields:
    'the indexed columns are id, createdAt, updatedAt, relationships and fields with index: true or unique: true; remove it and set index: true on the fields you sort by.',
  kv: 'the key-value store is not supported; remove kv and keep such data in a collection or a global.',
  logger:
    'the server logs JSON lines with pino to standard output; remove logger and set LOG_LEVEL (silent, error, info, debug) instead.',
  loggingLevels:
    'log levels are fixed per error; remove loggingLevels and filter the log with LOG_LEVEL.',
  queryPresets:
    'query presets are an admin-panel feature and are not supported; remove queryPresets.',
  telemetry: 'this server sends no telemetry; remove telemetry.',
} as const satisfies Refusals<Config>

export const routesRefusals = {} as const satisfies Refusals<NonNullable<Config['routes']>>

export const graphQLRefusals = {
  mutations:
    'custom GraphQL mutations are not supported yet; remove them and add a custom endpoint (config.endpoints) instead.',
  queries:
    'custom GraphQL queries are not supported yet; remove them and add a custom endpoint (config.endpoints) instead.',
  validationRules:
    'custom validation rules are not supported; remove them and tune the built-in ones with graphQL.maxDepth, maxAliases, maxTokens, maxComplexity, maxFragmentSpreads and listFanOut.',
} as const satisfies Refusals<NonNullable<Config['graphQL']>>

export const typescriptRefusals = {
  autoGenerate:
    'types are generated only by npm run generate (or cms generate:types), never on start; remove autoGenerate.',
  declare:
    "the types file declares no module augmentation (there is no 'payload' module to augment); remove declare and import the types from the file.",
  postProcess: 'the types file cannot be post-processed; remove postProcess.',
  strictDraftTypes: 'draft types are not generated; remove strictDraftTypes.',
} as const satisfies Refusals<NonNullable<Config['typescript']>>

export const localizationRefusals = {
  filterAvailableLocales: 'locales cannot be filtered per request; remove filterAvailableLocales.',
} as const satisfies Refusals<LocalizationConfig>

export const localeRefusals = {} as const satisfies Refusals<
  Exclude<LocalizationConfig['locales'][number], string>
>

/** This server's own key, replaced by one switch for everything that maps the schema (issue 30). */
export const apiDocsRefusals = {
  disableInProduction:
    'the API reference follows the contracts and introspection; remove disableInProduction and set graphQL.disableIntrospectionInProduction (false serves all three in production).',
} as const satisfies Refusals<NonNullable<Config['apiDocs']>>

export const endpointRefusals = {
  root: 'endpoints are always served under routes.api; remove root and declare the endpoint in config.endpoints.',
} as const satisfies Refusals<Endpoint>

export const uploadRefusals = {
  externalFileHeaderFilter:
    "a pasteURL fetch never forwards the caller's headers or cookies to another server; remove externalFileHeaderFilter.",
  filenameCompoundIndex: 'filenames are unique per collection; remove filenameCompoundIndex.',
  constructorOptions:
    "sharp's constructor options are fixed (limitInputPixels guards against decompression bombs); remove constructorOptions.",
} as const satisfies Refusals<UploadOptions>

export const collectionRefusals = {
  dbName: DB_NAME,
  enableQueryPresets: 'query presets are an admin-panel feature and are not supported; remove it.',
  forceSelect:
    'forceSelect is not supported yet; remove it and list the fields you need in each select.',
  graphQL: GRAPHQL_NAMES,
} as const satisfies Refusals<CollectionConfig>

export const collectionAccessRefusals = {} as const satisfies Refusals<
  NonNullable<CollectionConfig['access']>
>

export const authRefusals = {
  disableLocalStrategy:
    'email and password login cannot be turned off (the email and password fields and the login routes stay); remove disableLocalStrategy: add your own sign-in with auth.strategies, and deny create access to stop sign-ups.',
  useSessions:
    'sessions are always on (a token is valid while its session lives; logout and password changes end it); remove useSessions.',
} as const satisfies Refusals<AuthOptions>

export const forgotPasswordRefusals = {
  minRequestInterval:
    'forgot-password requests are limited per client address by config.rateLimit.forgotPassword; remove minRequestInterval.',
} as const satisfies Refusals<NonNullable<AuthOptions['forgotPassword']>>

/** Payload's draft options other than autosave are refused one by one. */
export const draftsRefusals = {
  localizeStatus: 'the draft status is one per document, not per locale; remove localizeStatus.',
  validate:
    'drafts are saved without required-field checks and validated in full when published; remove validate.',
} as const

export const autosaveRefusals = {
  showSaveDraftButton:
    'there is no admin panel, so there is no button to show; remove showSaveDraftButton.',
} as const

export const globalRefusals = {
  dbName: 'globals are rows of the cms_globals table, keyed by slug; remove dbName.',
  endpoints:
    'custom endpoints on globals are not supported yet; remove them and declare the endpoint in config.endpoints.',
  forceSelect:
    'forceSelect is not supported yet; remove it and list the fields you need in each select.',
  graphQL: `GraphQL, OpenAPI and TypeScript names come from label; remove graphQL and set label to rename the type.`,
} as const satisfies Refusals<GlobalConfig>

/** Refused on every data field (Payload's FieldBase). */
export const fieldRefusals = {
  dbName: DB_NAME,
  graphQL:
    'per-field GraphQL settings (complexity) are not supported; remove graphQL. The cost of lists is set by maxRows and config.graphQL.listFanOut.',
  typescriptSchema:
    'the generated types follow the field type; remove typescriptSchema (or use a json field, typed unknown).',
} as const satisfies Refusals<FieldBase>

export const fieldHooksRefusals = {} as const satisfies Refusals<NonNullable<FieldBase['hooks']>>

const JSON_INDEX = 'the value is stored as one JSON value, which cannot be indexed; remove it.'
const ROWS_INDEX =
  'the rows are stored as one JSON value, which cannot be indexed; remove it and set unique or index on the fields inside the rows.'
const FILTER_OPTIONS =
  'filterOptions only narrows choices in an admin panel, which this server does not have; remove it and enforce the rule in validate.'
/** Extra refusals of one field type, over `fieldRefusals`. */
export const fieldTypeRefusals = {
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
  } satisfies Refusals<JSONField>,
  richText: {
    index: JSON_INDEX,
    unique: JSON_INDEX,
  } satisfies Refusals<RichTextField>,
  relationship: {
    max: 'use maxRows (with hasMany: true) to bound the number of related documents; remove max.',
    min: 'use minRows (with hasMany: true) to require related documents; remove min.',
  } satisfies Refusals<RelationshipField>,
  join: {
    required: 'a join field holds no data of its own, so it cannot be required; remove required.',
    unique: 'a join field holds no data of its own; remove unique.',
    index:
      'a join field holds no data of its own; remove index (the relationship field it reads is indexed).',
    localized:
      'a join field follows the relationship field it reads; remove localized (localized relationship fields cannot be joined).',
    defaultValue: 'a join field is computed on read; remove defaultValue.',
    validate: 'a join field is never written; remove validate.',
  } satisfies Refusals<JoinField>,
  point: {
    unique:
      'uniqueness of points is not supported; remove unique (points are always indexed, for near).',
  } satisfies Refusals<PointField>,
  group: {} satisfies Refusals<GroupField>,
  array: {
    index: ROWS_INDEX,
    unique: ROWS_INDEX,
  } satisfies Refusals<ArrayField>,
  blocks: {
    index: ROWS_INDEX,
    unique: ROWS_INDEX,
    blockReferences:
      'block references are not supported yet; remove blockReferences and declare each block inline in blocks.',
    filterOptions: FILTER_OPTIONS,
  } satisfies Refusals<BlocksField>,
  collapsible: {} satisfies Refusals<CollapsibleField>,
  row: {} satisfies Refusals<RowField>,
  tabs: {} satisfies Refusals<TabsField>,
  ui: {} satisfies Refusals<UIField>,
} as const

export const blockRefusals = {
  dbName: DB_NAME,
} as const satisfies Refusals<Block>

export const tabRefusals = {} as const satisfies Refusals<Tab>

export const unnamedGroupRefusals = {
  ...Object.fromEntries(
    [
      'required',
      'localized',
      'defaultValue',
      'validate',
      'access',
      'hooks',
      'hidden',
      'interfaceName',
    ].map((key) => [
      key,
      `an unnamed group has no value of its own (its fields are stored at the parent level); give the group a name to nest its data, or remove ${key} (set it on the fields inside instead).`,
    ]),
  ),
} as const satisfies Refusals<UnnamedGroupField>

export const optionRefusals = {} as const satisfies Refusals<Exclude<Option, string>>

/** Payload field types this server has no equivalent of. */
export const fieldTypeRefusalsByType: Readonly<Record<string, string>> = {}

/** Payload's jobs options this server does not implement (docs/jobs.md, "What differs from Payload"). */
export const jobsRefusals = {
  addParentToTaskLog: 'log entries do not name a parent task; remove addParentToTaskLog.',
  depth: 'jobs are read at depth 0; remove depth.',
  enableConcurrencyControl:
    'concurrency keys are not supported; remove enableConcurrencyControl, and let a task check for work already done.',
  jobsCollectionOverrides:
    'the payload-jobs collection is fixed; remove jobsCollectionOverrides (read it through the Local API or REST like any collection).',
  processingOrder: 'jobs run oldest first (createdAt, then id); remove processingOrder.',
  runHooks: 'job documents are written without collection hooks; remove runHooks.',
  stats: 'there is no jobs stats global; remove stats.',
} as const satisfies Refusals<JobsConfig>

/** Payload's task and workflow options this server does not implement. */
export const taskRefusals = {
  concurrency:
    'concurrency keys are not supported; remove concurrency, and let the handler check for work already done.',
  interfaceName: 'generated types do not name task inputs; remove interfaceName.',
  schedule:
    'per-task schedules are not supported; remove schedule, and queue the job from jobs.autoRun or a cron of your own calling cms.jobs.queue.',
} as const satisfies Refusals<TaskConfig> & Refusals<WorkflowConfig>
