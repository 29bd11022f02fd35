import path from 'node:path'
import { createInterface } from 'node:readline/promises'
import type { SanitizedConfig } from '../config/types.ts'
import { connect } from './connect.ts'
import { migrate } from './migrate.ts'
import { describeStep } from './migration-steps.ts'
import { parseRename, planMigration, type Rename } from './migration-plan.ts'
import {
  applyMigrations,
  createMigration,
  migrationDir,
  migrationStatus,
  rollbackMigrations,
  unlockMigrations,
} from './migrator.ts'
import { schemaFor } from './schema.ts'
import { trackWrites } from './totals.ts'
import { messageOf } from '../utilities/guards.ts'

/**
 * `cms push | migrate | migrate:create | migrate:status | migrate:down | migrate:unlock`. They open the
 * database without start-up's schema step, print what they did, and return the exit code.
 */
export async function migrationCommand(
  command: string,
  args: string[],
  config: SanitizedConfig,
): Promise<number> {
  const { tables } = schemaFor(config)
  const dir = migrationDir(config)
  const shown = path.relative(process.cwd(), dir) || '.'
  const db = trackWrites(connect(config.db?.url))
  try {
    switch (command) {
      case 'push': {
        const { statements } = await migrate(db, tables)
        console.log(
          statements
            ? `Added what was missing (${statements} statement(s)).`
            : 'Nothing to add: the database has every table, column and index.',
        )
        return 0
      }
      case 'migrate': {
        const applied = await applyMigrations(db, dir, (line) => console.log(line))
        if (!applied.length) console.log(`No pending migrations in ${shown}/.`)
        return 0
      }
      case 'migrate:down': {
        const rolled = await rollbackMigrations(db, dir, (line) => console.log(line))
        if (!rolled.length) console.log('No applied migrations to roll back.')
        return 0
      }
      case 'migrate:unlock': {
        console.log(
          (await unlockMigrations(db))
            ? 'Removed the migration lock.'
            : 'The migration lock was not held.',
        )
        return 0
      }
      case 'migrate:status': {
        const status = await migrationStatus(db, dir)
        if (!status.length) console.log(`No migrations in ${shown}/.`)
        for (const s of status) {
          const when = s.executedAt ? ` batch ${s.batch}, ${s.executedAt}` : ''
          console.log(`${s.state.padEnd(13)} ${s.name}${when}`)
        }
        const plan = await planMigration(db, tables)
        console.log(
          plan.steps.length
            ? `The database differs from the config (cms migrate:create <name> writes the migration):\n${plan.steps.map((s) => `  ${describeStep(s)}`).join('\n')}`
            : 'The database matches the config.',
        )
        return 0
      }
      case 'migrate:create': {
        const { name, renames } = createArgs(args)
        const terminal = process.stdin.isTTY && process.stdout.isTTY && !process.env.CI
        const rl = terminal
          ? createInterface({ input: process.stdin, output: process.stdout })
          : undefined
        try {
          const ask = rl
            ? async (q: string) => /^y(es)?$/i.test((await rl.question(`${q} [y/N] `)).trim())
            : undefined
          const { file, plan } = await createMigration(db, tables, dir, name, { renames, ask })
          console.log(
            `Wrote ${path.relative(process.cwd(), file)}${plan.steps.length ? ':' : ' (blank: the database matches the config).'}`,
          )
          for (const step of plan.steps) console.log(`  ${describeStep(step)}`)
          if (plan.drops.length) {
            console.log(
              `It DROPS DATA when applied:\n${plan.drops.map((d) => `  - ${d}`).join('\n')}`,
            )
            console.log(
              'A rename instead? Delete the file and declare it: --rename table.old_column=new_column',
            )
          }
        } finally {
          rl?.close()
        }
        return 0
      }
    }
    return 2
  } catch (error) {
    console.error(messageOf(error))
    return 1
  } finally {
    await db.close()
  }
}

function createArgs(args: string[]): { name: string; renames: Rename[] } {
  const renames: Rename[] = []
  let name: string | undefined
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]
    if (arg === '--rename') renames.push(parseRename(args[++i] ?? ''))
    else if (arg.startsWith('--rename=')) renames.push(parseRename(arg.slice('--rename='.length)))
    else if (arg.startsWith('-'))
      throw new Error(
        `Unknown option ${arg}. Usage: cms migrate:create <name> [--rename table.old=new]…`,
      )
    else if (name === undefined) name = arg
    else throw new Error(`One name only; got "${name}" and "${arg}".`)
  }
  if (!name)
    throw new Error(
      'Usage: cms migrate:create <name> [--rename table.old_column=new_column | old_table=new_table]…',
    )
  return { name, renames }
}
