import type { UploadedFile } from './upload.ts'
import type { JobsApi } from './jobs.ts'
import type { WebhooksApi } from './webhooks-api.ts'
import type { Logger } from 'pino'
import type { CmsRequest, Doc, ID, SanitizedConfig, SendEmailOptions, Where } from './types.ts'
import type { DocumentLockArgs, LockState } from './local-api-locks.ts'

export type { DocumentLockArgs, LockState } from './local-api-locks.ts'

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

/** Paging, sort and filter of one join field's documents; `false` leaves the field out. */
export interface JoinOptions {
  /** Documents per page (default: the field's defaultLimit, 10; 0: all). */
  limit?: number
  page?: number
  sort?: string | string[]
  /** ANDed with the field's own where. */
  where?: Where
  /** Adds totalDocs to the result. */
  count?: boolean
}
/** The `joins` of a read: per join field path, its options or `false`; `false` leaves every join field out. */
export type JoinQuery = false | { [joinPath: string]: JoinOptions | false | undefined }

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
  /** One code, a list tried in order (an array or `'es,en'`), or `false`/`'none'` for no fallback. */
  fallbackLocale?: string | string[] | false
}

export interface ReadArgs extends BaseArgs {
  depth?: number
  select?: Select
  populate?: Record<string, Select>
  draft?: boolean
  showHiddenFields?: boolean
  /** Join fields of the documents read: paging, sort, filter, or `false` (all of them, or one) to leave out. */
  joins?: JoinQuery
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
export interface PaginatedDistinctDocs<T> extends PageInfo {
  values: T[]
}

export interface CountArgs<S extends string = CollectionSlug> extends BaseArgs, TrashArgs {
  collection: S
  where?: Where
  draft?: boolean
}

export interface CreateArgs<S extends string = CollectionSlug> extends ReadArgs {
  collection: S
  data: Record<string, unknown>
  /** auth.verify: create the unverified account without mailing its verification link (Payload's option). */
  disableVerificationEmail?: boolean
  /**
   * Create a copy of this document (as the caller may read it, with every locale), `data` written over it
   * (Payload's `duplicateFromID`; see `duplicate`).
   */
  duplicateFromID?: ID | string
  /** With `duplicateFromID`: the locales of localized fields to copy (default: every locale). */
  selectedLocales?: string[]
  /** With `duplicateFromID`: `true` lets the source be in the trash (else it is a 404, as for findByID). */
  trash?: boolean
  /** An upload collection's file (Payload's `file`): its bytes, or a spooled file, and its name. */
  file?: UploadedFile
  /** An upload collection's file read from this path (Local API only). */
  filePath?: string
}

/** `data` overrides fields of the copy; `trash: true` copies a document in the trash (the copy is not in it). */
export interface DuplicateArgs<S extends string = CollectionSlug> extends ReadArgs, TrashArgs {
  collection: S
  /** The document to copy. */
  id: ID | string
  data?: Record<string, unknown>
  /** The locales of localized fields to copy (default: every locale), as Payload's `selectedLocales`. */
  selectedLocales?: string[]
}

export type UpdateArgs<S extends string = CollectionSlug> = ReadArgs &
  TrashArgs & {
    collection: S
    data: Record<string, unknown>
    /**
     * An autosave (collections with `versions.drafts.autosave`): when the newest version is itself an autosave it
     * is overwritten instead of adding a version.
     */
    autosave?: boolean
    /**
     * Payload's `overrideLock` (default true here, as in Payload's Local API): false refuses the write with 423
     * while another user holds the document's lock (lockDocuments). Either way the write releases the lock.
     */
    overrideLock?: boolean
  } & (
    | {
        id: ID | string
        where?: never
        /** An upload collection's new file: the old one (and its sizes) is removed once the update commits. */
        file?: UploadedFile
        filePath?: string
      }
    | { where: Where; id?: never; limit?: number; sort?: string | string[] }
  )

export type DeleteArgs<S extends string = CollectionSlug> = ReadArgs &
  TrashArgs & {
    collection: S
    /**
     * Payload's `overrideLock` (default true here, as in Payload's Local API): false refuses the write with 423
     * while another user holds the document's lock (lockDocuments). Either way the write releases the lock.
     */
    overrideLock?: boolean
  } & (
    | { id: ID | string; where?: never }
    | { where: Where; id?: never; limit?: number; sort?: string | string[] }
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
  /** With `versions.drafts.autosave`: whether this version is an autosave. */
  autosave?: boolean
  createdAt: string
  updatedAt: string
}

/** A stored version of a global (no `parent`: a global is one document). */
export type GlobalVersionDoc<T> = Omit<VersionDoc<T>, 'parent' | 'version'> & {
  version: Omit<T, 'globalType'>
}

/** `{ totalDocs }` of a collection's versions matching `where` (`readVersions` access). */
export interface CountVersionsArgs<S extends string = CollectionSlug> extends BaseArgs {
  collection: S
  where?: Where
}

export interface FindGlobalArgs<S extends string = GlobalSlug> extends ReadArgs {
  slug: S
}
export interface UpdateGlobalArgs<S extends string = GlobalSlug> extends ReadArgs {
  slug: S
  data: Record<string, unknown>
  /** An autosave (globals with `versions.drafts.autosave`): see `UpdateArgs.autosave`. */
  autosave?: boolean
  /** As `UpdateArgs.overrideLock`. */
  overrideLock?: boolean
}

/** `where` and `sort` paths are those of a version document: `latest`, `createdAt`, `version.<field>`. */
export type FindGlobalVersionsArgs<S extends string = GlobalSlug> = Omit<
  FindVersionsArgs<string>,
  'collection' | 'count'
> & { slug: S }

/** `id` is the version's. */
export type FindGlobalVersionByIDArgs<S extends string = GlobalSlug> = Omit<
  FindVersionByIDArgs<string>,
  'collection'
> & { slug: S }

export interface RestoreGlobalVersionArgs<S extends string = GlobalSlug> extends ReadArgs {
  slug: S
  /** The version's id. */
  id: ID | string
}

/** Payload names the global `global` here (not `slug`, as its other global methods do). */
export interface CountGlobalVersionsArgs<S extends string = GlobalSlug> extends BaseArgs {
  global: S
  where?: Where
}

/** The caller is `user` (or `req.user`); access functions always run (`overrideAccess` does not apply). */
export interface AccessArgs extends Omit<BaseArgs, 'overrideAccess'> {
  /** Every decision as `{ permission, where? }` (the GraphQL form), instead of Payload's REST form. */
  raw?: boolean
}
/** Payload's permissions: `true`, `{ permission: true, where }`, or left out when denied (see docs/rest.md). */
export interface AccessResults {
  canAccessAdmin?: boolean
  collections?: Record<string, unknown>
  globals?: Record<string, unknown>
}
export interface DocAccessArgs<S extends string = CollectionSlug> extends AccessArgs {
  collection: S
  id: ID | string
  /** Handed to access functions as `data` instead of the stored document. */
  data?: Record<string, unknown>
}
/** A form's data for `formState`: of a collection (create, or update of `id`), or of a global (`slug`). */
export interface FormStateArgs<
  C extends string = CollectionSlug,
  G extends string = GlobalSlug,
> extends Omit<BaseArgs, 'fallbackLocale'> {
  collection?: C
  slug?: G
  id?: ID | string
  operation?: 'create' | 'update'
  data: Record<string, unknown>
}
export interface DocAccessGlobalArgs<S extends string = GlobalSlug> extends AccessArgs {
  slug: S
  data?: Record<string, unknown>
}

/** Where a page stands among the pages of an answer: the counts and the neighbouring pages. */
export interface PageInfo {
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

export interface PaginatedDocs<T> extends PageInfo {
  docs: T[]
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
  /** Payload's `payload.jobs`: queue, run and cancel jobs (docs/jobs.md). */
  readonly jobs: JobsApi
  /** Outgoing webhooks: the delivery log and retries (docs/webhooks.md). */
  readonly webhooks: WebhooksApi
  /** Payload's `payload.logger`: a pino logger (the HTTP server's own when one serves this instance). */
  logger: Logger
  find<S extends CollectionSlug>(args: FindArgs<S>): Promise<PaginatedDocs<DocOf<S>>>
  findByID<S extends CollectionSlug>(args: FindByIDArgs<S>): Promise<DocOf<S>>
  count<S extends CollectionSlug>(args: CountArgs<S>): Promise<{ totalDocs: number }>
  findDistinct<S extends CollectionSlug>(
    args: FindDistinctArgs<S>,
  ): Promise<PaginatedDistinctDocs<Record<string, unknown>>>
  create<S extends CollectionSlug>(args: CreateArgs<S>): Promise<DocOf<S>>
  duplicate<S extends CollectionSlug>(args: DuplicateArgs<S>): Promise<DocOf<S>>
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
  countVersions<S extends CollectionSlug>(
    args: CountVersionsArgs<S>,
  ): Promise<{ totalDocs: number }>
  findGlobal<S extends GlobalSlug>(args: FindGlobalArgs<S>): Promise<GlobalOf<S>>
  access(args?: AccessArgs): Promise<AccessResults>
  docAccess<S extends CollectionSlug>(args: DocAccessArgs<S>): Promise<Record<string, unknown>>
  docAccessGlobal<S extends GlobalSlug>(
    args: DocAccessGlobalArgs<S>,
  ): Promise<Record<string, unknown>>
  /** Which conditional fields (`admin.condition`) apply to a form's data, by path. */
  formState(
    args: FormStateArgs,
  ): Promise<{ conditions: Record<string, boolean>; livePreviewURL?: string }>
  /** Who holds the lock of a document or global (read access; lockDocuments). */
  lockStatus(args: DocumentLockArgs): Promise<LockState>
  /** Takes or touches the caller's lock (update access); 423 while another user holds it, unless `takeOver`. */
  lockDocument(args: DocumentLockArgs): Promise<LockState>
  /** Releases the caller's lock, if it holds it. */
  unlockDocument(args: DocumentLockArgs): Promise<LockState>
  updateGlobal<S extends GlobalSlug>(args: UpdateGlobalArgs<S>): Promise<GlobalOf<S>>
  findGlobalVersions<S extends GlobalSlug>(
    args: FindGlobalVersionsArgs<S>,
  ): Promise<PaginatedDocs<GlobalVersionDoc<GlobalOf<S>>>>
  findGlobalVersionByID<S extends GlobalSlug>(
    args: FindGlobalVersionByIDArgs<S>,
  ): Promise<GlobalVersionDoc<GlobalOf<S>>>
  restoreGlobalVersion<S extends GlobalSlug>(
    args: RestoreGlobalVersionArgs<S>,
  ): Promise<GlobalOf<S>>
  countGlobalVersions<S extends GlobalSlug>(
    args: CountGlobalVersionsArgs<S>,
  ): Promise<{ totalDocs: number }>
  /** Sends a message through the configured email adapter (`config.email`), from its default sender unless `from` is set. */
  sendEmail(message: SendEmailOptions): Promise<unknown>
}
