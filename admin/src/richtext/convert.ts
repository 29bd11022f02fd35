/**
 * Between the stored value (Payload's serialized Lexical state) and the editor's: links keep their URL in
 * `fields` (`{ url, newTab, linkType }`) where Lexical's LinkNode has `url`/`target`; an empty editor is `null`.
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

export function unknownTypes(state: State): string[] {
  const found = new Set<string>()
  map(state.root, (n) => {
    if (n.type && !KNOWN.has(n.type)) found.add(n.type)
    return n
  })
  return [...found]
}

export function toEditor(state: State): State {
  return {
    root: map(state.root, (n) => {
      if (n.type !== 'link' && n.type !== 'autolink') return n
      const fields = (n.fields ?? {}) as { url?: string; newTab?: boolean }
      return { ...n, url: fields.url ?? '', target: fields.newTab ? '_blank' : null, rel: null }
    }),
  }
}

export function fromEditor(state: State): State | null {
  const kids = state.root.children ?? []
  const empty =
    kids.length === 0 ||
    (kids.length === 1 && kids[0].type === 'paragraph' && (kids[0].children ?? []).length === 0)
  if (empty) return null
  return {
    root: map(state.root, (n) => {
      if (n.type !== 'link' && n.type !== 'autolink') return n
      const { url, target, ...rest } = n
      delete rest.rel
      delete rest.title
      return {
        ...rest,
        fields: { url: url ?? '', newTab: target === '_blank', linkType: 'custom' },
      }
    }),
  }
}
