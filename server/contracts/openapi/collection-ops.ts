/**
 * What the path groups of one collection (`collection-paths.ts`) share: its names, tag, meta, common
 * parameters and answers, and the statuses its writes can meet.
 */
import type { SanitizedCollection, SanitizedConfig } from '../../config/types.ts'
import type { ErrorStatus } from '../../errors/catalogue.ts'
import type { OperationKind } from '../../config/kinds.ts'
import type { OperationMeta, PathItem } from '../operation.ts'
import { collectionNames } from '../../config/names.ts'
import { ref, type Schema, type SchemaContext } from '../schemas.ts'
import { isLockable } from '../../config/sanitize/locked-documents.ts'
import { joinsParam, MESSAGE, param, readParams } from './shared.ts'

export /** What the path groups of one collection share: its names, tag, common parameters and answers. */
interface CollectionOps {
  config: SanitizedConfig
  c: SanitizedCollection
  paths: Record<string, PathItem>
  ctx: SchemaContext
  singular: string
  plural: string
  base: string
  tag: string[]
  doc: Schema
  where: string
  meta: (kind: OperationKind) => OperationMeta
  read: Schema[]
  writeParams: Schema[]
  trash: Schema
  joins: Schema[]
  docMessage: Schema
  bulk: Schema
  limited: ErrorStatus[]
  /** `overrideLock` where the collection's documents can be locked (lockDocuments), and the 423 it can meet. */
  lock: Schema[]
  locked: ErrorStatus[]
}

export function collectionOps(
  config: SanitizedConfig,
  c: SanitizedCollection,
  paths: Record<string, PathItem>,
  ctx: SchemaContext,
): CollectionOps {
  const { singular, plural } = collectionNames(c)
  const base = `/${c.slug}`
  const tag = [plural]
  const doc = ref(singular)
  const where = `${singular}Where`
  const meta = (kind: OperationKind): OperationMeta => ({ kind, collection: c.slug })
  // `draft` on every collection, as Payload parses it (true or false; it changes nothing without drafts), and
  // `trash` wherever Payload reads it (it changes nothing without trash: true).
  const read = readParams(config, true, `${singular}Select`)
  const writeParams = read
  const trash = param('trash')
  const joins = c.joins.length ? [joinsParam(`${singular}Joins`)] : []
  const docMessage = {
    type: 'object',
    required: ['doc', 'message'],
    properties: { doc, message: MESSAGE },
  }
  const bulk = {
    type: 'object',
    required: ['docs', 'errors', 'message'],
    properties: {
      docs: { type: 'array', items: doc },
      errors: ref('BulkErrors'),
      message: MESSAGE,
    },
  }
  // Writes setting a password of an auth collection count against the per-address passwordChange limit.
  const limited: ErrorStatus[] = c.auth ? [429] : []
  const lockable = isLockable(config, c)
  return {
    lock: lockable ? [param('overrideLock')] : [],
    locked: lockable ? [423] : [],
    config,
    c,
    paths,
    ctx,
    singular,
    plural,
    base,
    tag,
    doc,
    where,
    meta,
    read,
    writeParams,
    trash,
    joins,
    docMessage,
    bulk,
    limited,
  }
}
