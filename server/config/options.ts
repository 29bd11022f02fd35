/**
 * Every option of every config object, one table per object type (issue 18: "the config never lies"). The keys
 * marked `implemented` are typed exhaustive against the config types: a key added to a type without an entry here,
 * or an entry without a key, fails `npm run typecheck`. The Payload 3 options this server does not implement are
 * refused at start with what to do (`./unsupported.ts`); any other key is refused as unknown
 * (`./check-options.ts`). test/config/options.test.ts walks every entry of every table.
 */
import type {
  ArrayField,
  AuthCookies,
  AuthOptions,
  AuthStrategy,
  Block,
  BlocksField,
  CheckboxField,
  CodeField,
  CollapsibleField,
  CollectionConfig,
  CollectionHooks,
  Config,
  DateField,
  Drafts,
  EmailAdapter,
  EmailField,
  Endpoint,
  FieldBase,
  FieldType,
  GlobalConfig,
  GroupField,
  JoinField,
  JSONField,
  Limits,
  LocalizationConfig,
  LoginWithUsernameOptions,
  NumberField,
  Option,
  PointField,
  RadioField,
  RelationshipField,
  RichTextField,
  RowField,
  SelectField,
  Tab,
  TabsField,
  TextareaField,
  TextField,
  UnnamedGroupField,
} from './types.ts'
import * as refused from './unsupported.ts'

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
type Rule = NonNullable<NonNullable<Config['rateLimit']>['login']>
type Locale = Exclude<LocalizationConfig['locales'][number], string>

const I = 'implemented'

/**
 * The table of `T`, exactly: every key of `T` and no other (`satisfies` alone lets keys spread in from a shared
 * table slip past).
 */
const exact =
  <T>() =>
  <X extends Implemented<T>>(table: X & Record<Exclude<keyof X, keyof T>, never>): X =>
    table

const fieldBase = {
  name: I,
  label: I,
  required: I,
  localized: I,
  defaultValue: I,
  validate: I,
  access: I,
  hooks: I,
  hidden: I,
  saveToJWT: I,
  virtual: I,
} as const
/** Fields with a column of their own also take `unique` and `index`. */
const columnBase = { ...fieldBase, unique: I, index: I } as const

const fieldTypes = {
  text: exact<TextField>()({
    ...columnBase,
    type: I,
    minLength: I,
    maxLength: I,
    hasMany: I,
    minRows: I,
    maxRows: I,
  }),
  textarea: exact<TextareaField>()({ ...columnBase, type: I, minLength: I, maxLength: I }),
  email: exact<EmailField>()({ ...columnBase, type: I }),
  code: exact<CodeField>()({ ...columnBase, type: I, minLength: I, maxLength: I }),
  number: exact<NumberField>()({
    ...columnBase,
    type: I,
    min: I,
    max: I,
    hasMany: I,
    minRows: I,
    maxRows: I,
  }),
  checkbox: exact<CheckboxField>()({ ...columnBase, type: I }),
  date: exact<DateField>()({ ...columnBase, type: I, timezone: I }),
  select: exact<SelectField>()({
    ...columnBase,
    type: I,
    options: I,
    hasMany: I,
    minRows: I,
    maxRows: I,
    interfaceName: I,
  }),
  radio: exact<RadioField>()({ ...columnBase, type: I, options: I, interfaceName: I }),
  json: exact<JSONField>()({ ...fieldBase, type: I, jsonSchema: I }),
  richText: exact<RichTextField>()({ ...fieldBase, type: I }),
  // Always indexed (for `near`), so `index` holds; `unique` is not supported.
  point: exact<PointField>()({ ...fieldBase, index: I, type: I }),
  relationship: exact<RelationshipField>()({
    ...columnBase,
    type: I,
    relationTo: I,
    filterOptions: I,
    hasMany: I,
    maxDepth: I,
    minRows: I,
    maxRows: I,
  }),
  join: exact<JoinField>()({
    name: I,
    label: I,
    access: I,
    hooks: I,
    hidden: I,
    type: I,
    collection: I,
    on: I,
    where: I,
    defaultLimit: I,
    defaultSort: I,
    maxDepth: I,
  }),
  array: exact<ArrayField>()({
    ...fieldBase,
    type: I,
    fields: I,
    minRows: I,
    maxRows: I,
    interfaceName: I,
  }),
  blocks: exact<BlocksField>()({ ...fieldBase, type: I, blocks: I, minRows: I, maxRows: I }),
  group: exact<GroupField>()({ ...fieldBase, type: I, fields: I, interfaceName: I }),
  row: exact<RowField>()({ type: I, fields: I }),
  collapsible: exact<CollapsibleField>()({ type: I, fields: I }),
  tabs: exact<TabsField>()({ type: I, tabs: I }),
} as const satisfies Record<FieldType, Readonly<Record<string, 'implemented'>>>

// The keys every data field shares are FieldBase's, exactly.
export const fieldBaseTable = exact<FieldBase>()(columnBase)

const LAYOUT = new Set<FieldType>(['row', 'collapsible', 'tabs'])

const typeRefusals: Partial<Record<FieldType, Readonly<Record<string, string>>>> =
  refused.fieldTypeRefusals

/** The table of each field type: its keys, the refusals of every data field and its own. */
export const FIELD_TABLES = Object.fromEntries(
  (Object.keys(fieldTypes) as FieldType[]).map((type): [FieldType, OptionTable] => [
    type,
    {
      of: `a ${type} field`,
      implemented: fieldTypes[type],
      refused: { ...(LAYOUT.has(type) ? {} : refused.fieldRefusals), ...typeRefusals[type] },
    },
  ]),
) as Record<FieldType, OptionTable>

/** The tables of every other config object, by name. */
export const OPTION_TABLES = {
  config: {
    of: 'the config',
    implemented: {
      collections: I,
      globals: I,
      localization: I,
      routes: I,
      graphQL: I,
      endpoints: I,
      typescript: I,
      db: I,
      secret: I,
      serverURL: I,
      maxDepth: I,
      defaultDepth: I,
      maxLimit: I,
      limits: I,
      ordersApi: I,
      email: I,
      apiDocs: I,
      rateLimit: I,
      onInit: I,
      seed: I,
      cookiePrefix: I,
    } satisfies Implemented<Config>,
    refused: refused.configRefusals,
  },
  routes: {
    of: 'routes',
    implemented: {
      api: I,
      graphQL: I,
      graphQLPlayground: I,
    } satisfies Implemented<NonNullable<Config['routes']>>,
    refused: refused.routesRefusals,
  },
  graphQL: {
    of: 'graphQL',
    implemented: {
      disable: I,
      disablePlaygroundInProduction: I,
      maxDepth: I,
      maxComplexity: I,
      maxAliases: I,
      maxTokens: I,
      listFanOut: I,
      maxFragmentSpreads: I,
      disableIntrospectionInProduction: I,
    } satisfies Implemented<NonNullable<Config['graphQL']>>,
    refused: refused.graphQLRefusals,
  },
  typescript: {
    of: 'typescript',
    implemented: { outputFile: I } satisfies Implemented<NonNullable<Config['typescript']>>,
    refused: refused.typescriptRefusals,
  },
  db: {
    of: 'db',
    implemented: {
      url: I,
      migrationDir: I,
      onStart: I,
      idType: I,
    } satisfies Implemented<NonNullable<Config['db']>>,
    refused: {},
  },
  limits: {
    of: 'limits',
    implemented: { population: I, where: I, maxStatements: I } satisfies Implemented<Limits>,
    refused: {},
  },
  population: {
    of: 'limits.population',
    implemented: { maxDocs: I, maxBytes: I } satisfies Implemented<
      NonNullable<Limits['population']>
    >,
    refused: {},
  },
  where: {
    of: 'limits.where',
    implemented: {
      maxConditions: I,
      maxValues: I,
      maxValueLength: I,
    } satisfies Implemented<NonNullable<Limits['where']>>,
    refused: {},
  },
  ordersApi: {
    of: 'ordersApi',
    implemented: { orders: I, users: I } satisfies Implemented<NonNullable<Config['ordersApi']>>,
    refused: {},
  },
  email: {
    of: 'an email adapter',
    implemented: {
      name: I,
      defaultFromAddress: I,
      defaultFromName: I,
      sendEmail: I,
    } satisfies Implemented<EmailAdapter>,
    refused: {},
  },
  apiDocs: {
    of: 'apiDocs',
    implemented: { disable: I } satisfies Implemented<NonNullable<Config['apiDocs']>>,
    refused: refused.apiDocsRefusals,
  },
  rateLimit: {
    of: 'rateLimit',
    implemented: {
      login: I,
      forgotPassword: I,
      passwordChange: I,
    } satisfies Implemented<NonNullable<Config['rateLimit']>>,
    refused: {},
  },
  rateLimitRule: {
    of: 'a rate limit',
    implemented: { max: I, windowMs: I } satisfies Implemented<Rule>,
    refused: {},
  },
  localization: {
    of: 'localization',
    implemented: {
      locales: I,
      defaultLocale: I,
      fallback: I,
    } satisfies Implemented<LocalizationConfig>,
    refused: refused.localizationRefusals,
  },
  locale: {
    of: 'a locale',
    implemented: { code: I, fallbackLocale: I } satisfies Implemented<Locale>,
    refused: refused.localeRefusals,
  },
  endpoint: {
    of: 'an endpoint',
    implemented: { path: I, method: I, handler: I, openapi: I } satisfies Implemented<Endpoint>,
    refused: refused.endpointRefusals,
  },
  endpointOpenapi: {
    of: "an endpoint's openapi",
    implemented: {
      operationId: I,
      summary: I,
      description: I,
      parameters: I,
      requestBody: I,
      security: I,
      responses: I,
    } satisfies Implemented<NonNullable<Endpoint['openapi']>>,
    refused: {},
  },
  collection: {
    of: 'a collection',
    implemented: {
      slug: I,
      labels: I,
      fields: I,
      access: I,
      hooks: I,
      endpoints: I,
      auth: I,
      versions: I,
      timestamps: I,
      defaultSort: I,
      disableDuplicate: I,
      trash: I,
      defaultPopulate: I,
    } satisfies Implemented<CollectionConfig>,
    refused: refused.collectionRefusals,
  },
  labels: {
    of: 'labels',
    implemented: { singular: I, plural: I } satisfies Implemented<
      NonNullable<CollectionConfig['labels']>
    >,
    refused: {},
  },
  collectionAccess: {
    of: "a collection's access",
    implemented: {
      create: I,
      read: I,
      update: I,
      delete: I,
      readVersions: I,
      unlock: I,
    } satisfies Implemented<NonNullable<CollectionConfig['access']>>,
    refused: refused.collectionAccessRefusals,
  },
  collectionHooks: {
    of: "a collection's hooks",
    implemented: {
      beforeOperation: I,
      beforeValidate: I,
      beforeChange: I,
      afterChange: I,
      beforeRead: I,
      afterRead: I,
      beforeDelete: I,
      afterDelete: I,
      afterOperation: I,
      afterError: I,
      beforeLogin: I,
      afterLogin: I,
      afterLogout: I,
      afterRefresh: I,
      afterMe: I,
      afterForgotPassword: I,
      refresh: I,
      me: I,
    } satisfies Implemented<CollectionHooks>,
    refused: {},
  },
  auth: {
    of: 'auth',
    implemented: {
      tokenExpiration: I,
      sessionLifetime: I,
      maxLoginAttempts: I,
      lockTime: I,
      forgotPassword: I,
      useAPIKey: I,
      cookies: I,
      removeTokenFromResponses: I,
      depth: I,
      strategies: I,
      verify: I,
      loginWithUsername: I,
    } satisfies Implemented<AuthOptions>,
    refused: refused.authRefusals,
  },
  authCookies: {
    of: 'auth.cookies',
    implemented: { sameSite: I, secure: I, domain: I } satisfies Implemented<AuthCookies>,
    refused: {},
  },
  authStrategy: {
    of: 'an auth strategy',
    implemented: { name: I, authenticate: I } satisfies Implemented<AuthStrategy>,
    refused: {},
  },
  loginWithUsername: {
    of: 'auth.loginWithUsername',
    implemented: {
      allowEmailLogin: I,
      requireEmail: I,
      requireUsername: I,
    } satisfies Implemented<LoginWithUsernameOptions>,
    refused: {},
  },
  forgotPassword: {
    of: 'auth.forgotPassword',
    implemented: {
      expiration: I,
      generateEmailHTML: I,
      generateEmailSubject: I,
    } satisfies Implemented<NonNullable<AuthOptions['forgotPassword']>>,
    refused: refused.forgotPasswordRefusals,
  },
  verify: {
    of: 'auth.verify',
    implemented: { generateEmailHTML: I, generateEmailSubject: I } satisfies Implemented<
      Exclude<AuthOptions['verify'], boolean | undefined>
    >,
    refused: {},
  },
  versions: {
    of: 'versions',
    implemented: { drafts: I, maxPerDoc: I } satisfies Implemented<
      Exclude<CollectionConfig['versions'], boolean | undefined>
    >,
    refused: {},
  },
  globalVersions: {
    of: "a global's versions",
    implemented: { drafts: I, max: I } satisfies Implemented<
      Exclude<GlobalConfig['versions'], boolean | undefined>
    >,
    refused: {},
  },
  drafts: {
    of: 'versions.drafts',
    implemented: { autosave: I } satisfies Implemented<Drafts>,
    refused: refused.draftsRefusals,
  },
  autosave: {
    of: 'versions.drafts.autosave',
    implemented: { interval: I } satisfies Implemented<
      Exclude<Drafts['autosave'], boolean | undefined>
    >,
    refused: refused.autosaveRefusals,
  },
  global: {
    of: 'a global',
    implemented: {
      slug: I,
      label: I,
      fields: I,
      access: I,
      hooks: I,
      versions: I,
    } satisfies Implemented<GlobalConfig>,
    refused: refused.globalRefusals,
  },
  globalAccess: {
    of: "a global's access",
    implemented: { read: I, update: I, readVersions: I } satisfies Implemented<
      NonNullable<GlobalConfig['access']>
    >,
    refused: {},
  },
  globalHooks: {
    of: "a global's hooks",
    implemented: {
      beforeOperation: I,
      beforeValidate: I,
      beforeChange: I,
      afterChange: I,
      beforeRead: I,
      afterRead: I,
    } satisfies Implemented<NonNullable<GlobalConfig['hooks']>>,
    refused: {},
  },
  fieldAccess: {
    of: "a field's access",
    implemented: { create: I, read: I, update: I } satisfies Implemented<
      NonNullable<FieldBase['access']>
    >,
    refused: {},
  },
  fieldHooks: {
    of: "a field's hooks",
    implemented: {
      beforeValidate: I,
      beforeChange: I,
      afterChange: I,
      afterRead: I,
      beforeDuplicate: I,
    } satisfies Implemented<NonNullable<FieldBase['hooks']>>,
    refused: refused.fieldHooksRefusals,
  },
  block: {
    of: 'a block',
    implemented: { slug: I, fields: I, interfaceName: I } satisfies Implemented<Block>,
    refused: refused.blockRefusals,
  },
  tab: {
    of: 'a tab',
    implemented: {
      name: I,
      label: I,
      fields: I,
      interfaceName: I,
      saveToJWT: I,
    } satisfies Implemented<Tab>,
    refused: refused.tabRefusals,
  },
  unnamedGroup: {
    of: 'an unnamed group (presentational: its fields are stored at the parent level)',
    implemented: { type: I, name: I, label: I, fields: I } satisfies Implemented<UnnamedGroupField>,
    refused: refused.unnamedGroupRefusals,
  },
  option: {
    of: 'a select or radio option',
    implemented: { value: I } satisfies Implemented<Exclude<Option, string>>,
    refused: refused.optionRefusals,
  },
} as const satisfies Record<string, OptionTable>

export type TableName = keyof typeof OPTION_TABLES
