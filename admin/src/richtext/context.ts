/** What the parts of one rich-text editor share: its field's description and features, its element id and label. */
import { createContext } from 'react'
import { createCommand } from 'lexical'
import type { RichTextEditor } from '../schema.ts'
import { featuresOf, type Features } from './features.ts'

export interface EditorInfo {
  description?: RichTextEditor
  features: Features
  /** The editable's element id (its field's: `field-body`), also the editor's namespace. */
  id: string
  label: string
}

export const EditorContext = createContext<EditorInfo>({
  features: featuresOf(undefined, []),
  id: 'rt',
  label: 'Rich text',
})

/** Opens a picker of the toolbar (Insert.tsx): from the slash menu. */
export const OPEN_PICKER_COMMAND = createCommand<'upload' | 'relationship'>('OPEN_PICKER')
/** Opens the link drawer (LinkDrawer.tsx): from the toolbars. */
export const OPEN_LINK_COMMAND = createCommand<void>('OPEN_LINK')
