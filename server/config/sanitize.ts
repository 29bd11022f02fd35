import { sanitizeI18n } from './i18n.ts'
import { resolveTexts } from './sanitize/texts.ts'
import { checkRequestAuth, checkSaveToJWT, cookiePrefixOf } from './auth-options.ts'
import { ConfigError } from '../errors/config-error.ts'
import { checkOptions } from './check-options.ts'
import { checkHttpOptions } from './plugins.ts'
import { markConditional, someField } from './fields.ts'
import { checkNames } from './names.ts'
import { annotateRelations } from './ids.ts'
import { sanitizeCollection } from './sanitize/collection.ts'
import { checkAdminObject, checkAdminUser } from './sanitize/admin.ts'
import { checkLivePreview } from './live-preview.ts'
import { checkEndpoints } from './sanitize/endpoints.ts'
import { sanitizeGlobal } from './sanitize/global.ts'
import { resolveJoins } from './sanitize/joins.ts'
import { positiveInt, sanitizeLimits } from './sanitize/limits.ts'
import { sanitizeLocalization } from './sanitize/localization.ts'
import { checkSlug, ROUTE_RE } from './sanitize/names.ts'
import { checkOrdersApi } from './sanitize/orders.ts'
import { checkWebhooks } from './sanitize/webhooks.ts'
import { webhooksCollection } from './sanitize/webhooks-collection.ts'
import { withFolders } from './sanitize/folders.ts'
import { withOrderable, type OrderFields } from './sanitize/orderable.ts'
import { withReorderEndpoint } from './sanitize/reorder-endpoint.ts'
import { checkUploadTargets } from './sanitize/upload-fields.ts'
import { resolveEditors } from './sanitize/lexical.ts'
import { sanitizeJobs } from './sanitize/jobs.ts'
import { checkLockDocuments, lockedDocumentsCollection } from './sanitize/locked-documents.ts'
import { trustedAccess } from './trusted.ts'
import type {
  CollectionConfig,
  Config,
  GlobalConfig,
  SanitizedCollection,
  SanitizedConfig,
  SanitizedGlobal,
} from './types.ts'

export { AUTH_DEFAULTS } from './sanitize/collection.ts'
export { DEFAULT_LIMITS } from './sanitize/limits.ts'

/**
 * Fills defaults and checks the config; throws `ConfigError` naming the collection and field at fault. Every key
 * of every config object must be an implemented option (`options.ts`, checked by `checkOptions`).
 */
export function sanitizeConfig(input: Config): SanitizedConfig {
  if (!input || typeof input !== 'object')
    throw new ConfigError('The config must be an object (export default defineConfig({...})).')
  // Label functions become per-language text before anything reads a label (config/i18n.ts).
  const i18n = sanitizeI18n(input.i18n)
  resolveTexts(input as unknown as Record<string, unknown>, i18n)
  checkOptions(input)
  checkHttpOptions(input)
  const collectionsIn = input.collections ?? []
  const globalsIn = input.globals ?? []
  if (!Array.isArray(collectionsIn)) throw new ConfigError('config.collections must be an array.')
  if (!Array.isArray(globalsIn)) throw new ConfigError('config.globals must be an array.')

  const localization = sanitizeLocalization(input)
  for (const o of [...collectionsIn, ...globalsIn]) checkLockDocuments(o?.lockDocuments, o?.slug)
  const slugs = collectionSlugs(collectionsIn)
  const tables = new Map<string, string>()
  const dbIdType = dbIdTypeOf(input)
  // Payload's folders: the folders collection and the folder field of the collections that enable them.
  const foldered = withFolders(input, collectionsIn, slugs)
  // Payload's manual ordering: order fields and their hook on orderable collections and joined collections.
  const orders = new Map<string, OrderFields>()
  const ordered = withOrderable(foldered, orders)
  const queue = sanitizeJobs(input, slugs, Boolean(localization))
  const collections = [...ordered, ...(queue ? [queue.collection] : [])].map((c) =>
    sanitizeCollection(c, slugs, Boolean(localization), dbIdType, input.upload?.limits?.fileSize),
  )
  checkTableNames(collections, tables)
  const bySlug = new Map(collections.map((c) => [c.slug, c]))
  for (const c of collections) c.joins = resolveJoins(c, bySlug)
  const globals = sanitizeGlobals(globalsIn, slugs, Boolean(localization))
  for (const g of globals) {
    const table = g.versionsCollection?.table
    if (!table) continue
    const other = tables.get(table.toLowerCase())
    if (other)
      throw new ConfigError(
        `Global "${g.slug}": its versions table "${table}" collides with global "${other}".`,
      )
    tables.set(table.toLowerCase(), g.slug)
  }

  const routes = sanitizeRoutes(input)
  const graphQL = sanitizeGraphQL(input)
  const maxDepth = positiveInt(input.maxDepth ?? 10, 'maxDepth')
  const defaultDepth = positiveInt(input.defaultDepth ?? 2, 'defaultDepth', true)
  const maxLimit = positiveInt(input.maxLimit ?? 1000, 'maxLimit')
  checkEndpoints(input.endpoints ?? [], 'Top-level endpoints')
  const endpoints = withReorderEndpoint(input.endpoints ?? [], orders)
  checkAdminObject(input, 'The config')
  checkAdminUser(input.admin?.user, collections)
  checkLivePreview({ admin: input.admin, collections, globals })
  const cookiePrefix = cookiePrefixOf(input)
  for (const c of collections) {
    if (c.auth) checkRequestAuth(c.auth, `Collection "${c.slug}"`, maxDepth)
    checkSaveToJWT(c.flatFields, `Collection "${c.slug}"`, Boolean(c.auth))
  }
  for (const g of globals) checkSaveToJWT(g.flatFields, `Global "${g.slug}"`, false)
  if (input.ordersApi) checkOrdersApi(input.ordersApi, collections)
  checkWebhooks(input, collections, globals)
  const subscriptions = webhooksCollection(input, collections, globals)
  if (subscriptions) {
    const c = sanitizeCollection(subscriptions, slugs, Boolean(localization), dbIdType, undefined)
    c.joins = resolveJoins(c, bySlug)
    collections.push(c)
  }
  addLocksCollection(input, collections, globals, { slugs, tables, dbIdType })
  checkUploadTargets(collections, globals)
  resolveEditors(input.editor, collections, globals)
  annotateRelations({ collections, globals })
  for (const owner of [...collections, ...globals])
    for (const o of [owner, owner.versionsCollection]) if (o) markConditional(o.flatFields)

  const sanitized: SanitizedConfig = {
    ...input,
    collections,
    globals,
    localization,
    i18n,
    routes,
    graphQL,
    cookiePrefix,
    limits: sanitizeLimits(input.limits),
    endpoints,
    maxDepth,
    defaultDepth: Math.min(defaultDepth, maxDepth),
    maxLimit,
    collectionsBySlug: new Map(collections.map((c) => [c.slug, c])),
    globalsBySlug: new Map(globals.map((g) => [g.slug, g])),
    jobsQueue: queue?.jobs,
  }
  // Both contracts and the types file name things after the labels; two things must not share a name.
  const clashes = checkNames(sanitized)
  if (clashes.length) throw new ConfigError(clashes[0])
  return sanitized
}

/** Payload's `payload-locked-documents` (sanitize/locked-documents.ts), where some entity is lockable. */
function addLocksCollection(
  input: Config,
  collections: SanitizedCollection[],
  globals: SanitizedGlobal[],
  {
    slugs,
    tables,
    dbIdType,
  }: { slugs: Set<string>; tables: Map<string, string>; dbIdType: 'serial' | 'uuid' },
): void {
  const locks = lockedDocumentsCollection(collections, globals, trustedAccess(input, collections))
  if (!locks) return
  if (slugs.has(locks.slug))
    throw new ConfigError(
      `Collection "${locks.slug}": the slug is the document locks' (Payload's); rename the collection, or set lockDocuments: false on every collection and global.`,
    )
  const c = sanitizeCollection(locks, slugs, false, dbIdType, undefined)
  c.joins = resolveJoins(c, new Map(collections.map((x) => [x.slug, x])))
  checkTableNames([c], tables)
  collections.push(c)
}

/**
 * SQLite's table names ignore case (`variantOptions`, `variantoptions`), and a slug may not take another
 * collection's versions table (`_posts_versions`). `tables` gains each collection's tables.
 */
function checkTableNames(collections: SanitizedCollection[], tables: Map<string, string>): void {
  for (const c of collections)
    for (const table of [c.table, c.versionsCollection?.table]) {
      if (!table) continue
      const other = tables.get(table.toLowerCase())
      if (other)
        throw new ConfigError(
          `Collection "${c.slug}": its table name "${table}" collides with collection "${other}" (table names ignore case).`,
        )
      tables.set(table.toLowerCase(), c.slug)
    }
}

/** `routes` with their defaults, each checked to be a path. */
function sanitizeRoutes(input: Config) {
  const routes = {
    admin: '/admin',
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
  const under = (a: string, b: string) => a === b || a.startsWith(`${b}/`) || b === '/'
  if (under(routes.admin, routes.api) || under(routes.api, routes.admin))
    throw new ConfigError(
      `routes.admin (${routes.admin}) and routes.api (${routes.api}) must not contain one another; give the admin a path of its own.`,
    )
  return routes
}

/** `graphQL` with its defaults, its limits checked. */
function dbIdTypeOf(input: Config): 'serial' | 'uuid' {
  const dbIdType = input.db?.idType ?? 'serial'
  if (dbIdType !== 'serial' && dbIdType !== 'uuid')
    throw new ConfigError(
      `db.idType must be "serial" or "uuid"; got ${JSON.stringify(input.db?.idType)}.`,
    )
  return dbIdType
}

function sanitizeGraphQL(input: Config) {
  return {
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
    schemaOutputFile: outputFile(input.graphQL?.schemaOutputFile, 'graphQL.schemaOutputFile'),
  }
}

function outputFile(file: unknown, key: string): string | undefined {
  if (file === undefined) return undefined
  if (typeof file !== 'string' || !file.trim())
    throw new ConfigError(`${key} must be a file path (a non-empty string).`)
  return file
}

/** The slugs of the collections, each checked and unique. */
function collectionSlugs(collectionsIn: CollectionConfig[]): Set<string> {
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
  return slugs
}

/** The globals sanitized, each slug checked and unique; globals have no join fields. */
function sanitizeGlobals(
  globalsIn: GlobalConfig[],
  slugs: Set<string>,
  localized: boolean,
): SanitizedGlobal[] {
  const globalSlugs = new Set<string>()
  return globalsIn.map((g) => {
    if (!g || typeof g !== 'object')
      throw new ConfigError('Every entry of config.globals must be an object.')
    checkSlug(g.slug, 'Global')
    if (globalSlugs.has(g.slug))
      throw new ConfigError(`Global "${g.slug}": duplicate slug; another global already uses it.`)
    globalSlugs.add(g.slug)
    const global = sanitizeGlobal(g, slugs, localized)
    if (someField(global.flatFields, (f) => f.type === 'join'))
      throw new ConfigError(
        `Global "${g.slug}": join fields are only supported in collections (a join lists the documents relating to one document).`,
      )
    return global
  })
}
