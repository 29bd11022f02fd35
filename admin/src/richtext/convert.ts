/**
 * Between the stored value (Payload's serialized Lexical state) and the editor's: links keep their URL in
 * `fields` (`{ url, newTab, linkType, doc }`) where Lexical's LinkNode has `url`/`target` and the rest in its state
 * (link.ts); an empty editor is `null`.
 */
type Node = Record<string, unknown> & { type?: string; children?: Node[] }
export type State = { root: Node }

/** The node types this editor registers; a state with others is shown as JSON instead. */
const KNOWN = new Set([
  'root',
  'paragraph',
  'text',
  'linebreak',
  'tab',
  'heading',
  'quote',
  'list',
  'listitem',
  'link',
  'autolink',
  // Payload's nodes, as decorator cards (nodes.tsx).
  'block',
  'inlineBlock',
  'upload',
  'relationship',
  'horizontalrule',
])

const map = (node: Node, fn: (n: Node) => Node): Node => {
  const out = fn({ ...node })
  if (Array.isArray(out.children)) out.children = out.children.map((c) => map(c, fn))
  return out
}

export function isState(v: unknown): v is State {
  return typeof v === 'object' && v !== null && typeof (v as State).root === 'object'
}

/** The node types of a state this editor does not edit: unknown to it, or not among the field's `allowed`. */
export function unknownTypes(state: State, allowed?: Set<string>): string[] {
  const found = new Set<string>()
  map(state.root, (n) => {
    if (n.type && (!KNOWN.has(n.type) || (allowed && !allowed.has(n.type)))) found.add(n.type)
    return n
  })
  return [...found]
}

/** The key of the link node's state (`$` of its JSON) that holds Payload's link fields in the editor (link.ts). */
export const LINK_STATE = 'payloadLinkFields'

const isLink = (n: Node) => n.type === 'link' || n.type === 'autolink'

export function toEditor(state: State): State {
  return {
    root: map(state.root, (n) => {
      if (!isLink(n)) return n
      const fields = (n.fields ?? {}) as { url?: string; newTab?: boolean }
      const kept: Record<string, unknown> = { ...fields }
      delete kept.url
      const $ = { ...(n.$ as Record<string, unknown> | undefined), [LINK_STATE]: kept }
      return { ...n, url: fields.url ?? '', target: fields.newTab ? '_blank' : null, rel: null, $ }
    }),
  }
}

/** A link back as Payload stores it: its fields from the node's URL and target and the state's fields. */
function linkFrom(n: Node): Node {
  const { url, target, $, ...rest } = n
  delete rest.rel
  delete rest.title
  const states = { ...($ as Record<string, unknown> | undefined) }
  const kept = (states[LINK_STATE] ?? {}) as Record<string, unknown>
  delete states[LINK_STATE]
  const internal = kept.linkType === 'internal'
  const fields: Record<string, unknown> = {
    ...kept,
    newTab: target === '_blank',
    linkType: internal ? 'internal' : 'custom',
  }
  if (!internal) {
    fields.url = url ?? ''
    delete fields.doc
  }
  return { ...rest, ...(Object.keys(states).length ? { $: states } : {}), fields }
}

export function fromEditor(state: State): State | null {
  const kids = state.root.children ?? []
  const empty =
    kids.length === 0 ||
    (kids.length === 1 && kids[0].type === 'paragraph' && (kids[0].children ?? []).length === 0)
  if (empty) return null
  return { root: map(state.root, (n) => (isLink(n) ? linkFrom(n) : n)) }
}
