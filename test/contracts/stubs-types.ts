/**
 * Type-level checks of the generated handler map (compiled by `npm run typecheck`, not run): a handler map
 * missing an operation, or answering a body the contract does not declare, does not compile.
 */
import type { OperationHandlers } from '../../generated/server/operations.ts'

type Handlers = OperationHandlers<{ requestId: string }>

export const health: Handlers['health'] = async () => ({ status: 200, body: { status: 'ok' } })

// @ts-expect-error the contract's health body is { status: 'ok' }
export const wrongBody: Handlers['health'] = async () => ({ status: 200, body: { status: 'fine' } })

// @ts-expect-error 418 is not a status the contract declares for findPostByID
export const wrongStatus: Handlers['findPostByID'] = async () => ({
  status: 418,
  body: { errors: [{ message: 'teapot' }] },
})

export const findPost: Handlers['findPostByID'] = async (request) => {
  const id: number = request.path.id
  const depth: number | undefined = request.query.depth
  void depth
  return { status: 404, body: { errors: [{ name: 'NotFound', message: `No post ${id}` }] } }
}

// @ts-expect-error a map without every operation is incomplete
export const partial: Handlers = { health }
