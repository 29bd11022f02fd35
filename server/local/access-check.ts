import { idKind } from '../config/ids.ts'
import type { Access, CmsRequest } from '../config/types.ts'
import type { OperationKind } from '../config/kinds.ts'
import { executeAccess } from './access.ts'
import type { Cms } from './cms.ts'

type AccessName = 'read' | 'create' | 'update' | 'delete' | 'readVersions'

/** The access function each kind of operation is decided by: the one its Local operation calls. */
export const OPERATION_ACCESS = {
  find: 'read',
  findByID: 'read',
  count: 'read',
  findDistinct: 'read',
  create: 'create',
  update: 'update',
  updateMany: 'update',
  delete: 'delete',
  deleteMany: 'delete',
  duplicate: 'create',
  findVersions: 'readVersions',
  findVersionByID: 'readVersions',
  restoreVersion: 'update',
  findGlobal: 'read',
  updateGlobal: 'update',
  findGlobalVersions: 'readVersions',
  findGlobalVersionByID: 'readVersions',
  restoreGlobalVersion: 'update',
} as const satisfies Partial<Record<OperationKind, AccessName>>

/**
 * For a request the contract refuses (a 400 is coming): throws the 401/403 the operation's access function gives
 * this caller, with the arguments the Local operation would pass, so a caller access turns away never learns
 * from a 400 what the body should be. A request the contract accepts never comes here: its Local operation
 * decides access, once.
 */
export async function refuseIfDenied(
  cms: Cms,
  target: { kind: OperationKind; collection?: string; global?: string },
  req: CmsRequest,
  input: { id?: string; data?: unknown },
): Promise<void> {
  if (!Object.hasOwn(OPERATION_ACCESS, target.kind)) return
  const name = OPERATION_ACCESS[target.kind as keyof typeof OPERATION_ACCESS]
  const access: Partial<Record<AccessName, Access | undefined>> | undefined = target.collection
    ? cms.collection(target.collection).access
    : target.global
      ? cms.global(target.global).access
      : undefined
  if (!access) return
  const { id, data } = input
  // The id as the collection holds it: the path's string for text and UUID ids, else a number (or none).
  const kind = target.collection ? idKind(cms.collection(target.collection)) : 'integer'
  const accessId =
    id === undefined
      ? undefined
      : kind === 'text'
        ? id
        : /^\d+(\.\d+)?$/.test(id)
          ? Number(id)
          : undefined
  await executeAccess(
    access[name],
    {
      req,
      ...(accessId === undefined ? {} : { id: accessId }),
      ...(data && typeof data === 'object' && !Array.isArray(data)
        ? { data: data as Record<string, unknown> }
        : {}),
    },
    false,
  )
}
