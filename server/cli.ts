#!/usr/bin/env node
/**
 * `cms <command>`:
 *   start     migrate, seed the example data on first start, and serve REST on PORT (default 3000)
 *   seed      migrate and seed when the database is empty, then print what is stored
 *   push      add the tables, columns and indexes the config has and the database lacks (never drops)
 *   migrate:create <name> [--rename table.old=new | old_table=new_table]…   write a migration file from the
 *             difference between the config and the database (asks about renames on a terminal)
 *   migrate   apply pending migration files        migrate:status   applied, pending, and schema drift
 *   migrate:down   roll back the last batch        migrate:unlock   clear a lock left by a dead process
 *   generate          compile the contracts and run every generator (contracts/, generated/, the types file)
 *   generate:types    write only the types file (typescript.outputFile, default generated/cms-types.ts)
 *   contracts check   fail when contracts/ or generated/ differ from what the config compiles to
 *   contracts diff <base>   breaking and non-breaking changes since <base> (a folder or a git revision)
 *   check-config      every key of the config refused or accepted without server behaviour, in one pass
 *   import-payload --from <sqlite:file | postgres://…> [--write] [--resume] [--accept-mismatches]
 *             [--files <upload slug>=<Payload's staticDir>]… [--sample <n>]   bring over a database Payload wrote
 *             for this config (a dry run unless --write; docs/porting-from-payload.md, "Bring your data")
 * Environment: CMS_CONFIG_PATH (config file), DATABASE_URL (sqlite:<path> | mysql://… | postgres://…).
 */
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Cms } from './local/cms.ts'
import { relaunchForServing, useCompileCache, useFastResolve } from './runtime.ts'
import type { loadConfig as loadConfigFn } from './config/load.ts'
import type { getCms as getCmsFn } from './local/get-cms.ts'
import { isNonNullObject } from './utilities/guards.ts'

type LoadConfig = typeof loadConfigFn
type GetCms = typeof getCmsFn

async function seedIfEmpty(cms: Cms): Promise<boolean> {
  const first = cms.config.collections[0]
  if (!cms.config.seed || !first) return false
  const { totalDocs } = await cms.count({ collection: first.slug })
  if (totalDocs > 0) return false
  await cms.config.seed(cms)
  return true
}

async function summary(cms: Cms): Promise<void> {
  console.log(`Database: ${cms.db.description}`)
  for (const c of cms.config.collections) {
    const { totalDocs } = await cms.count({ collection: c.slug })
    console.log(`  ${c.slug.padEnd(16)} ${String(totalDocs).padStart(6)} documents`)
  }
  for (const g of cms.config.globals) {
    const doc = await cms.findGlobal({ slug: g.slug })
    console.log(`  global ${g.slug}: ${JSON.stringify(doc).slice(0, 160)}`)
  }
}

/** The first collection an anonymous visitor may read (its access asked as for a request without a user). */
async function publicCollection(cms: Cms): Promise<string | undefined> {
  for (const { slug } of cms.config.collections) {
    try {
      await cms.find({ collection: slug, limit: 1, depth: 0, overrideAccess: false })
      return slug
    } catch {
      // Denied (401), or an access function that needs more than an anonymous request offers: not this one.
    }
  }
  return undefined
}

/** `start`: serve on PORT (HOST) until SIGINT or SIGTERM, which let the requests in flight finish. */
async function start(loadConfig: LoadConfig, getCms: GetCms): Promise<void> {
  const { listen } = await import('./http/server.ts')
  const { serviceUrls } = await import('./http/urls.ts')
  const config = await loadConfig()
  const cms = await getCms({ config })
  // The project's own modules reach this instance through getPayload({ config }), as under Payload.
  const { configExport } = await import('./config/load.ts')
  const exported = configExport(config)
  if (exported) (await import('./local/get-payload.ts')).shareInstance(exported, cms)
  const seeded = await seedIfEmpty(cms)
  const port = process.env.PORT === undefined ? 3000 : Number(process.env.PORT)
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number; got ${JSON.stringify(process.env.PORT)}.`)
  const running = await listen(cms, {
    port,
    host: process.env.HOST ?? '127.0.0.1',
    contractCache: true,
  })
  console.log(`${seeded ? 'Seeded the example data. ' : ''}Database: ${cms.db.description}`)
  const readable = await publicCollection(cms)
  for (const { label, url, note } of serviceUrls(cms.config, running.url, readable)) {
    console.log(`${label.padEnd(16)} ${url}${note ? `   (${note})` : ''}`)
  }
  const stop = (signal: string) => {
    running.logger.info({ signal }, 'shutting down: finishing in-flight requests')
    running.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error)
        process.exit(1)
      },
    )
  }
  process.once('SIGINT', () => stop('SIGINT'))
  process.once('SIGTERM', () => stop('SIGTERM'))
}

/** `contracts check` (drift of contracts/ and generated/) or `contracts diff <base>` (changes since base). */
async function contracts(args: string[], loadConfig: LoadConfig): Promise<void> {
  const [sub, base] = args
  const { checkDrift } = await import('./contracts/generate.ts')
  const { diffContracts, formatChanges, loadContracts } = await import('./contracts/diff.ts')
  if (sub === 'check') {
    const problems = await checkDrift(await loadConfig(), process.cwd())
    if (problems.length) {
      console.error(
        `The contracts or generated code are out of date:\n${problems.map((p) => `  ${p}`).join('\n')}`,
      )
      process.exitCode = 1
    } else {
      console.log('Contracts and generated code match the config.')
    }
    return
  }
  if (sub === 'diff' && base) {
    const changes = await diffContracts(
      await loadContracts(base, process.cwd()),
      await loadContracts('.', process.cwd()),
    )
    console.log(formatChanges(changes))
    if (changes.some((c) => c.level === 'breaking')) process.exitCode = 1
    return
  }
  console.error('Usage: cms contracts check | cms contracts diff <base folder or git revision>')
  process.exitCode = 2
}

/** `check-config`: the config's refused and ignored keys, all at once; exit 1 when it would not start. */
async function checkConfig(): Promise<void> {
  const { reviewConfig } = await import('./config/load.ts')
  const review = await reviewConfig()
  // Then what the start checks beyond the sanitiser (defaultPopulate, jsonSchema, the secret, db.onStart).
  if (review.sanitized && !review.error) {
    const { checkStartable } = await import('./local/get-cms.ts')
    const { ConfigError } = await import('./errors/config-error.ts')
    try {
      review.ignored.push(...checkStartable(review.sanitized))
    } catch (e) {
      if (!(e instanceof ConfigError)) throw e
      review.error = e.message
    }
  }
  const { path: file, refused, ignored, error } = review
  const list = (lines: string[]) => lines.map((l) => `  ${l}`).join('\n')
  const shown = path.relative(process.cwd(), file)
  console.log(`Checked ${shown.startsWith('..') ? file : shown}.`)
  if (refused.length)
    console.log(
      `\nRefused (${refused.length}): the server does not start until each is changed:\n${list(refused)}`,
    )
  if (error) console.log(`\nConfig error: ${error}`)
  if (ignored.length)
    console.log(`\nAccepted without server behaviour (${ignored.length}):\n${list(ignored)}`)
  const ok = !refused.length && !error
  console.log(ok ? '\nThe config starts as written.' : '\nThe config does not start as written.')
  if (!ok) process.exitCode = 1
}

async function main(argv: string[]): Promise<void> {
  const [command = 'start'] = argv
  // Before any other module loads (server/runtime.ts): `start` may replace this process with a tuned one.
  if (command === 'start') relaunchForServing()
  else useCompileCache()
  useFastResolve()
  const { loadConfig } = await import('./config/load.ts')
  const { getCms } = await import('./local/get-cms.ts')
  switch (command) {
    case 'start':
      return start(loadConfig, getCms)
    case 'seed': {
      const cms = await getCms({ config: await loadConfig() })
      try {
        const seeded = await seedIfEmpty(cms)
        console.log(seeded ? 'Seeded the example data.' : 'Data already present; nothing seeded.')
        await summary(cms)
      } finally {
        await cms.destroy()
      }
      return
    }
    case 'push':
    case 'migrate':
    case 'migrate:create':
    case 'migrate:status':
    case 'migrate:down':
    case 'migrate:unlock': {
      const { migrationCommand } = await import('./db/migration-cli.ts')
      process.exitCode = await migrationCommand(command, argv.slice(1), await loadConfig())
      return
    }
    case 'generate': {
      const { generate } = await import('./contracts/generate.ts')
      await generate(await loadConfig(), { root: process.cwd(), log: console.log })
      return
    }
    case 'generate:types': {
      const { typesFile } = await import('./contracts/generate.ts')
      const { generateTypes } = await import('./contracts/typescript.ts')
      const config = await loadConfig()
      const file = path.resolve(typesFile(config))
      await mkdir(path.dirname(file), { recursive: true })
      await writeFile(file, generateTypes(config))
      console.log(`Wrote ${path.relative(process.cwd(), file)}.`)
      return
    }
    case 'contracts':
      return contracts(argv.slice(1), loadConfig)
    case 'check-config':
      return checkConfig()
    case 'import-payload': {
      const { importCommand } = await import('./local/import-payload/command.ts')
      process.exitCode = await importCommand(argv.slice(1), loadConfig, getCms)
      return
    }
    default:
      console.error(
        `Unknown command "${command}". Commands: start, seed, push, migrate, migrate:create <name>, migrate:status, migrate:down, migrate:unlock, generate, generate:types, contracts check, contracts diff <base>, check-config, import-payload --from <url>.`,
      )
      process.exitCode = 2
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  const e = isNonNullObject(error) ? error : undefined
  console.error(
    e?.name === 'ConfigError' ? `Config error: ${String(e.message)}` : (e?.stack ?? String(error)),
  )
  process.exitCode = 1
})
