import type { OperationKind } from '../config/kinds.ts'
import type { Operation, PathItem } from './operation.ts'
import { requiredOf, schemaAt } from './refs.ts'

/**
 * OpenAPI `links` between operations: what a create answers (`doc.id`) feeds the by-id operations of the same
 * collection, a login's token feeds `me`, a new order its reads and cancel. Stateful testers (Schemathesis)
 * follow them to build real sequences (create, read, update, delete the same document) instead of guessing ids;
 * readers see how the operations fit together.
 */

/** The by-id operations a new document of a collection can be sent to, with what the link is called. */
const BY_ID: [OperationKind, string][] = [
  ['findByID', 'Read'],
  ['update', 'Update'],
  ['duplicate', 'Duplicate'],
  ['docAccess', 'Access'],
  ['delete', 'Delete'],
]

type Link = { operationId: string; description: string; parameters: Record<string, string> }

function addLink(op: Operation, status: string, name: string, link: Link): void {
  const response = schemaAt(op.responses, status)
  // A shared response (a `$ref`) is never changed: every operation using it would get the link.
  if (!response || response.$ref) return
  response.links = { ...schemaAt(response, 'links'), [name]: link }
}

export function addLinks(paths: Record<string, PathItem>): void {
  const ops = Object.values(paths).flatMap((item) => Object.values(item))
  const find = (kind: OperationKind, collection?: string) =>
    ops.find((o) => o['x-cms'].kind === kind && o['x-cms'].collection === collection)
  for (const create of ops.filter((o) => o['x-cms'].kind === 'create')) {
    const collection = create['x-cms'].collection
    for (const [kind, name] of BY_ID) {
      const target = find(kind, collection)
      if (target)
        addLink(create, '201', name, {
          operationId: target.operationId,
          description: `${name} the document just created, by its id.`,
          parameters: { id: '$response.body#/doc/id' },
        })
    }
  }
  for (const login of ops.filter((o) => o['x-cms'].kind === 'login')) {
    const me = find('me', login['x-cms'].collection)
    const answer = schemaAt(login.responses, '200')
    const session = schemaAt(schemaAt(answer, 'content'), 'application/json')
    // With auth.removeTokenFromResponses the token is only in the cookie: no link.
    const required = requiredOf(schemaAt(session, 'schema')) ?? []
    if (me && required.includes('token'))
      addLink(login, '200', 'Me', {
        operationId: me.operationId,
        description: 'The user just logged in, with the token the login answered.',
        parameters: { 'header.Authorization': 'Bearer {$response.body#/token}' },
      })
  }
  const order = find('v1CreateOrder')
  for (const [kind, name] of [
    ['v1GetOrder', 'Read'],
    ['v1CancelOrder', 'Cancel'],
  ] as const) {
    const target = find(kind)
    if (order && target)
      addLink(order, '201', name, {
        operationId: target.operationId,
        description: `${name} the order just created, by its id.`,
        parameters: { order: '$response.body#/id' },
      })
  }
}
