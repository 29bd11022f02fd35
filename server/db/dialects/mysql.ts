import type { Dialect } from './dialect.ts'

export const mysqlDialect: Dialect = {
  name: 'mysql',
  quote: (id) => `\`${id.replace(/`/g, '``')}\``,
  // JSON_TABLE is correlated to the outer row (MariaDB ≥ 10.6, MySQL ≥ 8).
  jsonEach: (expr, alias, elements) =>
    `JSON_TABLE(${expr}, '$[*]' COLUMNS (value ${elements === 'rows' ? 'JSON' : 'LONGTEXT'} PATH '$')) AS ${alias}`,
  eachValue: (alias, kind) =>
    kind === 'number' ? `CAST(${alias}.value AS DOUBLE)` : `${alias}.value`,
  jsonValue: (expr, kind) =>
    kind === 'number' ? `CAST(JSON_VALUE(${expr}, ?) AS DOUBLE)` : `JSON_VALUE(${expr}, ?)`,
  jsonQuery: (expr) => `JSON_EXTRACT(${expr}, ?)`,
  jsonArrayLength: (expr) => `JSON_LENGTH(${expr})`,
  uniqueViolation(error) {
    const e = error as { code?: string; sqlMessage?: string; message?: string }
    if (e?.code !== 'ER_DUP_ENTRY') return undefined
    // "Duplicate entry 'x' for key 'posts_slug_unique'"
    const m = /for key '(?:[^.']+\.)?([^']+)'/.exec(e.sqlMessage ?? e.message ?? '')
    return m?.[1]
  },
}
