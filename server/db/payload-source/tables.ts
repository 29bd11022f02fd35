import toSnakeCase from 'to-snake-case'

/**
 * The tables of a database Payload 3's SQL adapters wrote (`@payloadcms/db-sqlite`, `@payloadcms/db-postgres`),
 * as a tree a document is read from: the root table (a collection's, a global's, or their `_v` versions table),
 * and under it the tables its fields fill: `_locales` of any table with localized columns, the root's `_rels`,
 * `_texts` and `_numbers`, array tables, the root's block tables, hasMany select tables. Names follow Payload's
 * rules: snake_case by the `to-snake-case` package Payload uses (`enableAPIKey` → `enable_a_p_i_key`), group
 * prefixes (`meta_description`), `_id` for a relation's column.
 */
export interface SourceTable {
  name: string
  /** The column naming the row above (`_parent_id`, or `parent_id` for rels, texts, numbers and selects). */
  parentKey?: '_parent_id' | 'parent_id'
  /** The table whose rows are the parents (undefined: the root). */
  parent?: SourceTable
  /** Whether the parent is the root's row whatever the nesting (rels, texts, numbers, blocks). */
  underRoot: boolean
  /** The columns read from it (besides its bookkeeping: id, order, parent, locale, path). */
  columns: Set<string>
  /** Columns of fields this server computes on read (an upload's `url`): known, not copied. */
  computed?: Set<string>
  /** Its `_locales` table, when a column of it is localized. */
  locales?: SourceTable
  /** How its rows are ordered under one parent. */
  orderKey?: '_order' | 'order'
}

export const snake = (name: string): string => toSnakeCase(name)

/** A field's column under a group prefix: one `_` kept for a leading underscore (`_status`), then snake_case. */
export const columnOf = (prefix: string, name: string): string =>
  `${prefix}${name.startsWith('_') ? '_' : ''}${snake(name)}`

/** The table tree of one root, made while the fields are compiled (`compileRoot`). */
export class SourceTables {
  readonly root: SourceTable
  readonly all: SourceTable[] = []
  private readonly byName = new Map<string, SourceTable>()

  constructor(rootName: string) {
    this.root = this.add({ name: rootName, underRoot: false, columns: new Set() })
  }

  private add(table: SourceTable): SourceTable {
    const known = this.byName.get(table.name)
    if (known) return known
    this.byName.set(table.name, table)
    this.all.push(table)
    return table
  }

  /** The `_locales` table of `table`. */
  localesOf(table: SourceTable): SourceTable {
    table.locales ??= this.add({
      name: `${table.name}_locales`,
      parentKey: '_parent_id',
      parent: table,
      underRoot: false,
      columns: new Set(),
    })
    return table.locales
  }

  /** An array's table (or a hasMany select's, `select`: keyed by `parent_id`, ordered by `order`). */
  child(parent: SourceTable, name: string, select = false): SourceTable {
    return this.add({
      name: `${parent.name}_${name}`,
      parentKey: select ? 'parent_id' : '_parent_id',
      parent,
      underRoot: false,
      columns: new Set(select ? ['value'] : []),
      orderKey: select ? 'order' : '_order',
    })
  }

  /** The root's table of one block (every blocks field of the root shares it). */
  block(slug: string): SourceTable {
    return this.add({
      name: `${this.root.name}_blocks_${snake(slug)}`,
      parentKey: '_parent_id',
      parent: this.root,
      underRoot: true,
      columns: new Set(),
      orderKey: '_order',
    })
  }

  /** The root's `_rels`, `_texts` or `_numbers` table. */
  side(suffix: 'rels' | 'texts' | 'numbers'): SourceTable {
    return this.add({
      name: `${this.root.name}_${suffix}`,
      parentKey: 'parent_id',
      parent: this.root,
      underRoot: true,
      columns: new Set(suffix === 'texts' ? ['text'] : suffix === 'numbers' ? ['number'] : []),
      orderKey: 'order',
    })
  }
}
