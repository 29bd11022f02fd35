/**
 * `npm run bench:import` (issue 56): `cms import-payload` of a large Payload site, 10,000 posts with two versions
 * each (`--posts <n>` for another size), written by real Payload 3.90 (test/fixtures/payload-real/bulk.mjs; the
 * database is made once and kept in the temporary folder, since Payload takes minutes to write it) and imported
 * into a fresh SQLite database through `importPayload`. Reports the import's wall time against the bound
 * (under a minute on the 2-core machine), Payload's own time to write the same documents for scale, and a second
 * run with `resume` (an interrupted import's re-run) that must write nothing. Results: bench/results/import-payload-<sqlite|mysql|postgres>.json. `--target <url>` imports into an empty
 * MariaDB or PostgreSQL database instead.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { getCms, importPayload } from '../server/index.ts'
import { siteConfig } from '../test/import-payload/site.ts'

const at = process.argv.indexOf('--posts')
const posts = at > 0 ? Number(process.argv[at + 1]) : 10_000
const fixture = path.resolve(import.meta.dirname, '../test/fixtures/payload-real')
const source = path.join(tmpdir(), `cms-bench-payload-${posts}.db`)
let payloadWriteMs: number | undefined
if (!existsSync(source)) {
  console.log(
    `Real Payload writes ${posts} posts (two versions each) into ${source}; this takes minutes…`,
  )
  const media = path.join(tmpdir(), 'cms-bench-payload-media')
  mkdirSync(media, { recursive: true })
  const started = Date.now()
  execFileSync(process.execPath, ['bulk.mjs', `sqlite:${source}`, media, String(posts)], {
    cwd: fixture,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NODE_ENV: 'development' },
  })
  payloadWriteMs = Date.now() - started
}

const dir = mkdtempSync(path.join(tmpdir(), 'cms-bench-import-'))
// `--target <url>`: an empty MariaDB or PostgreSQL database to import into (default a new SQLite file).
const to = process.argv.indexOf('--target')
const targetUrl = to > 0 ? process.argv[to + 1] : `sqlite:${path.join(dir, 'cms.db')}`
const cms = await getCms({
  config: siteConfig(targetUrl, path.join(dir, 'media')),
  cron: false,
})
try {
  const started = performance.now()
  const report = await importPayload(cms, { from: `sqlite:${source}`, write: true })
  const importMs = performance.now() - started
  const resumed = performance.now()
  const again = await importPayload(cms, { from: `sqlite:${source}`, write: true, resume: true })
  const resumeMs = performance.now() - resumed
  const documents = Object.values(report.counts).reduce((a, b) => a + b, 0)
  const result = {
    target: cms.db.description,
    posts,
    documents,
    counts: report.counts,
    importSeconds: +(importMs / 1000).toFixed(1),
    documentsPerSecond: Math.round(documents / (importMs / 1000)),
    underAMinute: importMs < 60_000,
    problems: report.problems,
    resumeSeconds: +(resumeMs / 1000).toFixed(1),
    resumeWrote: Object.values(again.written).reduce((a, b) => a + b, 0),
    ...(payloadWriteMs ? { payloadWriteSeconds: +(payloadWriteMs / 1000).toFixed(1) } : {}),
  }
  console.log(JSON.stringify(result, null, 2))
  const kind = targetUrl.split(':')[0]
  writeFileSync(
    path.resolve(import.meta.dirname, `results/import-payload-${kind}.json`),
    JSON.stringify(result, null, 2) + '\n',
  )
} finally {
  await cms.destroy()
  rmSync(dir, { recursive: true, force: true })
}
