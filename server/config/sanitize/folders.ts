/**
 * Payload 3's folders: a collection with `folders: true` gets a `folder` relationship (indexed) to the
 * `payload-folders` collection the CMS adds, whose documents have a `name`, a parent `folder` and, with
 * `folders.collectionSpecific` (the default), the `folderType` collections they may hold. As in Payload, deleting
 * a folder deletes its subfolders and takes its documents out of it, moving a folder into one of its own
 * subfolders re-parents that subfolder, and a folder's types bind what its documents and subfolders may be.
 * Closed by default: the collection is the CMS's own, so only the trusted callers (server/config/trusted.ts) may
 * read or write it until `folders.collectionOverrides` opens it. The admin-only `documentsAndFolders` join (over
 * several collections) is not added: a folder's content is `where[folder][equals]=<id>` on each collection.
 */
import { APIError } from '../../errors/api-error.ts'
import { ConfigError } from '../../errors/config-error.ts'
import { ValidationError } from '../../errors/validation-error.ts'
import { relationshipTo } from '../../fields/relationship.ts'
import { trustedAccess } from '../trusted.ts'
import type {
  CollectionConfig,
  CollectionHook,
  Config,
  CmsRequest,
  Field,
  FoldersConfig,
  ID,
} from '../types.ts'

export const FOLDERS_SLUG = 'payload-folders'
/** A folder chain longer than this is taken as a cycle (data written before these rules, or by hand). */
const MAX_NESTING = 1000

interface Folders {
  slug: string
  fieldName: string
  collectionSpecific: boolean
  /** The slugs of the collections with folders. */
  enabled: string[]
}

const idOf = (v: unknown): ID | undefined =>
  typeof v === 'string' || typeof v === 'number'
    ? v
    : v && typeof v === 'object' && 'id' in v
      ? idOf((v as { id: unknown }).id)
      : undefined

function options(input: Config, enabled: string[]): Folders {
  const given: FoldersConfig =
    input.folders && typeof input.folders === 'object' ? input.folders : {}
  if (input.folders !== undefined && typeof input.folders !== 'object')
    throw new ConfigError('folders must be false or an object.')
  for (const key of ['slug', 'fieldName'] as const)
    if (given[key] !== undefined && (typeof given[key] !== 'string' || !given[key]))
      throw new ConfigError(`folders.${key} must be a non-empty string.`)
  for (const key of ['collectionSpecific', 'browseByFolder', 'debug'] as const)
    if (given[key] !== undefined && typeof given[key] !== 'boolean')
      throw new ConfigError(`folders.${key} must be true or false.`)
  return {
    slug: given.slug ?? FOLDERS_SLUG,
    fieldName: given.fieldName ?? 'folder',
    collectionSpecific: given.collectionSpecific ?? true,
    enabled,
  }
}

/**
 * The collections with Payload's folders added: the `folder` field on each collection that enables them, and the
 * folders collection itself (after `folders.collectionOverrides`). `slugs` gains the folders' slug.
 */
export function withFolders(input: Config, collections: CollectionConfig[], slugs: Set<string>) {
  for (const c of collections)
    if (c.folders !== undefined && typeof c.folders !== 'boolean' && typeof c.folders !== 'object')
      throw new ConfigError(`Collection "${c.slug}": folders must be true, false or an object.`)
  const enabled = collections.filter((c) => c.folders).map((c) => c.slug)
  if (input.folders === false || !enabled.length) return collections
  const f = options(input, enabled)
  if (slugs.has(f.slug))
    throw new ConfigError(
      `Collection "${f.slug}": the slug is the folders' own collection; rename yours or set folders.slug.`,
    )
  if (f.enabled.includes(f.slug)) throw new ConfigError('The folders collection has no folders.')
  let folders: CollectionConfig = folderCollection(input, collections, f)
  const overrides = (input.folders && input.folders.collectionOverrides) ?? []
  if (!Array.isArray(overrides))
    throw new ConfigError('folders.collectionOverrides must be a list of functions.')
  for (const [i, override] of overrides.entries()) {
    const out: unknown = typeof override === 'function' ? override({ collection: folders }) : null
    if (!out || typeof out !== 'object' || 'then' in out)
      throw new ConfigError(
        `folders.collectionOverrides[${i}] must be a function returning the collection (not a promise).`,
      )
    folders = out as CollectionConfig
  }
  slugs.add(f.slug)
  const out = collections.map((c) =>
    c.folders
      ? {
          ...c,
          fields: [...c.fields, folderField(f)],
          hooks: {
            ...c.hooks,
            beforeValidate: [...(c.hooks?.beforeValidate ?? []), fitsFolder(f)],
          },
        }
      : c,
  )
  return [...out, folders]
}

const folderField = (f: Folders): Field =>
  relationshipTo(f.fieldName, f.slug, { hasMany: false, index: true, label: 'Folder' })

function folderCollection(input: Config, collections: CollectionConfig[], f: Folders) {
  const trusted = trustedAccess(input, collections)
  const debug = Boolean(input.folders && input.folders.debug)
  const labels = new Map(collections.map((c) => [c.slug, c.labels?.plural]))
  const fields: Field[] = [
    { name: 'name', type: 'text', index: true, required: true },
    { ...folderField(f), admin: { hidden: !debug } },
  ]
  if (f.collectionSpecific)
    fields.push({
      name: 'folderType',
      type: 'select',
      hasMany: true,
      admin: { position: 'sidebar' },
      options: f.enabled.map((slug) => {
        const label = labels.get(slug)
        return label ? { value: slug, label } : slug
      }),
    })
  return {
    slug: f.slug,
    labels: { singular: 'Folder', plural: 'Folders' },
    admin: { hidden: !debug, useAsTitle: 'name' },
    typescript: { interface: 'FolderInterface' },
    access: { read: trusted, create: trusted, update: trusted, delete: trusted },
    hooks: {
      beforeValidate: [...(f.collectionSpecific ? [safeTypesChange(f)] : []), fitsFolder(f, true)],
      afterChange: [reparentChild(f)],
      beforeDelete: [deleteSubfolders(f)],
      afterDelete: [takeOutDocuments(f)],
    },
    fields,
  } satisfies CollectionConfig
}

/** The stored folder `id` (with its name and types), or undefined when there is none. */
async function folderOf(req: CmsRequest, f: Folders, id: ID) {
  const found = await req.cms.find({
    collection: f.slug as never,
    where: { id: { equals: id } },
    depth: 0,
    limit: 1,
    req,
  })
  return found.docs[0] as unknown as
    ({ id: ID; name?: string; folderType?: string[] } & Record<string, unknown>) | undefined
}

/**
 * A document's new folder (or a folder's new parent) must exist and, with collection-specific folders, take the
 * document's collection (a folder: all of its types); a folder without types takes everything.
 */
type Doc = Record<string, unknown> | undefined

function fitsFolder(f: Folders, isFolder = false): CollectionHook {
  return async ({ data, originalDoc: original, req, collection }) => {
    const record = data as Doc
    const originalDoc = original as Doc
    const target = idOf(record?.[f.fieldName])
    if (target === undefined || target === idOf(originalDoc?.[f.fieldName])) return data
    const parent = await folderOf(req, f, target)
    const fail = (message: string) => {
      throw new ValidationError({
        collection: collection.slug,
        errors: [{ path: f.fieldName, message, label: 'Folder' }],
      })
    }
    if (!parent) return fail(`Folder with ID ${target} not found in collection ${f.slug}`)
    if (!f.collectionSpecific) return data
    const accepts = parent.folderType ?? []
    if (!accepts.length) return data
    const types: string[] = isFolder
      ? ((record?.folderType ?? originalDoc?.folderType ?? []) as string[])
      : [collection.slug]
    const refused = types.filter((t) => !accepts.includes(t))
    if (isFolder && !types.length)
      return fail(
        `The folder "${String(record?.name ?? originalDoc?.name)}" must have folder-type set since its parent folder "${parent.name}" has a folder-type set.`,
      )
    if (refused.length)
      return fail(`Folder with ID ${target} does not allow documents of type ${refused.join(', ')}`)
    return data
  }
}

/** Narrowing a folder's types is refused while it holds documents or folders of the types taken away. */
function safeTypesChange(f: Folders): CollectionHook {
  return async ({ data, originalDoc: original, req }) => {
    const originalDoc = original as Doc
    const types = (data as Doc)?.folderType
    const id = idOf(originalDoc)
    if (!Array.isArray(types) || !types.length || id === undefined) return data
    const before = (
      Array.isArray(originalDoc?.folderType) ? originalDoc.folderType : []
    ) as string[]
    // From any types to some: those it no longer takes; from none (all) to some: the rest.
    const removed = (before.length ? before : f.enabled).filter((t) => !types.includes(t))
    const within = { [f.fieldName]: { equals: id } }
    let holds: string | undefined
    for (const slug of removed) {
      const n = await req.cms.count({ collection: slug as never, where: within, req })
      if (n.totalDocs) holds = 'documents'
    }
    if (!holds && removed.length) {
      const n = await req.cms.count({
        collection: f.slug as never,
        where: { and: [within, { folderType: { in: removed } }] },
        req,
      })
      if (n.totalDocs) holds = 'folders'
    }
    if (!holds) return data
    const name = (data as Doc)?.name ?? originalDoc?.name
    const labels = removed.map(
      (slug) => req.cms.config.collectionsBySlug.get(slug)?.labels.plural ?? slug,
    )
    throw new APIError(
      `The folder "${String(name)}" contains ${holds} that still belong to the following collections: ${labels.join(', ')}`,
      400,
    )
  }
}

/** Whether folder `start`'s chain of parents reaches `ancestor`. */
async function isWithin(req: CmsRequest, f: Folders, start: ID, ancestor: ID): Promise<boolean> {
  let at: ID | undefined = start
  for (let i = 0; at !== undefined && i < MAX_NESTING; i++) {
    const folder = await folderOf(req, f, at)
    at = folder ? idOf(folder[f.fieldName]) : undefined
    if (at === ancestor) return true
  }
  return at !== undefined
}

/** A folder moved into one of its subfolders: that subfolder takes the moved folder's old place. */
function reparentChild(f: Folders): CollectionHook {
  return async ({ doc, previousDoc, req }) => {
    const d = doc as Record<string, unknown>
    const next = idOf(d[f.fieldName])
    const before = idOf((previousDoc as Record<string, unknown> | undefined)?.[f.fieldName])
    const id = idOf(d.id)
    if (next === undefined || next === before || id === undefined) return doc
    if (next === id || (await isWithin(req, f, next, id)))
      await req.cms.update({
        collection: f.slug as never,
        id: next,
        data: { [f.fieldName]: before ?? null },
        req,
      })
    return doc
  }
}

function deleteSubfolders(f: Folders): CollectionHook {
  return async ({ id, req }) => {
    await req.cms.delete({
      collection: f.slug as never,
      where: { [f.fieldName]: { equals: id as ID } },
      req,
    })
  }
}

function takeOutDocuments(f: Folders): CollectionHook {
  return async ({ id, req }) => {
    for (const slug of f.enabled)
      await req.cms.update({
        collection: slug as never,
        where: { [f.fieldName]: { equals: id as ID } },
        data: { [f.fieldName]: null },
        req,
      })
  }
}
