/**
 * Checks of Payload's `admin` options (config/admin.ts): kept for an admin UI, so a name in them must name a field
 * (as Payload fails at start on a `useAsTitle` naming none). Fields' `admin` is checked with the options
 * (check-options.ts).
 */
import { ConfigError } from '../../errors/config-error.ts'
import type { SanitizedCollection } from '../types.ts'

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v)

/** `admin` (and `custom`) of a collection, global or the root config: an object when given. */
export function checkAdminObject(owner: { admin?: unknown; custom?: unknown }, at: string): void {
  for (const key of ['admin', 'custom'] as const)
    if (owner[key] != null && !isObject(owner[key]))
      throw new ConfigError(`${at}: ${key} must be an object.`)
}

/**
 * `admin.useAsTitle`, `defaultColumns` and `listSearchableFields` each name a top-level field of the collection (a
 * default column may go on into it: `to.type`).
 */
export function checkCollectionAdmin(c: SanitizedCollection, where: string): void {
  checkAdminObject(c, where)
  const admin = c.admin
  if (!admin) return
  const names = new Set(c.flatFields.map((f) => f.name))
  names.add('id')
  if (c.timestamps) for (const name of ['createdAt', 'updatedAt']) names.add(name)
  // A column may be a dotted path into a field (`to.type`, as Payload's admin takes): its first segment is checked.
  const check = (key: string, value: unknown, nested = false) => {
    if (typeof value !== 'string' || !names.has(nested ? value.split('.')[0] : value))
      throw new ConfigError(
        `${where}: admin.${key} ${JSON.stringify(value)} names no field of the collection; name one of its top-level fields (${[...names].join(', ')}).`,
      )
  }
  if (admin.useAsTitle !== undefined) {
    check('useAsTitle', admin.useAsTitle)
    if (c.flatFields.find((f) => f.name === admin.useAsTitle)?.virtual)
      throw new ConfigError(
        `${where}: admin.useAsTitle "${admin.useAsTitle}" is a virtual field, which cannot title a document; name a stored field.`,
      )
  }
  for (const key of ['defaultColumns', 'listSearchableFields'] as const) {
    const list = admin[key]
    if (list === undefined) continue
    if (!Array.isArray(list))
      throw new ConfigError(`${where}: admin.${key} must be a list of field names.`)
    list.forEach((name, i) => check(`${key}[${i}]`, name, key === 'defaultColumns'))
  }
}

/**
 * The root `admin.user`: the auth collection whose users log into the admin. A config without any auth collection
 * keeps it for a users collection it has yet to add.
 */
export function checkAdminUser(adminUser: unknown, collections: SanitizedCollection[]): void {
  if (
    adminUser !== undefined &&
    collections.some((c) => c.auth) &&
    !collections.some((c) => c.slug === adminUser && c.auth)
  )
    throw new ConfigError(
      `admin.user ${JSON.stringify(adminUser)} names no auth collection; name one whose users log into the admin (${collections
        .filter((c) => c.auth)
        .map((c) => c.slug)
        .join(', ')}).`,
    )
}
