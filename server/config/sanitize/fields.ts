/** The check of a list of fields (recursive), with the time zone companion field of dates. */
import { ConfigError } from '../../errors/config-error.ts'
import { flattenFields, isIndexed, isJsonStored, isUnique, optionValue } from '../fields.ts'
import { checkJoinField } from './joins.ts'
import { FIELD_TYPES, NAME_RE, RESERVED_ANYWHERE, RESERVED_FIELD_NAMES } from './names.ts'
import type { DateField, DateTimezone, Field, FlattenedField } from '../types.ts'

/** Checks one level of fields (recursing into groups, arrays and blocks) and returns them flattened. */
export function checkFields(
  fields: Field[],
  where: string,
  slugs: Set<string>,
  localizationOn: boolean,
  topLevel: boolean,
  prefix = '',
): FlattenedField[] {
  for (const f of fields) {
    if (!f || typeof f !== 'object')
      throw new ConfigError(`${where}: every field must be an object.`)
    const name = 'name' in f ? (f as { name?: unknown }).name : undefined
    const at = `${where}, field "${prefix}${typeof name === 'string' ? name : '?'}"`
    if (typeof f.type !== 'string' || !FIELD_TYPES.has(f.type))
      throw new ConfigError(`${at}: unknown field type ${JSON.stringify(f.type)}.`)
    if ((f.type === 'row' || f.type === 'collapsible') && !Array.isArray(f.fields))
      throw new ConfigError(`${at}: a ${f.type} needs a fields array.`)
    if (
      f.type === 'tabs' &&
      (!Array.isArray(f.tabs) || f.tabs.some((t) => !t || !Array.isArray(t.fields)))
    )
      throw new ConfigError(`${at}: tabs needs a tabs array, each with a fields array.`)
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
    if (f.virtual !== undefined && typeof f.virtual !== 'boolean')
      throw new ConfigError(
        `${at}: virtual must be true or false (a path to a related field, Payload's virtual relationship link, is not supported: compute the value in an afterRead hook).`,
      )
    if (f.virtual)
      for (const key of ['required', 'unique', 'index', 'localized', 'defaultValue'] as const)
        if ((f as unknown as Record<string, unknown>)[key] !== undefined)
          throw new ConfigError(
            `${at}: ${key} does not apply to a virtual field (it is not stored, and writes to it are ignored); remove ${key}.`,
          )
    if (f.localized && !localizationOn)
      throw new ConfigError(`${at}: localized is set but the config has no localization.`)
    const unique = isUnique(f)
    // A value stored as JSON (localized, hasMany) has no column to index.
    if ((unique || isIndexed(f)) && isJsonStored(f)) {
      const many = 'hasMany' in f && f.hasMany ? 'hasMany ' : ''
      throw new ConfigError(
        `${at}: ${unique ? 'unique' : 'index'} is not supported on ${f.localized ? 'localized fields' : `a ${many}${f.type} field`}: the value is stored as one JSON value${f.localized ? ' holding every locale' : ''}, which has no column to index; remove ${unique ? 'unique' : 'index'}${f.localized ? ', or make the field not localized' : ''}.`,
      )
    }
    if ((unique || isIndexed(f)) && !topLevel)
      throw new ConfigError(
        `${at}: unique and index are only supported outside arrays and blocks: their rows are stored as one JSON value, which has no column to index; remove them, or keep the rows in a collection related to this one.`,
      )
    for (const key of ['min', 'max', 'minLength', 'maxLength', 'minRows', 'maxRows'] as const) {
      const v = (f as unknown as Record<string, unknown>)[key]
      if (v !== undefined && (typeof v !== 'number' || !Number.isFinite(v)))
        throw new ConfigError(`${at}: ${key} must be a number.`)
    }
    if (f.validate !== undefined && typeof f.validate !== 'function')
      throw new ConfigError(`${at}: validate must be a function.`)
    switch (f.type) {
      case 'select':
      case 'radio': {
        if (!Array.isArray(f.options) || f.options.length === 0)
          throw new ConfigError(`${at}: a ${f.type} field needs a non-empty options array.`)
        const values = f.options.map((o) => optionValue(o))
        if (values.some((v) => typeof v !== 'string' || v === ''))
          throw new ConfigError(`${at}: every option needs a non-empty string value.`)
        if (new Set(values).size !== values.length)
          throw new ConfigError(`${at}: duplicate option value.`)
        break
      }
      case 'json': {
        const js: unknown = f.jsonSchema
        if (
          js !== undefined &&
          (!js ||
            typeof js !== 'object' ||
            !(js as { schema?: unknown }).schema ||
            typeof (js as { schema?: unknown }).schema !== 'object')
        )
          throw new ConfigError(
            `${at}: jsonSchema must be an object with a schema (a JSON Schema object), such as { schema: { type: 'object' } }.`,
          )
        break
      }
      case 'relationship': {
        const targets = Array.isArray(f.relationTo) ? f.relationTo : [f.relationTo]
        if (targets.length === 0)
          throw new ConfigError(`${at}: relationTo must name at least one collection.`)
        for (const t of targets) {
          if (!slugs.has(t))
            throw new ConfigError(`${at}: relationTo "${t}" is not a collection in this config.`)
        }
        const fo: unknown = f.filterOptions
        if (
          fo !== undefined &&
          typeof fo !== 'function' &&
          (!fo || typeof fo !== 'object' || Array.isArray(fo))
        )
          throw new ConfigError(
            `${at}: filterOptions must be a Where object or a function returning one (or a boolean).`,
          )
        break
      }
      case 'join':
        checkJoinField(f, at, slugs, topLevel)
        break
      case 'group':
      case 'array': {
        if (!Array.isArray(f.fields) || f.fields.length === 0)
          throw new ConfigError(`${at}: a ${f.type} field needs a non-empty fields array.`)
        const inner = checkFields(
          f.fields,
          where,
          slugs,
          localizationOn,
          f.type === 'group' && topLevel && !f.localized,
          `${prefix}${f.name}.`,
        )
        f.fields = inner
        break
      }
      case 'blocks': {
        if (!Array.isArray(f.blocks) || f.blocks.length === 0)
          throw new ConfigError(`${at}: a blocks field needs a non-empty blocks array.`)
        const blockSlugs = new Set<string>()
        for (const b of f.blocks) {
          if (!b || typeof b.slug !== 'string' || !/^[A-Za-z][A-Za-z0-9_-]*$/.test(b.slug))
            throw new ConfigError(`${at}: every block needs a slug of letters, digits, "-" or "_".`)
          if (blockSlugs.has(b.slug))
            throw new ConfigError(`${at}: duplicate block slug "${b.slug}".`)
          blockSlugs.add(b.slug)
          if (!Array.isArray(b.fields))
            throw new ConfigError(`${at}, block "${b.slug}": fields must be an array.`)
          b.fields = checkFields(
            b.fields,
            where,
            slugs,
            localizationOn,
            false,
            `${prefix}${f.name}.${b.slug}.`,
          )
        }
        break
      }
    }
    if (f.type === 'text' || f.type === 'email') {
      // An indexed text column is a VARCHAR on MySQL; keep the validated length within what it can hold.
      if ((f.unique || f.index) && f.type === 'text') {
        if (f.maxLength !== undefined && f.maxLength > 768)
          throw new ConfigError(`${at}: maxLength above 768 cannot be indexed.`)
      }
    }
  }
  return flat
}

/** Whether `zone` is an IANA time zone name this runtime knows (or `UTC`). */
function isTimeZone(zone: unknown): boolean {
  if (typeof zone !== 'string' || zone === '') return false
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone })
    return true
  } catch {
    return false
  }
}

/**
 * The companion field of a date with `timezone` (Payload 3): `<name>_tz`, a select of the supported zones, or a
 * text field holding any IANA zone name when the date lists none. Localized when the date is.
 */
function timezoneField(date: DateField, at: string): FlattenedField {
  const tz: DateTimezone = date.timezone === true ? {} : (date.timezone as DateTimezone)
  if (!tz || typeof tz !== 'object' || Array.isArray(tz))
    throw new ConfigError(`${at}: timezone must be true or an object.`)
  const keys = ['defaultTimezone', 'supportedTimezones', 'required']
  for (const key of Object.keys(tz))
    if (!keys.includes(key) && (tz as Record<string, unknown>)[key] !== undefined)
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
    label: `${date.label ?? date.name} time zone`,
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
