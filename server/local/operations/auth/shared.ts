import { isRecord } from '../../../utilities/is-record.ts'
import { createHash } from 'node:crypto'
import type { CmsRequest, SanitizedCollection } from '../../../config/types.ts'
import type { Select } from '../../../config/local-api.ts'
import type { UserTable } from '../../../db/stores/users.ts'
import { selectById } from '../../../db/store.ts'
import type { Executor } from '../../../db/database.ts'
import { NotFound } from '../../../errors/not-found.ts'
import { Unauthorized } from '../../../errors/unauthorized.ts'
import { ValidationError } from '../../../errors/validation-error.ts'
import type { Cms } from '../../cms.ts'
import { depthParam } from '../../params.ts'
import { readDocs } from '../../read.ts'
import { executorFor } from '../../request.ts'

/**
 * What the auth operations of `auth: true` collections share. Passwords are PBKDF2 hashes (auth/password.ts); a
 * token is an HS256 JWT naming a session row (db/stores/sessions.ts), so logout, password reset and deleting
 * the user kill it.
 */

export interface AuthResult<U = Record<string, unknown>> {
  token: string
  exp: number
  user: U
}
export type User = Record<string, unknown> & { id: number; collection: string }
export type AuthCollection = SanitizedCollection & {
  auth: Exclude<SanitizedCollection['auth'], false>
}

export function authCollection(cms: Cms, slug: string): AuthCollection {
  const c = cms.collection(slug)
  if (!c.auth) throw new NotFound(`Collection "${slug}" is not an auth collection.`)
  return c as AuthCollection
}

/** The auth columns of `c`'s table, through `ex` (default: the database). */
export const usersOf = (cms: Cms, c: SanitizedCollection, ex: Executor = cms.db): UserTable => ({
  ex,
  dialect: cms.db.dialect,
  table: c.table,
})

/** Reset tokens are stored as their SHA-256: a database leak does not hand out working tokens. */
export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex')

/** The whole user, read access ignored, hidden fields removed: what `req.user` and the auth hooks hold. */
export async function publicUser(
  cms: Cms,
  c: SanitizedCollection,
  id: number,
  req: CmsRequest,
  depth?: number,
  overrideAccess = true,
  select?: Select,
): Promise<User> {
  const doc = await selectById(executorFor(cms, req), cms.queryContext(req.locale), c, id)
  if (!doc) throw new Unauthorized()
  const [out] = await readDocs(cms, c, [doc], req, {
    depth: depthParam(cms, depth),
    overrideAccess,
    select,
  })
  return out as User
}

/**
 * The user as an auth answer shows it (me, login, refresh-token, reset-password, first-register). Without
 * `overrideAccess` (REST, GraphQL, a Local caller passing false) it goes through the read pass of
 * `GET /<slug>/<id>`, read as that user: fields they may not read are removed, joins and relations are read with
 * their access. The document's own read access is not asked: a user may always see that they are logged in.
 * `self` is the whole user (`req.user`), read here when the caller is someone else (a login answers as its user).
 */
export async function userAnswer(
  cms: Cms,
  c: SanitizedCollection,
  id: number,
  req: CmsRequest,
  args: {
    depth?: number
    overrideAccess?: boolean
    self?: Record<string, unknown>
    /** `me` only: the fields to answer (Payload's `select` on `/me`). */
    select?: Select
  },
): Promise<User> {
  const overrideAccess = args.overrideAccess ?? true
  if (overrideAccess) return publicUser(cms, c, id, req, args.depth, true, args.select)
  const isSelf = req.user?.collection === c.slug && req.user.id === id
  const self = isSelf ? req.user : (args.self ?? (await publicUser(cms, c, id, req, 0)))
  const as = isSelf ? req : { ...req, user: { ...self, id, collection: c.slug } }
  return publicUser(cms, c, id, as, args.depth, false, args.select)
}

/**
 * auth.verify: an account that has not verified its email (an explicit false only: accounts that existed before
 * verify was turned on have no value, and still authenticate). Such an account authenticates by no strategy.
 */
export const unverified = (c: SanitizedCollection, row: Record<string, unknown>): boolean =>
  Boolean(c.auth && c.auth.verify) &&
  (row._verified === 0 || row._verified === false || row._verified === '0')

export function requiredField(label: string, path: string) {
  return { message: 'This field is required.', path, label }
}

/** How an account is named at login: the columns to match, and whether the caller used a username. */
export interface LoginIdentity {
  matches: { column: 'email' | 'username'; value: string }[]
  byUsername: boolean
}

const text = (v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : '')

/**
 * The account a login (or forgot-password) body names, as Payload reads it: the email, or with
 * `loginWithUsername` the username (and the email too with `allowEmailLogin`; either value is then matched against
 * both columns). `errors` collects the missing ones ("This field is required.").
 */
export function loginIdentity(
  c: AuthCollection,
  data: Record<string, unknown>,
  errors: ReturnType<typeof requiredField>[],
): LoginIdentity {
  const byName = c.auth.loginWithUsername
  const canEmail = !byName || byName.allowEmailLogin
  const email = canEmail ? text(data.email) : ''
  const username = byName ? text(data.username) : ''
  if (!email && !username) {
    if (canEmail) errors.push(requiredField('Email', 'email'))
    if (byName) errors.push(requiredField('Username', 'username'))
    return { matches: [], byUsername: Boolean(byName) }
  }
  if (username)
    return {
      matches: [
        { column: 'username', value: username },
        ...(canEmail ? [{ column: 'email' as const, value: username }] : []),
      ],
      byUsername: true,
    }
  return {
    matches: [
      { column: 'email', value: email },
      ...(byName ? [{ column: 'username' as const, value: email }] : []),
    ],
    byUsername: false,
  }
}

export function credentials(
  c: AuthCollection,
  data: unknown,
): LoginIdentity & { password: string } {
  const d = isRecord(data) ? data : {}
  const errors: ReturnType<typeof requiredField>[] = []
  const identity = loginIdentity(c, d, errors)
  const password = typeof d.password === 'string' ? d.password : ''
  if (password === '') errors.push(requiredField('Password', 'password'))
  if (errors.length) throw new ValidationError({ errors })
  return { ...identity, password }
}

/**
 * Runs auth hooks in order, as Payload does: a hook's truthy return replaces the value the next hook (and the
 * operation) gets; a hook that throws aborts the operation (its transaction rolls back).
 */
export async function runAuthHooks<T>(
  hooks: readonly ((args: never) => unknown)[],
  value: T,
  args: (value: T) => object,
): Promise<T> {
  for (const hook of hooks)
    value = ((await (hook as (a: object) => unknown)(args(value))) as T) || value
  return value
}
