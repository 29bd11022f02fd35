import { idKind, stringIds, validId } from '../../config/ids.ts'
import type { FlattenedField, ID, ResolvedLexical, RichTextField } from '../../config/types.ts'
import { isObject, ok } from '../shared.ts'
import type { Checked, ValidateKit } from '../types.ts'
import {
  BLOCK_KEYS,
  DIRECTIONS,
  ELEMENT_FORMATS,
  ELEMENTS,
  LINK_KEYS,
  LINK_TYPES,
  LIST_TAGS,
  nodeDefaults,
  TEXT_MODES,
  TEXTS,
} from './nodes.ts'

/**
 * A rich-text value checked as Lexical's serialized editor state, node by node, against the field's editor
 * (`field.lexical`). The walk is iterative and stops at the first bad node (its JSON path and what is wrong),
 * at `limits.richText.maxDepth` levels and at `maxNodes` nodes, so no value can exhaust the stack or the CPU.
 * A valid value is kept as sent (unknown keys too, as Lexical writes `textFormat`, `$`, …), with the keys a node
 * may leave out filled in (nodes.ts nodeDefaults); only populated
 * documents (`value: { id, … }`, as a client sends back what it read) become their ids, as relationship fields do.
 * Fields inside nodes (blocks', links', uploads') are validated afterwards through the kit, so `required`, their
 * types, nested rich text and the existence of related documents apply as in a blocks field.
 */

interface Problem {
  path: string
  message: string
}
/** Nested fields to validate through the kit once the walk is done: the result goes into `node.fields`. */
interface Pending {
  node: Record<string, unknown>
  fields: FlattenedField[]
  data: Record<string, unknown>
  path: string
  allowed: Set<string>
}
interface Walk {
  lexical: ResolvedLexical
  kit: ValidateKit
  pending: Pending[]
}

const isInt = (v: unknown, min = -Infinity): boolean => Number.isInteger(v) && (v as number) >= min
const list = (values: readonly string[]) => values.map((v) => JSON.stringify(v)).join(', ')

/** The first key of `node` that breaks its rule, with the message. */
function firstBad(
  node: Record<string, unknown>,
  rules: [string, (v: unknown) => boolean, string][],
): [string, string] | undefined {
  for (const [key, good, what] of rules)
    if (!good(node[key])) return [key, `${key} must be ${what}.`]
  return undefined
}

const oneOf = (values: readonly (string | null)[]) => (v: unknown) =>
  values.includes(v as string | null)

/** The keys every node of a type must have, as Lexical and Payload's nodes write them. */
function rulesOf(
  type: string,
  lexical: ResolvedLexical,
): [string, (v: unknown) => boolean, string][] {
  const rules: [string, (v: unknown) => boolean, string][] = [
    ['version', (v) => isInt(v, 0), 'an integer, 0 or more'],
  ]
  if (ELEMENTS.has(type))
    rules.push(
      ['children', Array.isArray, 'a list of nodes'],
      ['direction', oneOf([...DIRECTIONS, null]), `one of ${list(DIRECTIONS)} or null`],
      ['format', oneOf(ELEMENT_FORMATS), `one of ${list(ELEMENT_FORMATS)}`],
      ['indent', (v) => isInt(v, 0), 'an integer, 0 or more'],
    )
  if (TEXTS.has(type))
    rules.push(
      ['text', (v) => typeof v === 'string', 'a string'],
      ['format', (v) => isInt(v, 0), 'an integer, 0 or more (bits of the text format)'],
      ['detail', (v) => isInt(v, 0), 'an integer, 0 or more'],
      ['mode', oneOf(TEXT_MODES), `one of ${list(TEXT_MODES)}`],
      ['style', (v) => typeof v === 'string', 'a string'],
    )
  if (type === 'heading')
    rules.push([
      'tag',
      oneOf(lexical.headingSizes),
      `one of the heading sizes this editor allows: ${list(lexical.headingSizes)}`,
    ])
  if (type === 'list')
    rules.push(
      ['listType', oneOf(lexical.listTypes), `one of ${list(lexical.listTypes)}`],
      ['tag', oneOf(LIST_TAGS), `one of ${list(LIST_TAGS)}`],
      ['start', (v) => isInt(v), 'an integer'],
    )
  if (type === 'listitem')
    rules.push(
      ['value', (v) => isInt(v), 'an integer'],
      ['checked', (v) => v === undefined || typeof v === 'boolean', 'a boolean'],
    )
  if (type === 'tablecell') rules.push(['headerState', (v) => isInt(v, 0), 'an integer, 0 or more'])
  return rules
}

/** A document reference (`relationTo`, `value`) to one of `collections`: its id, or a problem. */
function reference(
  ref: Record<string, unknown>,
  collections: string[],
  path: string,
  w: Walk,
): { relationTo: string; value: ID } | Problem {
  const slug = ref.relationTo
  if (typeof slug !== 'string' || !collections.includes(slug))
    return {
      path: `${path}.relationTo`,
      message: `relationTo must be one of the collections this editor allows: ${list(collections)}.`,
    }
  const collection = w.kit.req.cms.config.collectionsBySlug.get(slug)
  const kind = collection ? idKind(collection) : 'integer'
  // A populated document counts by its id, as a relationship field takes it.
  const raw = isObject(ref.value) && 'id' in ref.value ? ref.value.id : ref.value
  const id = validId(kind, raw)
  if (id === undefined)
    return {
      path: `${path}.value`,
      message: `value must be the id of a document of "${slug}" (${stringIds(kind) ? 'a string' : kind === 'integer' ? 'a positive integer' : 'a number'}).`,
    }
  w.kit.reference(slug, id, `${path}.value`)
  return { relationTo: slug, value: id }
}

/** The node's `fields` object, or a problem. */
function fieldsOf(node: Record<string, unknown>, path: string): Record<string, unknown> | Problem {
  return isObject(node.fields)
    ? node.fields
    : { path: `${path}.fields`, message: 'fields must be an object.' }
}

const isProblem = (v: unknown): v is Problem => isObject(v) && typeof v.message === 'string'

/** Link and autolink: Payload's link fields, an internal link's document, the LinkFeature's own fields. */
function checkLink(copy: Record<string, unknown>, path: string, w: Walk): Problem | undefined {
  const fields = fieldsOf(copy, path)
  if (isProblem(fields)) return fields
  const at = `${path}.fields`
  const bad = firstBad(fields, [
    ['url', (v) => v === undefined || typeof v === 'string', 'a string'],
    ['newTab', (v) => v === undefined || typeof v === 'boolean', 'a boolean'],
    ['linkType', (v) => v === undefined || oneOf(LINK_TYPES)(v), `one of ${list(LINK_TYPES)}`],
  ])
  if (bad) return { path: `${at}.${bad[0]}`, message: bad[1] }
  const out = { ...fields }
  const doc = fields.doc
  if (fields.linkType === 'internal' || (doc !== undefined && doc !== null)) {
    if (!isObject(doc))
      return {
        path: `${at}.doc`,
        message: 'doc must be { relationTo, value } (an internal link names its document).',
      }
    const r = reference(doc, w.lexical.link?.collections ?? [], `${at}.doc`, w)
    if (isProblem(r)) return r
    out.doc = { ...doc, value: r.value }
  }
  copy.fields = out
  const own = w.lexical.link?.fields ?? []
  w.pending.push({
    node: copy,
    fields: own,
    data: out,
    path: `${at}.`,
    allowed: new Set(LINK_KEYS),
  })
  return undefined
}

function checkDocNode(copy: Record<string, unknown>, path: string, w: Walk): Problem | undefined {
  const upload = copy.type === 'upload'
  const targets = (upload ? w.lexical.upload : w.lexical.relationship)?.collections ?? []
  const r = reference(copy, targets, path, w)
  if (isProblem(r)) return r
  copy.value = r.value
  if (!upload || copy.fields === undefined || copy.fields === null) return undefined
  const fields = fieldsOf(copy, path)
  if (isProblem(fields)) return fields
  const own = w.lexical.upload?.fields[r.relationTo] ?? []
  w.pending.push({
    node: copy,
    fields: own,
    data: fields,
    path: `${path}.fields.`,
    allowed: new Set(),
  })
  return undefined
}

function checkBlock(copy: Record<string, unknown>, path: string, w: Walk): Problem | undefined {
  const fields = fieldsOf(copy, path)
  if (isProblem(fields)) return fields
  const blocks = copy.type === 'block' ? w.lexical.blocks : w.lexical.inlineBlocks
  const block = blocks.find((b) => b.slug === fields.blockType)
  if (!block)
    return {
      path: `${path}.fields.blockType`,
      message: `blockType must be one of: ${list(blocks.map((b) => b.slug))}.`,
    }
  for (const key of ['id', 'blockName']) {
    const v = fields[key]
    if (v !== undefined && v !== null && typeof v !== 'string')
      return { path: `${path}.fields.${key}`, message: `${key} must be a string.` }
  }
  w.pending.push({
    node: copy,
    fields: block.fields,
    data: fields,
    path: `${path}.fields.`,
    allowed: new Set(BLOCK_KEYS),
  })
  return undefined
}

/** One node's own keys (not its children), its copy prepared; a problem stops the walk. */
function checkNode(node: unknown, path: string, depth: number, w: Walk) {
  if (!isObject(node)) return { path, message: 'A node must be an object.' }
  const { type } = node
  if (typeof type !== 'string') return { path: `${path}.type`, message: 'type must be a string.' }
  if ((depth === 1) !== (type === 'root'))
    return {
      path: `${path}.type`,
      message:
        depth === 1 ? 'The top node must be of type "root".' : 'Only the top node is a root.',
    }
  if (!w.lexical.nodes.includes(type))
    return {
      path: `${path}.type`,
      message: `Node type "${type}" is not allowed by this field's editor (it allows ${list(w.lexical.nodes)}).`,
    }
  const copy: Record<string, unknown> = { ...node }
  // Keys left out take Lexical's values (nodes.ts nodeDefaults), as Payload's validation takes such nodes.
  for (const [key, value] of Object.entries(nodeDefaults(type)))
    if (copy[key] === undefined) copy[key] = value
  const bad = firstBad(copy, rulesOf(type, w.lexical))
  if (bad) return { path: `${path}.${bad[0]}`, message: bad[1] }
  if (type === 'link' || type === 'autolink') return checkLink(copy, path, w) ?? copy
  if (type === 'relationship' || type === 'upload') return checkDocNode(copy, path, w) ?? copy
  if (type === 'block' || type === 'inlineBlock') return checkBlock(copy, path, w) ?? copy
  return copy
}

interface Frame {
  node: unknown
  path: string
  depth: number
  /** Where the node's copy goes. */
  into: unknown[]
  at: number
}

/** Walks the tree from the root without recursion; the copy of the root, or the first problem. */
function walk(root: unknown, path: string, w: Walk): { root: unknown } | Problem {
  const { maxDepth, maxNodes } = w.kit.req.cms.config.limits.richText
  const top: unknown[] = []
  const stack: Frame[] = [{ node: root, path, depth: 1, into: top, at: 0 }]
  let count = 0
  for (let f = stack.pop(); f; f = stack.pop()) {
    if (++count > maxNodes)
      return {
        path: w.kit.path,
        message: `Rich text may hold at most ${maxNodes} nodes (limits.richText.maxNodes).`,
      }
    const copy = checkNode(f.node, f.path, f.depth, w)
    if (isProblem(copy)) return copy
    f.into[f.at] = copy
    if (!ELEMENTS.has(copy.type as string) || !Array.isArray(copy.children)) continue
    const children: unknown[] = copy.children
    // A node at the last level holds no children (the contract's last level says the same).
    if (children.length && f.depth >= maxDepth)
      return {
        path: `${f.path}.children`,
        message: `Rich text may nest at most ${maxDepth} levels deep (limits.richText.maxDepth): these children would be level ${maxDepth + 1}.`,
      }
    const into: unknown[] = new Array(children.length)
    copy.children = into
    // Pushed last to first, so nodes are checked in document order and the first bad one is reported.
    for (let i = children.length - 1; i >= 0; i--)
      stack.push({
        node: children[i],
        path: `${f.path}.children.${i}`,
        depth: f.depth + 1,
        into,
        at: i,
      })
  }
  return { root: top[0] }
}

export async function validateRichText(
  field: RichTextField,
  value: unknown,
  kit: ValidateKit,
): Promise<Checked> {
  if (!isObject(value) || !isObject(value.root))
    return "Rich text must be Lexical's serialized editor state: an object with a root node."
  const lexical = field.lexical
  if (!lexical) return ok(value)
  const w: Walk = { lexical, kit, pending: [] }
  const r = walk(value.root, `${kit.path}.root`, w)
  if (isProblem(r)) {
    kit.push(r.path, r.message)
    return ok(value)
  }
  const { maxBytes } = kit.req.cms.config.limits.richText
  // Measured once the walk has bounded the nesting.
  if (Buffer.byteLength(JSON.stringify(value)) > maxBytes)
    return `Rich text may take at most ${maxBytes} bytes of JSON (limits.richText.maxBytes).`
  for (const p of w.pending) {
    // Fields in nodes take their defaults, as a blocks field's new rows do (the contract leaves them optional).
    p.data = { ...p.data }
    await kit.defaults(p.fields, p.data)
    const normalised = await kit.fields(p.fields, p.data, p.path, p.allowed, true)
    p.node.fields = { ...p.data, ...normalised }
  }
  return ok({ ...value, root: r.root })
}
