/**
 * The admin's view of the config: the contract's `x-cms-admin` extension, served at `<admin>/config.json`
 * (server/contracts/admin-description.ts compiles it).
 */
export type {
  AdminDescription,
  AdminEntity,
  AdminLocalization,
} from '../../server/contracts/admin-description.ts'

/** One field as described (layout fields included): options, children, blocks, tabs. */
export interface AdminField {
  type: string
  name?: string
  label?: string
  required?: boolean
  unique?: boolean
  localized?: boolean
  hasMany?: boolean
  relationTo?: string | string[]
  min?: number
  max?: number
  minLength?: number
  maxLength?: number
  minRows?: number
  maxRows?: number
  timezone?: boolean | Record<string, unknown>
  virtual?: boolean
  hidden?: boolean
  defaultValue?: unknown
  options?: { label: string; value: string }[]
  admin?: {
    description?: string
    placeholder?: string
    position?: 'sidebar'
    readOnly?: boolean
    hidden?: boolean
    disabled?: boolean
    width?: string | number
    condition?: true
    [key: string]: unknown
  }
  fields?: AdminField[]
  blocks?: { slug: string; labels: { singular: string; plural: string }; fields: AdminField[] }[]
  tabs?: { name?: string; label: string; description?: string; fields: AdminField[] }[]
  collection?: string
  on?: string
  /** A rich-text field's editor: what its values may hold (server/contracts/admin-description.ts). */
  editor?: RichTextEditor
}

export type BlockDescription = {
  slug: string
  labels: { singular: string; plural: string }
  fields: AdminField[]
}
/** The features a rich-text field's editor allows, as the server resolved them. */
export interface RichTextEditor {
  nodes: string[]
  headingSizes: string[]
  listTypes: string[]
  /** The text formats offered (`bold`, …, `inlineCode`) and whether the floating toolbar is (older servers: absent). */
  formats?: string[]
  inlineToolbar?: boolean
  blocks: BlockDescription[]
  inlineBlocks: BlockDescription[]
  relationship?: { collections: string[] }
  upload?: { collections: string[]; fields: Record<string, AdminField[]> }
  link?: { collections: string[] }
}

/** A field's label: its label, else its name spelled out (`publishedAt` → "Published At"). */
export function labelOf(field: { label?: string; name?: string }): string {
  if (field.label) return field.label
  const name = field.name ?? ''
  return name
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/^./, (c) => c.toUpperCase())
}

/** The data fields of a tree with layout fields (row, collapsible, unnamed tabs) lifted, as the API sees them. */
export function dataFields(fields: AdminField[]): AdminField[] {
  return fields.flatMap((f) => {
    if (f.type === 'row' || f.type === 'collapsible' || f.type === 'ui')
      return f.type === 'ui' ? [] : dataFields(f.fields ?? [])
    if (f.type === 'group' && !f.name) return dataFields(f.fields ?? [])
    if (f.type === 'tabs')
      return (f.tabs ?? []).flatMap((t) =>
        t.name
          ? [{ type: 'group', name: t.name, label: t.label, fields: t.fields }]
          : dataFields(t.fields),
      )
    return [f]
  })
}
