import { enableCompileCache, registerHooks } from 'node:module'
import { tmpdir } from 'node:os'
import path from 'node:path'

/**
 * Runtime settings of the long-running server (`cms start`), measured in docs/performance.md ("Memory",
 * "Start-up"). Both need to be in place before Node loads the first module, so `cms start` replaces its own
 * process (same pid, same stdio, `process.execve`) with one that has them:
 *
 * - `--max-semi-space-size=8`: V8 grows the young generation up to 32 MiB per semi-space under a request
 *   load, and keeps it: about 50 MB of RSS that a request's short-lived objects do not need. At 8 MiB the
 *   peak RSS under the bench scenarios fell from ~190 to ~147 MB; server CPU per request at 4, 8 and 32 MiB
 *   differed by less than the run-to-run noise (measured on a shared 2-core machine).
 * - `NODE_COMPILE_CACHE`: Node keeps the type-stripped sources and V8's code cache on disk
 *   (https://nodejs.org/api/module.html#module-compile-cache), so a start after the first one neither
 *   loads the TypeScript stripper (a WebAssembly module of ~15 MB of RSS, and another ~15 MB of linear
 *   memory once the larger files have gone through it) nor compiles the sources again.
 *
 * A flag or cache the operator set (NODE_OPTIONS, the node command line, NODE_COMPILE_CACHE,
 * NODE_DISABLE_COMPILE_CACHE) is left as it is; `CMS_RELAUNCH=0` keeps the process as started. Where
 * `process.execve` is missing (Windows) the server runs in the process it was started in.
 */
export function relaunchForServing(): void {
  const env = process.env
  if (env.CMS_RELAUNCH === '0' || env.CMS_RELAUNCHED === '1') return
  const execve = process.execve
  if (typeof execve !== 'function') return
  const given = `${process.execArgv.join(' ')} ${env.NODE_OPTIONS ?? ''}`
  const flags = given.includes('semi-space-size') ? [] : ['--max-semi-space-size=8']
  const cache =
    env.NODE_COMPILE_CACHE === undefined && env.NODE_DISABLE_COMPILE_CACHE === undefined
      ? { NODE_COMPILE_CACHE: path.join(tmpdir(), 'node-compile-cache') }
      : {}
  try {
    execve.call(
      process,
      process.execPath,
      [process.execPath, ...process.execArgv, ...flags, ...process.argv.slice(1)],
      { ...env, ...cache, CMS_RELAUNCHED: '1' },
    )
  } catch {
    // Not permitted here (a sandbox, a worker): serve from this process.
  }
}

/** The other commands run once and exit: only the compile cache (a no-op when it is disabled). */
export function useCompileCache(): void {
  enableCompileCache()
}

/** This folder (server/), where every module is a TypeScript ES module of this package. */
const SERVER = new URL('./', import.meta.url).href

/**
 * Resolves the server's own relative imports of `.ts` files without Node's general resolver, which looks up the
 * package scope, checks the file and decides its format for each of the server's ~500 modules: about a third of
 * the time its modules take to load at start (measured in docs/performance.md, round 4). Only a relative `.ts`
 * specifier from a module of server/ to a module of server/ is answered here (its URL, as a TypeScript ES module,
 * which every file of server/ is: package.json says `"type": "module"`); everything else, and a file that does
 * not exist (its error comes from the load), goes through Node's resolver as before.
 */
export function useFastResolve(): void {
  if (typeof registerHooks !== 'function') return
  registerHooks({
    resolve(specifier, context, next) {
      const parent = context.parentURL
      if (
        parent?.startsWith(SERVER) &&
        specifier.endsWith('.ts') &&
        (specifier.startsWith('./') || specifier.startsWith('../'))
      ) {
        const url = new URL(specifier, parent).href
        if (url.startsWith(SERVER)) return { url, format: 'module-typescript', shortCircuit: true }
      }
      return next(specifier, context)
    },
  })
}
