import type { Dialect } from './dialect.ts'

export const sqliteDialect: Dialect = {
  name: 'sqlite',
  quote: (id) => `"${id.replace(/"/g, '""')}"`,
  jsonEach: (expr, alias) => `json_each(${expr}) AS ${alias}`,
  eachValue: (alias) => `${alias}.value`,
  jsonValue: (expr) => `json_extract(${expr}, ?)`,
  jsonQuery: (expr) => `json_extract(${expr}, ?)`,
  jsonArrayLength: (expr) => `json_array_length(${expr})`,
  uniqueViolation(error) {
    const e = error as { code?: string; message?: string }
    if (e?.code !== 'SQLITE_CONSTRAINT_UNIQUE' && e?.code !== 'SQLITE_CONSTRAINT_PRIMARYKEY')
      return undefined
    // "UNIQUE constraint failed: posts.slug"
    const m = /constraint failed: [^.]+\.(\S+)/.exec(e.message ?? '')
    return m?.[1]
  },
}
