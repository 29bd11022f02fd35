/**
 * Issue 32: an operation kind is one unit. Every kind of `config/kinds.ts` has a file of its own name (kebab-case)
 * in each layer that serves it, side by side as Payload's operations/, endpoints/ and resolvers: the Local
 * operation, the REST handler (the orders API's under `http/orders/`) and the GraphQL resolver. A handler file
 * serves its own kind, and the handler folders hold nothing but kinds and their shared readers.
 */
import test from 'ava'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { KINDS, type OperationKind } from '../../server/config/kinds.ts'

const server = path.resolve(import.meta.dirname, '../../server')
const kebab = (kind: string) =>
  kind
    .replace('ID', 'Id')
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase()
const kinds = Object.keys(KINDS) as OperationKind[]
// Every kind but what the HTTP layer serves before dispatch (ServedByApp in config/kinds.ts).
const served = kinds.filter((k) => k !== 'static' && k !== 'endpoint')

/** The folder of a kind's handler in each layer, and the table type its handler is declared as. */
const rest = (k: OperationKind) =>
  KINDS[k].target === 'orders'
    ? { dir: 'http/orders', table: 'OrderHandlers' }
    : { dir: 'http/rest', table: 'RestHandlers' }
const SHARED = {
  'http/rest': ['request.ts'],
  'http/orders': ['request.ts'],
  'http/graphql/resolvers': ['index.ts', 'scope.ts', 'types.ts'],
}

test('every kind the REST dispatcher serves has its handler in a file of its own name', (t) => {
  for (const kind of served) {
    const { dir, table } = rest(kind)
    const file = path.join(server, dir, `${kebab(kind)}.ts`)
    t.true(existsSync(file), `${kind}: ${dir}/${kebab(kind)}.ts`)
    t.true(readFileSync(file, 'utf8').includes(`${table}['${kind}']`), `${kind}: its handler`)
  }
})

test('every kind with a GraphQL root has its resolver in a file of its own name', (t) => {
  const withRoot = kinds.filter((k) => 'graphql' in KINDS[k])
  t.true(withRoot.length > 20)
  for (const kind of withRoot) {
    const file = path.join(server, 'http/graphql/resolvers', `${kebab(kind)}.ts`)
    t.true(existsSync(file), `${kind}: http/graphql/resolvers/${kebab(kind)}.ts`)
    t.true(
      readFileSync(file, 'utf8').includes(`GraphQLResolvers['${kind}']`),
      `${kind}: its resolver`,
    )
  }
})

test('every kind of the Local API has its operation in a file of its own name', (t) => {
  const local = kinds.filter((k) => !['orders', 'system'].includes(KINDS[k].target))
  for (const kind of local) {
    const name = `${kebab(kind)}.ts`
    const found = ['local/operations', 'local/operations/auth'].some((dir) =>
      existsSync(path.join(server, dir, name)),
    )
    t.true(found, `${kind}: local/operations/${name} (or auth/)`)
  }
  // The orders kinds are the orders service's operations (server/orders/service.ts).
  t.true(existsSync(path.join(server, 'orders/service.ts')))
})

test('the handler folders hold kinds and their shared readers, nothing else', (t) => {
  const names = new Set(kinds.map((k) => `${kebab(k)}.ts`))
  for (const [dir, shared] of Object.entries(SHARED))
    for (const file of readdirSync(path.join(server, dir)))
      t.true(names.has(file) || shared.includes(file), `${dir}/${file} is no kind's`)
})

test('every kind has its contract facts: statuses, target, description', (t) => {
  for (const kind of kinds) {
    const facts = KINDS[kind]
    t.true(facts.statuses.length > 0, kind)
    t.true(facts.description.length > 10, kind)
    if ('access' in facts) t.true(['collection', 'global', 'either'].includes(facts.target), kind)
  }
})
