/**
 * Payload 3's `admin` options: no server behaviour, accepted and kept on the sanitised config for an admin UI. The
 * keys a server or an admin UI reads are typed; any other admin key passes through as an unknown value.
 * `description` and `label` also describe fields and collections in the contracts; `condition` decides whether a
 * field is validated (server/local/fields/validate.ts).
 */
import type { CmsRequest } from './types.ts'
import type { LivePreviewConfig, RootLivePreviewConfig } from './live-preview.ts'

/** A label or description: a string, or one per language (Payload's i18n form, e.g. `{ en: 'Title' }`). */
export type StaticText = string | Record<string, string>
/** Payload also takes a function of `{ t, i18n }`; the contracts only use the string forms. */
export type Description = StaticText | ((args: Record<string, unknown>) => string)

/**
 * Whether a field applies to the data being written (Payload's `admin.condition`): when it returns false the
 * field and the fields inside it are not validated (required, validate), and a value sent is still stored.
 */
export type Condition = (
  data: Record<string, unknown>,
  siblingData: Record<string, unknown>,
  args: {
    blockData?: Record<string, unknown>
    operation: 'create' | 'update'
    path: (string | number)[]
    user: CmsRequest['user']
  },
) => boolean

/** Admin UI components by slot: Payload's paths (`'/components/Logo'`) or component values. */
export type AdminComponents = Record<string, unknown>

/** A field's (and a layout field's) `admin`. */
export interface FieldAdmin {
  description?: Description
  condition?: Condition
  readOnly?: boolean
  hidden?: boolean
  disabled?: boolean
  position?: 'sidebar'
  width?: string | number
  className?: string
  style?: Record<string, unknown>
  placeholder?: StaticText
  components?: AdminComponents
  [key: string]: unknown
}

/** A collection's `admin`. */
export interface CollectionAdmin {
  /** The field whose value titles a document (in lists and relationship pickers); checked at start. */
  useAsTitle?: string
  /** The columns of the list view; each must name a field (checked at start). */
  defaultColumns?: string[]
  /** The fields the list view's search box searches; each must name a field (checked at start). */
  listSearchableFields?: string[]
  description?: Description
  group?: StaticText | false
  hidden?: boolean | ((args: { user: CmsRequest['user'] }) => boolean)
  hideAPIURL?: boolean
  pagination?: { defaultLimit?: number; limits?: number[] }
  components?: AdminComponents
  /** Payload's live preview of a document (config/live-preview.ts). */
  livePreview?: LivePreviewConfig
  [key: string]: unknown
}

/** A global's `admin`. */
export interface GlobalAdmin {
  description?: Description
  group?: StaticText | false
  hidden?: boolean | ((args: { user: CmsRequest['user'] }) => boolean)
  hideAPIURL?: boolean
  components?: AdminComponents
  /** Payload's live preview of the global (config/live-preview.ts). */
  livePreview?: LivePreviewConfig
  [key: string]: unknown
}

/** The root config's `admin`. */
export interface RootAdmin {
  /** The auth collection whose users log into the admin. */
  user?: string
  /** Turns the admin web app off: `<routes.admin>` is then not served. */
  disable?: boolean
  meta?: Record<string, unknown>
  components?: AdminComponents
  importMap?: Record<string, unknown>
  dateFormat?: string
  /** Live preview for the collections and globals it lists (config/live-preview.ts). */
  livePreview?: RootLivePreviewConfig
  [key: string]: unknown
}

/** Extension data the server never reads (Payload's `custom`). */
export type Custom = Record<string, unknown>

/** A rich-text editor adapter (Payload's `lexicalEditor()`): kept as given; rich text is stored as sent. */
export type RichTextEditor = unknown

/**
 * The description of a field, collection or global in the contracts: its label (when it says more than the name)
 * and its `admin.description`, joined.
 */
export function describedAs(
  label: unknown,
  name: string,
  admin: { description?: unknown } | undefined,
): string | undefined {
  const title = staticText(label)
  const parts = [title === name ? undefined : title, staticText(admin?.description)]
  return parts.filter(Boolean).join(': ') || undefined
}

/** The languages `staticText` reads first: none (English, else the first entry) but inside `inLanguages`. */
let preferred: readonly string[] = []

/**
 * Runs `read` with per-language texts read in `languages` first: the admin's description in the language of its
 * user (server/http/admin-i18n.ts). Synchronous, so nothing else reads texts meanwhile.
 */
export function inLanguages<T>(languages: readonly string[], read: () => T): T {
  const before = preferred
  preferred = languages
  try {
    return read()
  } finally {
    preferred = before
  }
}

/**
 * The text of a label or description: the string, or of a per-language one the entry of the language being read
 * (`inLanguages`), else the English, else the first entry. The contracts read the English.
 */
export function staticText(text: unknown): string | undefined {
  if (typeof text === 'string') return text || undefined
  if (text && typeof text === 'object' && !Array.isArray(text)) {
    const entries = text as Record<string, unknown>
    const language = preferred.find((l) => typeof entries[l] === 'string' && entries[l])
    const value = language ? entries[language] : (entries.en ?? Object.values(entries)[0])
    return typeof value === 'string' && value ? value : undefined
  }
  return undefined
}
