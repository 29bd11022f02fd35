#!/usr/bin/env node
/**
 * `cms <command>`:
 *   start     migrate, seed the example data on first start, and serve (until the REST layer lands: print what is stored)
 *   seed      migrate and seed when the database is empty, then print what is stored
 *   migrate   apply the schema the config describes (idempotent)
 * Environment: CMS_CONFIG_PATH (config file), DATABASE_URL (sqlite:<path> | mysql://…).
 */
import { loadConfig } from './config/load.ts'
import { getCms } from './local/get-cms.ts'
import type { Cms } from './local/cms.ts'

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

async function main(argv: string[]): Promise<void> {
  const [command = 'start'] = argv
  switch (command) {
    case 'start': case 'seed': case 'migrate': {
      const cms = await getCms({ config: await loadConfig() })
      try {
        if (command !== 'migrate') {
          const seeded = await seedIfEmpty(cms)
          console.log(seeded ? 'Seeded the example data.' : 'Data already present; nothing seeded.')
        } else {
          console.log('Schema is up to date.')
        }
        await summary(cms)
      } finally {
        await cms.destroy()
      }
      return
    }
    default:
      console.error(`Unknown command "${command}". Commands: start, seed, migrate.`)
      process.exitCode = 2
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  const e = error as Error
  console.error(e.name === 'ConfigError' ? `Config error: ${e.message}` : e.stack ?? String(e))
  process.exitCode = 1
})
