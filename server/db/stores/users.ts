import type { Executor } from '../database.ts'
import type { Dialect } from '../dialects/dialect.ts'

/**
 * The statements of an auth collection's own columns (`email`, `hash`, `salt`, `loginAttempts`, `lockUntil`,
 * `resetPasswordToken`, `resetPasswordExpiration`), which the Local layer never exposes. `table` is the
 * collection's table; reset tokens arrive already hashed.
 */
export interface UserTable {
  ex: Executor
  dialect: Dialect
  table: string
}

/** The stored row (hidden columns included) of the user with this email, matched case-insensitively. */
export async function findUserByEmail(
  { ex, dialect, table }: UserTable,
  email: string,
): Promise<Record<string, unknown> | undefined> {
  const q = dialect.quote
  const [row] = await ex.all<Record<string, unknown>>(
    `SELECT * FROM ${q(table)} WHERE ${q('email')} = ?`,
    [email.trim().toLowerCase()],
  )
  return row
}

/**
 * The stored row of the user a login names (`loginWithUsername`): the first of `matches` (column and lowercase
 * value) wins when two rows match different columns (one user's username is another's email).
 */
export async function findUserByLogin(
  { ex, dialect, table }: UserTable,
  matches: { column: 'email' | 'username'; value: string }[],
): Promise<Record<string, unknown> | undefined> {
  const q = dialect.quote
  const rows = await ex.all<Record<string, unknown>>(
    `SELECT * FROM ${q(table)} WHERE ${matches.map((m) => `${q(m.column)} = ?`).join(' OR ')}`,
    matches.map((m) => m.value),
  )
  for (const m of matches) {
    const row = rows.find((r) => r[m.column] === m.value)
    if (row) return row
  }
  return undefined
}

/**
 * Counts one failed login of user `id` and returns the count. A lock that has run out (`expiredLock`, the
 * `lockUntil` read before) starts the count again; the increment is atomic, so parallel failures all count.
 */
export async function countFailedLogin(
  { ex, dialect, table }: UserTable,
  id: number,
  expiredLock?: unknown,
): Promise<number> {
  const q = dialect.quote
  if (expiredLock)
    await ex.run(
      `UPDATE ${q(table)} SET ${q('loginAttempts')} = 0, ${q('lockUntil')} = NULL WHERE id = ? AND ${q('lockUntil')} = ?`,
      [id, expiredLock],
    )
  await ex.run(
    `UPDATE ${q(table)} SET ${q('loginAttempts')} = COALESCE(${q('loginAttempts')}, 0) + 1 WHERE id = ?`,
    [id],
  )
  const [{ n }] = await ex.all<{ n: number }>(
    `SELECT ${q('loginAttempts')} AS n FROM ${q(table)} WHERE id = ?`,
    [id],
  )
  return Number(n)
}

/** Locks user `id` out of login until `until` (ISO time). */
export async function lockUser({ ex, dialect, table }: UserTable, id: number, until: string) {
  const q = dialect.quote
  await ex.run(`UPDATE ${q(table)} SET ${q('lockUntil')} = ? WHERE id = ?`, [until, id])
}

/** A successful login: the failure count and any lock are cleared. */
export async function clearFailedLogins({ ex, dialect, table }: UserTable, id: number) {
  const q = dialect.quote
  await ex.run(
    `UPDATE ${q(table)} SET ${q('loginAttempts')} = 0, ${q('lockUntil')} = NULL WHERE id = ?`,
    [id],
  )
}

/** Stores the hash of a new reset token for user `id`, replacing any earlier one. */
export async function setResetToken(
  { ex, dialect, table }: UserTable,
  id: number,
  tokenHash: string,
  expires: string,
): Promise<void> {
  const q = dialect.quote
  await ex.run(
    `UPDATE ${q(table)} SET ${q('resetPasswordToken')} = ?, ${q('resetPasswordExpiration')} = ? WHERE id = ?`,
    [tokenHash, expires, id],
  )
}

/** The user holding this reset token hash, with the token's expiry, or undefined. */
export async function findByResetToken(
  { ex, dialect, table }: UserTable,
  tokenHash: string,
): Promise<{ id: number; expires: string } | undefined> {
  const q = dialect.quote
  const [row] = await ex.all<{ id: number; resetPasswordExpiration: string }>(
    `SELECT id, ${q('resetPasswordExpiration')} FROM ${q(table)} WHERE ${q('resetPasswordToken')} = ?`,
    [tokenHash],
  )
  return row ? { id: Number(row.id), expires: String(row.resetPasswordExpiration) } : undefined
}

/**
 * Sets user `id`'s password and consumes the reset token in one statement (single use: false when another
 * request consumed it first); failed logins and locks are cleared with it. With `verify` (auth.verify) an
 * account waiting for its verification is verified too: the reset link reached the same mailbox.
 */
export async function consumeResetToken(
  { ex, dialect, table }: UserTable,
  id: number,
  tokenHash: string,
  password: { hash: string; salt: string },
  verify = false,
): Promise<boolean> {
  const q = dialect.quote
  // `_verified` is assigned before the token is cleared: MariaDB assigns left to right, reading new values.
  const verified = verify
    ? `${q('_verified')} = CASE WHEN ${q('_verificationToken')} IS NULL THEN ${q('_verified')} ELSE 1 END, ${q('_verificationToken')} = NULL, `
    : ''
  const done = await ex.run(
    `UPDATE ${q(table)} SET ${verified}${q('hash')} = ?, ${q('salt')} = ?, ${q('resetPasswordToken')} = NULL, ${q('resetPasswordExpiration')} = NULL, ${q('loginAttempts')} = 0, ${q('lockUntil')} = NULL WHERE id = ? AND ${q('resetPasswordToken')} = ?`,
    [password.hash, password.salt, id, tokenHash],
  )
  return done.changes === 1
}

/** Replaces user `id`'s password hash and salt (a hash Payload made, upgraded at its first login here). */
export async function setPasswordHash(
  { ex, dialect, table }: UserTable,
  id: number,
  password: { hash: string; salt: string },
): Promise<void> {
  const q = dialect.quote
  await ex.run(`UPDATE ${q(table)} SET ${q('hash')} = ?, ${q('salt')} = ? WHERE id = ?`, [
    password.hash,
    password.salt,
    id,
  ])
}

/**
 * The ids (two at most) of the users whose API key hashes to one of `indexes` (its forms) and is enabled. Booleans are stored as 1/0
 * on both databases.
 */
export async function findUsersByApiKey(
  { ex, dialect, table }: UserTable,
  indexes: string[],
): Promise<number[]> {
  const q = dialect.quote
  const rows = await ex.all<{ id: number }>(
    `SELECT id FROM ${q(table)} WHERE ${q('apiKeyIndex')} IN (${indexes.map(() => '?').join(', ')}) AND ${q('enableAPIKey')} = 1 LIMIT 2`,
    indexes,
  )
  return rows.map((r) => Number(r.id))
}

/** Stores the hash of user `id`'s verification token and marks the account unverified (auth.verify). */
export async function setVerificationToken(
  { ex, dialect, table }: UserTable,
  id: number,
  tokenHash: string,
): Promise<void> {
  const q = dialect.quote
  await ex.run(
    `UPDATE ${q(table)} SET ${q('_verified')} = ?, ${q('_verificationToken')} = ? WHERE id = ?`,
    [0, tokenHash, id],
  )
}

/**
 * Verifies the account holding this verification token hash and consumes the token, in one statement (single
 * use). Returns the user's id, or undefined when no account holds the token.
 */
export async function consumeVerificationToken(
  { ex, dialect, table }: UserTable,
  tokenHash: string,
): Promise<number | undefined> {
  const q = dialect.quote
  const [row] = await ex.all<{ id: number }>(
    `SELECT id FROM ${q(table)} WHERE ${q('_verificationToken')} = ?`,
    [tokenHash],
  )
  if (!row) return undefined
  const done = await ex.run(
    `UPDATE ${q(table)} SET ${q('_verified')} = ?, ${q('_verificationToken')} = NULL WHERE id = ? AND ${q('_verificationToken')} = ?`,
    [1, row.id, tokenHash],
  )
  return done.changes === 1 ? Number(row.id) : undefined
}
