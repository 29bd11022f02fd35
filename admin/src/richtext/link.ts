/**
 * Payload's link fields on Lexical's LinkNode: `{ linkType, url, newTab, doc }` (and the LinkFeature's own fields)
 * live in the node's state (`$` of its JSON, convert.ts moves them to and from `fields`), so an internal link keeps
 * its document (`doc: { relationTo, value }`) through the editor. The URL and target of the Lexical node follow.
 */
import {
  $createTextNode,
  $getSelection,
  $isRangeSelection,
  createState,
  $getState,
  $setState,
  type LexicalNode,
} from 'lexical'
import { $findMatchingParent } from '@lexical/utils'
import {
  $createLinkNode,
  $isAutoLinkNode,
  $isLinkNode,
  $toggleLink,
  type LinkNode,
} from '@lexical/link'
import { LINK_STATE } from './convert.ts'

export type Id = string | number
export interface LinkFields extends Record<string, unknown> {
  linkType: 'custom' | 'internal'
  url?: string
  newTab: boolean
  doc?: { relationTo: string; value: Id | { id: Id } }
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

export const linkState = createState(LINK_STATE, {
  parse: (v): Record<string, unknown> => (isObject(v) ? v : {}),
})

const linkOf = (node: LexicalNode | null | undefined): LinkNode | null =>
  node
    ? ($findMatchingParent(node, (n) => $isLinkNode(n) && !$isAutoLinkNode(n)) as LinkNode | null)
    : null

/** The link the selection is in (inside `editor.read`/`update`), with its fields and text. */
export function $selectedLink(): { fields: LinkFields; text: string } | null {
  const sel = $getSelection()
  if (!$isRangeSelection(sel)) return null
  const link = linkOf(sel.anchor.getNode())
  if (!link || link !== linkOf(sel.focus.getNode())) return null
  const state = $getState(link, linkState)
  const newTab = link.getTarget() === '_blank'
  const fields: LinkFields =
    state.linkType === 'internal'
      ? { ...state, linkType: 'internal', newTab }
      : { ...state, linkType: 'custom', url: link.getURL(), newTab }
  return { fields, text: link.getTextContent() }
}

/** The selected text (inside `editor.read`). */
export function $selectedText(): string {
  const sel = $getSelection()
  return $isRangeSelection(sel) ? sel.getTextContent() : ''
}

function configure(link: LinkNode, fields: LinkFields): void {
  const { url, ...rest } = fields
  link.setURL(fields.linkType === 'internal' ? '' : (url ?? ''))
  link.setTarget(fields.newTab ? '_blank' : null)
  link.setRel(null)
  $setState(link, linkState, rest.linkType === 'internal' ? rest : { ...rest, doc: undefined })
}

/**
 * Links the selection (inside `editor.update`): the link it is in is changed; a collapsed selection gets a new
 * link with `text`; a range whose text is changed is replaced by a link with that text, else it is linked.
 */
export function $applyLink(fields: LinkFields, text: string): void {
  const sel = $getSelection()
  if (!$isRangeSelection(sel)) return
  const existing = $selectedLink() ? linkOf(sel.anchor.getNode()) : null
  if (existing) {
    configure(existing, fields)
    if (text && text !== existing.getTextContent()) {
      existing.clear()
      existing.append($createTextNode(text))
    }
    return
  }
  if (sel.isCollapsed() || (text && text !== sel.getTextContent())) {
    const link = $createLinkNode('')
    configure(link, fields)
    link.append($createTextNode(text || fields.url || 'link'))
    sel.insertNodes([link])
    return
  }
  $toggleLink('', { rel: null })
  const after = $getSelection()
  const links = new Set<LinkNode>()
  for (const node of after?.getNodes() ?? []) {
    const link = $isLinkNode(node) && !$isAutoLinkNode(node) ? node : linkOf(node)
    if (link) links.add(link)
  }
  links.forEach((link) => configure(link, fields))
}

/** Removes the link the selection is in, keeping its text. */
export function $removeLink(): void {
  $toggleLink(null)
}
