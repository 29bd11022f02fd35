/**
 * Prism's operations for a contract file, as `prism proxy` reads them (`getHttpOperationsFromSpec`), cached by the
 * file's hash, in this process and in the system's temp folder: Prism dereferences every `$ref` and walks the
 * expanded tree, which on the example app's contract (its Where schemas unrolled six levels) takes seconds, and most
 * test files serve one of a few configs. The operations are plain JSON; the key holds Prism's version too. The
 * process keeps the last few contracts' operations (the Prism host serves every test file of a run).
 */
import { randomUUID } from 'node:crypto'
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import path from 'node:path'

const KEPT = 6
type Operations = Awaited<
  ReturnType<typeof import('@stoplight/prism-http').getHttpOperationsFromSpec>
>
const readOperations = new Map<string, Promise<Operations>>()

export function prismOperations(contractFile: string, hash: string): Promise<Operations> {
  let operations = readOperations.get(hash)
  if (operations)
    readOperations.delete(hash) // re-inserted below: the most recent last
  else operations = readOrCache(contractFile, hash)
  readOperations.set(hash, operations)
  for (const key of readOperations.keys()) {
    if (readOperations.size <= KEPT) break
    readOperations.delete(key)
  }
  operations.catch(() => readOperations.delete(hash))
  return operations
}

async function readOrCache(contractFile: string, hash: string): Promise<Operations> {
  const { getHttpOperationsFromSpec } = await import('@stoplight/prism-http')
  const require = createRequire(import.meta.url)
  const { version } = require('@stoplight/prism-http/package.json') as { version: string }
  const cache = path.join(tmpdir(), 'cms-prism-operations', `${version}-${hash}.json`)
  const cached = await readFile(cache, 'utf8').catch(() => undefined)
  if (cached) return JSON.parse(cached) as Operations
  const operations = await getHttpOperationsFromSpec(contractFile)
  // Written aside, then renamed: another process reads the whole file or none. A failed write only costs time.
  const partial = `${cache}.${process.pid}.${randomUUID()}`
  await mkdir(path.dirname(cache), { recursive: true })
  await writeFile(partial, JSON.stringify(operations))
  await rename(partial, cache).catch(() => rm(partial, { force: true }))
  return operations
}
