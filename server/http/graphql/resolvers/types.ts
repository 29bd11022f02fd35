import type { GraphQLFieldResolver } from 'graphql'
import type { PaginatedDocs } from '../../../config/local-api.ts'
import type { ID, Where } from '../../../config/types.ts'
import type { GraphQLPlan } from '../../../contracts/graphql.ts'
import {
  namesTarget,
  type GraphQLKind,
  type OnCollection,
  type TargetOf,
} from '../../../config/kinds.ts'
import type { MeResult } from '../../../local/operations/auth/me.ts'
import type { AuthResult } from '../../../local/operations/auth/shared.ts'
import type { Ctx } from '../context.ts'

/** A root field of the plan, with the collection or global the compiler gave it. */
export type PlanRoot = GraphQLPlan['roots'][number]
export type CollectionRoot = OnCollection
/** What a kind of root acts on (`config/kinds.ts`): a collection, a global, either (docAccess) or the config. */
export type RootTarget<K extends GraphQLKind> = TargetOf<K>
/** Whether a plan root names the target its kind acts on (the compiler gives every root its own). */
export const isTargeted = (root: PlanRoot) => namesTarget(root)

/**
 * The arguments of the root fields, as the SDL declares them. graphql-js has checked them against it; an argument
 * given as null reaches the Local call as null, as it always has.
 */
export interface LocaleArgs {
  locale?: string
  fallbackLocale?: string
}
export interface ListArgs extends LocaleArgs {
  where?: Where
  limit?: number
  page?: number
  pagination?: boolean
  sort?: string
}
export interface ReadArgs extends LocaleArgs {
  draft?: boolean
  trash?: boolean
}
export interface ByIdArgs extends ReadArgs {
  id: ID
}
export interface WriteArgs extends ByIdArgs {
  data: Record<string, unknown>
  autosave?: boolean
}
interface Credentials {
  email?: string
  username?: string
}
/** Each kind's arguments. */
export interface GraphQLArgs {
  find: ListArgs & ReadArgs
  findByID: ByIdArgs
  count: ReadArgs & { where?: Where }
  create: LocaleArgs & { data: Record<string, unknown>; draft?: boolean }
  update: WriteArgs
  delete: ByIdArgs
  findVersions: ListArgs & { trash?: boolean }
  findVersionByID: ByIdArgs
  restoreVersion: ByIdArgs
  duplicate: ByIdArgs & { data?: Record<string, unknown> }
  access: LocaleArgs
  docAccess: ByIdArgs
  findGlobal: ReadArgs
  updateGlobal: LocaleArgs & { data: Record<string, unknown>; draft?: boolean; autosave?: boolean }
  findGlobalVersions: ListArgs
  findGlobalVersionByID: ByIdArgs
  restoreGlobalVersion: ByIdArgs
  login: Credentials & { password: string }
  logout: { allSessions?: boolean }
  me: LocaleArgs
  refreshToken: LocaleArgs
  forgotPassword: Credentials
  resetPassword: { token: string; password: string }
  verifyEmail: { token: string }
  unlock: { email: string }
  init: LocaleArgs
}

type Document = Record<string, unknown>
/** What each kind's root field answers, as the SDL declares it. */
export interface GraphQLResults {
  find: PaginatedDocs<Document>
  findByID: Document | null
  count: { totalDocs: number }
  create: Document
  update: Document
  delete: Document
  findVersions: PaginatedDocs<object>
  findVersionByID: object | null
  restoreVersion: Document
  duplicate: Document
  access: Record<string, unknown>
  docAccess: Record<string, unknown>
  findGlobal: Document
  updateGlobal: Document
  findGlobalVersions: PaginatedDocs<object>
  findGlobalVersionByID: object | null
  restoreGlobalVersion: Document
  login: AuthResult
  logout: string
  me: MeResult
  refreshToken: { exp: number; refreshedToken: string; user: Document }
  forgotPassword: boolean
  resetPassword: AuthResult
  verifyEmail: boolean
  unlock: boolean
  init: boolean
}
/**
 * One resolver factory per GraphQL root kind, given its kind's target and arguments and answering its kind's
 * result: a kind without one, or a resolver answering another shape, fails `npm run typecheck`.
 * `generated/graphql/roots.ts` binds every generated root field to one of these kinds.
 */
export type GraphQLResolvers = {
  [K in GraphQLKind]: (
    root: RootTarget<K>,
  ) => GraphQLFieldResolver<unknown, Ctx, GraphQLArgs[K], Promise<GraphQLResults[K]>>
}
