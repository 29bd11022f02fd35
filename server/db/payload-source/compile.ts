import { subFields } from '../../config/fields.ts'
import type { FlattenedField } from '../../config/types.ts'
import { fieldType, objectFields, relationOf } from '../../fields/registry.ts'
import { columnOf, snake, SourceTables, type SourceTable } from './tables.ts'
import { decode, relatedId } from './values.ts'

export type Row = Record<string, unknown>

/** The rows fetched for a page of root documents (payload-source/fetch.ts). */
export interface PageRows {
  /** The rows of `table` under parent row `parent`, in their order. */
  under(table: SourceTable, parent: unknown): Row[]
  /** The `_locales` rows of one row of `table`, by locale. */
  localesOf(table: SourceTable, id: unknown): Map<string, Row>
}

/** Where a field is read: one row (a root's, an array's, a block's) of one table. */
interface Ctx {
  page: PageRows
  table: SourceTable
  row: Row
  rootId: unknown
  /** The dotted path of the row's fields, as Payload writes it into `path` and `_path` (`links.0.`). */
  path: string
  /** Inside a localized array, blocks field or group: the locale whose rows are read. */
  locale?: string
  /** Inside a localized group: scalar columns sit in the `_locales` row of `locale`. */
  forced: boolean
}

type Reader = (ctx: Ctx) => unknown
interface Compiled {
  name: string
  read: Reader
}

/** What compiling needs besides the fields: the table tree being built and the config's locale codes. */
interface Scope {
  t: SourceTables
  locales: string[]
}

/**
 * Compiles the readers of a root's fields: each turns the fetched rows of one document back into the value this
 * server stores for the field (a locale map for a localized field, rows with their ids, `{ relationTo, value }`
 * for polymorphic relations), and notes in `t` every table and column it reads.
 */
export function compileRoot(
  fields: FlattenedField[],
  rootName: string,
  locales: string[],
): { tables: SourceTables; read: (page: PageRows, row: Row) => Record<string, unknown> } {
  const t = new SourceTables(rootName)
  const compiled = compile(fields, { t, locales }, t.root, '', false, false)
  return {
    tables: t,
    read: (page, row) =>
      readObject(compiled, { page, table: t.root, row, rootId: row.id, path: '', forced: false }),
  }
}

function readObject(compiled: Compiled[], ctx: Ctx): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const c of compiled) {
    const v = c.read(ctx)
    if (v !== undefined) out[c.name] = v
  }
  return out
}

/**
 * Keeps the locales of a map Payload holds a value for: a `_locales` row (its value may be null), rows of a
 * localized array or blocks field; a locale with nothing of either is left out, as Payload writes nothing for it.
 */
function presentLocales(map: Record<string, unknown>): Record<string, unknown> | undefined {
  const kept = Object.entries(map).filter(
    ([, v]) => v !== undefined && !(Array.isArray(v) && v.length === 0) && !isEmptyObject(v),
  )
  return kept.length ? Object.fromEntries(kept) : undefined
}
const isEmptyObject = (v: unknown) =>
  typeof v === 'object' &&
  v !== null &&
  !Array.isArray(v) &&
  Object.values(v).every((x) => x === undefined)

/** A value per locale (a localized field read outside any localized container), or the one value. */
const perLocale = (
  localized: boolean,
  scope: Scope,
  ctx: Ctx,
  read: (ctx: Ctx) => unknown,
): unknown =>
  localized
    ? (presentLocales(
        Object.fromEntries(scope.locales.map((l) => [l, read({ ...ctx, locale: l })])),
      ) ?? undefined)
    : read(ctx)

function compile(
  fields: FlattenedField[],
  scope: Scope,
  table: SourceTable,
  prefix: string,
  inLocalized: boolean,
  forced: boolean,
): Compiled[] {
  const out: Compiled[] = []
  for (const field of fields) {
    const type = fieldType(field)
    if (field.virtual) (table.computed ??= new Set()).add(columnOf(prefix, field.name))
    if (type.computed || field.virtual) continue
    // Payload localizes a field only where no container above it is localized.
    const localized = Boolean(field.localized) && !inLocalized
    const read = reader(field, scope, table, prefix, localized, inLocalized || localized, forced)
    if (read) out.push({ name: field.name, read })
  }
  return out
}

function reader(
  field: FlattenedField,
  scope: Scope,
  table: SourceTable,
  prefix: string,
  localized: boolean,
  under: boolean,
  forced: boolean,
): Reader | undefined {
  const { t } = scope
  const column = columnOf(prefix, field.name)
  const group = objectFields(field)
  if (group) {
    // A localized group's scalar columns all sit in `_locales`, prefixed; its arrays' rows carry `_locale`.
    const children = compile(group, scope, table, `${column}_`, under, forced || localized)
    return (ctx) =>
      perLocale(localized, scope, ctx, (c) =>
        readObject(children, {
          ...c,
          path: `${c.path}${field.name}.`,
          forced: forced || localized,
        }),
      )
  }
  if ('blocks' in field && Array.isArray(field.blocks))
    return blocksReader(field, scope, localized, under)
  if (fieldType(field).rowFields) {
    const rows = t.child(table, `${prefix}${snake(field.name)}`)
    const children = compile(subFields(field) ?? [], scope, rows, '', under, false)
    return (ctx) =>
      perLocale(localized, scope, ctx, (c) =>
        ctx.page
          .under(rows, c.row.id)
          .filter(
            (r) => c.locale === undefined || r._locale === undefined || r._locale === c.locale,
          )
          .map((r, i) => ({
            id: r._uuid ?? r.id,
            ...readObject(children, {
              ...c,
              table: rows,
              row: r,
              path: `${c.path}${field.name}.${i}.`,
              forced: false,
            }),
          })),
      )
  }
  const relation = relationOf(field)
  if (relation && (relation.hasMany || relation.polymorphic))
    return relsReader(field, scope, localized)
  const many = 'hasMany' in field && field.hasMany === true
  if (many && field.type === 'select') {
    const values = t.child(table, `${prefix}${snake(field.name)}`, true)
    return (ctx) =>
      perLocale(localized, scope, ctx, (c) =>
        ctx.page
          .under(values, c.row.id)
          .filter((r) => c.locale === undefined || r.locale === undefined || r.locale === c.locale)
          .map((r) => r.value),
      )
  }
  if (many) {
    const side = t.side(field.type === 'number' ? 'numbers' : 'texts')
    const key = field.type === 'number' ? 'number' : 'text'
    return (ctx) =>
      perLocale(localized, scope, ctx, (c) =>
        pathRows(ctx, side, `${c.path}${field.name}`, c.locale).map((r) => decode(field, r[key])),
      )
  }
  return scalarReader(field, scope, table, column, relation?.targets[0], localized, forced)
}

/** The root's `_rels`/`_texts`/`_numbers` rows of one path (and locale, where the rows carry one). */
const pathRows = (ctx: Ctx, side: SourceTable, path: string, locale: string | undefined): Row[] =>
  ctx.page
    .under(side, ctx.rootId)
    .filter(
      (r) => r.path === path && (locale === undefined || r.locale == null || r.locale === locale),
    )

function scalarReader(
  field: FlattenedField,
  scope: Scope,
  table: SourceTable,
  column: string,
  target: string | undefined,
  localized: boolean,
  forced: boolean,
): Reader {
  const name = target === undefined ? column : `${column}_id`
  const home = localized || forced ? scope.t.localesOf(table) : table
  home.columns.add(name)
  const value = (v: unknown) =>
    target === undefined ? decode(field, v) : relatedId(field, target, v)
  if (!localized && !forced) return (ctx) => value(ctx.row[name])
  return (ctx) =>
    perLocale(localized, scope, ctx, (c) => {
      const row = ctx.page.localesOf(c.table, c.row.id).get(c.locale ?? '')
      return row === undefined ? undefined : value(row[name])
    })
}

function relsReader(field: FlattenedField, scope: Scope, localized: boolean): Reader {
  const relation = relationOf(field)!
  const rels = scope.t.side('rels')
  rels.columns.add('path')
  const targets = relation.targets.map((slug) => ({ slug, column: `${snake(slug)}_id` }))
  for (const { column } of targets) rels.columns.add(column)
  const one = (r: Row): unknown => {
    for (const { slug, column } of targets) {
      const v = r[column]
      if (v === null || v === undefined) continue
      const id = relatedId(field, slug, v)
      return relation.polymorphic ? { relationTo: slug, value: id } : id
    }
    return undefined
  }
  return (ctx) =>
    perLocale(localized, scope, ctx, (c) => {
      const values = pathRows(ctx, rels, `${c.path}${field.name}`, c.locale)
        .map(one)
        .filter((v) => v !== undefined)
      return relation.hasMany ? values : (values[0] ?? null)
    })
}

function blocksReader(
  field: FlattenedField & { blocks: { slug: string; fields: FlattenedField[] }[] },
  scope: Scope,
  localized: boolean,
  under: boolean,
): Reader {
  const blocks = field.blocks.map((b) => {
    const table = scope.t.block(b.slug)
    return { slug: b.slug, table, fields: compile(b.fields, scope, table, '', under, false) }
  })
  return (ctx) =>
    perLocale(localized, scope, ctx, (c) => {
      const path = `${c.path}${field.name}`
      const rows = blocks
        .flatMap((b) =>
          ctx.page
            .under(b.table, ctx.rootId)
            .filter(
              (r) =>
                r._path === path &&
                (c.locale === undefined || r._locale == null || r._locale === c.locale),
            )
            .map((r) => ({ b, r })),
        )
        .sort((x, y) => Number(x.r._order) - Number(y.r._order))
      return rows.map(({ b, r }, i) => ({
        id: r._uuid ?? r.id,
        blockType: b.slug,
        ...(r.block_name != null ? { blockName: r.block_name } : {}),
        ...readObject(b.fields, {
          ...c,
          table: b.table,
          row: r,
          path: `${path}.${i}.`,
          forced: false,
        }),
      }))
    })
}
