/** One global sanitized: its fields, versions, hooks and access. */
import { ConfigError } from '../../errors/config-error.ts'
import { globalVersionsCollection } from '../versions.ts'
import { toWords } from '../labels.ts'
import { staticText } from '../admin.ts'
import { DOCUMENT_HOOK_KINDS, sanitizeVersions, withStatus } from './collection.ts'
import { checkAdminObject } from './admin.ts'
import { checkFields } from './fields.ts'
import type { GlobalConfig, SanitizedGlobal } from '../types.ts'

export function sanitizeGlobal(
  g: GlobalConfig,
  slugs: Set<string>,
  localized: boolean,
): SanitizedGlobal {
  const where = `Global "${g.slug}"`
  if (!Array.isArray(g.fields)) throw new ConfigError(`${where}: fields must be an array.`)
  const versions = sanitizeVersions(
    g.versions,
    typeof g.versions === 'object' ? g.versions.max : undefined,
    `${where}: versions.max`,
  )
  checkAdminObject(g, where)
  let flatFields = checkFields(g.fields, where, slugs, localized, true)
  if (versions && versions.drafts) flatFields = withStatus(flatFields, where)
  for (const [k, list] of Object.entries(g.hooks ?? {})) {
    if (!Array.isArray(list) || list.some((h) => typeof h !== 'function'))
      throw new ConfigError(`${where}: hooks.${k} must be an array of functions.`)
  }
  for (const [k, fn] of Object.entries(g.access ?? {})) {
    if (fn != null && typeof fn !== 'function')
      throw new ConfigError(`${where}: access.${k} must be a function.`)
  }
  const sanitized: SanitizedGlobal = {
    ...g,
    label: staticText(g.label) ?? toWords(g.slug),
    labelText: g.label,
    flatFields,
    hooks: Object.fromEntries(
      DOCUMENT_HOOK_KINDS.map((k) => [k, g.hooks?.[k] ?? []]),
    ) as SanitizedGlobal['hooks'],
    access: g.access ?? {},
    versions,
  }
  if (versions) sanitized.versionsCollection = globalVersionsCollection(sanitized)
  return sanitized
}
