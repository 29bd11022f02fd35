/**
 * Keeps the editor's state within what the field allows, whatever put it there (a paste, a shortcut): a heading of
 * a size the field does not enable becomes the nearest enabled size (else a paragraph), a list of a type it does
 * not enable one it does, and a node of Payload's the field does not allow (or a block it does not list) is
 * removed. The server validates the same rules (a 400 names the node); this way a save never meets them.
 */
import { useEffect } from 'react'
import { $createParagraphNode, type Klass, type LexicalNode } from 'lexical'
import { mergeRegister } from '@lexical/utils'
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext'
import { $createHeadingNode, HeadingNode, type HeadingTagType } from '@lexical/rich-text'
import { ListNode } from '@lexical/list'
import type { Features } from './features.ts'
import { PAYLOAD_NODES, type PayloadNode } from './nodes.tsx'

/** The enabled size nearest to `tag` (a larger one first), if any. */
function nearest(tag: HeadingTagType, enabled: HeadingTagType[]): HeadingTagType | undefined {
  const level = Number(tag.slice(1))
  return [...enabled].sort(
    (a, b) =>
      Math.abs(Number(a.slice(1)) - level) - Math.abs(Number(b.slice(1)) - level) ||
      Number(a.slice(1)) - Number(b.slice(1)),
  )[0]
}

function allowsPayloadNode(node: PayloadNode, f: Features): boolean {
  const { type } = node.__data
  if (!f.nodes.has(type)) return false
  if (type !== 'block' && type !== 'inlineBlock') return true
  const blocks = type === 'block' ? f.blocks : f.inlineBlocks
  const blockType = (node.__data.fields as { blockType?: unknown } | undefined)?.blockType
  return blocks.some((b) => b.slug === blockType)
}

export function AllowedOnly(props: { features: Features }) {
  const [editor] = useLexicalComposerContext()
  const f = props.features
  useEffect(() => {
    const removals = []
    if (editor.hasNodes([HeadingNode]))
      removals.push(
        editor.registerNodeTransform(HeadingNode, (node) => {
          if (f.headings.includes(node.getTag())) return
          const tag = nearest(node.getTag(), f.headings)
          const next = tag ? $createHeadingNode(tag) : $createParagraphNode()
          node.replace(next, true)
        }),
      )
    if (editor.hasNodes([ListNode]))
      removals.push(
        editor.registerNodeTransform(ListNode, (node) => {
          if (!f.lists.includes(node.getListType())) node.setListType(f.lists[0])
        }),
      )
    for (const klass of PAYLOAD_NODES)
      removals.push(
        editor.registerNodeTransform(klass as Klass<LexicalNode>, (node) => {
          if (!allowsPayloadNode(node as PayloadNode, f)) node.remove()
        }),
      )
    return mergeRegister(...removals)
  }, [editor, f])
  return null
}
