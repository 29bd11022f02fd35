/**
 * Every option of every config object, one table per object type (issue 18: "the config never lies"), the tables
 * grouped by object under `./options/`. The keys marked `implemented` are typed exhaustive against the config
 * types: a key added to a type without an entry, or an entry without a key, fails `npm run typecheck`. The Payload 3
 * options this server does not implement are refused at start with what to do (`./unsupported.ts`); any other key
 * is refused as unknown (`./check-options.ts`). test/config/options.test.ts walks every entry of every table.
 */
import { COLLECTION_TABLES } from './options/collections.ts'
import { CONFIG_TABLES } from './options/config.ts'
import { FIELD_OPTION_TABLES } from './options/field-options.ts'
import { JOBS_TABLES } from './options/jobs.ts'
import type { OptionTable } from './options/table.ts'

export { FIELD_TABLES, fieldBaseTable } from './options/fields.ts'
export type { Implemented, OptionTable } from './options/table.ts'

/**
 * The tables of every other config object, by name: the config's, a collection's and a global's, and the option
 * objects inside fields (one file each under `./options/`).
 */
export const OPTION_TABLES = {
  ...CONFIG_TABLES,
  ...COLLECTION_TABLES,
  ...FIELD_OPTION_TABLES,
  ...JOBS_TABLES,
} as const satisfies Record<string, OptionTable>

export type TableName = keyof typeof OPTION_TABLES
