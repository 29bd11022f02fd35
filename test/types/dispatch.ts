/**
 * Type-level checks of the handler tables (compiled by `npm run typecheck`, never run): the REST, orders and
 * GraphQL tables cover every kind the contract compilers emit, each answering only its kind's statuses, and the
 * generated stubs of the example app name no kind the server cannot serve.
 */
import { kinds, type RestHandlers } from '../../server/http/rest.ts'
import type { GraphQLResolvers } from '../../server/http/graphql.ts'
import { v1Kinds, type OrderHandlers } from '../../server/http/orders.ts'
import type { OperationKind, ServedByApp } from '../../server/config/kinds.ts'
import type { OperationId, operations } from '../../generated/server/operations.ts'
import type { GraphQLKind } from '../../server/config/kinds.ts'
import type { MutationResolvers, QueryResolvers } from '../../generated/graphql/resolvers.ts'
import { roots } from '../../generated/graphql/roots.ts'

// The tables as the server declares them compile.
export const rest: RestHandlers = kinds
export const orders: OrderHandlers = v1Kinds

// Removing one entry is a compile error.
const { find: _find, ...restWithoutFind } = kinds
// @ts-expect-error find has no handler
export const missingRest: RestHandlers = restWithoutFind
const { v1CancelOrder: _cancel, ...ordersWithoutCancel } = v1Kinds
// @ts-expect-error v1CancelOrder has no handler
export const missingOrder: OrderHandlers = ordersWithoutCancel
// @ts-expect-error resetPassword has no resolver
export const missingResolver: GraphQLResolvers = {} as Omit<GraphQLResolvers, 'resetPassword'>

// A handler answering a status its kind does not declare is a compile error.
export const wrongCreate: RestHandlers = {
  ...kinds,
  // @ts-expect-error create answers 201, never 200
  create: async () => ({ status: 200, body: {} }),
}
export const wrongHealth: RestHandlers = {
  ...kinds,
  // @ts-expect-error health answers 200 or 503
  health: async () => ({ status: 500, body: { status: 'down' } }),
}
export const wrongOrder: OrderHandlers = {
  ...v1Kinds,
  // @ts-expect-error v1Logout answers 204
  v1Logout: async () => ({ status: 200 }),
}

// Every operation of the example app's generated stubs has a kind the server serves: the REST table, or the
// HTTP layer before dispatch (contract files, pages, custom endpoints).
type GeneratedKind = (typeof operations)[OperationId]['kind']
export const generatedKindsAreServed: [GeneratedKind] extends [OperationKind] ? true : false = true
export const restCoversGenerated: [Exclude<GeneratedKind, ServedByApp>] extends [keyof typeof kinds]
  ? true
  : false = true

// A GraphQL resolver answering another shape than its kind's is a compile error.
export const wrongResolver: GraphQLResolvers = {
  ...({} as GraphQLResolvers),
  // @ts-expect-error count answers { totalDocs }, never a bare number
  count: () => async () => 3,
}

// Every root field of the example app's generated resolver types is bound to a kind the server serves
// (generated/graphql/roots.ts `satisfies` the generated QueryResolvers and MutationResolvers); one left out is
// a compile error.
type RootBindings = {
  Query: Record<keyof QueryResolvers, GraphQLKind>
  Mutation: Record<keyof MutationResolvers, GraphQLKind>
}
export const bound: RootBindings = roots
const { Post: _post, ...queryWithoutPost } = roots.Query
// @ts-expect-error the generated Post query has no binding
export const unbound: RootBindings = { ...roots, Query: queryWithoutPost }
