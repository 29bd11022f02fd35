/** Reserved field names and slugs, the name patterns, and the slug check of `sanitizeConfig`. */
import { ConfigError } from '../../errors/config-error.ts'

/** Names the CMS uses itself at the top level of a document or in queries. */
export const RESERVED_FIELD_NAMES = new Set([
  'id',
  'createdAt',
  'updatedAt',
  '_status',
  'and',
  'or',
  'AND',
  'OR',
  'collection',
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
  'globalType',
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
const SLUG_RE = /^[a-z][a-z0-9]*(?:[-_][a-z0-9]+)*$/
export const NAME_RE = /^[A-Za-z][A-Za-z0-9_]*$/
export const ROUTE_RE = /^\/[A-Za-z0-9/_-]*$/

export function checkSlug(slug: unknown, kind: string): asserts slug is string {
  if (typeof slug !== 'string' || !SLUG_RE.test(slug)) {
    throw new ConfigError(
      `${kind} slug ${JSON.stringify(slug)} is invalid: use lowercase letters, digits, "-" or "_", starting with a letter.`,
    )
  }
  if (RESERVED_SLUGS.has(slug))
    throw new ConfigError(`${kind} "${slug}": the slug is reserved for a built-in route.`)
  if (slug.startsWith('cms_') || slug.startsWith('cms-'))
    throw new ConfigError(
      `${kind} "${slug}": slugs starting with "cms_" are reserved for internal tables.`,
    )
}
