/** The password of an auth collection's write: checked, hashed (before the transaction when it can be), taken out. */
import type { CmsRequest, ID, SanitizedCollection } from '../config/types.ts'
import { ValidationError } from '../errors/validation-error.ts'
import { hashPassword, minPasswordLength, passwordProblem } from '../auth/password.ts'

const isObject = (v: unknown): v is Record<string, unknown> =>
  Boolean(v) && typeof v === 'object' && !Array.isArray(v)

/** A password hashed before its write's transaction opened (see `prehashPassword`). */
export interface PrehashedPassword {
  password: string
  secret: { hash: string; salt: string }
}

/**
 * Hashes the password a write carries before the write opens its transaction: PBKDF2 takes about 180 ms, and
 * on SQLite an open transaction holds the only connection, so hashing inside it stalls every other request.
 * Nothing when there is no acceptable password (takePassword then reports the problem inside the operation).
 */
export async function prehashPassword(
  collection: SanitizedCollection,
  data: unknown,
  req?: CmsRequest,
): Promise<PrehashedPassword | undefined> {
  if (
    !collection.auth ||
    !isObject(data) ||
    typeof data.password !== 'string' ||
    passwordProblem(data.password, minPasswordLength(req))
  )
    return undefined
  return { password: data.password, secret: await hashPassword(data.password) }
}

/**
 * The write's data without its `password` when the collection's declared password field denies it to the caller
 * (`auth.passwordAccess`, as Payload's field access drops a denied value); the data as given otherwise.
 */
async function passwordAllowed(
  collection: SanitizedCollection,
  data: unknown,
  a: PasswordWrite,
): Promise<unknown> {
  const fn = collection.auth ? collection.auth.passwordAccess?.[a.operation] : undefined
  if (!fn || a.overrideAccess || !isObject(data) || data.password === undefined) return data
  if (await fn({ req: a.req, id: a.id, data, doc: a.doc, siblingData: data })) return data
  const { password: _denied, ...rest } = data
  return rest
}

/** How a write takes its password: the caller (for the declared password field's access) and a prehash. */
export interface PasswordWrite {
  req: CmsRequest
  operation: 'create' | 'update'
  overrideAccess: boolean
  prehashed?: PrehashedPassword
  id?: ID
  doc?: Record<string, unknown>
}

/**
 * Auth collections take a `password` (never stored: it becomes `hash` and `salt`) and keep emails (and usernames,
 * with `loginWithUsername`) trimmed and lowercase, so logins match whatever case was typed. Returns the data
 * without the password. The hash made by `prehashPassword` is used when the password is still the one it hashed
 * (a hook may have changed it). A password the collection's declared password field denies the caller is dropped.
 */
export async function takePassword(
  collection: SanitizedCollection,
  given: unknown,
  w: PasswordWrite,
): Promise<{ data: unknown; secret?: { hash: string; salt: string } }> {
  const data = await passwordAllowed(collection, given, w)
  const { operation, req } = w
  const prehashed = data === given ? w.prehashed : undefined
  if (!collection.auth || !isObject(data)) return { data }
  const { password, ...rest } = data
  if (typeof rest.email === 'string') rest.email = rest.email.trim().toLowerCase()
  const byName = collection.auth.loginWithUsername
  if (byName && typeof rest.username === 'string')
    rest.username = rest.username.trim().toLowerCase()
  // With neither required, an account still needs one of them to log in with.
  if (byName && operation === 'create' && !byName.requireEmail && !byName.requireUsername)
    if (!rest.email && !rest.username)
      throw new ValidationError({
        collection: collection.slug,
        errors: [
          { message: 'An email or a username is required.', path: 'username', label: 'Username' },
        ],
      })
  if (password === undefined) {
    if (operation === 'create')
      throw new ValidationError({
        collection: collection.slug,
        errors: [{ message: 'This field is required.', path: 'password', label: 'Password' }],
      })
    return { data: rest }
  }
  const problem = passwordProblem(password, minPasswordLength(req))
  if (problem)
    throw new ValidationError({
      collection: collection.slug,
      errors: [{ message: problem, path: 'password', label: 'Password' }],
    })
  // passwordProblem refuses every password that is not a string.
  if (typeof password !== 'string') throw new Error('passwordProblem passed a non-string password.')
  return {
    data: rest,
    secret: prehashed?.password === password ? prehashed.secret : await hashPassword(password),
  }
}
