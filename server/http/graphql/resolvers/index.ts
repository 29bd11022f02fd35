import type { GraphQLSchema } from 'graphql'
import type { GraphQLPlan } from '../../../contracts/graphql.ts'
import type { GraphQLKind } from '../../../config/kinds.ts'
import { guard } from '../errors.ts'
import { access } from './access.ts'
import { accounts, sessions } from './auth.ts'
import { collectionMutations } from './collection-mutations.ts'
import { collectionQueries } from './collection-queries.ts'
import { globals } from './globals.ts'
import { isTargeted, TARGETS, type GraphQLResolvers, type RootTarget } from './types.ts'
import { versions } from './versions.ts'

export type { GraphQLResolvers, GraphQLResults } from './types.ts'

/** Every kind's resolver factory: typed exhaustive against `config/kinds.ts`. */
const kinds: GraphQLResolvers = {
  ...collectionQueries,
  ...collectionMutations,
  ...versions,
  ...globals,
  ...access,
  ...sessions,
  ...accounts,
}

/** The resolver of a root of kind `K`, given the target that kind acts on. */
const resolverOf = <K extends GraphQLKind>(
  root: { kind: K } & RootTarget<K>,
  log: (e: unknown) => void,
) => guard(kinds[root.kind](root), log)

/** Binds each root field of the plan to its kind's resolver. */
export function resolveRoots(schema: GraphQLSchema, plan: GraphQLPlan, log: (e: unknown) => void) {
  const query = schema.getQueryType()?.getFields() ?? {}
  const mutation = schema.getMutationType()?.getFields() ?? {}
  for (const root of plan.roots) {
    // A compiler bug, found when the schema is built rather than at a request.
    if (!isTargeted(root))
      throw new Error(`GraphQL root ${root.field} (${root.kind}) names no ${TARGETS[root.kind]}.`)
    const field = (root.type === 'Query' ? query : mutation)[root.field]
    if (field) field.resolve = resolverOf(root, log)
  }
}
