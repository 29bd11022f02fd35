import { relationFieldType, type RelationFieldBase } from './relationship.ts'
import type { FieldType } from './types.ts'

/**
 * An upload field: a relationship whose targets are upload collections (the sanitiser checks it once every
 * collection is known, config/sanitize/uploads.ts). Stored, queried, populated and typed as a relationship; its
 * documents carry their files' `url`, `sizes` and the rest.
 */
export interface UploadField extends RelationFieldBase {
  type: 'upload'
  /** The admin panel's preview toggle: accepted and ignored (no admin yet). */
  displayPreview?: boolean
}

export const upload: FieldType<UploadField> = relationFieldType<UploadField>('upload', {
  uploads: true,
})
