import { idKind } from '../../config/ids.ts'
import { typeName } from '../../config/names.ts'
import type {
  FlattenedBlock,
  IdKind,
  ResolvedLexical,
  RichTextField,
  SanitizedConfig,
} from '../../config/types.ts'
import { isObject } from '../shared.ts'
import type { Schema, SchemaKit } from '../types.ts'
import {
  DIRECTIONS,
  ELEMENT_FORMATS,
  ELEMENTS,
  LINK_TYPES,
  LIST_TAGS,
  nodeDefaults,
  TEXT_MODES,
} from './nodes.ts'

/**
 * The JSON Schema of a rich-text value: Lexical's serialized state with the nodes the field's editor allows, as
 * exact as the validator (validate.ts), so a value the schema accepts is one the server accepts. One set of
 * components per distinct editor (`RichText<Field>`, shared by fields whose editors resolve alike; `…Input` for
 * writes). Nodes nest: the contract may not refer to itself, so the levels are unrolled to
 * `limits.richText.maxDepth` (`…Node2` … `…Node<max>`), where an element's children must be empty.
 */

/** Names of the editors of a config, by what they resolve to. */
const names = new WeakMap<SanitizedConfig, Map<string, string>>()

/** What an editor resolves to, as text (functions by their source: two configs alike compare alike). */
function fingerprint(lexical: ResolvedLexical): string {
  return JSON.stringify(lexical, (_k, v: unknown) =>
    typeof v === 'function' ? `ƒ${String(v)}` : v,
  )
}

/** The component name of a field's editor: shared with an equal editor's, else from the field's name. */
export function editorName(
  field: RichTextField,
  lexical: ResolvedLexical,
  config: SanitizedConfig,
) {
  let byPrint = names.get(config)
  if (!byPrint) names.set(config, (byPrint = new Map()))
  const print = fingerprint(lexical)
  const known = byPrint.get(print)
  if (known) return known
  const taken = new Set(byPrint.values())
  const base = `RichText${typeName(field.name)}`
  let name = base
  for (let i = 2; taken.has(name); i++) name = `${base}${i}`
  byPrint.set(print, name)
  return name
}

/** The levels of nodes a read schema types. */
const READ_LEVELS = 4

const INTEGER_ID: Schema = { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER }
/** The ids the validator takes (config/ids.ts validId). */
const idOf = (kind: IdKind): Schema =>
  kind === 'integer'
    ? INTEGER_ID
    : kind === 'number'
      ? { type: 'number' }
      : { type: 'string', minLength: 1, maxLength: 255 }

const int = (minimum?: number): Schema =>
  minimum === undefined ? { type: 'integer' } : { type: 'integer', minimum }
const str: Schema = { type: 'string' }
/** One of `values`; none admits nothing (an enum may not be empty). */
const enumOf = (values: string[]): Schema =>
  values.length ? { type: 'string', enum: values } : { not: {} }

interface Ctx {
  lexical: ResolvedLexical
  kit: SchemaKit
  /** The components' prefix (`RichTextBody`, `RichTextBodyInput`). */
  p: string
  depth: number
}

/** The keys a node of `type` must hold: on writes, those without a default (nodes.ts nodeDefaults). */
function need(c: Ctx, type: string, keys: string[]): string[] {
  if (c.kit.mode === 'read') return keys
  const defaults = nodeDefaults(type)
  return keys.filter((k) => !(k in defaults))
}

/** A node object of `type` with its own keys (unknown keys are allowed: Lexical writes more). */
function node(c: Ctx, type: string, props: Record<string, Schema>, required: string[]): Schema {
  return {
    type: 'object',
    required: need(c, type, ['type', 'version', ...required]),
    properties: { type: { const: type }, version: int(0), ...props },
  }
}

/**
 * A populated document in a node: the loose document (its collection's schema applies), not the collection's own
 * schema. Every level of every editor refers to it, so naming the document schemas there would multiply the
 * contract (and every tool that expands references) by the levels, at each level of population.
 */
const populated = (slug: string) =>
  `A document of "${slug}" populated (depth 1 or more): its collection's schema applies.`

/** A document reference (`relationTo` and `value`) to one of `targets`: one variant per id kind. */
function reference(
  c: Ctx,
  targets: string[],
  extra: (slug: string) => Record<string, Schema> = () => ({}),
) {
  const kindOf = (slug: string) => {
    const col = c.kit.config.collectionsBySlug.get(slug)
    return col ? idKind(col) : 'integer'
  }
  const value = (slug: string): Schema =>
    c.kit.mode === 'read'
      ? {
          anyOf: [
            idOf(kindOf(slug)),
            { ...c.kit.ref('PopulatedDocument'), description: populated(slug) },
            { type: 'null' },
          ],
        }
      : idOf(kindOf(slug))
  return targets.map((slug) => ({
    properties: { relationTo: { const: slug }, value: value(slug), ...extra(slug) },
  }))
}

/** Any of the variants; none (no collection to point at) admits nothing. */
const anyOf = (variants: Schema[]): Schema => (variants.length ? { anyOf: variants } : { not: {} })

/** `{ relationTo, value }` of one of `targets` (anyOf its variants, or nothing when there are none). */
function referenceObject(c: Ctx, targets: string[], required: string[]): Schema {
  const variants = reference(c, targets)
  return {
    type: 'object',
    required,
    properties: { relationTo: enumOf(targets) },
    ...anyOf(variants),
  }
}

function linkFields(c: Ctx): Schema {
  const link = c.lexical.link
  const own = c.kit.object(link?.fields ?? [], undefined, false)
  const doc = referenceObject(c, link?.collections ?? [], ['relationTo', 'value'])
  return {
    ...own,
    properties: {
      url: str,
      newTab: { type: 'boolean' },
      linkType: { enum: LINK_TYPES },
      doc: { anyOf: [{ type: 'null' }, doc] },
      ...(isObject(own.properties) ? own.properties : {}),
    },
    // An internal link names its document.
    if: { required: ['linkType'], properties: { linkType: { const: 'internal' } } },
    then: { required: ['doc'], properties: { doc } },
  }
}

function blockFields(c: Ctx, b: FlattenedBlock): Schema {
  const s = c.kit.object(b.fields, undefined, false)
  const required: unknown[] = Array.isArray(s.required) ? s.required : []
  return {
    ...s,
    properties: {
      id: { type: ['string', 'null'] },
      blockType: { const: b.slug },
      blockName: { type: ['string', 'null'] },
      ...(isObject(s.properties) ? s.properties : {}),
    },
    required: [...new Set(['blockType', ...required])],
  }
}

/** The nodes without children, each a component of its own (every level refers to them). */
function leaves(c: Ctx): Schema[] {
  const { lexical, kit, p } = c
  const has = (t: string) => lexical.nodes.includes(t)
  const out: Schema[] = []
  const textProps = {
    text: str,
    format: int(0),
    detail: int(0),
    mode: { enum: TEXT_MODES },
    style: str,
  }
  const textKeys = Object.keys(textProps)
  for (const t of ['text', 'tab'].filter(has))
    out.push(kit.component(`${p}${typeName(t)}`, node(c, t, textProps, textKeys)))
  if (has('linebreak')) out.push(kit.component(`${p}LineBreak`, node(c, 'linebreak', {}, [])))
  if (has('horizontalrule'))
    out.push(kit.component(`${p}HorizontalRule`, node(c, 'horizontalrule', {}, [])))
  if (has('relationship')) {
    const targets = lexical.relationship?.collections ?? []
    const s = node(c, 'relationship', { relationTo: enumOf(targets) }, ['relationTo', 'value'])
    out.push(kit.component(`${p}Relationship`, { ...s, ...anyOf(reference(c, targets)) }))
  }
  if (has('upload')) {
    const targets = lexical.upload?.collections ?? []
    const fields = (slug: string) => ({
      fields: {
        anyOf: [{ type: 'null' }, kit.object(lexical.upload?.fields[slug] ?? [], undefined, false)],
      },
    })
    const s = node(c, 'upload', { relationTo: enumOf(targets) }, ['relationTo', 'value'])
    out.push(kit.component(`${p}Upload`, { ...s, ...anyOf(reference(c, targets, fields)) }))
  }
  for (const [t, blocks] of [
    ['block', lexical.blocks],
    ['inlineBlock', lexical.inlineBlocks],
  ] as const) {
    if (!has(t) || !blocks.length) continue
    const s = node(c, t, { fields: { anyOf: blocks.map((b) => blockFields(c, b)) } }, ['fields'])
    out.push(kit.component(`${p}${typeName(t)}`, s))
  }
  return out
}

/**
 * What an element of each type adds to the keys every element has (heading `tag`, list `listType`, …), as one
 * shared component: every level refers to it, so each level refers to the next only once (tools that expand
 * references walk the levels once, not once per element type).
 */
function elementRules(c: Ctx, linkRef: Schema | undefined): Schema {
  const { lexical } = c
  const own: Record<string, [Record<string, Schema>, string[]]> = {
    heading: [{ tag: enumOf(lexical.headingSizes) }, ['tag']],
    list: [
      { listType: enumOf(lexical.listTypes), tag: { enum: LIST_TAGS }, start: int() },
      ['listType', 'tag', 'start'],
    ],
    listitem: [{ value: int(), checked: { type: 'boolean' } }, ['value']],
    tablecell: [{ headerState: int(0) }, ['headerState']],
    link: [linkRef ? { fields: linkRef } : {}, ['fields']],
    autolink: [linkRef ? { fields: linkRef } : {}, ['fields']],
  }
  const rules = Object.entries(own)
    .filter(([t]) => lexical.nodes.includes(t))
    .map(([t, [properties, required]]) => ({
      if: { required: ['type'], properties: { type: { const: t } } },
      then: { required: need(c, t, required), properties },
    }))
  return c.kit.component(`${c.p}ElementRules`, rules.length ? { allOf: rules } : {})
}

/** An element node of one of `types` whose children are `children`. */
function element(c: Ctx, types: string[], children: Schema, rules: Schema): Schema {
  const s = node(
    c,
    'root',
    {
      children,
      direction: { enum: [...DIRECTIONS, null] },
      format: { enum: ELEMENT_FORMATS },
      indent: int(0),
    },
    ['children', 'direction', 'format', 'indent'],
  )
  return {
    ...s,
    properties: { ...(s.properties as Schema), type: { enum: types } },
    allOf: [rules],
  }
}

/** The components of an editor's value in the kit's mode; answers the `$ref` of the value's schema. */
export function richTextSchema(field: RichTextField, kit: SchemaKit): Schema {
  const lexical = field.lexical
  if (!lexical)
    return { type: 'object', description: "Rich text: Lexical's serialized editor state." }
  const name = editorName(field, lexical, kit.config)
  const p = kit.mode === 'read' ? name : `${name}Input`
  const max = kit.config.limits.richText.maxDepth
  // A read types the first levels and admits any node below them: every level refers to the nodes that hold
  // documents and blocks, so typing all of them would multiply the contract (and every tool that expands
  // references) by the levels at each level of population. What a read answers was validated on write.
  const c: Ctx = { lexical, kit, p, depth: kit.mode === 'read' ? Math.min(max, READ_LEVELS) : max }
  const leafRefs = leaves(c)
  const linkRef = lexical.nodes.includes('link')
    ? kit.component(`${p}LinkFields`, linkFields(c))
    : undefined
  const rules = elementRules(c, linkRef)
  const elements = lexical.nodes.filter((t) => ELEMENTS.has(t) && t !== 'root')
  // Level k's children are level k + 1's nodes; the last level's elements hold none.
  const listAt = (level: number): Schema =>
    level < c.depth
      ? { type: 'array', items: kit.ref(`${p}Node${level + 1}`) }
      : c.depth < max
        ? { type: 'array', items: kit.ref('RichTextAnyNode') }
        : { type: 'array', maxItems: 0, items: { type: 'object' } }
  if (c.depth < max)
    kit.component('RichTextAnyNode', {
      type: 'object',
      description: `A rich-text node below the levels a read types (${READ_LEVELS}).`,
      required: ['type', 'version'],
      properties: { type: str, version: int(0) },
    })
  for (let level = c.depth; level >= 2; level--)
    kit.component(`${p}Node${level}`, {
      anyOf: [
        ...leafRefs,
        ...(elements.length ? [element(c, elements, listAt(level), rules)] : []),
      ],
    })
  return kit.component(p, {
    type: 'object',
    description: `Lexical's serialized editor state (Payload's rich text): nodes nest at most ${max} levels (limits.richText.maxDepth).`,
    required: ['root'],
    properties: { root: element(c, ['root'], listAt(1), rules) },
    // A value every editor takes (a paragraph of text): tools that cannot draw from these schemas in reasonable
    // time send it (docs/contracts.md, "Schemathesis").
    'x-cms-rich-text': true,
    ...(kit.mode === 'input' ? { examples: [EXAMPLE] } : {}),
  })
}

const element0 = { direction: 'ltr', format: '', indent: 0, version: 1 }
const EXAMPLE = {
  root: {
    type: 'root',
    ...element0,
    children: [
      {
        type: 'paragraph',
        ...element0,
        children: [
          {
            type: 'text',
            text: 'Example',
            format: 0,
            detail: 0,
            mode: 'normal',
            style: '',
            version: 1,
          },
        ],
      },
    ],
  },
}
