import { createHash, type Hash } from 'node:crypto'
import {
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { SanitizedConfig } from '../config/types.ts'
import type { ContractDocument } from './operation.ts'

/**
 * The compiled contract kept on disk between starts of `cms start` (issue 58, item 5): compiling the example app's
 * contract is about a tenth of a second of a start, and its input rarely changes between two starts. A cached
 * document is used only when everything it was compiled from is the same, hashed into its file name:
 *
 * - the config, as sanitised: every value, in order, with each function by its source text;
 * - the environment (every variable), which a config reads when it is loaded;
 * - the server's own sources (each file's path, size and modification time), which compile it;
 * - the Node version.
 *
 * What a hash cannot see is a config function whose answer changes with the same source, environment and files
 * (one reading a file or the clock while the contract is compiled, such as a label function): such a config
 * turns the cache off (`CMS_CONTRACT_CACHE=off`), as does a config too large to hash cheaply. The folder is
 * `CMS_CONTRACT_CACHE` when it names one, else `<tmpdir>/cms-contract-cache`; the newest 16 documents are kept.
 * A file that cannot be read or written is compiled around, never an error.
 */
const KEEP = 16
/** The most values a config may hold to be hashed (the example app's holds about 30,000). */
const MAX_VALUES = 2_000_000
const SERVER = path.dirname(path.dirname(fileURLToPath(import.meta.url)))

class TooLarge extends Error {}

/** Feeds a value into the hash: its shape and every value in it, shared and cyclic objects by reference. */
function feed(hash: Hash, root: unknown): void {
  const seen = new Map<object, number>()
  let count = 0
  const visit = (value: unknown): void => {
    if (++count > MAX_VALUES) throw new TooLarge()
    if (value === null || (typeof value !== 'object' && typeof value !== 'function')) {
      hash.update(`${typeof value}:${String(value)};`)
      return
    }
    const at = seen.get(value)
    if (at !== undefined) {
      hash.update(`@${at};`)
      return
    }
    seen.set(value, seen.size)
    if (typeof value === 'function') hash.update(`f:${value.toString()};`)
    else if (value instanceof Map) {
      hash.update('map{')
      for (const [k, v] of value) {
        visit(k)
        visit(v)
      }
    } else if (value instanceof Set) {
      hash.update('set{')
      for (const v of value) visit(v)
    } else if (value instanceof Date || value instanceof RegExp) hash.update(`${String(value)}{`)
    else if (ArrayBuffer.isView(value))
      hash.update(Buffer.from(value.buffer, value.byteOffset, value.byteLength))
    else hash.update(`${Array.isArray(value) ? '[' : `${value.constructor?.name ?? ''}{`}`)
    for (const key of Object.keys(value)) {
      hash.update(`${key}:`)
      visit((value as Record<string, unknown>)[key])
    }
    hash.update('}')
  }
  visit(root)
}

/** Each source file of server/ by path, size and modification time. */
function feedSources(hash: Hash): void {
  const files = readdirSync(SERVER, { recursive: true, withFileTypes: true })
    .filter((f) => f.isFile() && f.name.endsWith('.ts'))
    .map((f) => path.join(f.parentPath, f.name))
    .sort()
  for (const file of files) {
    const { size, mtimeMs } = statSync(file)
    hash.update(`${file}:${size}:${mtimeMs};`)
  }
}

/** The key of a config's contract, or undefined when it cannot be told (too large to hash). */
export function contractKey(config: SanitizedConfig): string | undefined {
  const hash = createHash('sha256')
  hash.update(`node:${process.version};`)
  for (const name of Object.keys(process.env).sort()) hash.update(`${name}=${process.env[name]};`)
  feedSources(hash)
  try {
    feed(hash, config)
  } catch (error) {
    if (error instanceof TooLarge) return undefined
    throw error
  }
  return hash.digest('hex').slice(0, 32)
}

/** The folder of the cache, or undefined when it is turned off. */
export function contractCacheDir(env = process.env): string | undefined {
  const given = env.CMS_CONTRACT_CACHE
  if (given === 'off' || given === '0') return undefined
  return given || path.join(tmpdir(), 'cms-contract-cache')
}

/** Keeps the newest documents of the folder. */
function prune(dir: string): void {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => ({ file: path.join(dir, f), at: statSync(path.join(dir, f)).mtimeMs }))
    .sort((a, b) => b.at - a.at)
  for (const { file } of files.slice(KEEP)) unlinkSync(file)
}

/** The contract of `config` from the cache when it holds it, else compiled (and then stored). */
export function cachedContract(
  config: SanitizedConfig,
  compile: (config: SanitizedConfig) => ContractDocument,
  dir = contractCacheDir(),
): { document: ContractDocument; cached: boolean } {
  const key = dir ? contractKey(config) : undefined
  if (!dir || !key) return { document: compile(config), cached: false }
  const file = path.join(dir, `contract-${key}.json`)
  try {
    return { document: JSON.parse(readFileSync(file, 'utf8')) as ContractDocument, cached: true }
  } catch {
    // Not there yet (or unreadable): compiled below.
  }
  const document = compile(config)
  try {
    mkdirSync(dir, { recursive: true })
    const partial = `${file}.${process.pid}.tmp`
    writeFileSync(partial, JSON.stringify(document))
    renameSync(partial, file)
    prune(dir)
  } catch {
    // A read-only or full disk: the next start compiles again.
  }
  return { document, cached: false }
}
