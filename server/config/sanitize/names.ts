/** Reserved field names and slugs, the name patterns, and the slug check of `sanitizeConfig`. */
import { ConfigError } from '../../errors/config-error.ts'

/** Names the CMS uses itself at the top level of every document or in queries. */
export const RESERVED_FIELD_NAMES = new Set([
  'id',
  'createdAt',
  'updatedAt',
  'and',
  'or',
  'AND',
  'OR',
  'collection',
  'globalType',
])
/**
 * Names an auth collection keeps for its own (top level). Payload refuses `hash` and `salt` there and merges the
 * rest into its auth fields; here the secrets and counters are never readable or writable, so a field of the same
 * name could only be lost: they are refused too. `email` (and `username` with loginWithUsername) are merged.
 */
export const RESERVED_AUTH_FIELD_NAMES = new Set([
  'password',
  'hash',
  'salt',
  'sessions',
  'loginAttempts',
  'lockUntil',
  'resetPasswordToken',
  'resetPasswordExpiration',
  '_verified',
  '_verificationToken',
])
/** Names that would break objects, SQL or GraphQL anywhere in a document. */
export const RESERVED_ANYWHERE = new Set([
  '__proto__',
  'constructor',
  'prototype',
  'blockType',
  'blockName',
])
/** Slugs that would collide with built-in routes under `routes.api`. */
const RESERVED_SLUGS = new Set([
  'globals',
  'graphql',
  'graphql-playground',
  'v1',
  'health',
  'docs',
  'openapi.json',
  'access',
])
/** Payload's slugs: `posts`, `blog-posts`, `variantOptions`, `_h_folders` (letters of either case, digits, - and _). */
const SLUG_RE = /^_?[A-Za-z][A-Za-z0-9]*(?:[-_][A-Za-z0-9]+)*$/
/** GraphQL's names (a leading `_` as Payload's `_h_folders`); `__` is refused apart, it joins group columns. */
export const NAME_RE = /^[A-Za-z_][A-Za-z0-9_]*$/
export const ROUTE_RE = /^\/[A-Za-z0-9/_-]*$/

export function checkSlug(slug: unknown, kind: string): asserts slug is string {
  if (typeof slug !== 'string' || !SLUG_RE.test(slug)) {
    throw new ConfigError(
      `${kind} slug ${JSON.stringify(slug)} is invalid: use letters, digits, "-" or "_", starting with a letter (or "_" and a letter), without "--", "__" or a trailing "-" or "_".`,
    )
  }
  if (RESERVED_SLUGS.has(slug))
    throw new ConfigError(`${kind} "${slug}": the slug is reserved for a built-in route.`)
  if (/^cms[-_]/i.test(slug))
    throw new ConfigError(
      `${kind} "${slug}": slugs starting with "cms_" are reserved for internal tables.`,
    )
}
