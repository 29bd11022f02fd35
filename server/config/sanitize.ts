import {
  API_KEY_FIELDS,
  checkRequestAuth,
  checkSaveToJWT,
  cookiePrefixOf,
  REQUEST_AUTH_DEFAULTS,
} from './auth-options.ts'
import { ConfigError } from '../errors/config-error.ts'
import { apiKeyFieldAccess, verifiedFieldAccess } from './auth-fields.ts'
import { checkOptions } from './check-options.ts'
import {
  flattenFields,
  isIndexed,
  isJsonStored,
  isUnique,
  optionValue,
  someField,
  traverseFields,
} from './fields.ts'
import { checkNames } from './names.ts'
import { globalVersionsCollection, versionsCollection } from './versions.ts'
import { annotateRelations, customIdField } from './ids.ts'
import { formatLabels, toWords } from './labels.ts'
import type {
  AuthOptions,
  CollectionConfig,
  Config,
  DateField,
  DateTimezone,
  FlattenedField,
  Field,
  GlobalConfig,
  SanitizedAuth,
  SanitizedCollection,
  SanitizedConfig,
  SanitizedGlobal,
  SanitizedJoin,
  SanitizedLimits,
  SanitizedVersions,
} from './types.ts'

const FIELD_TYPES = new Set([
  'text',
  'textarea',
  'email',
  'code',
  'number',
  'checkbox',
  'date',
  'select',
  'radio',
  'json',
  'richText',
  'point',
  'relationship',
  'join',
  'array',
  'blocks',
  'group',
  'row',
  'collapsible',
  'tabs',
])
/** Names the CMS uses itself at the top level of a document or in queries. */
const RESERVED_FIELD_NAMES = new Set([
  'id',
  'createdAt',
  'updatedAt',
  '_status',
  'and',
  'or',
  'AND',
  'OR',
  'collection',
  'password',
  'hash',
  'salt',
  'sessions',
  'loginAttempts',
  'lockUntil',
  'resetPasswordToken',
  'resetPasswordExpiration',
  '_verified',
  '_verificationToken',
  'globalType',
])
/** Names that would break objects, SQL or GraphQL anywhere in a document. */
const RESERVED_ANYWHERE = new Set([
  '__proto__',
  'constructor',
  'prototype',
  'blockType',
  'blockName',
])
/** Slugs that would collide with built-in routes under `routes.api`. */
const RESERVED_SLUGS = new Set([
  'globals',
  'graphql',
  'graphql-playground',
  'v1',
  'health',
  'docs',
  'openapi.json',
  'access',
])
const SLUG_RE = /^[a-z][a-z0-9]*(?:[-_][a-z0-9]+)*$/
const NAME_RE = /^[A-Za-z][A-Za-z0-9_]*$/
const ROUTE_RE = /^\/[A-Za-z0-9/_-]*$/

export const AUTH_DEFAULTS: SanitizedAuth = {
  tokenExpiration: 7200,
  maxLoginAttempts: 5,
  lockTime: 600_000,
  forgotPassword: { expiration: 3_600_000 },
  sessionLifetime: 7 * 24 * 3600,
  ...REQUEST_AUTH_DEFAULTS,
  verify: false,
  loginWithUsername: false,
}

/**
 * Fills defaults and checks the config; throws `ConfigError` naming the collection and field at fault. Every key
 * of every config object must be an implemented option (`options.ts`, checked by `checkOptions`).
 */
export function sanitizeConfig(input: Config): SanitizedConfig {
  if (!input || typeof input !== 'object')
    throw new ConfigError('The config must be an object (export default defineConfig({...})).')
  checkOptions(input as unknown as Record<string, unknown>)
  const collectionsIn = input.collections ?? []
  const globalsIn = input.globals ?? []
  if (!Array.isArray(collectionsIn)) throw new ConfigError('config.collections must be an array.')
  if (!Array.isArray(globalsIn)) throw new ConfigError('config.globals must be an array.')

  const localization = sanitizeLocalization(input)
  const slugs = new Set<string>()
  for (const c of collectionsIn) {
    if (!c || typeof c !== 'object')
      throw new ConfigError('Every entry of config.collections must be an object.')
    checkSlug(c.slug, 'Collection')
    if (slugs.has(c.slug))
      throw new ConfigError(
        `Collection "${c.slug}": duplicate slug; another collection already uses it.`,
      )
    slugs.add(c.slug)
  }
  const tables = new Map<string, string>()
  const dbIdType = input.db?.idType ?? 'serial'
  if (dbIdType !== 'serial' && dbIdType !== 'uuid')
    throw new ConfigError(
      `db.idType must be "serial" or "uuid"; got ${JSON.stringify(input.db?.idType)}.`,
    )
  const collections = collectionsIn.map((c) =>
    sanitizeCollection(c, slugs, Boolean(localization), dbIdType),
  )
  for (const c of collections) {
    const other = tables.get(c.table)
    if (other)
      throw new ConfigError(
        `Collection "${c.slug}": its table name "${c.table}" collides with collection "${other}".`,
      )
    tables.set(c.table, c.slug)
  }
  const bySlug = new Map(collections.map((c) => [c.slug, c]))
  for (const c of collections) c.joins = resolveJoins(c, bySlug)
  const globalSlugs = new Set<string>()
  const globals = globalsIn.map((g) => {
    if (!g || typeof g !== 'object')
      throw new ConfigError('Every entry of config.globals must be an object.')
    checkSlug(g.slug, 'Global')
    if (globalSlugs.has(g.slug))
      throw new ConfigError(`Global "${g.slug}": duplicate slug; another global already uses it.`)
    globalSlugs.add(g.slug)
    const global = sanitizeGlobal(g, slugs, Boolean(localization))
    if (someField(global.flatFields, (f) => f.type === 'join'))
      throw new ConfigError(
        `Global "${g.slug}": join fields are only supported in collections (a join lists the documents relating to one document).`,
      )
    return global
  })
  for (const g of globals) {
    const table = g.versionsCollection?.table
    if (!table) continue
    const other = tables.get(table)
    if (other)
      throw new ConfigError(
        `Global "${g.slug}": its versions table "${table}" collides with global "${other}".`,
      )
    tables.set(table, g.slug)
  }

  const routes = {
    api: '/api',
    graphQL: '/graphql',
    graphQLPlayground: '/graphql-playground',
    ...input.routes,
  }
  for (const [key, value] of Object.entries(routes)) {
    if (
      typeof value !== 'string' ||
      !ROUTE_RE.test(value) ||
      (value.length > 1 && value.endsWith('/'))
    ) {
      throw new ConfigError(
        `routes.${key} must be a path starting with "/" without a trailing slash; got ${JSON.stringify(value)}.`,
      )
    }
  }
  const graphQL = {
    disable: false,
    disablePlaygroundInProduction: true,
    disableIntrospectionInProduction: true,
    ...input.graphQL,
    maxDepth: positiveInt(input.graphQL?.maxDepth ?? 15, 'graphQL.maxDepth'),
    maxComplexity: positiveInt(input.graphQL?.maxComplexity ?? 5000, 'graphQL.maxComplexity'),
    maxAliases: positiveInt(input.graphQL?.maxAliases ?? 30, 'graphQL.maxAliases', true),
    maxTokens: positiveInt(input.graphQL?.maxTokens ?? 10_000, 'graphQL.maxTokens'),
    listFanOut: positiveInt(input.graphQL?.listFanOut ?? 10, 'graphQL.listFanOut'),
    maxFragmentSpreads: positiveInt(
      input.graphQL?.maxFragmentSpreads ?? 100,
      'graphQL.maxFragmentSpreads',
      true,
    ),
  }
  const maxDepth = positiveInt(input.maxDepth ?? 10, 'maxDepth')
  const defaultDepth = positiveInt(input.defaultDepth ?? 2, 'defaultDepth', true)
  const maxLimit = positiveInt(input.maxLimit ?? 1000, 'maxLimit')
  checkEndpoints(input.endpoints ?? [], 'Top-level endpoints')
  const cookiePrefix = cookiePrefixOf(input)
  for (const c of collections) {
    if (c.auth) checkRequestAuth(c.auth, `Collection "${c.slug}"`, maxDepth)
    checkSaveToJWT(c.flatFields, `Collection "${c.slug}"`, Boolean(c.auth))
  }
  for (const g of globals) checkSaveToJWT(g.flatFields, `Global "${g.slug}"`, false)
  if (input.ordersApi) checkOrdersApi(input.ordersApi, collections)
  annotateRelations({ collections, globals })

  const sanitized: SanitizedConfig = {
    ...input,
    collections,
    globals,
    localization,
    routes,
    graphQL,
    cookiePrefix,
    limits: sanitizeLimits(input.limits),
    endpoints: input.endpoints ?? [],
    maxDepth,
    defaultDepth: Math.min(defaultDepth, maxDepth),
    maxLimit,
    collectionsBySlug: new Map(collections.map((c) => [c.slug, c])),
    globalsBySlug: new Map(globals.map((g) => [g.slug, g])),
  }
  // Both contracts and the types file name things after the labels; two things must not share a name.
  const clashes = checkNames(sanitized)
  if (clashes.length) throw new ConfigError(clashes[0])
  return sanitized
}

function checkOrdersApi(
  o: NonNullable<Config['ordersApi']>,
  collections: SanitizedCollection[],
): void {
  const users = collections.find((c) => c.slug === o.users)
  const orders = collections.find((c) => c.slug === o.orders)
  if (!users?.auth)
    throw new ConfigError(
      `ordersApi.users must name an auth collection; got ${JSON.stringify(o.users)}.`,
    )
  if (orders && orders.idType !== 'serial')
    throw new ConfigError(
      `ordersApi.orders: the orders API numbers orders with integer ids; collection "${orders.slug}" has ${orders.idType} ids.`,
    )
  if (!orders)
    throw new ConfigError(
      `ordersApi.orders must name a collection; got ${JSON.stringify(o.orders)}.`,
    )
  const field = (name: string) => orders.flatFields.find((f) => f.name === name)
  const user = field('user')
  if (user?.type !== 'relationship' || user.relationTo !== o.users || user.hasMany)
    throw new ConfigError(
      `ordersApi: collection "${o.orders}" needs a field "user" relating to "${o.users}".`,
    )
  const status = field('status')
  const states =
    status?.type === 'select'
      ? status.options.map((x) => (typeof x === 'string' ? x : x.value))
      : []
  for (const s of ['pending', 'paid', 'shipped', 'cancelled']) {
    if (!states.includes(s))
      throw new ConfigError(
        `ordersApi: collection "${o.orders}" needs a select field "status" with the option "${s}".`,
      )
  }
  const items = field('items')
  const itemNames =
    items?.type === 'array' ? (items.fields as { name?: string }[]).map((f) => f.name) : []
  if (!['product', 'quantity', 'unit_price'].every((n) => itemNames.includes(n)))
    throw new ConfigError(
      `ordersApi: collection "${o.orders}" needs an array field "items" with product, quantity and unit_price.`,
    )
  if (field('total_amount')?.type !== 'number')
    throw new ConfigError(
      `ordersApi: collection "${o.orders}" needs a number field "total_amount".`,
    )
}

/** `limits` with their defaults (docs/reliability.md lists them). */
export const DEFAULT_LIMITS: SanitizedLimits = {
  population: { maxDocs: 10_000, maxBytes: 8 * 1024 * 1024 },
  where: { maxConditions: 100, maxValues: 1000, maxValueLength: 1000 },
  maxStatements: 250,
}

function sanitizeLimits(input: Config['limits']): SanitizedLimits {
  if (input !== undefined && (!input || typeof input !== 'object'))
    throw new ConfigError('config.limits must be an object.')
  const pick = <K extends 'population' | 'where'>(group: K): SanitizedLimits[K] => {
    const given = (input?.[group] ?? {}) as Record<string, unknown>
    const defaults = DEFAULT_LIMITS[group] as Record<string, number>
    return Object.fromEntries(
      Object.entries(defaults).map(([k, d]) => [
        k,
        positiveInt(given[k] ?? d, `limits.${group}.${k}`),
      ]),
    ) as SanitizedLimits[K]
  }
  return {
    population: pick('population'),
    where: pick('where'),
    maxStatements: positiveInt(
      input?.maxStatements ?? DEFAULT_LIMITS.maxStatements,
      'limits.maxStatements',
    ),
  }
}

function positiveInt(value: unknown, name: string, allowZero = false): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < (allowZero ? 0 : 1)) {
    throw new ConfigError(
      `config.${name} must be a ${allowZero ? 'non-negative' : 'positive'} integer; got ${JSON.stringify(value)}.`,
    )
  }
  return value
}

function checkSlug(slug: unknown, kind: string): asserts slug is string {
  if (typeof slug !== 'string' || !SLUG_RE.test(slug)) {
    throw new ConfigError(
      `${kind} slug ${JSON.stringify(slug)} is invalid: use lowercase letters, digits, "-" or "_", starting with a letter.`,
    )
  }
  if (RESERVED_SLUGS.has(slug))
    throw new ConfigError(`${kind} "${slug}": the slug is reserved for a built-in route.`)
  if (slug.startsWith('cms_') || slug.startsWith('cms-'))
    throw new ConfigError(
      `${kind} "${slug}": slugs starting with "cms_" are reserved for internal tables.`,
    )
}

function sanitizeLocalization(input: Config): SanitizedConfig['localization'] {
  const l = input.localization
  if (!l) return false
  if (!Array.isArray(l.locales) || l.locales.length === 0)
    throw new ConfigError('localization.locales must be a non-empty array.')
  const locales = l.locales.map((x) => (typeof x === 'string' ? { code: x } : x))
  const codes = locales.map((x) => x.code)
  for (const code of codes) {
    if (typeof code !== 'string' || !/^[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*$/.test(code)) {
      throw new ConfigError(
        `localization.locales: ${JSON.stringify(code)} is not a locale code such as "en" or "pt-BR".`,
      )
    }
    if (code === 'all')
      throw new ConfigError(
        'localization.locales: "all" is reserved (locale=all returns every locale).',
      )
  }
  if (new Set(codes).size !== codes.length)
    throw new ConfigError('localization.locales: duplicate locale code.')
  if (!codes.includes(l.defaultLocale))
    throw new ConfigError(
      `localization.defaultLocale "${l.defaultLocale}" is not one of the locales (${codes.join(', ')}).`,
    )
  return {
    locales,
    localeCodes: codes,
    defaultLocale: l.defaultLocale,
    fallback: l.fallback ?? true,
  }
}

const HOOK_KINDS = [
  'beforeOperation',
  'beforeValidate',
  'beforeChange',
  'afterChange',
  'beforeRead',
  'afterRead',
  'beforeDelete',
  'afterDelete',
  'afterOperation',
  'afterError',
  'beforeLogin',
  'afterLogin',
  'afterLogout',
  'afterRefresh',
  'afterMe',
  'afterForgotPassword',
  'refresh',
  'me',
] as const

function sanitizeCollection(
  c: CollectionConfig,
  slugs: Set<string>,
  localized: boolean,
  dbIdType: 'serial' | 'uuid',
): SanitizedCollection {
  const where = `Collection "${c.slug}"`
  if (!Array.isArray(c.fields)) throw new ConfigError(`${where}: fields must be an array.`)
  const custom = customIdField(c.fields, where, Boolean(c.auth))
  let fields: Field[] = custom.fields
  const auth: SanitizedAuth | false = c.auth
    ? {
        ...AUTH_DEFAULTS,
        ...(c.auth === true ? {} : c.auth),
        loginWithUsername: loginWithUsername(c.auth === true ? undefined : c.auth, where),
      }
    : false
  if (auth) {
    const declared = fields.find((f) => 'name' in f && f.name === 'email')
    if (declared && declared.type !== 'email')
      throw new ConfigError(
        `${where}, field "email": an auth collection's email field must have type "email".`,
      )
    const byName = auth.loginWithUsername
    const added: Field[] = []
    if (!declared)
      added.push({
        name: 'email',
        type: 'email',
        required: !byName || byName.requireEmail,
        unique: true,
      })
    if (byName) {
      if (c.fields.some((f) => 'name' in f && f.name === 'username'))
        throw new ConfigError(
          `${where}, field "username": loginWithUsername adds the username field itself; remove yours.`,
        )
      added.push({ name: 'username', type: 'text', required: byName.requireUsername, unique: true })
    }
    fields = [...added, ...fields]
    if (auth.useAPIKey) {
      const taken = c.fields.find(
        (f) => 'name' in f && typeof f.name === 'string' && API_KEY_FIELDS.includes(f.name),
      )
      if (taken && 'name' in taken)
        throw new ConfigError(
          `${where}, field "${taken.name}": auth.useAPIKey adds the fields enableAPIKey, apiKey and apiKeyIndex itself; rename yours.`,
        )
      fields = [
        ...fields,
        {
          name: 'enableAPIKey',
          type: 'checkbox',
          label: 'Enable API Key',
          defaultValue: false,
          access: apiKeyFieldAccess,
        },
      ]
    }
  }
  const versions = sanitizeVersions(
    c.versions,
    typeof c.versions === 'object' ? c.versions.maxPerDoc : undefined,
    `${where}: versions.maxPerDoc`,
  )
  let flatFields = checkFields(fields, where, slugs, localized, true)
  if (auth) {
    // Secrets and counters of the auth layer (reserved names): stored, never returned, never written from outside.
    const internal = {
      hidden: true,
      access: { create: () => false, read: () => false, update: () => false },
    }
    flatFields = [
      ...flatFields,
      { name: 'hash', type: 'text', ...internal },
      { name: 'salt', type: 'text', ...internal },
      { name: 'loginAttempts', type: 'number', defaultValue: 0, ...internal },
      { name: 'lockUntil', type: 'date', ...internal },
      { name: 'resetPasswordToken', type: 'text', ...internal },
      { name: 'resetPasswordExpiration', type: 'date', ...internal },
      // The HMAC of the API key (never the key): `Authorization: <slug> API-Key <key>` finds the user by it.
      ...(auth.useAPIKey
        ? [{ name: 'apiKeyIndex', type: 'text', index: true, ...internal } as const]
        : []),
    ]
    if (auth.verify) {
      if (typeof auth.verify === 'object')
        for (const [k, fn] of Object.entries(auth.verify))
          if (fn != null && typeof fn !== 'function')
            throw new ConfigError(`${where}: auth.verify.${k} must be a function.`)
      // `_verified` is set by the verify flow, or by a caller who may update every account (auth-fields.ts); the
      // token (stored as its SHA-256) is internal.
      flatFields = [
        ...flatFields,
        {
          name: '_verified',
          type: 'checkbox',
          label: 'Verified',
          access: verifiedFieldAccess(c.access?.update),
        },
        { name: '_verificationToken', type: 'text', ...internal },
      ]
    }
    for (const [k, fn] of Object.entries(auth.forgotPassword ?? {}))
      if (k !== 'expiration' && fn != null && typeof fn !== 'function')
        throw new ConfigError(`${where}: auth.forgotPassword.${k} must be a function.`)
  }
  if (versions && versions.drafts) flatFields = [...flatFields, STATUS_FIELD]
  if (c.trash !== undefined && c.trash !== null && typeof c.trash !== 'boolean')
    throw new ConfigError(`${where}: trash must be true or false.`)
  const trash = Boolean(c.trash)
  if (trash) {
    if (flatFields.some((f) => f.name === 'deletedAt'))
      throw new ConfigError(
        `${where}: with trash, deletedAt is the trash's own date field; rename your field "deletedAt".`,
      )
    // When the document went to the trash (null: not trashed); indexed, as every read filters on it.
    flatFields = [
      ...flatFields,
      { name: 'deletedAt', type: 'date', index: true, label: 'Deleted At' },
    ]
  }
  const hooks = Object.fromEntries(
    HOOK_KINDS.map((k) => [k, c.hooks?.[k] ?? []]),
  ) as SanitizedCollection['hooks']
  for (const [k, list] of Object.entries(c.hooks ?? {})) {
    if (!Array.isArray(list) || list.some((h) => typeof h !== 'function'))
      throw new ConfigError(`${where}: hooks.${k} must be an array of functions.`)
  }
  for (const [k, fn] of Object.entries(c.access ?? {})) {
    if (typeof fn !== 'function') throw new ConfigError(`${where}: access.${k} must be a function.`)
  }
  checkEndpoints(c.endpoints ?? [], where)
  const timestamps = c.timestamps ?? true
  if (c.disableDuplicate != null && typeof c.disableDuplicate !== 'boolean')
    throw new ConfigError(`${where}: disableDuplicate must be true or false.`)
  if (c.defaultSort !== undefined && typeof c.defaultSort !== 'string')
    throw new ConfigError(`${where}: defaultSort must be a string such as "-createdAt".`)
  const sanitized: SanitizedCollection = {
    ...c,
    labels: { ...formatLabels(c.slug), ...c.labels },
    fields,
    flatFields,
    auth,
    versions,
    timestamps,
    trash,
    hooks,
    access: c.access ?? {},
    endpoints: c.endpoints ?? [],
    // Auth collections are not duplicated unless they ask (a user copy would share the unique email).
    disableDuplicate: c.disableDuplicate ?? Boolean(auth),
    table: c.slug.replace(/-/g, '_'),
    idType: custom.field ? (custom.field.type as 'text' | 'number') : auth ? 'serial' : dbIdType,
    ...(custom.field ? { idField: custom.field } : {}),
    joins: [],
  }
  if (versions) sanitized.versionsCollection = versionsCollection(sanitized)
  return sanitized
}

/** The `_status` field drafts add (as Payload): a never-published document is a draft. */
const STATUS_FIELD: FlattenedField = {
  name: '_status',
  type: 'select',
  options: ['draft', 'published'],
  defaultValue: 'draft',
  index: true,
  label: 'Status',
}

/** `versions` of a collection (`maxPerDoc`) or a global (`max`): drafts, autosave and how many to keep. */
function sanitizeVersions(
  v: CollectionConfig['versions'] | GlobalConfig['versions'],
  max: number | undefined,
  maxAt: string,
): SanitizedVersions | false {
  if (!v) return false
  if (max !== undefined && (!Number.isInteger(max) || max < 1))
    throw new ConfigError(`${maxAt} must be a positive integer.`)
  const drafts = typeof v === 'object' ? v.drafts : undefined
  const autosave = typeof drafts === 'object' && drafts ? drafts.autosave : undefined
  const interval = typeof autosave === 'object' && autosave ? autosave.interval : undefined
  if (interval !== undefined && (!Number.isInteger(interval) || interval < 0))
    throw new ConfigError(
      `${maxAt.replace(/versions\.\w+$/, 'versions.drafts.autosave.interval')} must be a whole number of milliseconds.`,
    )
  return {
    drafts: Boolean(drafts),
    autosave: autosave ? { interval: interval ?? 800 } : false,
    maxPerDoc: max || 100,
  }
}

/** `auth.loginWithUsername` with every option spelled out (Payload's defaults), or false. */
function loginWithUsername(
  auth: AuthOptions | undefined,
  where: string,
): SanitizedAuth['loginWithUsername'] {
  const given = auth?.loginWithUsername
  if (!given) return false
  if (given === true) return { allowEmailLogin: false, requireEmail: false, requireUsername: true }
  if (typeof given !== 'object')
    throw new ConfigError(`${where}: auth.loginWithUsername must be true, false or an object.`)
  for (const key of ['allowEmailLogin', 'requireEmail', 'requireUsername'] as const)
    if (given[key] != null && typeof given[key] !== 'boolean')
      throw new ConfigError(`${where}: auth.loginWithUsername.${key} must be true or false.`)
  const allowEmailLogin = given.allowEmailLogin ?? false
  // Without email login the username is the only way in, so it is always required.
  const requireUsername = allowEmailLogin ? (given.requireUsername ?? true) : true
  return { allowEmailLogin, requireEmail: given.requireEmail ?? false, requireUsername }
}

function sanitizeGlobal(g: GlobalConfig, slugs: Set<string>, localized: boolean): SanitizedGlobal {
  const where = `Global "${g.slug}"`
  if (!Array.isArray(g.fields)) throw new ConfigError(`${where}: fields must be an array.`)
  const versions = sanitizeVersions(
    g.versions,
    typeof g.versions === 'object' ? g.versions.max : undefined,
    `${where}: versions.max`,
  )
  let flatFields = checkFields(g.fields, where, slugs, localized, true)
  if (versions && versions.drafts) flatFields = [...flatFields, STATUS_FIELD]
  const kinds = [
    'beforeOperation',
    'beforeValidate',
    'beforeChange',
    'afterChange',
    'beforeRead',
    'afterRead',
  ] as const
  for (const [k, list] of Object.entries(g.hooks ?? {})) {
    if (!Array.isArray(list) || list.some((h) => typeof h !== 'function'))
      throw new ConfigError(`${where}: hooks.${k} must be an array of functions.`)
  }
  for (const [k, fn] of Object.entries(g.access ?? {})) {
    if (typeof fn !== 'function') throw new ConfigError(`${where}: access.${k} must be a function.`)
  }
  const sanitized: SanitizedGlobal = {
    ...g,
    label: g.label ?? toWords(g.slug),
    flatFields,
    hooks: Object.fromEntries(
      kinds.map((k) => [k, g.hooks?.[k] ?? []]),
    ) as SanitizedGlobal['hooks'],
    access: g.access ?? {},
    versions,
  }
  if (versions) sanitized.versionsCollection = globalVersionsCollection(sanitized)
  return sanitized
}

function checkEndpoints(endpoints: unknown, where: string): void {
  if (!Array.isArray(endpoints)) throw new ConfigError(`${where}: endpoints must be an array.`)
  for (const e of endpoints) {
    if (!e || typeof e.path !== 'string' || !e.path.startsWith('/'))
      throw new ConfigError(`${where}: every endpoint needs a path starting with "/".`)
    if (!['get', 'post', 'put', 'patch', 'delete', 'head', 'options'].includes(e.method)) {
      throw new ConfigError(
        `${where}, endpoint "${e.path}": method must be a lowercase HTTP verb such as "get" or "post"; got ${JSON.stringify(e.method)}.`,
      )
    }
    if (typeof e.handler !== 'function')
      throw new ConfigError(`${where}, endpoint "${e.path}": handler must be a function.`)
    const security: unknown = e.openapi?.security
    if (
      security !== undefined &&
      (!Array.isArray(security) ||
        security.some((r) => !r || typeof r !== 'object' || Array.isArray(r)))
    )
      throw new ConfigError(
        `${where}, endpoint "${e.path}": openapi.security must be a list of security requirements (objects), or [] for a public endpoint.`,
      )
  }
}

/** Checks one level of fields (recursing into groups, arrays and blocks) and returns them flattened. */
function checkFields(
  fields: Field[],
  where: string,
  slugs: Set<string>,
  localizationOn: boolean,
  topLevel: boolean,
  prefix = '',
): FlattenedField[] {
  for (const f of fields) {
    if (!f || typeof f !== 'object')
      throw new ConfigError(`${where}: every field must be an object.`)
    const name = 'name' in f ? (f as { name?: unknown }).name : undefined
    const at = `${where}, field "${prefix}${typeof name === 'string' ? name : '?'}"`
    if (typeof f.type !== 'string' || !FIELD_TYPES.has(f.type))
      throw new ConfigError(`${at}: unknown field type ${JSON.stringify(f.type)}.`)
    if ((f.type === 'row' || f.type === 'collapsible') && !Array.isArray(f.fields))
      throw new ConfigError(`${at}: a ${f.type} needs a fields array.`)
    if (
      f.type === 'tabs' &&
      (!Array.isArray(f.tabs) || f.tabs.some((t) => !t || !Array.isArray(t.fields)))
    )
      throw new ConfigError(`${at}: tabs needs a tabs array, each with a fields array.`)
  }
  const flat = flattenFields(fields).flatMap((f) =>
    f.type === 'date' && f.timezone
      ? [f, timezoneField(f, `${where}, field "${prefix}${f.name}"`)]
      : [f],
  )
  const seen = new Set<string>()
  for (const f of flat) {
    const at = `${where}, field "${prefix}${String(f.name)}"`
    if (typeof f.name !== 'string' || !NAME_RE.test(f.name) || f.name.includes('__')) {
      throw new ConfigError(
        `${at}: a field name must start with a letter and hold only letters, digits and single underscores.`,
      )
    }
    if (RESERVED_ANYWHERE.has(f.name) || (topLevel && RESERVED_FIELD_NAMES.has(f.name))) {
      throw new ConfigError(`${at}: "${f.name}" is a reserved field name.`)
    }
    if (seen.has(f.name))
      throw new ConfigError(
        `${at}: duplicate field name; another field at this level is also called "${f.name}".`,
      )
    seen.add(f.name)
    if (f.virtual !== undefined && typeof f.virtual !== 'boolean')
      throw new ConfigError(
        `${at}: virtual must be true or false (a path to a related field, Payload's virtual relationship link, is not supported: compute the value in an afterRead hook).`,
      )
    if (f.virtual)
      for (const key of ['required', 'unique', 'index', 'localized', 'defaultValue'] as const)
        if ((f as unknown as Record<string, unknown>)[key] !== undefined)
          throw new ConfigError(
            `${at}: ${key} does not apply to a virtual field (it is not stored, and writes to it are ignored); remove ${key}.`,
          )
    if (f.localized && !localizationOn)
      throw new ConfigError(`${at}: localized is set but the config has no localization.`)
    const unique = isUnique(f)
    // A value stored as JSON (localized, hasMany) has no column to index.
    if ((unique || isIndexed(f)) && isJsonStored(f)) {
      const many = 'hasMany' in f && f.hasMany ? 'hasMany ' : ''
      throw new ConfigError(
        `${at}: ${unique ? 'unique' : 'index'} is not supported on ${f.localized ? 'localized fields' : `a ${many}${f.type} field`}: the value is stored as one JSON value${f.localized ? ' holding every locale' : ''}, which has no column to index; remove ${unique ? 'unique' : 'index'}${f.localized ? ', or make the field not localized' : ''}.`,
      )
    }
    if ((unique || isIndexed(f)) && !topLevel)
      throw new ConfigError(
        `${at}: unique and index are only supported outside arrays and blocks: their rows are stored as one JSON value, which has no column to index; remove them, or keep the rows in a collection related to this one.`,
      )
    for (const key of ['min', 'max', 'minLength', 'maxLength', 'minRows', 'maxRows'] as const) {
      const v = (f as unknown as Record<string, unknown>)[key]
      if (v !== undefined && (typeof v !== 'number' || !Number.isFinite(v)))
        throw new ConfigError(`${at}: ${key} must be a number.`)
    }
    if (f.validate !== undefined && typeof f.validate !== 'function')
      throw new ConfigError(`${at}: validate must be a function.`)
    switch (f.type) {
      case 'select':
      case 'radio': {
        if (!Array.isArray(f.options) || f.options.length === 0)
          throw new ConfigError(`${at}: a ${f.type} field needs a non-empty options array.`)
        const values = f.options.map((o) => optionValue(o))
        if (values.some((v) => typeof v !== 'string' || v === ''))
          throw new ConfigError(`${at}: every option needs a non-empty string value.`)
        if (new Set(values).size !== values.length)
          throw new ConfigError(`${at}: duplicate option value.`)
        break
      }
      case 'json': {
        const js: unknown = f.jsonSchema
        if (
          js !== undefined &&
          (!js ||
            typeof js !== 'object' ||
            !(js as { schema?: unknown }).schema ||
            typeof (js as { schema?: unknown }).schema !== 'object')
        )
          throw new ConfigError(
            `${at}: jsonSchema must be an object with a schema (a JSON Schema object), such as { schema: { type: 'object' } }.`,
          )
        break
      }
      case 'relationship': {
        const targets = Array.isArray(f.relationTo) ? f.relationTo : [f.relationTo]
        if (targets.length === 0)
          throw new ConfigError(`${at}: relationTo must name at least one collection.`)
        for (const t of targets) {
          if (!slugs.has(t))
            throw new ConfigError(`${at}: relationTo "${t}" is not a collection in this config.`)
        }
        const fo: unknown = f.filterOptions
        if (
          fo !== undefined &&
          typeof fo !== 'function' &&
          (!fo || typeof fo !== 'object' || Array.isArray(fo))
        )
          throw new ConfigError(
            `${at}: filterOptions must be a Where object or a function returning one (or a boolean).`,
          )
        break
      }
      case 'join':
        checkJoinField(f, at, slugs, topLevel)
        break
      case 'group':
      case 'array': {
        if (!Array.isArray(f.fields) || f.fields.length === 0)
          throw new ConfigError(`${at}: a ${f.type} field needs a non-empty fields array.`)
        const inner = checkFields(
          f.fields,
          where,
          slugs,
          localizationOn,
          f.type === 'group' && topLevel && !f.localized,
          `${prefix}${f.name}.`,
        )
        f.fields = inner
        break
      }
      case 'blocks': {
        if (!Array.isArray(f.blocks) || f.blocks.length === 0)
          throw new ConfigError(`${at}: a blocks field needs a non-empty blocks array.`)
        const blockSlugs = new Set<string>()
        for (const b of f.blocks) {
          if (!b || typeof b.slug !== 'string' || !/^[A-Za-z][A-Za-z0-9_-]*$/.test(b.slug))
            throw new ConfigError(`${at}: every block needs a slug of letters, digits, "-" or "_".`)
          if (blockSlugs.has(b.slug))
            throw new ConfigError(`${at}: duplicate block slug "${b.slug}".`)
          blockSlugs.add(b.slug)
          if (!Array.isArray(b.fields))
            throw new ConfigError(`${at}, block "${b.slug}": fields must be an array.`)
          b.fields = checkFields(
            b.fields,
            where,
            slugs,
            localizationOn,
            false,
            `${prefix}${f.name}.${b.slug}.`,
          )
        }
        break
      }
    }
    if (f.type === 'text' || f.type === 'email') {
      // An indexed text column is a VARCHAR on MySQL; keep the validated length within what it can hold.
      if ((f.unique || f.index) && f.type === 'text') {
        if (f.maxLength !== undefined && f.maxLength > 768)
          throw new ConfigError(`${at}: maxLength above 768 cannot be indexed.`)
      }
    }
  }
  return flat
}

const isCount = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && v >= 0

/** The options of one join field, on their own (its target is resolved once every collection is known). */
function checkJoinField(
  f: FlattenedField & { type: 'join' },
  at: string,
  slugs: Set<string>,
  topLevel: boolean,
): void {
  if (!topLevel)
    throw new ConfigError(
      `${at}: join fields are only supported at the top level of a collection or in its (non-localized) groups and named tabs, not in arrays, blocks or localized groups.`,
    )
  if (Array.isArray(f.collection))
    throw new ConfigError(
      `${at}: a join over several collections (collection as a list) is not supported yet; name one collection, or declare one join field per collection.`,
    )
  if (typeof f.collection !== 'string' || !slugs.has(f.collection))
    throw new ConfigError(
      `${at}: collection ${JSON.stringify(f.collection)} is not a collection in this config.`,
    )
  if (typeof f.on !== 'string' || f.on === '')
    throw new ConfigError(
      `${at}: on must name the relationship field of "${f.collection}" to join on, such as "category" or "meta.category".`,
    )
  for (const key of ['defaultLimit', 'maxDepth'] as const)
    if (f[key] !== undefined && !isCount(f[key]))
      throw new ConfigError(`${at}: ${key} must be a non-negative integer.`)
  if (f.defaultSort !== undefined && typeof f.defaultSort !== 'string')
    throw new ConfigError(`${at}: defaultSort must be a string such as "-createdAt".`)
  if (f.where !== undefined && (!f.where || typeof f.where !== 'object' || Array.isArray(f.where)))
    throw new ConfigError(`${at}: where must be a Where object.`)
}

/**
 * The join fields of a collection, each with the relationship field it reads: `on` walks the joined collection's
 * fields through (non-localized) groups to a relationship field, not localized, relating to this collection.
 */
function resolveJoins(
  c: SanitizedCollection,
  bySlug: Map<string, SanitizedCollection>,
): SanitizedJoin[] {
  const joins: SanitizedJoin[] = []
  traverseFields(c.flatFields, (field, path) => {
    if (field.type === 'group') return true
    if (field.type !== 'join') return false
    const joinPath = [...path, field.name].join('.')
    const at = `Collection "${c.slug}", field "${joinPath}"`
    const target = bySlug.get(field.collection)!
    let fields = target.flatFields
    const segs = field.on.split('.')
    let on: FlattenedField | undefined
    for (const [i, seg] of segs.entries()) {
      on = fields.find((f) => f.name === seg)
      if (on?.type === 'group' && !on.localized && i < segs.length - 1) fields = on.fields
      else if (i < segs.length - 1) on = undefined
      if (!on) break
    }
    if (on?.type !== 'relationship')
      throw new ConfigError(
        `${at}: on "${field.on}" is not a relationship field of collection "${target.slug}" (a dotted path through groups; fields in arrays and blocks cannot be joined).`,
      )
    const targets = Array.isArray(on.relationTo) ? on.relationTo : [on.relationTo]
    if (!targets.includes(c.slug))
      throw new ConfigError(
        `${at}: the relationship field "${field.on}" of "${target.slug}" relates to ${targets.map((t) => `"${t}"`).join(', ')}, not to "${c.slug}".`,
      )
    if (on.localized)
      throw new ConfigError(
        `${at}: the relationship field "${field.on}" of "${target.slug}" is localized, which joins do not support.`,
      )
    joins.push({ path: joinPath, field, on })
    return false
  })
  return joins
}

/** Whether `zone` is an IANA time zone name this runtime knows (or `UTC`). */
function isTimeZone(zone: unknown): boolean {
  if (typeof zone !== 'string' || zone === '') return false
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone })
    return true
  } catch {
    return false
  }
}

/**
 * The companion field of a date with `timezone` (Payload 3): `<name>_tz`, a select of the supported zones, or a
 * text field holding any IANA zone name when the date lists none. Localized when the date is.
 */
function timezoneField(date: DateField, at: string): FlattenedField {
  const tz: DateTimezone = date.timezone === true ? {} : (date.timezone as DateTimezone)
  if (!tz || typeof tz !== 'object' || Array.isArray(tz))
    throw new ConfigError(`${at}: timezone must be true or an object.`)
  const keys = ['defaultTimezone', 'supportedTimezones', 'required']
  for (const key of Object.keys(tz))
    if (!keys.includes(key) && (tz as Record<string, unknown>)[key] !== undefined)
      throw new ConfigError(
        `${at}: timezone.${key} is not an option of a date timezone. Accepted: ${keys.join(', ')}.`,
      )
  const zones = tz.supportedTimezones?.map((z) => (typeof z === 'string' ? z : z?.value))
  if (zones !== undefined) {
    if (!Array.isArray(tz.supportedTimezones) || zones.length === 0)
      throw new ConfigError(`${at}: timezone.supportedTimezones must be a non-empty list.`)
    const bad = zones.find((z) => !isTimeZone(z))
    if (bad !== undefined)
      throw new ConfigError(
        `${at}: timezone.supportedTimezones: ${JSON.stringify(bad)} is not an IANA time zone name.`,
      )
  }
  if (
    tz.defaultTimezone !== undefined &&
    !(zones ?? [tz.defaultTimezone]).includes(tz.defaultTimezone)
  )
    throw new ConfigError(
      `${at}: timezone.defaultTimezone ${JSON.stringify(tz.defaultTimezone)} is not one of the supported time zones.`,
    )
  if (tz.defaultTimezone !== undefined && !isTimeZone(tz.defaultTimezone))
    throw new ConfigError(
      `${at}: timezone.defaultTimezone ${JSON.stringify(tz.defaultTimezone)} is not an IANA time zone name.`,
    )
  const base = {
    name: `${date.name}_tz`,
    label: `${date.label ?? date.name} time zone`,
    ...(tz.required ? { required: true } : {}),
    ...(tz.defaultTimezone !== undefined ? { defaultValue: tz.defaultTimezone } : {}),
    ...(date.localized ? { localized: true } : {}),
    ...(date.access ? { access: date.access } : {}),
    ...(date.hidden ? { hidden: true } : {}),
  }
  if (zones) return { ...base, type: 'select', options: [...new Set(zones)] }
  return {
    ...base,
    type: 'text',
    maxLength: 64,
    validate: (value) =>
      value === null || value === undefined || isTimeZone(value)
        ? true
        : `${JSON.stringify(value)} is not an IANA time zone name (such as "Europe/Paris").`,
  }
}
