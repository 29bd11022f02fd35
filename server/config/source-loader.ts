/**
 * How a config file is imported (docs/porting-from-payload.md, "Sources as Payload's toolchain compiles them").
 *
 * A `cms.config.ts` (any name but `payload.config.*`) is imported by Node itself, which strips its types: the fast
 * path, with nothing registered. A Payload project's `payload.config.ts` is written for Next.js and SWC instead:
 * extensionless relative imports (`./collections/Users`), directory imports (`./access` for `./access/index.ts`),
 * tsconfig `paths` (`@/…`, `@payload-config`) and `baseUrl` imports (`src/payload-types`), and types imported
 * without `type` (which the compiler elides). Those are loaded through tsx (its `register` API over esbuild), with
 * the project's own `tsconfig.json`: the one nearest the config file.
 *
 * tsx is registered for the whole process, not in a namespace: a namespaced import would load a second copy of
 * every module the project imports from `payload` (this CMS), whose classes and registries would then not be the
 * server's. It stays registered, so that a hook's `await import('@/…')` at request time resolves as the project
 * expects.
 *
 * Any other config that fails to link under Node (an unresolved relative import, a named import of a type, syntax
 * type stripping does not take) is imported once more through tsx, with the same tsconfig lookup.
 */
import { existsSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'

/** Errors Node raises while linking a module graph, before any of it runs: importing again is safe. */
const LINK_ERRORS = new Set([
  'ERR_MODULE_NOT_FOUND',
  'ERR_UNSUPPORTED_DIR_IMPORT',
  'ERR_UNKNOWN_FILE_EXTENSION',
  'ERR_UNSUPPORTED_TYPESCRIPT_SYNTAX',
  'ERR_INVALID_TYPESCRIPT_SYNTAX',
])

function linkFailure(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  const code = (error as { code?: unknown }).code
  if (typeof code === 'string') return LINK_ERRORS.has(code)
  // `import { CollectionConfig } from 'payload'`: a type named like a value, which Node does not elide.
  return error instanceof SyntaxError && /does not provide an export named/.test(error.message)
}

/** Whether the file is a Payload project's config by name (`payload.config.ts`, `.js`, `.mts`…). */
export function isPayloadConfigName(path: string): boolean {
  return /^payload\.config\.[cm]?[jt]sx?$/.test(basename(path))
}

/** The `tsconfig.json` nearest `path`'s folder, walking up; undefined when there is none. */
export function nearestTsconfig(path: string): string | undefined {
  for (let dir = dirname(path); ; dir = dirname(dir)) {
    const candidate = join(dir, 'tsconfig.json')
    if (existsSync(candidate)) return candidate
    if (dirname(dir) === dir) return undefined
  }
}

let registered: string | undefined

/** Registers tsx once per process, with the tsconfig of the first project loaded through it. */
async function registerTsx(path: string): Promise<void> {
  if (registered !== undefined) return
  const tsconfig = nearestTsconfig(path) ?? false
  const { register } = await import('tsx/esm/api')
  register({ tsconfig })
  registered = tsconfig || ''
}

/** Imports the config module at `path` (an absolute path), as the rules above say. */
export async function importConfigSource(path: string): Promise<unknown> {
  const url = pathToFileURL(path).href
  if (isPayloadConfigName(path)) {
    await registerTsx(path)
    return import(url)
  }
  try {
    return await import(url)
  } catch (error) {
    if (!linkFailure(error)) throw error
  }
  await registerTsx(path)
  // Node keeps the failed module under its URL: the query makes the entry a new one (its imports are not).
  return import(`${url}?loader=tsx`)
}

/** The tsconfig tsx was registered with ('' for none), or undefined while no config needed tsx. */
export function registeredTsconfig(): string | undefined {
  return registered
}
