/**
 * The auth operations of an auth collection: `me`, `login`, `refreshToken`, `logout`, the password resets,
 * `initialized`, `verifyEmail` and `unlock`.
 */
import type { GraphQLKind } from '../../config/kinds.ts'
import type { SanitizedCollection } from '../../config/types.ts'
import { typeName } from '../../config/names.ts'
import type { Ctx, RootFields } from './shared.ts'

/** Records a root field of a collection and the kind of resolver serving it in the plan. */
export type RootMeta = (type: 'Query' | 'Mutation', field: string, kind: GraphQLKind) => void

/** The plan's entries for the auth operations `me`, `login`, `refreshToken`, `logout` and the password resets. */
export function authRoots(c: SanitizedCollection, singular: string, meta: RootMeta): void {
  if (c.auth) {
    meta('Query', `me${singular}`, 'me')
    for (const kind of [
      'login',
      'refreshToken',
      'logout',
      'forgotPassword',
      'resetPassword',
    ] as const)
      meta('Mutation', `${kind}${singular}`, kind)
  }
}

/** The auth operations' result types and root fields (with their plan entries for init, verify and unlock). */
export function authOperations(
  ctx: Ctx,
  c: SanitizedCollection,
  singular: string,
  root: RootFields,
  meta: RootMeta,
): void {
  if (c.auth) {
    const slugType = typeName(c.slug)
    const me = ctx.b.add(
      `${slugType}Me`,
      `type ${slugType}Me {\n  user: ${singular}\n  exp: Int\n  token: String\n  collection: String\n  strategy: String\n}`,
    )
    const login = ctx.b.add(
      `${slugType}LoginResult`,
      `type ${slugType}LoginResult {\n  exp: Int\n  token: String\n  user: ${singular}\n}`,
    )
    const refreshed = ctx.b.add(
      `${slugType}Refreshed${singular}`,
      `type ${slugType}Refreshed${singular} {\n  exp: Int\n  refreshedToken: String\n  user: ${singular}\n}`,
    )
    const reset = ctx.b.add(
      `${slugType}ResetPassword`,
      `type ${slugType}ResetPassword {\n  token: String\n  user: ${singular}\n}`,
    )
    // With loginWithUsername: username, or (allowEmailLogin) either one, checked by the server.
    const byName = c.auth.loginWithUsername
    const names = byName
      ? byName.allowEmailLogin
        ? 'email: String, username: String'
        : 'username: String!'
      : 'email: String!'
    root.query.push(`  me${singular}: ${me}`)
    root.mutation.push(
      `  login${singular}(${names}, password: String!): ${login}`,
      `  refreshToken${singular}: ${refreshed}`,
      `  logout${singular}(allSessions: Boolean): String`,
      `  forgotPassword${singular}(${names}): Boolean!`,
      `  resetPassword${singular}(password: String!, token: String!): ${reset}`,
    )
  }
  // Payload's names: `initializedUser`, `verifyEmailUser(token)` (auth.verify), `unlockUser(email)` (with lockouts).
  if (c.auth) {
    meta('Query', `initialized${singular}`, 'init')
    root.query.push(`  initialized${singular}: Boolean`)
    if (c.auth.verify) {
      meta('Mutation', `verifyEmail${singular}`, 'verifyEmail')
      root.mutation.push(`  verifyEmail${singular}(token: String!): Boolean`)
    }
    if (c.auth.maxLoginAttempts > 0) {
      meta('Mutation', `unlock${singular}`, 'unlock')
      root.mutation.push(`  unlock${singular}(email: String!): Boolean!`)
    }
  }
}
