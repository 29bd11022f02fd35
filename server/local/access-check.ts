import { isRecord } from '../utilities/is-record.ts'
import { idKind, stringIds, validId } from '../config/ids.ts'
import type { Access, CmsRequest } from '../config/types.ts'
import { KINDS, type AccessName, type OperationKind } from '../config/kinds.ts'
import { executeAccess } from './access.ts'
import type { Cms } from './cms.ts'

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
  const facts = KINDS[target.kind]
  if (!('access' in facts)) return
  const name: AccessName = facts.access
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
      : stringIds(kind)
        ? (validId(kind, id) ?? id)
        : /^\d+(\.\d+)?$/.test(id)
          ? Number(id)
          : undefined
  await executeAccess(
    access[name],
    {
      req,
      ...(accessId === undefined ? {} : { id: accessId }),
      ...(isRecord(data) ? { data } : {}),
    },
    false,
  )
}
