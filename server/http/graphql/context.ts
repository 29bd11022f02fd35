import type DataLoader from 'dataloader'
import type { GraphQLFieldResolver } from 'graphql'
import type { ID } from '../../config/types.ts'
import type { JoinValue } from '../../local/joins.ts'
import type { GraphQLContext } from '../graphql-context.ts'

/** What the endpoint's resolvers share within one operation: the loaders and the root field's read scope. */
export type Ctx = GraphQLContext & {
  loaders: Map<string, DataLoader<ID, Record<string, unknown> | null>>
  /** Join pages by join field and arguments: parent id → its page. */
  joinLoaders?: Map<string, DataLoader<ID, JoinValue>>
  locale?: string
  fallbackLocale?: string
  draft?: boolean
  /** A root field read with `trash: true` (its relations then populate trashed documents too). */
  trash?: boolean
  ip: string
}

/** A field resolver of the endpoint, over its arguments `A` and its parent object `S`. */
export type Resolver<A = Record<string, unknown>, S = unknown> = GraphQLFieldResolver<S, Ctx, A>
