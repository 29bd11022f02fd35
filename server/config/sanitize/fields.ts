/** The check of a list of fields (recursive), with the time zone companion field of dates. */
import { ConfigError } from '../../errors/config-error.ts'
import { fieldLabel, flattenFields, isIndexed, isJsonStored, isUnique } from '../fields.ts'
import { fieldType, isFieldType, layoutOf } from '../../fields/registry.ts'
import type { CheckKit } from '../../fields/types.ts'
import { NAME_RE, RESERVED_ANYWHERE, RESERVED_FIELD_NAMES } from './names.ts'
import type { DateField, Field, FlattenedField } from '../types.ts'

/** Checks one level of fields (recursing into groups, arrays and blocks) and returns them flattened. */
export function checkFields(
  fields: Field[],
  where: string,
  slugs: Set<string>,
  localizationOn: boolean,
  topLevel: boolean,
  prefix = '',
): FlattenedField[] {
  // Without localization, `localized: true` means nothing (Payload ignores it too): the fields are stored plainly.
  if (!localizationOn) fields = unlocalized(fields)
  for (const f of fields) {
    if (!f || typeof f !== 'object')
      throw new ConfigError(`${where}: every field must be an object.`)
    const name = 'name' in f ? f.name : undefined
    const at = `${where}, field "${prefix}${typeof name === 'string' ? name : '?'}"`
    if (typeof f.type !== 'string' || !isFieldType(f.type))
      throw new ConfigError(`${at}: unknown field type ${JSON.stringify(f.type)}.`)
    const problem = layoutOf(f)?.problem(f)
    if (problem) throw new ConfigError(`${at}: ${problem}`)
  }
  const flat = flattenFields(fields).flatMap((f) =>
    f.type === 'date' && f.timezone
      ? [f, timezoneField(f, `${where}, field "${prefix}${f.name}"`)]
      : [f],
  )
  const seen = new Set<string>()
  for (const f of flat) {
    const at = `${where}, field "${prefix}${String(f.name)}"`
    if (typeof f.name !== 'string' || !NAME_RE.test(f.name) || f.name.includes('__')) {
      throw new ConfigError(
        `${at}: a field name must start with a letter and hold only letters, digits and single underscores.`,
      )
    }
    if (RESERVED_ANYWHERE.has(f.name) || (topLevel && RESERVED_FIELD_NAMES.has(f.name))) {
      throw new ConfigError(`${at}: "${f.name}" is a reserved field name.`)
    }
    if (seen.has(f.name))
      throw new ConfigError(
        `${at}: duplicate field name; another field at this level is also called "${f.name}".`,
      )
    seen.add(f.name)
    // The options as given, by name (those that only some field types have included).
    const options = new Map(Object.entries(f))
    if (f.virtual !== undefined && typeof f.virtual !== 'boolean')
      throw new ConfigError(
        `${at}: virtual must be true or false (a path to a related field, Payload's virtual relationship link, is not supported: compute the value in an afterRead hook).`,
      )
    if (f.virtual)
      for (const key of ['required', 'unique', 'index', 'localized', 'defaultValue'] as const)
        if (options.get(key) !== undefined)
          throw new ConfigError(
            `${at}: ${key} does not apply to a virtual field (it is not stored, and writes to it are ignored); remove ${key}.`,
          )
    // Unique values inside one JSON value (a locale map, a hasMany list, array and block rows) are kept unique
    // through the collection's unique-values table (db/unique-values.ts), as Payload's per-table indexes do.
    if (isUnique(f)) {
      const problem = uniqueProblem(f)
      if (problem) throw new ConfigError(`${at}: ${problem}`)
      // Payload's SQL adapters index no hasMany select value and no group: accepted, no effect (check-config).
      if (unsupportedUnique(f)) (f as { unique?: boolean }).unique = false
    }
    // `index` asks for speed only: where no column holds the value (rows, JSON, a group), it is accepted and has no
    // effect (cms check-config lists it), as plugin-generated fields set it (multi-tenant's tenants array) and
    // templates do (the website's search overrides index their `meta` group).
    if (isIndexed(f) && (isJsonStored(f) || !topLevel || f.type === 'group'))
      (f as { index?: boolean }).index = false
    for (const key of ['min', 'max', 'minLength', 'maxLength', 'minRows', 'maxRows'] as const) {
      const v = options.get(key)
      if (v !== undefined && (typeof v !== 'number' || !Number.isFinite(v)))
        throw new ConfigError(`${at}: ${key} must be a number.`)
    }
    if (f.validate !== undefined && typeof f.validate !== 'function')
      throw new ConfigError(`${at}: validate must be a function.`)
    const kit: CheckKit = {
      at,
      fail: (message) => {
        throw new ConfigError(`${at}: ${message}`)
      },
      slugs,
      topLevel,
      fields: (nested, path, nestedTop) =>
        checkFields(nested, where, slugs, localizationOn, nestedTop, `${prefix}${path}`),
    }
    fieldType(f).check?.(f, kit)
  }
  return flat
}

/**
 * Why `unique` cannot be kept on a field, as Payload's SQL adapters refuse it: hasMany text and number values
 * (Payload: "Unique is not supported in Postgres for hasMany text fields").
 */
function uniqueProblem(f: FlattenedField): string | undefined {
  const many = 'hasMany' in f && f.hasMany === true
  if (many && (f.type === 'text' || f.type === 'number'))
    return `unique is not supported on hasMany ${f.type} fields (Payload refuses it too: no index holds each value of the list); remove unique, or keep the values in a collection of their own with a unique field.`
  return undefined
}

/** A `unique` Payload accepts and enforces nowhere: on a group (no column) and on a hasMany select. */
export const unsupportedUnique = (f: FlattenedField): boolean =>
  f.type === 'group' || (f.type === 'select' && 'hasMany' in f && f.hasMany === true)

/** A copy of a field tree without `localized` (into groups, arrays, blocks, tabs and layout fields). */
function unlocalized(fields: Field[]): Field[] {
  if (!Array.isArray(fields)) return fields
  return fields.map((f): Field => {
    if (!f || typeof f !== 'object') return f
    const { localized: _, ...rest } = f as Field & { localized?: boolean }
    const copy: Record<string, unknown> = { ...rest }
    if (Array.isArray(copy.fields)) copy.fields = unlocalized(copy.fields as Field[])
    for (const key of ['blocks', 'tabs'])
      if (Array.isArray(copy[key]))
        copy[key] = (copy[key] as unknown[]).map((b) =>
          b && typeof b === 'object' && Array.isArray((b as { fields?: unknown }).fields)
            ? { ...b, fields: unlocalized((b as { fields: Field[] }).fields) }
            : b,
        )
    return copy as unknown as Field
  })
}

/** The runtime's canonical zone names, and the answers for other names (aliases such as `US/Eastern`), once each. */
let knownZones: Map<string, boolean> | undefined

/** Whether `zone` is an IANA time zone name this runtime knows (or `UTC`). */
function isTimeZone(zone: unknown): boolean {
  if (typeof zone !== 'string' || zone === '') return false
  knownZones ??= new Map(Intl.supportedValuesOf('timeZone').map((z) => [z, true]))
  let known = knownZones.get(zone)
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone })
      known = true
    } catch {
      known = false
    }
    knownZones.set(zone, known)
  }
  return known
}

/**
 * The companion field of a date with `timezone` (Payload 3): `<name>_tz`, a select of the supported zones, or a
 * text field holding any IANA zone name when the date lists none. Localized when the date is.
 */
function timezoneField(date: DateField, at: string): FlattenedField {
  const tz = date.timezone === true ? {} : date.timezone
  if (!tz || typeof tz !== 'object' || Array.isArray(tz))
    throw new ConfigError(`${at}: timezone must be true or an object.`)
  const keys = ['defaultTimezone', 'supportedTimezones', 'required']
  for (const [key, value] of Object.entries(tz))
    if (!keys.includes(key) && value !== undefined)
      throw new ConfigError(
        `${at}: timezone.${key} is not an option of a date timezone. Accepted: ${keys.join(', ')}.`,
      )
  const zones = tz.supportedTimezones?.map((z) => (typeof z === 'string' ? z : z?.value))
  if (zones !== undefined) {
    if (!Array.isArray(tz.supportedTimezones) || zones.length === 0)
      throw new ConfigError(`${at}: timezone.supportedTimezones must be a non-empty list.`)
    const bad = zones.find((z) => !isTimeZone(z))
    if (bad !== undefined)
      throw new ConfigError(
        `${at}: timezone.supportedTimezones: ${JSON.stringify(bad)} is not an IANA time zone name.`,
      )
  }
  if (
    tz.defaultTimezone !== undefined &&
    !(zones ?? [tz.defaultTimezone]).includes(tz.defaultTimezone)
  )
    throw new ConfigError(
      `${at}: timezone.defaultTimezone ${JSON.stringify(tz.defaultTimezone)} is not one of the supported time zones.`,
    )
  if (tz.defaultTimezone !== undefined && !isTimeZone(tz.defaultTimezone))
    throw new ConfigError(
      `${at}: timezone.defaultTimezone ${JSON.stringify(tz.defaultTimezone)} is not an IANA time zone name.`,
    )
  const base = {
    name: `${date.name}_tz`,
    label: `${fieldLabel(date)} time zone`,
    ...(tz.required ? { required: true } : {}),
    ...(tz.defaultTimezone !== undefined ? { defaultValue: tz.defaultTimezone } : {}),
    ...(date.localized ? { localized: true } : {}),
    ...(date.access ? { access: date.access } : {}),
    ...(date.hidden ? { hidden: true } : {}),
  }
  if (zones) return { ...base, type: 'select', options: [...new Set(zones)] }
  return {
    ...base,
    type: 'text',
    maxLength: 64,
    validate: (value) =>
      value === null || value === undefined || isTimeZone(value)
        ? true
        : `${JSON.stringify(value)} is not an IANA time zone name (such as "Europe/Paris").`,
  }
}
