/**
 * The admin's speed, measured in headless Chromium against the example app on the bench's 10,000-post SQLite
 * dataset (bench/datasets.ts): the time from clicking a collection in the navigation to its list view showing
 * the first page's rows, the same from a cold page load, and, as the floor, the time the same first-page
 * request takes through the SDK in Node. Issue 37's target: under 300 ms after navigation. Also reports the
 * build's initial JavaScript (gzipped). Writes bench/results/admin.json.
 *
 * `node bench/admin.ts [--posts 10000] [--runs 20]`
 */
import Database from 'better-sqlite3'
import { writeFileSync } from 'node:fs'
import { pino } from 'pino'
import { buildAdmin } from '../admin/build.ts'
import { loadConfig } from '../server/config/load.ts'
import { getCms } from '../server/local/get-cms.ts'
import { listen } from '../server/http/server.ts'
import { createClient } from '../sdk/index.ts'
import { launchBrowser } from '../test/helpers/browser.ts'
import { dropCopy, runCopy, sqliteDataset } from './datasets.ts'

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`)
  return i > 0 ? Number(process.argv[i + 1]) : fallback
}
const posts = arg('posts', 10_000)
const runs = arg('runs', 20)

const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))]
  return { median: Math.round(at(0.5)), p95: Math.round(at(0.95)), min: Math.round(s[0]) }
}

/**
 * The bench's rows are inserted without the version each write through the CMS keeps; an editor's list reads
 * drafts (the latest versions), so the private copy gets one latest version per post, as created posts have.
 */
function withVersions(file: string): void {
  const db = new Database(file)
  const columns = (db.prepare('PRAGMA table_info(posts)').all() as { name: string }[])
    .map((c) => c.name)
    .filter((name) => name !== 'id')
  db.exec('DELETE FROM _posts_versions')
  db.exec(
    `INSERT INTO _posts_versions (parent, ${columns.map((c) => `version__${c}`).join(', ')}, latest, createdAt, updatedAt)
     SELECT id, ${columns.join(', ')}, 1, createdAt, updatedAt FROM posts`,
  )
  db.exec('ANALYZE')
  db.close()
}

const build = await buildAdmin()
const { location } = await sqliteDataset(posts)
const copy = await runCopy(location, posts)
withVersions(copy)
const cms = await getCms({ config: { ...(await loadConfig()), db: { url: `sqlite:${copy}` } } })
const server = await listen(cms, { port: 0, logger: pino({ level: 'silent' }) })
const browser = await launchBrowser({ isolated: true })
try {
  // The floor: the list view's own request (first page, depth 0, newest first) through the SDK in Node.
  const sdk = createClient({ baseUrl: server.url })
  await sdk.auth('users').login({ email: 'admin@example.com', password: 'admin-password' })
  const api: number[] = []
  for (let i = 0; i < runs + 3; i++) {
    const t0 = performance.now()
    await sdk.collection('posts').find({ limit: 10, page: 1, depth: 0, draft: true })
    if (i >= 3) api.push(performance.now() - t0)
  }

  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
  await page.goto(`${server.url}/admin/login`)
  await page.getByLabel('Email').fill('admin@example.com')
  await page.getByLabel('Password').fill('admin-password')
  await page.getByRole('button', { name: 'Login' }).click()
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor()
  const nav = page.getByRole('navigation', { name: 'Main' })

  // From the click on "Posts" (the event's time) to the first row in the DOM (a MutationObserver), both read
  // inside the page with performance.now, so the driver's round trips are not counted.
  const afterNavigation: number[] = []
  for (let i = 0; i < runs + 3; i++) {
    await page.evaluate(() => {
      const w = window as unknown as { bench: { t0?: number; t1?: number } }
      w.bench = {}
      document.addEventListener('click', (e) => (w.bench.t0 = e.timeStamp), {
        capture: true,
        once: true,
      })
      const observer = new MutationObserver(() => {
        if (!document.querySelector('main table tbody tr td')) return
        w.bench.t1 = performance.now()
        observer.disconnect()
      })
      observer.observe(document.body, { childList: true, subtree: true })
    })
    await nav.getByRole('link', { name: /^Posts/ }).click()
    await page.locator('main table tbody tr td').first().waitFor()
    const { t0, t1 } = await page.evaluate(
      () => (window as unknown as { bench: { t0: number; t1: number } }).bench,
    )
    if (i >= 3) afterNavigation.push(t1 - t0)
    await nav.getByRole('link', { name: 'Admin', exact: true }).click()
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor()
  }

  // A cold load of the list's URL: navigation start to the first row (the app, its config, the session, the page).
  const coldLoad: number[] = []
  for (let i = 0; i < Math.min(runs, 10); i++) {
    await page.goto(`${server.url}/admin/collections/posts`)
    await page.locator('main table tbody tr td').first().waitFor()
    coldLoad.push(await page.evaluate(() => performance.now()))
  }

  const result = {
    date: new Date().toISOString(),
    posts,
    runs,
    target: { listAfterNavigationMs: 300, initialJsGzipKB: 300 },
    listAfterNavigationMs: stats(afterNavigation),
    listColdLoadMs: stats(coldLoad),
    sdkFirstPageMs: stats(api),
    ratioToSdkFloor: +(stats(afterNavigation).median / stats(api).median).toFixed(2),
    initialJsGzipKB: +(build.initialJsGzipBytes / 1024).toFixed(1),
    lazyJsGzipKB: +(build.lazyJsGzipBytes / 1024).toFixed(1),
  }
  console.log(JSON.stringify(result, null, 2))
  writeFileSync('bench/results/admin.json', `${JSON.stringify(result, null, 2)}\n`)
} finally {
  await browser.close()
  await server.close()
  await cms.destroy()
  dropCopy(copy)
}
