/**
 * Checks of Payload's `admin` options (config/admin.ts): kept for an admin UI, so a name in them must name a field
 * (as Payload fails at start on a `useAsTitle` naming none), and a `condition` must be a function.
 */
import { ConfigError } from '../../errors/config-error.ts'
import type { Field, SanitizedCollection } from '../types.ts'

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v)

/** `admin` (and `custom`) of a collection, global or the root config: an object when given. */
export function checkAdminObject(owner: { admin?: unknown; custom?: unknown }, at: string): void {
  for (const key of ['admin', 'custom'] as const)
    if (owner[key] != null && !isObject(owner[key]))
      throw new ConfigError(`${at}: ${key} must be an object.`)
}

/** `admin.useAsTitle`, `defaultColumns` and `listSearchableFields` each name a top-level field of the collection. */
export function checkCollectionAdmin(c: SanitizedCollection, where: string): void {
  checkAdminObject(c, where)
  const admin = c.admin
  if (!admin) return
  const names = new Set(c.flatFields.map((f) => f.name))
  names.add('id')
  if (c.timestamps) for (const name of ['createdAt', 'updatedAt']) names.add(name)
  const check = (key: string, value: unknown) => {
    if (typeof value !== 'string' || !names.has(value))
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
    list.forEach((name, i) => check(`${key}[${i}]`, name))
  }
}

/**
 * Every field's `admin` is an object and its `condition` a function, at any depth (layout fields, tabs and blocks
 * included).
 */
export function checkFieldAdmin(fields: Field[], where: string): void {
  if (!Array.isArray(fields)) return
  for (const f of fields) {
    if (!isObject(f)) continue
    const at = `${where}, field "${typeof f.name === 'string' ? f.name : f.type}"`
    checkOne(f, at)
    if (Array.isArray(f.fields)) checkFieldAdmin(f.fields as Field[], where)
    for (const key of ['blocks', 'tabs'])
      if (Array.isArray(f[key]))
        for (const part of f[key] as unknown[])
          if (isObject(part)) {
            checkOne(
              part,
              `${at}, ${key === 'blocks' ? 'block' : 'tab'} "${String(part.slug ?? part.name ?? part.label)}"`,
            )
            checkFieldAdmin(part.fields as Field[], where)
          }
  }
}

function checkOne(f: Record<string, unknown>, at: string): void {
  checkAdminObject(f, at)
  const condition = isObject(f.admin) ? f.admin.condition : undefined
  if (condition != null && typeof condition !== 'function')
    throw new ConfigError(
      `${at}: admin.condition must be a function (data, siblingData, { user }) => boolean.`,
    )
}
