/**
 * The admin's end-to-end harness: the example app (seeded; or a test's own config) on a loopback port, the
 * admin built from its sources, and headless Chromium (`@sparticuz/chromium`). Every API answer the app receives is checked against
 * the contract, every Content-Security-Policy report or page error fails the test, and each view can be
 * screenshotted (test-artifacts/admin) and checked with axe-core.
 */
import type { ExecutionContext, TestFn } from 'ava'
import { mkdirSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { setTimeout as sleep } from 'node:timers/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import exampleConfig from '../../cms.config.ts'
import { buildAdmin, distDir } from '../../admin/build.ts'
import { compileOpenAPI } from '../../server/contracts/openapi.ts'
import { launchBrowser } from '../helpers/browser.ts'
import { contractChecker, useServer, type ServerState } from '../helpers/http.ts'
import { databaseActivity } from '../helpers/db.ts'
import type { Cms } from '../../server/index.ts'
import type { Config } from '../../server/config/types.ts'

const require = createRequire(import.meta.url)
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8')
export const ARTIFACTS = 'test-artifacts/admin'

const newest = (dir: string): number =>
  Math.max(
    ...readdirSync(dir, { withFileTypes: true }).map((e) =>
      e.isDirectory() ? newest(path.join(dir, e.name)) : statSync(path.join(dir, e.name)).mtimeMs,
    ),
  )

const stale = () =>
  (statSync(path.join(distDir, 'build.json'), { throwIfNoEntry: false })?.mtimeMs ?? 0) <
  Math.max(newest('admin/src'), newest('sdk'), newest('generated/sdk'))

/**
 * Builds the admin when its build is missing or older than a source file (npm install built it once). Test
 * files start together: the first to take the lock builds, the others wait for it and find the build fresh.
 */
export async function ensureBuilt(): Promise<void> {
  const lock = path.join(tmpdir(), 'cms-admin-build.lock')
  for (let waited = 0; ; waited += 100) {
    try {
      mkdirSync(lock)
      break
    } catch {
      if (waited > 120_000) rmSync(lock, { recursive: true, force: true })
      await sleep(100)
    }
  }
  try {
    if (stale()) await buildAdmin()
  } finally {
    rmSync(lock, { recursive: true, force: true })
  }
}

export interface AdminState extends ServerState<undefined> {
  browser: Browser
  /** A fresh browser page (own cookies) at a viewport width; problems it meets are collected for `done`. */
  open(width?: number): Promise<AdminPage>
}

export interface AdminPage {
  page: Page
  /** Goes to an admin path (`/collections/posts`) with a page load. */
  go(path: string): Promise<void>
  /**
   * Goes to an admin path inside the app (history and popstate, as the back button) once the page has settled:
   * a page load right after the login would drop the answers still on their way (the navigation's counts).
   */
  visit(path: string): Promise<void>
  login(name: 'admin' | 'alice' | 'bob'): Promise<void>
  /** Fails the test on any contract violation, CSP report or page error seen, then closes the page. */
  done(t: ExecutionContext): Promise<void>
  /** axe-core's serious and critical violations on the page as it is now. */
  axe(): Promise<{ id: string; impact: string; help: string; nodes: string[] }[]>
  screenshot(name: string): Promise<void>
}

/**
 * The harness of a test file: the example app, or `config` (its `seed` must create the users `login` expects:
 * admin@example.com / admin-password, …), seeded, then `init`.
 */
export function useAdmin(
  test: TestFn,
  init?: (cms: Cms) => Promise<void>,
  config: Config = exampleConfig,
): AdminState {
  // Before hooks run concurrently: this one waits for the server's to have started the CMS.
  const started = Promise.withResolvers<Cms>()
  const s = useServer(test, config, async (cms) => {
    await cms.config.seed?.(cms)
    await init?.(cms)
    started.resolve(cms)
  }) as AdminState
  // The pages a test has open, with what they saw: a failing test logs them (its page's text and its last API
  // answers), so a timeout in CI says what the page showed instead.
  const open = new Set<{ page: Page; seen: string[] }>()
  test.before(async () => {
    await ensureBuilt()
    s.browser = await launchBrowser({ isolated: true })
    const cms = await started.promise
    const check = await contractChecker(compileOpenAPI(cms.config), ['/api/graphql'])
    mkdirSync(ARTIFACTS, { recursive: true })
    s.open = async (width = 1280) => {
      const context = await s.browser.newContext({ viewport: { width, height: 900 } })
      const page = await context.newPage()
      const problems: string[] = []
      const watched = { page, seen: [] as string[] }
      open.add(watched)
      const saw = (line: string) => {
        watched.seen.push(`${new Date().toISOString().slice(11, 23)} ${line}`)
        if (watched.seen.length > 40) watched.seen.shift()
      }
      page.on('request', (req) => {
        if (new URL(req.url()).pathname.startsWith('/api/')) saw(`→ ${req.method()} ${req.url()}`)
      })
      page.on('requestfailed', (req) =>
        saw(`✗ ${req.method()} ${req.url()}: ${req.failure()?.errorText}`),
      )
      page.on('console', (m) => {
        if (/Content Security Policy|Refused to/i.test(m.text())) problems.push(`CSP: ${m.text()}`)
      })
      page.on('pageerror', (e) => problems.push(`page error: ${e.message}`))
      page.on('response', async (res) => {
        const url = new URL(res.url())
        if (!url.pathname.startsWith('/api/')) return
        saw(`← ${res.status()} ${res.request().method()} ${url.pathname}${url.search}`)
        // A body the browser no longer holds (an answer revalidated from its cache): nothing to check.
        const text = await res.text().catch(() => undefined)
        if (text === undefined) return
        let body: unknown = text
        try {
          body = text ? JSON.parse(text) : undefined
        } catch {
          /* checked as text */
        }
        try {
          check(
            res.request().method(),
            url,
            res.status(),
            body,
            res.headers()['content-type'] ?? null,
          )
        } catch (e) {
          problems.push(
            `contract: ${res.request().method()} ${url.pathname}: ${(e as Error).message}`,
          )
        }
      })
      const go = async (to: string) => {
        await page.goto(`${s.url}/admin${to}`)
      }
      return {
        page,
        go,
        async visit(to) {
          await page.waitForLoadState('networkidle')
          await page.evaluate((url) => {
            history.pushState(null, '', url)
            dispatchEvent(new PopStateEvent('popstate'))
          }, `/admin${to}`)
        },
        async login(name) {
          await go('/login')
          await page.getByLabel('Email').fill(`${name}@example.com`)
          await page.getByLabel('Password').fill(`${name}-password`)
          await page.getByRole('button', { name: 'Login' }).click()
          await page.getByRole('heading', { name: 'Dashboard' }).waitFor()
        },
        async done(t) {
          open.delete(watched)
          await context.close()
          t.deepEqual(problems, [], 'no contract violation, CSP report or page error')
        },
        async axe() {
          await page.evaluate(axeSource)
          return page.evaluate(async () => {
            const w = window as unknown as {
              axe: {
                run(o: unknown): Promise<{
                  violations: {
                    id: string
                    impact: string
                    help: string
                    nodes: { target: string[] }[]
                  }[]
                }>
              }
            }
            const r = await w.axe.run({ resultTypes: ['violations'] })
            return r.violations
              .filter((v) => v.impact === 'serious' || v.impact === 'critical')
              .map((v) => ({
                id: v.id,
                impact: v.impact,
                help: v.help,
                nodes: v.nodes.map((n) => n.target.join(' ')),
              }))
          })
        },
        async screenshot(name) {
          await page.screenshot({ path: `${ARTIFACTS}/${name}-${width}.png`, fullPage: true })
        },
      }
    }
  })
  test.afterEach.always(async (t) => {
    if (!t.passed && open.size > 0 && s.cms) {
      const activity = await databaseActivity(String(s.cms.config.db?.url ?? ''))
      if (activity) t.log(`the database's sessions:\n${activity}`)
    }
    for (const { page, seen } of open) {
      if (!t.passed) {
        const text = await page
          .locator('body')
          .innerText({ timeout: 5000 })
          .catch((e: Error) => `(no text: ${e.message})`)
        t.log(`the page at ${page.url()} showed:\n${text.slice(0, 3000)}`)
        t.log(`its last requests and answers:\n${seen.join('\n')}`)
      }
      await page.context().close()
    }
    open.clear()
  })
  test.after.always(async () => {
    await s.browser?.close()
  })
  return s
}
