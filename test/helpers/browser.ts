import { mkdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import sparticuz from '@sparticuz/chromium'
import { chromium, type Browser } from 'playwright-core'

/**
 * Headless Chromium for the browser tests, always the one the npm package `@sparticuz/chromium` ships (the binary
 * is inside the package, unpacked to the temp folder on first use, about 3 s), so `npm test` needs nothing but
 * npm and every machine runs the same browser. `CHROMIUM_PATH` points at another binary instead.
 */
export async function launchBrowser(options: { isolated?: boolean } = {}): Promise<Browser> {
  const executablePath = process.env.CHROMIUM_PATH || (await unpackedChromium())
  return chromium.launch({
    executablePath,
    args: [
      // Single-process Chromium (the package's default, for Lambda) shares one cookie jar between contexts and
      // ends when a context closes: `isolated` (the admin's tests) runs it with a process per context instead.
      ...sparticuz.args.filter((a) => !(options.isolated && a === '--single-process')),
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
}

/**
 * The package unpacks to one fixed path and returns it as soon as it exists, so two test files starting together
 * could run a half-written binary: the first process to take the lock unpacks, the others wait for it.
 */
async function unpackedChromium(): Promise<string> {
  const lock = join(tmpdir(), 'cms-chromium.lock')
  for (let waited = 0; ; waited += 100) {
    try {
      mkdirSync(lock)
      break
    } catch {
      // A lock older than a minute belongs to a process that died while unpacking.
      if (
        waited > 60_000 ||
        Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now()) > 60_000
      ) {
        rmSync(lock, { recursive: true, force: true })
      }
      await sleep(100)
    }
  }
  try {
    return await sparticuz.executablePath()
  } finally {
    rmSync(lock, { recursive: true, force: true })
  }
}
