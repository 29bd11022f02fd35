import type { GraphQLSchema } from 'graphql'
import type { GraphQLPlan } from '../../../contracts/graphql.ts'
import type { GraphQLKind } from '../../../config/kinds.ts'
import { guard } from '../errors.ts'
import { find } from './find.ts'
import { findByID } from './find-by-id.ts'
import { count } from './count.ts'
import { create } from './create.ts'
import { update } from './update.ts'
import { deleteDocument } from './delete.ts'
import { duplicate } from './duplicate.ts'
import { access } from './access.ts'
import { docAccess } from './doc-access.ts'
import { findVersions } from './find-versions.ts'
import { findVersionByID } from './find-version-by-id.ts'
import { restoreVersion } from './restore-version.ts'
import { findGlobal } from './find-global.ts'
import { updateGlobal } from './update-global.ts'
import { findGlobalVersions } from './find-global-versions.ts'
import { findGlobalVersionByID } from './find-global-version-by-id.ts'
import { restoreGlobalVersion } from './restore-global-version.ts'
import { login } from './login.ts'
import { logout } from './logout.ts'
import { me } from './me.ts'
import { refreshToken } from './refresh-token.ts'
import { forgotPassword } from './forgot-password.ts'
import { resetPassword } from './reset-password.ts'
import { verifyEmail } from './verify-email.ts'
import { unlock } from './unlock.ts'
import { init } from './init.ts'
import { KINDS } from '../../../config/kinds.ts'
import { isTargeted, type GraphQLResolvers, type RootTarget } from './types.ts'

export type { GraphQLResolvers, GraphQLResults } from './types.ts'

/** Every kind's resolver factory, each a file of its own name: typed exhaustive against `config/kinds.ts`. */
const kinds: GraphQLResolvers = {
  find,
  findByID,
  count,
  create,
  update,
  delete: deleteDocument,
  duplicate,
  access,
  docAccess,
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
}

/** The resolver of a root of kind `K`, given the target that kind acts on. */
const resolverOf = <K extends GraphQLKind>(
  root: { kind: K } & RootTarget<K>,
  log: (e: unknown) => void,
) => guard(kinds[root.kind](root), log)

/** Binds each root field of the plan to its kind's resolver. */
export function resolveRoots(schema: GraphQLSchema, plan: GraphQLPlan, log: (e: unknown) => void) {
  const query = schema.getQueryType()?.getFields() ?? {}
  const mutation = schema.getMutationType()?.getFields() ?? {}
  for (const root of plan.roots) {
    // A compiler bug, found when the schema is built rather than at a request.
    if (!isTargeted(root))
      throw new Error(
        `GraphQL root ${root.field} (${root.kind}) names no ${KINDS[root.kind].target}.`,
      )
    const field = (root.type === 'Query' ? query : mutation)[root.field]
    if (field) field.resolve = resolverOf(root, log)
  }
}
