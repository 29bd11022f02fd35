/**
 * Payload's own nodes (`block`, `inlineBlock`, `upload`, `relationship`, `horizontalrule`) as Lexical decorator
 * nodes. Each keeps the serialized node it was imported from, whole, and exports it unchanged (every key, in its
 * order), so a document saved without touching them sends them back as they were; `decorate()` shows a card
 * (cards.tsx).
 */
import type { ReactElement } from 'react'
import { DecoratorNode, type LexicalNode, type NodeKey, type SerializedLexicalNode } from 'lexical'
import { Card } from './cards.tsx'

/** A node as Payload serializes it. */
export type PayloadJSON = SerializedLexicalNode & Record<string, unknown>

export class PayloadNode extends DecoratorNode<ReactElement> {
  __data: PayloadJSON

  constructor(data: PayloadJSON, key?: NodeKey) {
    super(key)
    this.__data = data
  }

  exportJSON(): PayloadJSON {
    return { ...this.__data }
  }

  createDOM(): HTMLElement {
    const el = document.createElement(this.isInline() ? 'span' : 'div')
    el.className = this.isInline() ? 'rt-card-host rt-inline' : 'rt-card-host'
    return el
  }

  updateDOM(): false {
    return false
  }

  decorate(): ReactElement {
    return <Card data={this.__data} nodeKey={this.getKey()} />
  }
}

/** One class per type: Lexical tells nodes apart by their class's `getType()`. */
function nodeClass(type: string, inline: boolean) {
  return class extends PayloadNode {
    static getType(): string {
      return type
    }
    static clone(node: PayloadNode): PayloadNode {
      return new this(node.__data, node.__key)
    }
    static importJSON(json: SerializedLexicalNode): PayloadNode {
      return new this(json as PayloadJSON)
    }
    isInline(): boolean {
      return inline
    }
  }
}

export const BlockNode = nodeClass('block', false)
export const InlineBlockNode = nodeClass('inlineBlock', true)
export const UploadNode = nodeClass('upload', false)
export const RelationshipNode = nodeClass('relationship', false)
export const HorizontalRuleNode = nodeClass('horizontalrule', false)

export const PAYLOAD_NODES = [
  BlockNode,
  InlineBlockNode,
  UploadNode,
  RelationshipNode,
  HorizontalRuleNode,
]

const CLASSES: Record<string, (data: PayloadJSON) => LexicalNode> = {
  block: (d) => new BlockNode(d),
  inlineBlock: (d) => new InlineBlockNode(d),
  upload: (d) => new UploadNode(d),
  relationship: (d) => new RelationshipNode(d),
  horizontalrule: (d) => new HorizontalRuleNode(d),
}

/** A new node of Payload's for a serialized node (inside `editor.update`). */
export function $createPayloadNode(data: PayloadJSON): LexicalNode {
  return CLASSES[data.type](data)
}
