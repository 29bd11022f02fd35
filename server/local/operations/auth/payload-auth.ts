import type { AccessResults } from '../../../config/local-api.ts'
import type { User } from './shared.ts'
import type { Cms } from '../../cms.ts'
import type { TokenClaims } from '../../../auth/tokens.ts'

/** Payload's `payload.auth({ headers })` answer: the caller (or null) and what they may do (`/api/access`). */
export interface AuthResult {
  user: User | null
  permissions: AccessResults
}

/**
 * `payload.auth`, both ways it is called: with Payload's `{ headers }` (a `Headers` or a plain object), the caller
 * those headers authenticate (custom strategies, API key, token or cookie, Payload's order) and their
 * permissions, as Payload 3's `auth` operation answers; a credential refused reads as no user, as there. With a
 * token string (this CMS's own form), the user and claims it stands for, or undefined.
 */
export async function auth(
  this: Cms,
  token: string,
): Promise<{ user: User; claims: TokenClaims } | undefined>
export async function auth(
  this: Cms,
  args: { headers: Headers | Record<string, string>; canSetHeaders?: boolean },
): Promise<AuthResult>
export async function auth(
  this: Cms,
  arg: string | { headers: Headers | Record<string, string>; canSetHeaders?: boolean },
): Promise<AuthResult | { user: User; claims: TokenClaims } | undefined> {
  if (typeof arg === 'string') return this.authenticateToken(arg)
  const headers = arg.headers instanceof Headers ? arg.headers : new Headers(arg.headers)
  const { identity } = await this.authenticateHeaders({ headers })
  const user = identity?.user ?? null
  return { user, permissions: await this.access({ user }) }
}
