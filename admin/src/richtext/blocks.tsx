/**
 * Payload's `block` and `inlineBlock` nodes: a new one as Payload's BlocksFeature writes it (the block's defaults,
 * a row id), and its fields edited in place in its card with the admin's own field components (fields/Field.tsx),
 * bound to the node's `fields`: every edit is written into the Lexical state, rich text, relationships and arrays
 * inside a block too.
 */
import { useContext, useMemo } from 'react'
import { $getNodeByKey, SKIP_DOM_SELECTION_TAG } from 'lexical'
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext'
import type { AdminField, BlockDescription } from '../schema.ts'
import { FormContext, useForm, type FormApi } from '../edit/context.tsx'
import { defaultsOf, setIn, type Values } from '../edit/state.ts'
import { newRowId, withRowIds } from '../edit/rows.ts'
import { Fields } from '../fields/Field.tsx'
import type { PayloadJSON, PayloadNode } from './nodes.tsx'
import { EditorContext } from './context.ts'

/** A new block node of `block` (Payload's `block` version 2, `inlineBlock` version 1). */
export function blockData(block: BlockDescription, inline: boolean): PayloadJSON {
  const defaults = withRowIds(defaultsOf(block.fields), block.fields)
  if (inline)
    return {
      type: 'inlineBlock',
      fields: { id: newRowId(), blockType: block.slug, ...defaults },
      version: 1,
    }
  return {
    type: 'block',
    fields: { id: newRowId(), blockName: '', blockType: block.slug, ...defaults },
    format: '',
    version: 2,
  }
}

/**
 * A node's fields (a block's, an upload's) as a form of their own: its values are the node's `fields` (under one
 * key, so the inputs' ids are the editor's and the node's, unique on the page), its writes update the node.
 */
export function NodeFields(props: {
  fields: AdminField[]
  data: Record<string, unknown>
  nodeKey: string
}) {
  const [editor] = useLexicalComposerContext()
  const outer = useForm()
  const { id } = useContext(EditorContext)
  const readOnly = !editor.isEditable()
  const key = `${id}-node${props.nodeKey}`
  const values = (props.data.fields ?? {}) as Values
  const form = useMemo<FormApi>(
    () => ({
      values: { [key]: values },
      // The focus is in the card's inputs (or its own editors): the editor leaves the page's selection alone.
      set: (path, value) =>
        editor.update(
          () => {
            const node = $getNodeByKey(props.nodeKey) as PayloadNode | null
            if (!node) return
            const writable = node.getWritable()
            const fields = (writable.__data.fields ?? {}) as Values
            writable.__data = { ...writable.__data, fields: setIn(fields, path.slice(1), value) }
          },
          { tag: SKIP_DOM_SELECTION_TAG },
        ),
      errors: {},
      readOnly,
      op: outer.op,
      shows: () => true,
    }),
    [editor, key, values, readOnly, outer.op, props.nodeKey],
  )
  return (
    <FormContext.Provider value={form}>
      <div className="rt-block-fields">
        <Fields fields={props.fields} path={[key]} perm={true} readOnly={readOnly} />
      </div>
    </FormContext.Provider>
  )
}
