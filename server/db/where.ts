/**
 * The one compiler from a Where tree to parameterised SQL, shared by Local, REST and GraphQL.
 * Values are always bound; identifiers come from the sanitised config and are quoted by the dialect.
 *
 * The compiler lives in `where/`: `tree.ts` (the entry and the and/or walk with its nesting limit), `path.ts`
 * (path resolution through tables, groups and JSON objects), `scalar.ts` (the operators on one value),
 * `json.ts` (JSON-stored fields: localized values, arrays and blocks, hasMany lists, json documents),
 * `relation.ts` (paths through relationships, polymorphic values), `geo.ts` (point fields: near, equals,
 * exists), `coerce.ts` (operands), `kinds.ts` (how a field's values compare), `sort.ts` (ORDER BY and
 * single-value expressions) and `state.ts`; the operators and the nesting limit are the config's
 * (`config/where-operators.ts`), since the contracts compile them too.
 */
export { combinedWhere, compileWhere, trustedWhere } from './where/tree.ts'
export { compileSort, sortExpression, valueExpression } from './where/sort.ts'
export { isContainer } from './where/kinds.ts'
export { OPERATORS, WHERE_MAX_NESTING } from '../config/where-operators.ts'
export type { Compiled, QueryContext } from './where/state.ts'
