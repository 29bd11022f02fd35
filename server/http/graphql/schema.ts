import { buildSchema, GraphQLEnumType, type GraphQLSchema } from 'graphql'
import { compileGraphQL, type GraphQLPlan } from '../../contracts/graphql.ts'
import type { Cms } from '../../local/cms.ts'
import { resolveJoinGroups, resolveJoins } from './joins.ts'
import { resolveRelations, resolveUnions } from './relations.ts'
import { resolveRichTexts } from './rich-text.ts'
import { resolveRoots } from './resolvers/index.ts'

/** Puts stored option values on the schema's enums, so `long-read` goes out and comes in as `long_read`. */
function mapEnums(schema: GraphQLSchema, plan: GraphQLPlan): void {
  for (const [name, values] of plan.enums) {
    const type = schema.getType(name)
    if (!(type instanceof GraphQLEnumType)) continue
    for (const v of type.getValues()) v.value = values.get(v.name) ?? v.name
    // graphql-js looks values up through a map built at construction; rebuild it for the new values.
    ;(type as unknown as { _valueLookup: Map<unknown, unknown> })._valueLookup = new Map(
      type.getValues().map((v) => [v.value, v]),
    )
  }
}

/**
 * The SDL compiled from the config (the committed contract for the example), executable over the Local layer:
 * enums, unions, relationship, rich-text and join fields, then every root field by its kind.
 */
export function buildExecutableSchema(
  cms: Cms,
  log: (e: unknown) => void,
): { schema: GraphQLSchema; plan: GraphQLPlan } {
  const { sdl, plan } = compileGraphQL(cms.config)
  const schema = buildSchema(sdl)
  mapEnums(schema, plan)
  resolveUnions(schema, plan)
  resolveRelations(schema, plan, log)
  resolveRichTexts(schema, plan, log)
  resolveJoinGroups(schema, plan)
  resolveJoins(cms, schema, plan, log)
  resolveRoots(schema, plan, log)
  return { schema, plan }
}
