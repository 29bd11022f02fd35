import type { CmsRequest } from '../config/types.ts'
import { Forbidden } from '../errors/forbidden.ts'

/**
 * The admin gate (seed rule 4): a model-less check for features with no order involved. It says nothing about
 * any order's state: an admin past the gate still meets the cancellation service's state checks (rule 3).
 */
export function isAdmin(user: CmsRequest['user']): boolean {
  const roles: unknown = user?.roles
  return Array.isArray(roles) && roles.includes('admin')
}

export function requireAdmin(user: CmsRequest['user']): void {
  if (!isAdmin(user)) throw new Forbidden('This feature is for administrators.')
}
