/**
 * Label and description functions resolved at start (config/i18n.ts): every place a Payload config may give text
 * as a function of `{ t, i18n }` gets the per-language text instead, in place, before the sanitiser reads it.
 */
import { isObject } from '../../fields/shared.ts'
import { textOf, type SanitizedI18n } from '../i18n.ts'

function resolveKey(owner: unknown, key: string, i18n: SanitizedI18n): void {
  if (isObject(owner) && typeof owner[key] === 'function') owner[key] = textOf(owner[key], i18n)
}

function resolveLabels(owner: unknown, i18n: SanitizedI18n): void {
  if (!isObject(owner)) return
  resolveKey(owner.labels, 'singular', i18n)
  resolveKey(owner.labels, 'plural', i18n)
}

function resolveAdmin(owner: Record<string, unknown>, i18n: SanitizedI18n): void {
  resolveKey(owner.admin, 'description', i18n)
  resolveKey(owner.admin, 'group', i18n)
  resolveKey(owner.admin, 'placeholder', i18n)
}

function resolveFields(fields: unknown, i18n: SanitizedI18n): void {
  if (!Array.isArray(fields)) return
  for (const field of fields) {
    if (!isObject(field)) continue
    resolveKey(field, 'label', i18n)
    resolveAdmin(field, i18n)
    resolveLabels(field, i18n)
    if (Array.isArray(field.options)) for (const o of field.options) resolveKey(o, 'label', i18n)
    resolveFields(field.fields, i18n)
    if (Array.isArray(field.blocks))
      for (const block of field.blocks) {
        if (!isObject(block)) continue
        resolveLabels(block, i18n)
        resolveAdmin(block, i18n)
        resolveFields(block.fields, i18n)
      }
    if (Array.isArray(field.tabs))
      for (const tab of field.tabs) {
        if (!isObject(tab)) continue
        resolveKey(tab, 'label', i18n)
        resolveKey(tab, 'description', i18n)
        resolveAdmin(tab, i18n)
        resolveFields(tab.fields, i18n)
      }
  }
}

/** Resolves every label and description function of `config`'s collections, globals, fields and locales. */
export function resolveTexts(config: Record<string, unknown>, i18n: SanitizedI18n): void {
  for (const list of [config.collections, config.globals])
    for (const entry of Array.isArray(list) ? list : []) {
      if (!isObject(entry)) continue
      resolveLabels(entry, i18n)
      resolveKey(entry, 'label', i18n)
      resolveAdmin(entry, i18n)
      resolveFields(entry.fields, i18n)
    }
  const localization = config.localization
  if (isObject(localization) && Array.isArray(localization.locales))
    for (const locale of localization.locales) resolveKey(locale, 'label', i18n)
}
