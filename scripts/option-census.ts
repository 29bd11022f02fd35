/**
 * Prints the census of config options as a Markdown table (docs/decisions.md, "Config options"): per option
 * table of `server/config/options.ts`, how many keys are implemented and which Payload options are refused.
 * Usage: node scripts/option-census.ts
 */
import { FIELD_TABLES, OPTION_TABLES, type OptionTable } from '../server/config/options.ts'

const tables: [string, OptionTable][] = [
  ...Object.values(OPTION_TABLES).map((t): [string, OptionTable] => [t.of, t]),
  ...Object.values(FIELD_TABLES).map((t): [string, OptionTable] => [t.of, t]),
]
let implemented = 0
let refused = 0
const rows = tables.map(([of, t]) => {
  const keys = Object.keys(t.refused)
  implemented += Object.keys(t.implemented).length
  refused += keys.length
  const list = keys.map((k) => `\`${k}\``).join(', ')
  return `| ${of} | ${Object.keys(t.implemented).length} | ${keys.length}${list ? `: ${list}` : ''} |`
})
console.log('| object | implemented | refused (Payload options) |')
console.log('|---|---:|---|')
for (const row of rows) console.log(row)
console.log(`| **total** (${tables.length} tables) | **${implemented}** | **${refused}** |`)
