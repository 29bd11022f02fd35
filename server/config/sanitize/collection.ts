/** One collection sanitized: auth defaults and fields, versions, trash, hooks, access and endpoints. */
import { API_KEY_FIELDS, REQUEST_AUTH_DEFAULTS } from '../auth-options.ts'
import { ConfigError } from '../../errors/config-error.ts'
import { apiKeyFieldAccess, verifiedFieldAccess } from '../auth-fields.ts'
import { versionsCollection } from '../versions.ts'
import { customIdField } from '../ids.ts'
import { formatLabels } from '../labels.ts'
import { staticText } from '../admin.ts'
import { checkEndpoints } from './endpoints.ts'
import { checkCollectionAdmin } from './admin.ts'
import { checkFields } from './fields.ts'
import { checkIndexes } from './indexes.ts'
import { withBaseFields } from './base-fields.ts'
import { sanitizeUpload, uploadFields } from '../upload.ts'
import { RESERVED_AUTH_FIELD_NAMES } from './names.ts'
import type {
  AuthOptions,
  CollectionConfig,
  EmailField,
  Field,
  FlattenedField,
  GlobalConfig,
  SanitizedAuth,
  SanitizedCollection,
  SanitizedVersions,
  TextField,
} from '../types.ts'

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

/** The hooks a collection and a global both have (a collection's come first, in this order). */
export const DOCUMENT_HOOK_KINDS = [
  'beforeOperation',
  'beforeValidate',
  'beforeChange',
  'afterChange',
  'beforeRead',
  'afterRead',
] as const

const HOOK_KINDS = [
  ...DOCUMENT_HOOK_KINDS,
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

export function sanitizeCollection(
  c: CollectionConfig,
  slugs: Set<string>,
  localized: boolean,
  dbIdType: 'serial' | 'uuid',
  fileSizeDefault?: number,
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
  if (auth) fields = withAuthFields(c, auth, fields, where)
  const upload = sanitizeUpload(c.upload, c.slug, where, fileSizeDefault)
  if (upload) fields = withBaseFields(fields, uploadFields(upload))
  const versions = sanitizeVersions(
    c.versions,
    typeof c.versions === 'object' ? c.versions.maxPerDoc : undefined,
    `${where}: versions.maxPerDoc`,
  )
  let flatFields = checkFields(fields, where, slugs, localized, true)
  if (auth) {
    const taken = flatFields.find((f) => RESERVED_AUTH_FIELD_NAMES.has(f.name))
    if (taken)
      throw new ConfigError(
        `${where}, field "${taken.name}": "${taken.name}" is a reserved name in an auth collection (the auth layer keeps its password, secrets and counters under these names); rename your field.`,
      )
  }
  if (auth) flatFields = withAuthInternals(c, auth, flatFields, where)
  if (versions && versions.drafts) flatFields = withStatus(flatFields, where)
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
  const hooks = sanitizeHooks(c, where)
  for (const [k, fn] of Object.entries(c.access ?? {})) {
    if (fn != null && typeof fn !== 'function')
      throw new ConfigError(`${where}: access.${k} must be a function.`)
  }
  checkEndpoints(c.endpoints ?? [], where)
  const timestamps = c.timestamps ?? true
  if (c.disableDuplicate != null && typeof c.disableDuplicate !== 'boolean')
    throw new ConfigError(`${where}: disableDuplicate must be true or false.`)
  if (c.defaultSort !== undefined && typeof c.defaultSort !== 'string')
    throw new ConfigError(`${where}: defaultSort must be a string such as "-createdAt".`)
  const indexes = checkIndexes(c.indexes, flatFields, timestamps, where)
  const sanitized: SanitizedCollection = {
    ...c,
    indexes,
    labels: labelsOf(c),
    labelTexts: { singular: c.labels?.singular, plural: c.labels?.plural },
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
    idType: custom.field ? custom.field.type : auth ? 'serial' : dbIdType,
    ...(custom.field ? { idField: custom.field } : {}),
    joins: [],
    upload,
  }
  checkCollectionAdmin(sanitized, where)
  if (versions) sanitized.versionsCollection = versionsCollection(sanitized)
  return sanitized
}

/**
 * The fields auth adds to the declared ones: `email` (unless declared, as an email field) and `username` (with
 * loginWithUsername) in front, `enableAPIKey` (with useAPIKey) after.
 */
/**
 * Payload's own auth fields as a project may declare them again: a `password` field (examples/auth gives it
 * Payload's admin-only type `password`; examples/multi-tenant a hidden text field whose `access.update` says who
 * may change a password), and the reset fields with their own types. They are the auth layer's here: the
 * declarations are dropped, a password field's `access` kept for the password a write sends (`passwordAccess`);
 * any other field of those names is refused as reserved.
 */
const AUTH_REDECLARED = new Map([
  ['resetPasswordToken', 'text'],
  ['resetPasswordExpiration', 'date'],
])

function withAuthFields(
  c: CollectionConfig,
  auth: SanitizedAuth,
  declaredFields: Field[],
  where: string,
): Field[] {
  const byName = auth.loginWithUsername
  // As Payload's mergeBaseFields: a declared `email` (or `username`) is the auth field with the declared options
  // over its defaults (a label, hooks, access, admin), in the declared place; otherwise it is added in front.
  const base: (EmailField | TextField)[] = [
    { name: 'email', type: 'email', required: !byName || byName.requireEmail, unique: true },
    ...(byName
      ? [
          {
            name: 'username',
            type: 'text',
            required: byName.requireUsername,
            unique: true,
          } as const,
        ]
      : []),
  ]
  const password = declaredFields.find(
    (f) => 'name' in f && f.name === 'password' && ['password', 'text'].includes(f.type),
  )
  const declaredAccess = (password as { access?: SanitizedAuth['passwordAccess'] } | undefined)
    ?.access
  if (declaredAccess) auth.passwordAccess = declaredAccess
  let fields = declaredFields.filter(
    (f) =>
      f !== password &&
      !(
        'name' in f &&
        f.name !== undefined &&
        AUTH_REDECLARED.get(f.name) === (f as { type: string }).type
      ),
  )
  const added: Field[] = []
  for (const field of base) {
    const i = fields.findIndex((f) => 'name' in f && f.name === field.name)
    if (i < 0) {
      added.push(field)
      continue
    }
    const declared = fields[i]
    if (declared.type !== field.type)
      throw new ConfigError(
        `${where}, field "${field.name}": an auth collection's ${field.name} field must have type "${field.type}" (its declared options are merged into the auth field).`,
      )
    fields = fields.with(i, { ...field, ...declared } as Field)
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
  return fields
}

/**
 * The auth layer's own stored fields after the checked ones: secrets and counters, the API key's index, the
 * verification fields; and the verify and forgotPassword functions checked.
 */
function withAuthInternals(
  c: CollectionConfig,
  auth: SanitizedAuth,
  checked: FlattenedField[],
  where: string,
): FlattenedField[] {
  let flatFields = checked
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
  return flatFields
}

/** The labels as text: given ones (a string, or per language: `en`, else the first), else from the slug. */
function labelsOf(c: CollectionConfig): SanitizedCollection['labels'] {
  const defaults = formatLabels(c.slug)
  return {
    singular: staticText(c.labels?.singular) ?? defaults.singular,
    plural: staticText(c.labels?.plural) ?? defaults.plural,
  }
}

/** The hooks of every kind (an empty list for those not given), each list checked to hold functions only. */
function sanitizeHooks(c: CollectionConfig, where: string): SanitizedCollection['hooks'] {
  const hooks = Object.fromEntries(
    HOOK_KINDS.map((k) => [k, c.hooks?.[k] ?? []]),
  ) as SanitizedCollection['hooks']
  for (const [k, list] of Object.entries(c.hooks ?? {})) {
    if (!Array.isArray(list) || list.some((h) => typeof h !== 'function'))
      throw new ConfigError(`${where}: hooks.${k} must be an array of functions.`)
  }
  return hooks
}

/** The fields with drafts' `_status` (Payload reserves the name with versions only: it is free without drafts). */
export function withStatus(flatFields: FlattenedField[], where: string): FlattenedField[] {
  if (flatFields.some((f) => f.name === '_status'))
    throw new ConfigError(
      `${where}, field "_status": "_status" is reserved with versions.drafts (it holds "draft" or "published"); rename your field.`,
    )
  return [...flatFields, STATUS_FIELD]
}

/** The `_status` field drafts add (as Payload): a never-published document is a draft. */
export const STATUS_FIELD: FlattenedField = {
  name: '_status',
  type: 'select',
  options: ['draft', 'published'],
  defaultValue: 'draft',
  index: true,
  label: 'Status',
}

/** `versions` of a collection (`maxPerDoc`) or a global (`max`): drafts, autosave and how many to keep. */
export function sanitizeVersions(
  v: CollectionConfig['versions'] | GlobalConfig['versions'],
  max: number | undefined,
  maxAt: string,
): SanitizedVersions | false {
  if (!v) return false
  // As Payload, 0 keeps every version.
  if (max !== undefined && (!Number.isInteger(max) || max < 0))
    throw new ConfigError(`${maxAt} must be a whole number (0 keeps every version).`)
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
    maxPerDoc: max ?? 100,
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
