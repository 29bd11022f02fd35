/** Resolves every rich-text field's editor into what the server applies (`ResolvedLexical`). */
import { ConfigError } from '../../errors/config-error.ts'
import { traverseFields } from '../fields.ts'
import {
  defaultEditorFeatures,
  isLexicalEditor,
  isLexicalFeature,
  type LexicalFeature,
} from '../lexical-editor.ts'
import { isSlateEditor, SLATE_REFUSED } from '../slate-editor.ts'
import type {
  Block,
  Field,
  FlattenedBlock,
  FlattenedField,
  ResolvedLexical,
  SanitizedCollection,
  SanitizedGlobal,
} from '../types.ts'
import { checkFields } from './fields.ts'

/**
 * The editors resolved here. The sanitiser sets `lexical` on the field objects it is given (a config with
 * localization keeps the caller's own), so a config sanitised twice carries them: the option check lets exactly
 * these through.
 */
export const resolvedEditors = new WeakSet<object>()

/** The node types every editor has. */
const BASE_NODES = ['root', 'paragraph', 'text', 'linebreak', 'tab']
/** The node types of each feature that adds nodes. */
const FEATURE_NODES: Record<string, string[]> = {
  heading: ['heading'],
  blockquote: ['quote'],
  unorderedList: ['list', 'listitem'],
  orderedList: ['list', 'listitem'],
  checklist: ['list', 'listitem'],
  link: ['link', 'autolink'],
  relationship: ['relationship'],
  upload: ['upload'],
  horizontalRule: ['horizontalrule'],
  experimental_table: ['table', 'tablerow', 'tablecell'],
}
const LIST_TYPES: Record<string, string> = {
  unorderedList: 'bullet',
  orderedList: 'number',
  checklist: 'check',
}
const HEADINGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6']
/** The features that are text formats. */
const FORMATS = [
  'bold',
  'italic',
  'underline',
  'strikethrough',
  'subscript',
  'superscript',
  'inlineCode',
]
/** Features with no nodes of their own (formats, alignment, toolbars): accepted as given. */
const NODELESS = new Set([
  'bold',
  'italic',
  'underline',
  'strikethrough',
  'subscript',
  'superscript',
  'inlineCode',
  'align',
  'indent',
  'inlineToolbar',
  'fixedToolbar',
  'treeView',
  'textState',
  'paragraph',
])

interface Context {
  collections: SanitizedCollection[]
  /** The features of the config's `editor`. */
  rootFeatures: LexicalFeature[]
  /** The config's `editor` as given (a Slate editor there binds the fields that name none). */
  configEditor?: unknown
}

/**
 * Sets `lexical` on every rich-text field of the collections and globals (and of the blocks inside rich text,
 * recursively), from the field's `editor`, else the config's, else Payload's default features. An editor that
 * is not this server's `lexicalEditor()` (Payload's own adapter, passed as is) takes the default features.
 */
export function resolveEditors(
  configEditor: unknown,
  collections: SanitizedCollection[],
  globals: SanitizedGlobal[],
): void {
  const base = { collections, rootFeatures: defaultEditorFeatures }
  const rootFeatures = featuresOf(configEditor, base, 'The config, editor')
  const ctx = { ...base, rootFeatures, configEditor }
  for (const c of collections) resolveIn(c.flatFields, `Collection "${c.slug}"`, ctx)
  for (const g of globals) resolveIn(g.flatFields, `Global "${g.slug}"`, ctx)
}

function resolveIn(fields: FlattenedField[], where: string, ctx: Context): void {
  traverseFields(fields, (field, path) => {
    if (field.type !== 'richText') return
    const at = `${where}, field "${[...path, field.name].join('.')}"`
    if (field.maxDepth !== undefined && (!Number.isInteger(field.maxDepth) || field.maxDepth < 0))
      throw new ConfigError(`${at}: maxDepth must be a whole number, 0 or more.`)
    if (isSlateEditor(field.editor ?? ctx.configEditor))
      throw new ConfigError(`${at}: ${SLATE_REFUSED}`)
    const features =
      field.editor === undefined ? ctx.rootFeatures : featuresOf(field.editor, ctx, at)
    field.lexical = resolve(features, `${at}, editor`, ctx)
    resolvedEditors.add(field.lexical)
  })
}

/** The features an editor names (its `features` function called with the defaults and the config's). */
function featuresOf(editor: unknown, ctx: Context, at: string): LexicalFeature[] {
  if (editor === undefined || editor === null || !isLexicalEditor(editor))
    return defaultEditorFeatures
  const given = editor.props.features
  const list =
    typeof given === 'function'
      ? given({ defaultFeatures: defaultEditorFeatures, rootFeatures: ctx.rootFeatures })
      : (given ?? defaultEditorFeatures)
  if (!Array.isArray(list))
    throw new ConfigError(
      `${at}: features must be a list of features (or a function returning one).`,
    )
  list.forEach((f, i) => {
    if (!isLexicalFeature(f))
      throw new ConfigError(
        `${at}: features[${i}] is not a feature of contract-cms (import lexicalEditor and its features, BoldFeature(), BlocksFeature({ blocks }), …, from '@payloadcms/richtext-lexical' or 'contract-cms').`,
      )
  })
  return list
}

/** The editor's nodes and targets; a feature given twice counts once (the last wins, as Payload). */
function resolve(list: LexicalFeature[], at: string, ctx: Context): ResolvedLexical {
  const features = new Map(list.map((f) => [f.key, f.props]))
  const nodes = new Set(BASE_NODES)
  for (const key of features.keys()) {
    if (!(key in FEATURE_NODES) && !NODELESS.has(key) && key !== 'blocks')
      throw new ConfigError(`${at}: unknown feature "${key}".`)
    for (const n of FEATURE_NODES[key] ?? []) nodes.add(n)
  }
  const heading = features.get('heading')
  const headingSizes = (heading?.enabledHeadingSizes as string[] | undefined) ?? HEADINGS
  if (!Array.isArray(headingSizes) || headingSizes.some((h) => !HEADINGS.includes(h)))
    throw new ConfigError(`${at}: HeadingFeature enabledHeadingSizes must list h1 to h6 only.`)
  const out: ResolvedLexical = {
    nodes: [...nodes],
    headingSizes: heading ? headingSizes : [],
    listTypes: Object.keys(LIST_TYPES)
      .filter((k) => features.has(k))
      .map((k) => LIST_TYPES[k]),
    blocks: [],
    inlineBlocks: [],
    formats: [...features.keys()].filter((k) => FORMATS.includes(k)),
    inlineToolbar: features.has('inlineToolbar'),
  }
  const blocks = features.get('blocks')
  if (blocks) {
    out.blocks = flattenBlocks(blocks.blocks, `${at}, BlocksFeature blocks`, ctx)
    out.inlineBlocks = flattenBlocks(blocks.inlineBlocks, `${at}, BlocksFeature inlineBlocks`, ctx)
    if (out.blocks.length) nodes.add('block')
    if (out.inlineBlocks.length) nodes.add('inlineBlock')
    out.nodes = [...nodes]
  }
  const all = ctx.collections.map((c) => c.slug)
  const relationship = features.get('relationship')
  if (relationship)
    out.relationship = {
      collections: targets(relationship, all, `${at}, RelationshipFeature`),
      maxDepth: depthOf(relationship.maxDepth, `${at}, RelationshipFeature`),
    }
  const link = features.get('link')
  if (link) {
    const extra =
      typeof link.fields === 'function' ? link.fields({ defaultFields: [] }) : link.fields
    out.link = {
      collections: targets(link, all, `${at}, LinkFeature`),
      fields: extra ? fieldsOf(extra, `${at}, LinkFeature fields`, ctx) : [],
      maxDepth: depthOf(link.maxDepth, `${at}, LinkFeature`),
    }
  }
  const upload = features.get('upload')
  if (upload) out.upload = uploadOf(upload, `${at}, UploadFeature`, ctx)
  return out
}

function uploadOf(props: Record<string, unknown>, at: string, ctx: Context) {
  const uploads = ctx.collections.filter((c) => c.upload).map((c) => c.slug)
  const given = (props.collections ?? {}) as Record<string, { fields?: unknown }>
  if (typeof given !== 'object' || Array.isArray(given))
    throw new ConfigError(`${at}: collections must be an object keyed by upload collection.`)
  const fields: Record<string, FlattenedField[]> = {}
  for (const [slug, entry] of Object.entries(given)) {
    if (!uploads.includes(slug))
      throw new ConfigError(
        `${at}: collections names "${slug}", which is not an upload collection.`,
      )
    if (entry?.fields !== undefined)
      fields[slug] = fieldsOf(entry.fields, `${at}, collections.${slug}.fields`, ctx)
  }
  return { collections: uploads, fields, maxDepth: depthOf(props.maxDepth, at) }
}

/** The collections a relationship or link feature allows: `enabledCollections`, or all but `disabledCollections`. */
function targets(props: Record<string, unknown>, all: string[], at: string): string[] {
  const { enabledCollections: on, disabledCollections: off } = props
  if (on !== undefined && off !== undefined)
    throw new ConfigError(`${at}: give enabledCollections or disabledCollections, not both.`)
  for (const [key, list] of [
    ['enabledCollections', on],
    ['disabledCollections', off],
  ] as const) {
    if (list === undefined) continue
    if (!Array.isArray(list))
      throw new ConfigError(`${at}: ${key} must be a list of collection slugs.`)
    for (const slug of list)
      if (!all.includes(slug as string))
        throw new ConfigError(`${at}: ${key} names "${String(slug)}", which is not a collection.`)
  }
  if (Array.isArray(on)) return on as string[]
  return all.filter((s) => !(Array.isArray(off) && off.includes(s)))
}

function depthOf(v: unknown, at: string): number | undefined {
  if (v === undefined) return undefined
  if (!Number.isInteger(v) || (v as number) < 0)
    throw new ConfigError(`${at}: maxDepth must be a whole number, 0 or more.`)
  return v as number
}

/** Fields inside rich text (blocks', links', upload nodes'): checked as row fields, their rich text resolved. */
function fieldsOf(fields: unknown, where: string, ctx: Context): FlattenedField[] {
  if (!Array.isArray(fields)) throw new ConfigError(`${where}: fields must be an array.`)
  // A rich-text value is localized whole (its field's `localized`), never inside.
  const slugs = new Set(ctx.collections.map((c) => c.slug))
  const flat = checkFields(fields as Field[], where, slugs, false, false)
  resolveIn(flat, where, ctx)
  return flat
}

function flattenBlocks(blocks: unknown, where: string, ctx: Context): FlattenedBlock[] {
  if (blocks === undefined) return []
  if (!Array.isArray(blocks)) throw new ConfigError(`${where}: must be a list of blocks.`)
  const seen = new Set<string>()
  return (blocks as Block[]).map((b) => {
    if (!b || typeof b.slug !== 'string' || !/^[A-Za-z][A-Za-z0-9_-]*$/.test(b.slug))
      throw new ConfigError(`${where}: every block needs a slug of letters, digits, "-" or "_".`)
    if (seen.has(b.slug)) throw new ConfigError(`${where}: duplicate block slug "${b.slug}".`)
    seen.add(b.slug)
    return { ...b, fields: fieldsOf(b.fields, `${where}, block "${b.slug}"`, ctx) }
  })
}
