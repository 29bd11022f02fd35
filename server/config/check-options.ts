import { ConfigError } from '../errors/config-error.ts'
import { findFieldType } from '../fields/registry.ts'
import { isLexicalEditor } from './lexical-editor.ts'
import { isSlateEditor } from './slate-editor.ts'
import { resolvedEditors } from './sanitize/lexical.ts'
import { FIELD_TABLES, OPTION_TABLES, type OptionTable } from './options.ts'
import { fieldTypeRefusalsByType } from './unsupported.ts'

type Obj = Record<string, unknown>
const T = OPTION_TABLES
const isObject = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v)
const has = <O extends object>(o: O, key: string): key is Extract<keyof O, string> =>
  Object.hasOwn(o, key)
const join = (path: string, key: string) => (path ? `${path}.${key}` : key)
/** `[3] (title)`: an entry of a list, with its name when it has one. */
const entry = (path: string, i: number, name: unknown) =>
  `${path}[${i}]${typeof name === 'string' && name ? ` (${name})` : ''}`
/** `collections[posts]`: a slug names its entry (the index when it has none). */
const bySlug = (path: string, i: number, slug: unknown) =>
  `${path}[${typeof slug === 'string' && slug ? slug : i}]`
const isThenable = (v: unknown) => isObject(v) && typeof v.then === 'function'

/** Where findings go while `reviewOptions` runs; outside it, the first refusal throws. */
interface Findings {
  refused: string[]
  ignored: string[]
  localization: boolean
}
let findings: Findings | undefined
function fail(message: string): undefined {
  if (!findings) throw new ConfigError(message)
  findings.refused.push(message)
  return undefined
}
/** A key that is accepted and has no server behaviour: told in a review, silent at start. */
function ignore(message: string): void {
  findings?.ignored.push(message)
}
const each = (list: unknown, visit: (item: Obj, i: number) => void) => {
  if (Array.isArray(list)) list.forEach((item, i) => isObject(item) && visit(item, i))
}

/**
 * Refuses, with a `ConfigError` naming the option's full path, every key of every config object that is not an
 * implemented option (`options.ts`): a Payload option this server does not implement with what to do instead, any
 * other key with the accepted ones. Configs written in JavaScript reach here too, so nothing trusts the types.
 * An option whose only shape is an object must be one; list entries that are not objects are left to the
 * sanitiser's own checks.
 *
 * @example
 * checkOptions({ collections: [{ slug: 'posts', fields: [], forceSelect: {} }] })
 * // ConfigError: collections[posts].forceSelect is not supported yet…
 */
export function checkOptions(input: unknown): void {
  const config = keys(input, T.config, '')
  if (!config) return
  adminKeys(config.admin, 'admin', [])
  if (isSlateEditor(config.editor))
    ignore(
      "editor: Payload's Slate editor, accepted while no richText field uses it (this server's rich text is Lexical; a richText field without an editor of its own stops the start).",
    )
  else if (config.editor != null && !isLexicalEditor(config.editor)) ignore(`editor: ${EDITOR}`)
  const types = isObject(config.typescript) ? config.typescript : {}
  if (Array.isArray(types.schema) && types.schema.length)
    ignore(
      'typescript.schema: kept and not called; the types file is written from the config by this server, not from a JSON schema.',
    )
  if (config.sharp != null)
    ignore(
      'sharp: images are processed with the sharp this server depends on (with its pixel limit); the one passed is not used.',
    )
  for (const name of [
    'routes',
    'graphQL',
    'typescript',
    'db',
    'ordersApi',
    'apiDocs',
    'i18n',
  ] as const)
    keys(config[name], T[name], name)
  if (config.folders !== false) keys(config.folders, T.folders, 'folders')
  if (
    isObject(config.folders) &&
    (config.folders.browseByFolder != null || config.folders.debug != null)
  )
    ignore(`folders.browseByFolder, folders.debug: ${FOR_ADMIN}`)
  // An adapter object is checked here; a factory (Payload's form) or a promise of one when it is resolved at start.
  if (typeof config.email !== 'function' && !isThenable(config.email))
    keys(config.email, T.email, 'email')
  keys(keys(config.upload, T.rootUpload, 'upload')?.limits, T.uploadLimits, 'upload.limits')
  const limits = keys(config.limits, T.limits, 'limits')
  keys(limits?.population, T.population, 'limits.population')
  keys(limits?.where, T.where, 'limits.where')
  keys(limits?.richText, T.richTextLimits, 'limits.richText')
  keys(limits?.images, T.imageLimits, 'limits.images')
  keys(limits?.rows, T.rowLimits, 'limits.rows')
  keys(limits?.read, T.readLimits, 'limits.read')
  const rateLimit = keys(config.rateLimit, T.rateLimit, 'rateLimit')
  for (const [name, rule] of Object.entries(rateLimit ?? {}))
    keys(rule, T.rateLimitRule, `rateLimit.${name}`)
  if (config.localization !== false) {
    const l = keys(config.localization, T.localization, 'localization')
    each(l?.locales, (locale, i) => {
      const at = entry('localization.locales', i, locale.code)
      keys(locale, T.locale, at)
      for (const key of ['label', 'rtl'])
        if (locale[key] != null) ignore(`${at}.${key}: ${FOR_ADMIN}`)
    })
  }
  checkEndpoints(config.endpoints, 'endpoints')
  checkWebhookEndpoints(
    keys(config.webhooks, T.webhooks, 'webhooks')?.endpoints,
    'webhooks.endpoints',
  )
  checkJobs(config.jobs)
  each(config.collections, (c, i) => checkCollection(c, bySlug('collections', i, c.slug)))
  each(config.globals, (g, i) => {
    const at = bySlug('globals', i, g.slug)
    keys(g, T.global, at)
    checkWebhookEndpoints(g.webhooks, `${at}.webhooks`)
    keys(g.access, T.globalAccess, `${at}.access`)
    keys(g.hooks, T.globalHooks, `${at}.hooks`)
    adminKeys(g.admin, `${at}.admin`, ['description'])
    checkVersions(g.versions, T.globalVersions, at)
    checkFields(g.fields, `${at}.fields`)
  })
}

/** `jobs`, its access, and each task, workflow (with retries) and autoRun entry (docs/jobs.md). */
function checkJobs(value: unknown): void {
  const jobs = keys(value, T.jobs, 'jobs')
  if (!jobs) return
  keys(jobs.access, T.jobsAccess, 'jobs.access')
  for (const [list, table] of [
    ['tasks', T.jobsTask],
    ['workflows', T.jobsWorkflow],
  ] as const)
    each(jobs[list], (t, i) => {
      const at = bySlug(`jobs.${list}`, i, t.slug)
      keys(t, table, at)
      if (isObject(t.retries)) keys(t.retries, T.jobsRetries, `${at}.retries`)
    })
  each(jobs.autoRun, (x, i) => keys(x, T.jobsAutoRun, `jobs.autoRun[${i}]`))
}

function checkCollection(c: Obj, at: string): void {
  keys(c, T.collection, at)
  checkWebhookEndpoints(c.webhooks, `${at}.webhooks`)
  keys(c.labels, T.labels, `${at}.labels`)
  keys(c.access, T.collectionAccess, `${at}.access`)
  keys(c.hooks, T.collectionHooks, `${at}.hooks`)
  each(c.indexes, (x, i) => keys(x, T.compoundIndex, `${at}.indexes[${i}]`))
  adminKeys(c.admin, `${at}.admin`, COLLECTION_ADMIN)
  checkEndpoints(c.endpoints, `${at}.endpoints`)
  if (c.auth != null && typeof c.auth !== 'boolean' && !isObject(c.auth))
    fail(`${at}.auth must be true, false or an object.`)
  if (isObject(c.folders)) keys(c.folders, T.collectionFolders, `${at}.folders`)
  if (c.upload != null && typeof c.upload !== 'boolean' && !isObject(c.upload))
    fail(`${at}.upload must be true, false or an object.`)
  if (isObject(c.upload)) {
    keys(c.upload, T.upload, `${at}.upload`)
    keys(c.upload.limits, T.uploadLimits, `${at}.upload.limits`)
    for (const key of [
      'crop',
      'displayPreview',
      'bulkUpload',
      'hideFileInputOnCreate',
      'hideRemoveFile',
    ])
      if (c.upload[key] != null) ignore(`${at}.upload.${key}: ${FOR_ADMIN}`)
  }
  if (isObject(c.auth)) {
    keys(c.auth, T.auth, `${at}.auth`)
    keys(c.auth.forgotPassword, T.forgotPassword, `${at}.auth.forgotPassword`)
    keys(c.auth.cookies, T.authCookies, `${at}.auth.cookies`)
    each(c.auth.strategies, (s, i) =>
      keys(s, T.authStrategy, entry(`${at}.auth.strategies`, i, s.name)),
    )
    if (c.auth.verify != null && typeof c.auth.verify !== 'boolean')
      keys(c.auth.verify, T.verify, `${at}.auth.verify`)
    if (typeof c.auth.loginWithUsername !== 'boolean')
      keys(c.auth.loginWithUsername, T.loginWithUsername, `${at}.auth.loginWithUsername`)
  }
  checkVersions(c.versions, T.versions, at)
  checkFields(c.fields, `${at}.fields`)
}

/** The keys of each webhook endpoint of a list (docs/webhooks.md). */
function checkWebhookEndpoints(list: unknown, at: string): void {
  each(list, (e, i) => keys(e, T.webhookEndpoint, `${at}[${i}]`))
}

/** `versions` of a collection or global: true, false or an object; `drafts` and `drafts.autosave` likewise. */
function checkVersions(versions: unknown, table: OptionTable, at: string): void {
  const flag = (value: unknown, path: string) => {
    if (value != null && typeof value !== 'boolean' && !isObject(value))
      fail(`${path} must be true, false or an object.`)
    return isObject(value) ? value : undefined
  }
  const v = flag(versions, `${at}.versions`)
  if (!v) return
  keys(v, table, `${at}.versions`)
  const drafts = flag(v.drafts, `${at}.versions.drafts`)
  if (!drafts) return
  keys(drafts, T.drafts, `${at}.versions.drafts`)
  const autosave = flag(drafts.autosave, `${at}.versions.drafts.autosave`)
  if (autosave) keys(autosave, T.autosave, `${at}.versions.drafts.autosave`)
}

function checkEndpoints(endpoints: unknown, path: string): void {
  each(endpoints, (e, i) => {
    const at = entry(path, i, e.path)
    keys(e, T.endpoint, at)
    keys(e.openapi, T.endpointOpenapi, `${at}.openapi`)
  })
}

/** `inRows`: inside an array or blocks row, whose values are stored in one JSON value (no column to index). */
function checkFields(fields: unknown, path: string, inRows = false): void {
  each(fields, (f, i) => {
    const at = entry(path, i, f.name)
    const type = f.type
    if (typeof type !== 'string') return // the sanitiser names the missing type
    if (has(fieldTypeRefusalsByType, type))
      return fail(`${at}: type "${type}" is not supported: ${fieldTypeRefusalsByType[type]}`)
    if (!has(FIELD_TABLES, type)) return // the sanitiser lists the field types
    const unnamedGroup = type === 'group' && (f.name === undefined || f.name === null)
    // A rich-text field's editor as an earlier sanitising resolved it (config/sanitize/lexical.ts) is not an option.
    const given =
      isObject(f.lexical) && resolvedEditors.has(f.lexical) ? { ...f, lexical: undefined } : f
    keys(given, unnamedGroup ? T.unnamedGroup : FIELD_TABLES[type], at)
    keys(f.access, T.fieldAccess, `${at}.access`)
    keys(f.hooks, T.fieldHooks, `${at}.hooks`)
    checkAdmin(f, at)
    if (f.localized === true && findings && !findings.localization)
      ignore(
        `${at}.localized: the config has no localization, so the field is stored once (as Payload does); add localization to translate it.`,
      )
    if (f.editor != null && !isLexicalEditor(f.editor) && !isSlateEditor(f.editor))
      ignore(`${at}.editor: ${EDITOR}`)
    if (inRows && f.saveToJWT != null && f.saveToJWT !== false)
      ignore(
        `${at}.saveToJWT: inside an array or blocks row it signs nothing, as in Payload (the token takes no value out of a row); set it on the array or blocks field to sign the whole value.`,
      )
    if (f.index === true && !f.unique && (inRows || f.localized === true || f.hasMany === true))
      ignore(
        `${at}.index: the value is stored inside one JSON value (${inRows ? 'the rows of an array or blocks field' : f.localized ? 'every locale together' : 'the list of values'}), which has no column to index; accepted, queries on it scan.`,
      )
    if (f.unique === true && (type === 'group' || (type === 'select' && f.hasMany === true)))
      ignore(
        `${at}.unique: ${type === 'group' ? 'a group has no value of its own' : "a hasMany select's values are a list"}, so there is nothing to keep unique (Payload's SQL adapters ignore it too); ${type === 'group' ? 'set unique on the fields inside the group' : 'remove it'}.`,
      )
    if (type === 'group' && f.index != null)
      ignore(
        `${at}.index: a group has no column of its own, so there is nothing to index (Payload's SQL adapters ignore it too); index the fields inside the group.`,
      )
    if (type === 'upload' && f.displayPreview != null) ignore(`${at}.displayPreview: ${FOR_ADMIN}`)
    const many = findFieldType(type)?.many
    if (many && !f.hasMany)
      for (const key of ['minRows', 'maxRows'])
        if (f[key] !== undefined)
          fail(
            `${at}.${key} only applies to ${many.what} with hasMany: true (a single ${many.one} is required or not); set hasMany: true or remove ${key}.`,
          )
    each(f.options, (o, j) => keys(o, T.option, `${at}.options[${j}]`))
    checkFields(f.fields, `${at}.fields`, inRows || type === 'array')
    each(f.blocks, (b, j) => {
      const block = entry(`${at}.blocks`, j, b.slug)
      keys(b, T.block, block)
      checkAdmin(b, block)
      for (const key of ['imageURL', 'imageAltText'])
        if (b[key] != null) ignore(`${block}.${key}: ${FOR_ADMIN}`)
      checkFields(b.fields, `${block}.fields`, true)
    })
    each(f.tabs, (tab, j) => {
      const name = typeof tab.name === 'string' && tab.name ? tab.name : undefined
      const at2 = entry(`${at}.tabs`, j, name ?? tab.label)
      keys(tab, T.tab, at2)
      checkAdmin(tab, at2)
      // A label titles any tab (Payload needs one on an unnamed tab); the rest make a named tab's group.
      for (const key of ['interfaceName', 'saveToJWT', 'localized'])
        if (!name && tab[key] !== undefined)
          fail(
            `${at2}.${key} only applies to a named tab (stored as a group); an unnamed tab only lifts its fields into the parent. Give the tab a name, or remove ${key}.`,
          )
      checkFields(tab.fields, `${at2}.fields`, inRows)
    })
  })
}

/**
 * Payload's `admin` and `custom` of a field, block or tab: objects (any admin key passes: config/admin.ts), with
 * `admin.condition` a function.
 */
function checkAdmin(owner: Obj, at: string): void {
  for (const key of ['admin', 'custom'])
    if (owner[key] != null && !isObject(owner[key])) fail(`${at}.${key} must be an object.`)
  adminKeys(owner.admin, `${at}.admin`, ['description', 'condition'])
  const condition = isObject(owner.admin) ? owner.admin.condition : undefined
  if (condition != null && typeof condition !== 'function')
    fail(`${at}.admin.condition must be a function (data, siblingData, { user }) => boolean.`)
}

const FOR_ADMIN = 'kept in the config for an admin UI; no server behaviour.'
const EDITOR =
  "not this server's lexicalEditor(), so Payload's default features apply (import lexicalEditor and its features from '@payloadcms/richtext-lexical', which resolves to this server's, or from 'contract-cms')."
/** The `admin` keys of a collection the server reads (the rest are kept for an admin UI). */
const COLLECTION_ADMIN = ['description', 'useAsTitle', 'defaultColumns', 'listSearchableFields']

/** Tells the `admin` keys of an object that the server does not read (`read`: the ones it does). */
function adminKeys(admin: unknown, at: string, read: string[]): void {
  if (!isObject(admin)) return
  for (const [key, v] of Object.entries(admin))
    if (v != null && !read.includes(key)) ignore(`${at}.${key}: ${FOR_ADMIN}`)
}

/**
 * Every refusal of a config in one pass (where `checkOptions` throws the first), and the keys accepted without
 * server behaviour (`localized` without localization, admin-only keys, editors): `cms check-config`.
 */
export function reviewOptions(input: unknown): { refused: string[]; ignored: string[] } {
  const localization = isObject(input) && input.localization != null && input.localization !== false
  findings = { refused: [], ignored: [], localization }
  try {
    checkOptions(input)
    return { refused: findings.refused, ignored: findings.ignored }
  } finally {
    findings = undefined
  }
}

/** Checks the keys of one config object against its table; returns the object (undefined when absent). */
function keys(value: unknown, table: OptionTable, path: string): Obj | undefined {
  if (value === undefined || value === null) return undefined
  if (!isObject(value)) return fail(`${path} must be an object (${table.of}).`)
  for (const [key, v] of Object.entries(value)) {
    // `key: undefined` (or null) asks for nothing: a spread config may clear an option that way.
    if (v === undefined || v === null || has(table.implemented, key)) continue
    const at = join(path, key)
    fail(
      has(table.refused, key)
        ? `${at} is not supported: ${table.refused[key]}`
        : unknown(at, key, table),
    )
  }
  return value
}

function unknown(at: string, key: string, table: OptionTable): string {
  const accepted = Object.keys(table.implemented)
  const close = closest(key, accepted)
  return (
    `${at} is not an option of ${table.of}. ` +
    (accepted.length ? `Accepted: ${accepted.join(', ')}.` : 'It accepts none.') +
    (close ? ` Did you mean "${close}"?` : '')
  )
}

/** The accepted key nearest to a misspelt one (case-insensitive edit distance within half its length). */
function closest(key: string, candidates: string[]): string | undefined {
  let best: string | undefined
  let bestDistance = Math.max(1, Math.floor(key.length / 2)) + 1
  for (const c of candidates) {
    const d = distance(key.toLowerCase(), c.toLowerCase())
    if (d < bestDistance) [best, bestDistance] = [c, d]
  }
  return best
}

function distance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const next = [i]
    for (let j = 1; j <= b.length; j++)
      next[j] = Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1))
    row = next
  }
  return row[b.length]
}
