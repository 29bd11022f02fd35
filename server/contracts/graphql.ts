/**
 * The GraphQL SDL contract, a pure function of the sanitised config, named as Payload names it: `Post`,
 * `Posts`, `countPosts`, `createPost`, `Post_where` (with `AND`/`OR`), `loginUser`, globals by their singular.
 * Output fields are nullable except `id` (field access and `select` may leave any field empty); create inputs
 * require what the config requires. Select and radio values are enums; a value that is not a GraphQL name is
 * written as `enumValueName(value)` and mapped back by the server.
 */

export type { GraphQLPlan } from './graphql/shared.ts'
export { enumValueName } from './graphql/shared.ts'
export { compileGraphQL, compileSDL, generateGraphQLRoots } from './graphql/compile.ts'
