/**
 * What each kind of contract operation does: the HTTP shape of one Local call. Access control always applies
 * (`overrideAccess: false`), with `req.user` the authenticated caller or null. Bodies as DESIGN.md §5.
 * Each kind's handler is a file of its own name under `./rest/` (the orders API's under `./orders/`).
 */
import { v1Kinds } from './orders.ts'
import type { V1Request } from './orders/request.ts'
import { find } from './rest/find.ts'
import { findByID } from './rest/find-by-id.ts'
import { count } from './rest/count.ts'
import { findDistinct } from './rest/find-distinct.ts'
import { create } from './rest/create.ts'
import { update } from './rest/update.ts'
import { updateMany } from './rest/update-many.ts'
import { deleteDocument } from './rest/delete.ts'
import { deleteMany } from './rest/delete-many.ts'
import { duplicate } from './rest/duplicate.ts'
import { access } from './rest/access.ts'
import { docAccess } from './rest/doc-access.ts'
import { formState } from './rest/form-state.ts'
import { lockStatus } from './rest/lock-status.ts'
import { lockDocument } from './rest/lock-document.ts'
import { unlockDocument } from './rest/unlock-document.ts'
import { findVersions } from './rest/find-versions.ts'
import { findVersionByID } from './rest/find-version-by-id.ts'
import { restoreVersion } from './rest/restore-version.ts'
import { findGlobal } from './rest/find-global.ts'
import { updateGlobal } from './rest/update-global.ts'
import { findGlobalVersions } from './rest/find-global-versions.ts'
import { findGlobalVersionByID } from './rest/find-global-version-by-id.ts'
import { restoreGlobalVersion } from './rest/restore-global-version.ts'
import { login } from './rest/login.ts'
import { logout } from './rest/logout.ts'
import { me } from './rest/me.ts'
import { refreshToken } from './rest/refresh-token.ts'
import { forgotPassword } from './rest/forgot-password.ts'
import { resetPassword } from './rest/reset-password.ts'
import { verifyEmail } from './rest/verify-email.ts'
import { unlock } from './rest/unlock.ts'
import { init } from './rest/init.ts'
import { registerFirstUser } from './rest/register-first-user.ts'
import { getFile } from './rest/get-file.ts'
import { pasteURL } from './rest/paste-url.ts'
import { health } from './rest/health.ts'
import { apiIndex } from './rest/api-index.ts'
import type { RestHandlers, RestRequest } from './rest/request.ts'

export type { RestHandlers, RestReply, RestRequest } from './rest/request.ts'

/** The orders API's handlers, given the request parts they use. */
const toV1 = (r: RestRequest): V1Request => ({
  req: r.req,
  params: r.params,
  query: r.query,
  body: r.body,
  raw: r.raw,
  headers: r.req.headers ?? new Headers(),
})

/** Every kind's handler (typed exhaustive: a kind without one fails typecheck). */
export const kinds = {
  find,
  findByID,
  count,
  findDistinct,
  create,
  update,
  updateMany,
  delete: deleteDocument,
  deleteMany,
  duplicate,
  access,
  docAccess,
  formState,
  lockStatus,
  lockDocument,
  unlockDocument,
  findVersions,
  findVersionByID,
  restoreVersion,
  findGlobal,
  updateGlobal,
  findGlobalVersions,
  findGlobalVersionByID,
  restoreGlobalVersion,
  login,
  logout,
  me,
  refreshToken,
  forgotPassword,
  resetPassword,
  verifyEmail,
  unlock,
  init,
  registerFirstUser,
  getFile,
  pasteURL,
  v1ListOrders: (cms, r) => v1Kinds.v1ListOrders(cms, toV1(r)),
  v1CreateOrder: (cms, r) => v1Kinds.v1CreateOrder(cms, toV1(r)),
  v1GetOrder: (cms, r) => v1Kinds.v1GetOrder(cms, toV1(r)),
  v1CancelOrder: (cms, r) => v1Kinds.v1CancelOrder(cms, toV1(r)),
  v1Logout: (cms, r) => v1Kinds.v1Logout(cms, toV1(r)),
  v1AdminListOrders: (cms, r) => v1Kinds.v1AdminListOrders(cms, toV1(r)),
  v1AdminShipOrder: (cms, r) => v1Kinds.v1AdminShipOrder(cms, toV1(r)),
  v1PaymentWebhook: (cms, r) => v1Kinds.v1PaymentWebhook(cms, toV1(r)),
  health,
  apiIndex,
} satisfies RestHandlers
