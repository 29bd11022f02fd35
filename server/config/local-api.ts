import type { CmsRequest, Doc, ID, SanitizedConfig, Where } from './types.ts'

/**
 * Augmented by the generated `cms-types.ts` (`declare module ... { interface GeneratedTypes extends Config {} }`),
 * so Local results are typed per collection without casts.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface GeneratedTypes {}

type Generated<K extends string, Fallback> = GeneratedTypes extends { [P in K]: infer T }
  ? T
  : Fallback
export type CollectionsMap = Generated<'collections', Record<string, Doc>>
export type GlobalsMap = Generated<'globals', Record<string, Record<string, unknown>>>
export type CollectionSlug = keyof CollectionsMap & string
export type GlobalSlug = keyof GlobalsMap & string
export type DocOf<S> = S extends keyof CollectionsMap ? CollectionsMap[S] : Doc
export type GlobalOf<S> = S extends keyof GlobalsMap ? GlobalsMap[S] : Record<string, unknown>

export type Select = { [field: string]: boolean | Select }

/** Options every Local operation takes. */
export interface BaseArgs {
  /** Acting user; changes nothing unless `overrideAccess: false`. */
  user?: CmsRequest['user']
  /** Default true on the Local layer: access functions are skipped. */
  overrideAccess?: boolean
  /** The current request: pass it inside hooks so the call joins its transaction. */
  req?: Partial<CmsRequest>
  context?: Record<string, unknown>
  locale?: string
  fallbackLocale?: string | false
}

export interface ReadArgs extends BaseArgs {
  depth?: number
  select?: Select
  populate?: Record<string, Select>
  draft?: boolean
  showHiddenFields?: boolean
}

/** Collections with `trash`: `true` includes documents in the trash (default: they are left out). */
export interface TrashArgs {
  trash?: boolean
}

export interface FindArgs<S extends string = CollectionSlug> extends ReadArgs, TrashArgs {
  collection: S
  where?: Where
  limit?: number
  page?: number
  pagination?: boolean
  sort?: string | string[]
  disableErrors?: boolean
  /**
   * `false` skips the count query when the caller will not read the totals (GraphQL selecting only `docs`):
   * `totalDocs` and the page fields then describe only the documents returned.
   */
  count?: boolean
}

export interface FindByIDArgs<S extends string = CollectionSlug> extends ReadArgs, TrashArgs {
  collection: S
  id: ID | string
  disableErrors?: boolean
}

/**
 * `field`: a field holding one value per document (in groups too: `meta.source`), `id` or a timestamp. `sort` is
 * the field itself (default, ascending; `-field` descending) or another such field (by its largest value among
 * the documents of each value). Without `limit` every value comes back; `depth` populates relationship values.
 */
export interface FindDistinctArgs<S extends string = CollectionSlug> extends BaseArgs, TrashArgs {
  collection: S
  field: string
  where?: Where
  sort?: string | string[]
  limit?: number
  page?: number
  depth?: number
}

/** Payload's answer of findDistinct: `values` holds one `{ [field]: value }` object per distinct value. */
export interface PaginatedDistinctDocs<T> {
  values: T[]
  totalDocs: number
  limit: number
  totalPages: number
  page: number
  pagingCounter: number
  hasPrevPage: boolean
  hasNextPage: boolean
  prevPage: number | null
  nextPage: number | null
}

export interface CountArgs<S extends string = CollectionSlug> extends BaseArgs, TrashArgs {
  collection: S
  where?: Where
  draft?: boolean
}

export interface CreateArgs<S extends string = CollectionSlug> extends ReadArgs {
  collection: S
  data: Record<string, unknown>
}

export type UpdateArgs<S extends string = CollectionSlug> = ReadArgs &
  TrashArgs & {
    collection: S
    data: Record<string, unknown>
  } & (
    | { id: ID | string; where?: never }
    | { where: Where; id?: never; limit?: number; sort?: string | string[] }
  )

export type DeleteArgs<S extends string = CollectionSlug> = ReadArgs &
  TrashArgs & { collection: S } & (
    { id: ID | string; where?: never } | { where: Where; id?: never }
  )

/** `where` and `sort` paths are those of a version document: `parent`, `latest`, `createdAt`, `version.<field>`. */
export type FindVersionsArgs<S extends string = CollectionSlug> = Omit<
  FindArgs<S>,
  'draft' | 'disableErrors'
>

/** `id` is the version's. */
export type FindVersionByIDArgs<S extends string = CollectionSlug> = Omit<FindByIDArgs<S>, 'draft'>

export interface RestoreVersionArgs<S extends string = CollectionSlug> extends ReadArgs {
  collection: S
  /** The version's id. */
  id: ID | string
}

/** A stored version: `version` holds the document as it was saved. */
export interface VersionDoc<T> {
  id: ID
  parent: ID | T
  version: Omit<T, 'id'>
  latest: boolean
  createdAt: string
  updatedAt: string
}

export interface FindGlobalArgs<S extends string = GlobalSlug> extends ReadArgs {
  slug: S
}
export interface UpdateGlobalArgs<S extends string = GlobalSlug> extends ReadArgs {
  slug: S
  data: Record<string, unknown>
}

export interface PaginatedDocs<T> {
  docs: T[]
  totalDocs: number
  limit: number
  totalPages: number
  page: number
  pagingCounter: number
  hasPrevPage: boolean
  hasNextPage: boolean
  prevPage: number | null
  nextPage: number | null
}

export interface BulkResult<T> {
  docs: T[]
  errors: { id: ID; message: string }[]
}

/**
 * The Local API as configs see it (`req.cms` in hooks and access functions, `onInit`, `seed`): the document
 * operations. The class behind it (`local/cms.ts`) implements it; config types depend on this interface only,
 * never on the Local layer.
 */
export interface LocalApi {
  readonly config: SanitizedConfig
  find<S extends CollectionSlug>(args: FindArgs<S>): Promise<PaginatedDocs<DocOf<S>>>
  findByID<S extends CollectionSlug>(args: FindByIDArgs<S>): Promise<DocOf<S>>
  count<S extends CollectionSlug>(args: CountArgs<S>): Promise<{ totalDocs: number }>
  findDistinct<S extends CollectionSlug>(
    args: FindDistinctArgs<S>,
  ): Promise<PaginatedDistinctDocs<Record<string, unknown>>>
  create<S extends CollectionSlug>(args: CreateArgs<S>): Promise<DocOf<S>>
  update<S extends CollectionSlug>(args: UpdateArgs<S> & { id: number | string }): Promise<DocOf<S>>
  update<S extends CollectionSlug>(
    args: UpdateArgs<S> & { where: object },
  ): Promise<BulkResult<DocOf<S>>>
  delete<S extends CollectionSlug>(args: DeleteArgs<S> & { id: number | string }): Promise<DocOf<S>>
  delete<S extends CollectionSlug>(
    args: DeleteArgs<S> & { where: object },
  ): Promise<BulkResult<DocOf<S>>>
  findVersions<S extends CollectionSlug>(
    args: FindVersionsArgs<S>,
  ): Promise<PaginatedDocs<VersionDoc<DocOf<S>>>>
  findVersionByID<S extends CollectionSlug>(
    args: FindVersionByIDArgs<S>,
  ): Promise<VersionDoc<DocOf<S>>>
  restoreVersion<S extends CollectionSlug>(args: RestoreVersionArgs<S>): Promise<DocOf<S>>
  findGlobal<S extends GlobalSlug>(args: FindGlobalArgs<S>): Promise<GlobalOf<S>>
  updateGlobal<S extends GlobalSlug>(args: UpdateGlobalArgs<S>): Promise<GlobalOf<S>>
}
