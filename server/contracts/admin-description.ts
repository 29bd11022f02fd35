/**
 * What the admin web app (`admin/`) needs to know of the config and cannot read from the operations and schemas:
 * the collections and globals with their labels and `admin` options, and each field tree as written (layout
 * fields kept, so rows, collapsibles and tabs show as configured). Compiled into the contract as the root
 * extension `x-cms-admin` and served beside the app (`<routes.admin>/config.json`). Only values that survive
 * JSON: a function-valued option becomes `true` where the app must know it exists (`admin.condition`), and is
 * left out elsewhere (a computed `defaultValue`, hooks, access, validate).
 */
import { isLockable, lockSecondsOf } from '../config/sanitize/locked-documents.ts'
import { staticText } from '../config/admin.ts'
import type {
  Field,
  FlattenedField,
  ResolvedLexical,
  SanitizedCollection,
  SanitizedConfig,
  SanitizedGlobal,
} from '../config/types.ts'
import type { SanitizedUpload } from '../config/upload.ts'
import { isRecord } from '../utilities/is-record.ts'
import { labelsOrDefault as labelsOf } from '../config/labels.ts'
import { traverseFields } from '../config/fields.ts'
import { withPublishing, type AdminLivePreview } from './admin-publishing.ts'

export interface AdminDescription {
  routes: { admin: string; api: string }
  /** The auth collection whose users log in (`admin.user`, else the first auth collection). */
  user?: string
  dateFormat?: string
  localization: false | AdminLocalization
  collections: AdminEntity[]
  globals: AdminEntity[]
  /** `<admin>/config.json` only (server/http/admin-i18n.ts): the language it is in, and that language's words. */
  i18n?: AdminLanguages
  translations?: Record<string, unknown>
}

/** The language an admin description is in, the config's fallback, and every language the admin may show. */
export interface AdminLanguages {
  language: string
  fallbackLanguage: string
  rtl: boolean
  languages: { code: string; label: string }[]
}

/**
 * `localization`: the locales with their labels and the default locale; `fallback` (on unless the config turns it
 * off) says a read of a locale without a value gets the value of the locale's `fallbackLocale`, else of the
 * default locale. Per-locale `_status` (`versions.drafts.localizeStatus`) is refused by the server, so there is
 * none to describe.
 */
export interface AdminLocalization {
  defaultLocale: string
  fallback: boolean
  locales: { code: string; label: string; fallbackLocale?: string }[]
}

export interface AdminEntity {
  slug: string
  labels: { singular: string; plural: string }
  group?: string
  hidden?: boolean
  description?: string
  useAsTitle?: string
  defaultColumns?: string[]
  listSearchableFields?: string[]
  pagination?: { defaultLimit?: number; limits?: number[] }
  auth?: { useAPIKey: boolean; loginWithUsername: boolean }
  /** An upload collection's options the admin's file panel needs (server/config/upload.ts). */
  upload?: AdminUpload
  drafts: boolean
  /** Document locking (lockDocuments): how long a lock lasts, in seconds; absent where it is off. */
  lock?: number
  /** `versions.drafts.autosave`: the form saves a draft this many milliseconds after a change. */
  autosave: false | { interval: number }
  /** `versions.drafts.schedulePublish`: the form offers to publish or unpublish at a set time (docs/jobs.md). */
  schedulePublish?: boolean
  /** `admin.livePreview` (config/live-preview.ts), where it is on. */
  livePreview?: AdminLivePreview
  versions: boolean
  trash: boolean
  timestamps: boolean
  fields: Record<string, unknown>[]
}

export interface AdminUpload {
  /** The types a file may have (`image/*`, `application/pdf`); absent: any. */
  mimeTypes?: string[]
  /** Whether documents carry `focalX`/`focalY` (percent) the admin sets on the image. */
  focalPoint: boolean
  /** The names of the image sizes the server makes. */
  imageSizes: string[]
  /** The largest file accepted, in bytes. */
  maxFileSize?: number
}

/** Option keys copied as they are (when JSON-able). */
const PLAIN = [
  'type',
  'name',
  'required',
  'unique',
  'localized',
  'hasMany',
  'relationTo',
  'min',
  'max',
  'minLength',
  'maxLength',
  'minRows',
  'maxRows',
  'timezone',
  'virtual',
  'hidden',
  'interfaceName',
  'collection',
  'on',
] as const
const ADMIN_PLAIN = [
  'position',
  'readOnly',
  'hidden',
  'disabled',
  'width',
  'step',
  'rows',
  'language',
  'isSortable',
  'initCollapsed',
  'allowCreate',
  'date',
] as const

const jsonable = (v: unknown): boolean => {
  if (v === null || ['string', 'number', 'boolean'].includes(typeof v)) return true
  if (Array.isArray(v)) return v.every(jsonable)
  return isRecord(v) && Object.values(v).every(jsonable)
}

function adminOf(admin: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!admin) return undefined
  const out: Record<string, unknown> = {}
  for (const key of ADMIN_PLAIN) if (jsonable(admin[key])) out[key] = admin[key]
  const description = staticText(admin.description)
  if (description) out.description = description
  const placeholder = staticText(admin.placeholder)
  if (placeholder) out.placeholder = placeholder
  if (typeof admin.condition === 'function') out.condition = true
  return Object.keys(out).length ? out : undefined
}

const labelOf = (label: unknown): string | undefined =>
  label === false ? undefined : staticText(label)

/**
 * The resolved editors of the described config's rich-text fields, by the `editor` they were resolved from: the
 * sanitiser sets `lexical` on the flattened fields (`flatFields`), and the description walks the fields as
 * written, which share the `editor` option with them. Fields without one share the config's editor.
 */
const editors = new Map<unknown, ResolvedLexical>()
const DEFAULT_EDITOR = Symbol('default editor')

function collectEditors(fields: FlattenedField[]): void {
  traverseFields(fields, (field) => {
    if (field.type === 'richText' && field.lexical)
      editors.set(field.editor ?? DEFAULT_EDITOR, field.lexical)
  })
}

/** One field as the admin sees it: options, labels, children, blocks and tabs, recursively. */
export function describeField(field: Field): Record<string, unknown> {
  const f = field as unknown as Record<string, unknown>
  const out: Record<string, unknown> = {}
  for (const key of PLAIN) if (f[key] !== undefined && jsonable(f[key])) out[key] = f[key]
  // `fieldType`, not `type`: in the OpenAPI document an object `{ type: 'array' }` reads as a JSON Schema to the
  // contract linters (Spectral's array-items). The admin renames it back when it loads the description.
  out.fieldType = out.type
  delete out.type
  const label = labelOf(f.label)
  if (label) out.label = label
  if (
    f.defaultValue !== undefined &&
    typeof f.defaultValue !== 'function' &&
    jsonable(f.defaultValue)
  )
    out.defaultValue = f.defaultValue
  if (Array.isArray(f.options))
    out.options = f.options.map((o: unknown) =>
      typeof o === 'string'
        ? { label: o, value: o }
        : {
            label: staticText((o as { label?: unknown }).label) ?? (o as { value: string }).value,
            value: (o as { value: string }).value,
          },
    )
  const admin = adminOf(f.admin as Record<string, unknown> | undefined)
  if (admin) out.admin = admin
  if (Array.isArray(f.fields)) out.fields = describeFields(f.fields as Field[])
  if (Array.isArray(f.blocks)) out.blocks = describeBlocks(f.blocks as Record<string, unknown>[])
  // An array's rows are named by its singular label (Payload's "Tag 01").
  if (f.type === 'array' && typeof f.name === 'string') out.labels = labelsOf(f.labels, f.name)
  const lexical = f.type === 'richText' ? editors.get(f.editor ?? DEFAULT_EDITOR) : undefined
  if (lexical) out.editor = describeEditor(lexical)
  if (Array.isArray(f.tabs))
    out.tabs = (f.tabs as Record<string, unknown>[]).map((t) => ({
      ...(typeof t.name === 'string' ? { name: t.name } : {}),
      label: labelOf(t.label) ?? (typeof t.name === 'string' ? t.name : 'Tab'),
      ...(staticText(t.description) ? { description: staticText(t.description) } : {}),
      fields: describeFields(t.fields as Field[]),
    }))
  return out
}

/**
 * A rich-text field's resolved editor (config/sanitize/lexical.ts) as the admin's editor needs it: the node types,
 * heading sizes, list types, text formats and floating toolbar it offers, the collections upload, relationship and
 * internal-link nodes may point at, the blocks with their fields, and each upload collection's node fields.
 */
function describeEditor(lexical: ResolvedLexical): Record<string, unknown> {
  return {
    nodes: [...lexical.nodes],
    headingSizes: [...lexical.headingSizes],
    listTypes: [...lexical.listTypes],
    formats: [...(lexical.formats ?? [])],
    inlineToolbar: lexical.inlineToolbar ?? false,
    blocks: describeBlocks(lexical.blocks as unknown as Record<string, unknown>[]),
    inlineBlocks: describeBlocks(lexical.inlineBlocks as unknown as Record<string, unknown>[]),
    ...(lexical.relationship
      ? { relationship: { collections: [...lexical.relationship.collections] } }
      : {}),
    ...(lexical.upload
      ? {
          upload: {
            collections: [...lexical.upload.collections],
            fields: Object.fromEntries(
              Object.entries(lexical.upload.fields).map(([slug, fields]) => [
                slug,
                describeFields(fields as unknown as Field[]),
              ]),
            ),
          },
        }
      : {}),
    ...(lexical.link ? { link: { collections: [...lexical.link.collections] } } : {}),
  }
}

/** Blocks (of a blocks field, or of a rich-text editor) as described: slug, labels, fields. */
const describeBlocks = (blocks: Record<string, unknown>[]): Record<string, unknown>[] =>
  blocks.map((b) => ({
    slug: b.slug,
    labels: labelsOf(b.labels, String(b.slug)),
    fields: describeFields(b.fields as Field[]),
  }))

/** Fields as described; `ui` fields (custom admin components, no data) are left out: this admin has no slot for them. */
const describeFields = (fields: Field[]): Record<string, unknown>[] =>
  fields.filter((f) => f.type !== 'ui').map(describeField)

const groupOf = (admin: Record<string, unknown> | undefined): string | undefined =>
  admin?.group === false ? undefined : staticText(admin?.group)

function describeUpload(upload: SanitizedUpload): AdminUpload {
  return {
    ...(upload.mimeTypes?.length ? { mimeTypes: [...upload.mimeTypes] } : {}),
    focalPoint: upload.focalPoint,
    imageSizes: upload.imageSizes.map((size) => size.name),
    ...(upload.fileSize ? { maxFileSize: upload.fileSize } : {}),
  }
}

function describeCollection(c: SanitizedCollection): AdminEntity {
  const admin = c.admin as Record<string, unknown> | undefined
  const pagination =
    isRecord(admin?.pagination) && jsonable(admin.pagination) ? admin.pagination : undefined
  return {
    slug: c.slug,
    labels: {
      singular: staticText(c.labelTexts?.singular) ?? c.labels.singular,
      plural: staticText(c.labelTexts?.plural) ?? c.labels.plural,
    },
    ...(groupOf(admin) ? { group: groupOf(admin) } : {}),
    ...(admin?.hidden === true ? { hidden: true } : {}),
    ...(staticText(admin?.description) ? { description: staticText(admin?.description) } : {}),
    ...(typeof admin?.useAsTitle === 'string' ? { useAsTitle: admin.useAsTitle } : {}),
    ...(Array.isArray(admin?.defaultColumns)
      ? { defaultColumns: admin.defaultColumns as string[] }
      : {}),
    ...(Array.isArray(admin?.listSearchableFields)
      ? { listSearchableFields: admin.listSearchableFields as string[] }
      : {}),
    ...(pagination ? { pagination } : {}),
    ...(c.auth
      ? {
          auth: {
            useAPIKey: c.auth.useAPIKey,
            loginWithUsername: Boolean(c.auth.loginWithUsername),
          },
        }
      : {}),
    ...(c.upload ? { upload: describeUpload(c.upload) } : {}),
    drafts: Boolean(c.versions && c.versions.drafts),
    autosave: (c.versions && c.versions.autosave) || false,
    versions: Boolean(c.versions),
    trash: c.trash,
    timestamps: c.timestamps,
    fields: describeFields(c.fields as Field[]),
  }
}

function describeGlobal(g: SanitizedGlobal): AdminEntity {
  const admin = g.admin as Record<string, unknown> | undefined
  return {
    slug: g.slug,
    labels: {
      singular: staticText(g.labelText) ?? g.label,
      plural: staticText(g.labelText) ?? g.label,
    },
    ...(groupOf(admin) ? { group: groupOf(admin) } : {}),
    ...(admin?.hidden === true ? { hidden: true } : {}),
    ...(staticText(admin?.description) ? { description: staticText(admin?.description) } : {}),
    drafts: Boolean(g.versions && g.versions.drafts),
    autosave: (g.versions && g.versions.autosave) || false,
    versions: Boolean(g.versions),
    trash: false,
    timestamps: true,
    fields: describeFields(g.fields as Field[]),
  }
}

/** The lock duration of a lockable entity (lockDocuments), for the form's "X is editing". */
function withLock(
  config: SanitizedConfig,
  entity: SanitizedCollection | SanitizedGlobal,
  described: AdminEntity,
): AdminEntity {
  return isLockable(config, entity) ? { ...described, lock: lockSecondsOf(entity) } : described
}

/** The admin's description of a config (see the module comment). */
export function adminDescription(config: SanitizedConfig): AdminDescription {
  const adminUser = (config.admin as Record<string, unknown> | undefined)?.user
  // As `canAccessAdmin` picks it (local/operations/access.ts): `admin.user`, else `users`, else the first.
  const user =
    typeof adminUser === 'string'
      ? adminUser
      : (
          config.collections.find((c) => c.slug === 'users' && c.auth) ??
          config.collections.find((c) => c.auth)
        )?.slug
  const loc = config.localization
  editors.clear()
  for (const c of [...config.collections, ...config.globals]) collectEditors(c.flatFields)
  return {
    routes: { admin: config.routes.admin, api: config.routes.api },
    ...(user ? { user } : {}),
    ...(typeof config.admin?.dateFormat === 'string'
      ? { dateFormat: config.admin.dateFormat }
      : {}),
    localization: loc
      ? {
          defaultLocale: loc.defaultLocale,
          fallback: loc.fallback,
          locales: loc.locales.map((l) => ({
            code: l.code,
            label: staticText(l.label) ?? l.code,
            ...(typeof l.fallbackLocale === 'string' ? { fallbackLocale: l.fallbackLocale } : {}),
          })),
        }
      : false,
    collections: config.collections.map((c) =>
      withPublishing(config, 'collection', withLock(config, c, describeCollection(c))),
    ),
    globals: config.globals.map((g) =>
      withPublishing(config, 'global', withLock(config, g, describeGlobal(g))),
    ),
  }
}
