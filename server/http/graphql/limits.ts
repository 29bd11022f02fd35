import {
  getNamedType,
  getNullableType,
  GraphQLError,
  GraphQLObjectType,
  isInterfaceType,
  isListType,
  isObjectType,
  Kind,
  valueFromASTUntyped,
  type ASTVisitor,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLNamedType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql'
import type { GraphQLPlan } from '../../contracts/graphql.ts'
import type { Cms } from '../../local/cms.ts'
import { measureWhere } from '../../local/where-size.ts'

/**
 * The static limits of a GraphQL operation: depth, aliases and cost (with the fragment-spread cap). Depth and cost
 * are checked before graphql-js's own validation rules, by walks whose work is bounded (see `measureCost`), so a
 * refused document costs milliseconds whatever its fragments expand to.
 */

/** Marks a validation rule whose verdict depends on the request (its variables), not only on the document. */
export const PER_REQUEST = Symbol('per-request rule')

export function fragmentsOf(document: DocumentNode): Map<string, FragmentDefinitionNode> {
  const fragments = new Map<string, FragmentDefinitionNode>()
  for (const d of document.definitions)
    if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d)
  return fragments
}

/**
 * Depth of the deepest field path of an operation, fragments expanded. A fragment's depth does not depend on where
 * it is spread, so each is measured once: a fragment spread a million times over (spreads of spreads) costs one
 * walk. A cycle (which graphql-js refuses) counts as nothing.
 */
export function operationDepth(
  fragments: Map<string, FragmentDefinitionNode>,
  operation: OperationDefinitionNode,
): number {
  const known = new Map<string, number>()
  const depthOf = (set: SelectionSetNode | undefined): number => {
    if (!set) return 0
    let deepest = 0
    for (const sel of set.selections) {
      if (sel.kind === Kind.FIELD)
        deepest = Math.max(
          deepest,
          sel.name.value.startsWith('__') ? 0 : 1 + depthOf(sel.selectionSet),
        )
      else if (sel.kind === Kind.INLINE_FRAGMENT)
        deepest = Math.max(deepest, depthOf(sel.selectionSet))
      else {
        const name = sel.name.value
        if (!known.has(name)) {
          known.set(name, 0) // a cycle stops here
          known.set(name, depthOf(fragments.get(name)?.selectionSet))
        }
        deepest = Math.max(deepest, known.get(name) ?? 0)
      }
    }
    return deepest
  }
  return depthOf(operation.selectionSet)
}

/** At most `max` aliased fields in one document (each alias of a root field is one more query). */
export function aliasRule(max: number): ValidationRule {
  return (context: ValidationContext): ASTVisitor => {
    let count = 0
    return {
      Field(node) {
        if (node.alias && ++count === max + 1) {
          context.reportError(
            new GraphQLError(`The operation uses more than ${max} aliases (graphQL.maxAliases).`, {
              nodes: [node],
              extensions: { code: 'TOO_MANY_ALIASES', limit: 'graphQL.maxAliases', max },
            }),
          )
        }
      },
    }
  }
}

export interface CostModel {
  maxComplexity: number
  /** Fragment spreads an operation may expand to, each place a spread is walked counting once. */
  maxFragmentSpreads: number
  maxDepth: number
  /** Size of a list with `limit: 0` or `pagination: false` (the config's `maxLimit`). */
  maxLimit: number
  /** Factor of a list field whose size no `maxRows` bounds. */
  listFanOut: number
  /** Root list fields (their `docs` come `limit` at a time), and the types they return. */
  lists: Set<string>
  pages: Set<string>
  /** `Type.field` of hasMany relations with a `maxRows`. */
  maxRows: Map<string, number>
  /** `Type.field` of join fields → the page size without a `limit` argument (`defaultLimit`, 0 as `maxLimit`). */
  joins: Map<string, number>
  /** The page types of join fields (their `docs` come the join's limit at a time). */
  joinPages: Set<string>
  /** `Type.field` of rich-text fields: each value costs RICH_TEXT_COST (its nodes, populated to its depth). */
  richTexts: Set<string>
}

/**
 * What one rich-text value costs, as fields do: its tree is read, converted and its relationship, upload and link
 * nodes populated to the field's depth, so 50 posts with two rich-text fields cost 2,000 and thirty aliases of them
 * are refused before any SQL (issue 54, finding 7) instead of running for a second each.
 */
export const RICH_TEXT_COST = 20

export function costModel(cms: Cms, plan: GraphQLPlan, schema: GraphQLSchema): CostModel {
  const { maxComplexity, listFanOut, maxDepth, maxFragmentSpreads } = cms.config.graphQL
  const { maxLimit } = cms.config
  const query = schema.getQueryType()?.getFields() ?? {}
  const lists = new Set(
    plan.roots
      .filter((r) => ['find', 'findVersions', 'findGlobalVersions'].includes(r.kind))
      .map((r) => r.field),
  )
  const pages = new Set(
    [...lists]
      .map((f) => getNamedType(query[f]?.type)?.name)
      .filter((n): n is string => Boolean(n)),
  )
  const maxRows = new Map<string, number>()
  for (const r of plan.relations)
    if (r.maxRows !== undefined) maxRows.set(`${r.type}.${r.field}`, r.maxRows)
  const joins = new Map<string, number>()
  const joinPages = new Set<string>()
  for (const j of plan.joins) {
    const type = schema.getType(j.type)
    const field = type instanceof GraphQLObjectType ? type.getFields()[j.field] : undefined
    const join = cms.collection(j.collection).joins.find((x) => x.path === j.path)
    if (!field || !join) continue
    const limit = join.field.defaultLimit ?? 10
    joins.set(`${j.type}.${j.field}`, limit === 0 ? maxLimit : limit)
    joinPages.add(getNamedType(field.type).name)
  }
  const richTexts = new Set(plan.richTexts.map((r) => `${r.type}.${r.field.name}`))
  return {
    maxComplexity,
    maxFragmentSpreads,
    maxDepth,
    maxLimit,
    listFanOut,
    lists,
    pages,
    maxRows,
    joins,
    joinPages,
    richTexts,
  }
}

/** What `measureCost` found; `stopped` names the cap that ended the walk early (the cost is then over the max). */
export interface CostMeasure {
  cost: number
  /** Selections walked (fields, inline fragments, fragment spreads), fragments expanded where spread. */
  visited: number
  stopped?: 'fields' | 'spreads'
}

/** The page size a list field gives its `docs`: a root list's or a join field's `limit`, else its default. */
function pageSizeOf(
  model: CostModel,
  parent: GraphQLNamedType | undefined,
  name: string,
  arg: (name: string) => unknown,
  isRoot: boolean,
): number {
  const joinDefault = parent ? model.joins.get(`${parent.name}.${name}`) : undefined
  if (!(isRoot && model.lists.has(name)) && joinDefault === undefined) return 10
  const limit = arg('limit')
  if (limit === 0 || (joinDefault === undefined && arg('pagination') === false))
    return model.maxLimit
  return typeof limit === 'number' && limit > 0 ? limit : (joinDefault ?? 10)
}

/**
 * The cost of an operation, with its variables: every field costs 1, plus the size of its `where` (conditions
 * and values); a field returning a list multiplies what is selected below it by the list's largest size. For the
 * `docs` of a root list that is its `limit` (default 10; `limit: 0` or `pagination: false` count as `maxLimit`),
 * for the `docs` of a join field its `limit` (default the field's `defaultLimit`, else 10; 0 counts as
 * `maxLimit`); for a hasMany relation its `maxRows`, else `listFanOut`, as for arrays and blocks. Fragments count
 * where spread.
 *
 * The walk stops at the caps: past `maxComplexity` fields the cost is over the maximum already (each field costs
 * at least 1), and past `maxFragmentSpreads` spreads the document is refused whatever it costs. So a document
 * whose fragments expand exponentially is walked a few thousand steps, never expanded.
 */
export function measureCost(
  model: CostModel,
  schema: GraphQLSchema,
  fragments: Map<string, FragmentDefinitionNode>,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown>,
): CostMeasure {
  const vars: Record<string, unknown> = {}
  for (const d of operation.variableDefinitions ?? [])
    if (d.defaultValue) vars[d.variable.name.value] = valueFromASTUntyped(d.defaultValue)
  Object.assign(vars, variables)
  const argOf = (node: FieldNode) => (name: string) => {
    const a = node.arguments?.find((x) => x.name.value === name)
    return a ? valueFromASTUntyped(a.value, vars) : undefined
  }
  const out: CostMeasure = { cost: 0, visited: 0 }
  let fields = 0
  let spreads = 0
  const costOf = (
    set: SelectionSetNode | undefined,
    parent: GraphQLNamedType | undefined,
    seen: Set<string>,
    pageSize = 10,
  ): number => {
    if (!set) return 0
    let total = 0
    for (const sel of set.selections) {
      if (out.stopped) return total
      out.visited++
      if (sel.kind === Kind.INLINE_FRAGMENT) {
        const type = sel.typeCondition ? schema.getType(sel.typeCondition.name.value) : parent
        total += costOf(sel.selectionSet, type ?? undefined, seen, pageSize)
      } else if (sel.kind === Kind.FRAGMENT_SPREAD) {
        if (++spreads > model.maxFragmentSpreads) out.stopped = 'spreads'
        const f = fragments.get(sel.name.value)
        if (f && !seen.has(f.name.value) && !out.stopped)
          total += costOf(
            f.selectionSet,
            schema.getType(f.typeCondition.name.value) ?? undefined,
            new Set([...seen, f.name.value]),
            pageSize,
          )
      } else {
        // Each field adds at least 1: past maxComplexity of them, the total is over the maximum.
        if (++fields > model.maxComplexity) out.stopped = 'fields'
        total += fieldCost(sel, parent, seen, pageSize)
      }
      if (total > Number.MAX_SAFE_INTEGER) return total
    }
    return total
  }
  const fieldCost = (
    sel: FieldNode,
    parent: GraphQLNamedType | undefined,
    seen: Set<string>,
    pageSize: number,
  ): number => {
    const name = sel.name.value
    const def =
      parent && (isObjectType(parent) || isInterfaceType(parent))
        ? parent.getFields()[name]
        : undefined
    const type = def ? getNamedType(def.type) : undefined
    const arg = argOf(sel)
    const where = arg('where')
    const whereCost =
      where && typeof where === 'object' ? ((w) => w.conditions + w.values)(measureWhere(where)) : 0
    // A root list or a join field passes its page size down to its `docs`.
    const size = pageSizeOf(model, parent, name, arg, parent === schema.getQueryType())
    const inner = out.stopped ? 0 : costOf(sel.selectionSet, type, seen, size)
    let factor = 1
    // A field definition has a parent (`def` above).
    if (parent && def && sel.selectionSet && isListType(getNullableType(def.type))) {
      factor =
        name === 'docs' && (model.pages.has(parent.name) || model.joinPages.has(parent.name))
          ? pageSize
          : (model.maxRows.get(`${parent.name}.${name}`) ?? model.listFanOut)
    }
    const own = parent && model.richTexts.has(`${parent.name}.${name}`) ? RICH_TEXT_COST : 1
    return own + whereCost + factor * inner
  }
  const root =
    operation.operation === 'mutation'
      ? schema.getMutationType()
      : operation.operation === 'subscription'
        ? schema.getSubscriptionType()
        : schema.getQueryType()
  out.cost = costOf(operation.selectionSet, root ?? undefined, new Set())
  return out
}

/** The cost of an operation (see `measureCost`); over the maximum when the walk stopped at a cap. */
export function operationCost(
  model: CostModel,
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown>,
): number {
  return measureCost(model, schema, fragmentsOf(document), operation, variables).cost
}

/** The refusal of a document whose cost walk stopped at a cap, or whose cost is over the maximum. */
function costError(model: CostModel, node: OperationDefinitionNode, m: CostMeasure): GraphQLError {
  const max = model.maxComplexity
  if (m.stopped === 'spreads')
    return new GraphQLError(
      `The operation expands more than ${model.maxFragmentSpreads} fragment spreads (graphQL.maxFragmentSpreads).`,
      {
        nodes: [node],
        extensions: {
          code: 'QUERY_TOO_COMPLEX',
          limit: 'graphQL.maxFragmentSpreads',
          max: model.maxFragmentSpreads,
        },
      },
    )
  const message =
    m.stopped === 'fields'
      ? `Query complexity exceeds the maximum of ${max}: its fragments expand to more than ${max} fields.`
      : `Query complexity ${m.cost} exceeds the maximum of ${max}.`
  return new GraphQLError(message, {
    nodes: [node],
    extensions: { code: 'QUERY_TOO_COMPLEX', limit: 'graphQL.maxComplexity', max },
  })
}

/**
 * Depth, then cost (with the request's variables) of every operation. Run before graphql-js's own rules (see the
 * endpoint's `validate`): its field-merging check grows with the square of the fragments spread in a selection.
 */
export function limitsRule(model: CostModel, variables: Record<string, unknown>): ValidationRule {
  const rule = (context: ValidationContext): ASTVisitor => {
    const fragments = fragmentsOf(context.getDocument())
    return {
      OperationDefinition(node) {
        const depth = operationDepth(fragments, node)
        if (depth > model.maxDepth) {
          context.reportError(
            new GraphQLError(`Query depth ${depth} exceeds the maximum of ${model.maxDepth}.`, {
              nodes: [node],
              extensions: { code: 'QUERY_TOO_DEEP' },
            }),
          )
          return
        }
        const m = measureCost(model, context.getSchema(), fragments, node, variables)
        if (m.stopped || m.cost > model.maxComplexity)
          context.reportError(costError(model, node, m))
      },
    }
  }
  return Object.assign(rule, { [PER_REQUEST]: true })
}
