import { createReadStream, existsSync } from 'node:fs'
import path from 'node:path'
import type { ID } from '../../config/types.ts'
import type { Database } from '../../db/database.ts'
import {
  catalogueOf,
  compareLayout,
  openSource,
  payloadVersionProblem,
  sourceRoots,
  type SourceRoot,
} from '../../db/payload-source/source.ts'
import type { Cms } from '../cms.ts'
import { keysOf, storageOf } from '../upload/store.ts'
import { documents, relationsIn, type SourceDoc } from './documents.ts'
import { compareSample, countIn } from './verify.ts'
import { advanceSerials, targetOf, writePage } from './write.ts'

/** A problem that stops an import before it writes anything (or, with --resume, before it writes more). */
export class ImportError extends Error {
  override name = 'ImportError'
}

export interface ImportOptions {
  /** The database Payload wrote: `sqlite:<file>` or `postgres://…`. */
  from: string
  /** Write (else a dry run: counts and mismatches only). */
  write?: boolean
  /** Continue an interrupted import: a non-empty target is expected, documents already there are skipped. */
  resume?: boolean
  /** Write although Payload stored data the config has no field for (it is left behind). */
  acceptMismatches?: boolean
  /** Where Payload kept each upload collection's files (its `staticDir`), by collection slug. */
  files?: Record<string, string>
  /** Documents per collection read back and compared at the end (default 5). */
  sample?: number
  log?: (line: string) => void
}

export interface ImportReport {
  /** Documents in Payload's database, by root (`posts`, `posts versions`, `global settings`). */
  counts: Record<string, number>
  /** What would not come over: data without a field here, relations to missing documents. */
  mismatches: string[]
  written: Record<string, number>
  /** After a write: counts that differ, documents whose fields differ, files missing. */
  problems: string[]
}

/** `posts`, `posts versions`, `global settings`, `global settings versions`. */
const label = (r: SourceRoot) =>
  `${r.kind.startsWith('global') ? 'global ' : ''}${r.slug}${r.kind.endsWith('versions') ? ' versions' : ''}`

/**
 * `cms import-payload`: reads a database Payload 3's SQL adapters wrote for the same config, checks it whole
 * (another config's database, Payload 2, an unreadable file: an error before anything is written), reports what
 * it holds and what would not come over, and with `write` copies it through the storage layer a page per
 * transaction, then reads a sample back through the Local API (docs/porting-from-payload.md, "Bring your data").
 */
export async function importPayload(cms: Cms, options: ImportOptions): Promise<ImportReport> {
  const log = options.log ?? (() => {})
  const source = openSource(options.from)
  try {
    const catalogue = await readable(() => catalogueOf(source))
    const problem = payloadVersionProblem(catalogue)
    if (problem) throw new ImportError(`--from ${source.description}: ${problem}.`)
    const roots = sourceRoots(cms.config)
    const layout = compareLayout(catalogue, roots)
    if (layout.missing.length)
      throw new ImportError(
        `--from ${source.description} was written for another config: it lacks ${layout.missing.join(', ')}, which this config's fields need.`,
      )
    const report: ImportReport = { counts: {}, mismatches: [], written: {}, problems: [] }
    report.mismatches.push(
      ...layout.extra.map((e) => `${e}: stored by Payload, no field of the config holds it`),
    )
    const samples = await readAll(source, roots, catalogue, report, options.sample ?? 5)
    for (const [name, n] of Object.entries(report.counts)) log(`${name}: ${n}`)
    for (const m of report.mismatches) log(`mismatch: ${m}`)
    if (!options.write) return report
    if (report.mismatches.length && !options.acceptMismatches)
      throw new ImportError(
        `${report.mismatches.length} mismatch(es) above would not come over; fix them, or re-run with --accept-mismatches to import without them.`,
      )
    if (!options.resume) await requireEmpty(cms, roots)
    for (const root of roots) {
      let written = 0,
        read = 0
      for await (const page of documents(source, root, catalogue)) {
        written += await writePage(cms, root, page, Boolean(options.resume))
        read += page.length
        log(`${label(root)}: ${read}/${report.counts[label(root)]}`)
      }
      report.written[label(root)] = written
    }
    await advanceSerials(cms, roots)
    report.problems.push(...(await copyFiles(cms, samples.uploads, options.files ?? {}, log)))
    report.problems.push(...(await verify(cms, roots, report, samples.docs)))
    for (const p of report.problems) log(`problem: ${p}`)
    return report
  } finally {
    await source.close()
  }
}

/** Runs a read of the source, naming an unreadable file (a truncated SQLite file fails here). */
async function readable<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read()
  } catch (error) {
    if (error instanceof ImportError) throw error
    throw new ImportError(`The Payload database cannot be read: ${(error as Error).message}`)
  }
}

/** The read pass: every document once, counted, its relations checked; a sample kept to compare at the end. */
async function readAll(
  source: Database,
  roots: SourceRoot[],
  catalogue: Map<string, Set<string>>,
  report: ImportReport,
  sample: number,
): Promise<{ docs: Map<string, SourceDoc[]>; uploads: Map<string, SourceDoc[]> }> {
  const ids = new Map<string, Set<string>>()
  const refs: { from: string; slug: string; id: ID }[] = []
  const docs = new Map<string, SourceDoc[]>()
  const uploads = new Map<string, SourceDoc[]>()
  for (const root of roots) {
    let n = 0
    await readable(async () => {
      for await (const page of documents(source, root, catalogue)) {
        n += page.length
        for (const doc of page) {
          if (root.kind === 'collection') {
            const seen = ids.get(root.slug) ?? new Set()
            ids.set(root.slug, seen.add(String(doc.id)))
            const kept = docs.get(root.slug) ?? []
            if (kept.length < sample) docs.set(root.slug, [...kept, doc])
            if (keysOf(doc.data).length)
              uploads.set(root.slug, [...(uploads.get(root.slug) ?? []), doc])
          }
          for (const [slug, id] of relationsIn(root.fields, doc.data))
            refs.push({ from: `${label(root)} ${String(doc.id)}`, slug, id })
        }
      }
    })
    report.counts[label(root)] = n
  }
  for (const ref of refs)
    if (!ids.get(ref.slug)?.has(String(ref.id)))
      report.mismatches.push(
        `${ref.from}: relates to ${ref.slug} ${String(ref.id)}, which is not there`,
      )
  return { docs, uploads }
}

/** Refuses to write into a database that already holds documents (re-running it would duplicate nothing: ids are kept, so it would fail). */
async function requireEmpty(cms: Cms, roots: SourceRoot[]): Promise<void> {
  const held: string[] = []
  for (const root of roots) {
    const n = await countIn(cms, root)
    if (n > 0) held.push(`${label(root)} (${n})`)
  }
  if (held.length)
    throw new ImportError(
      `The target database is not empty: ${held.join(', ')}. Import into an empty database, or pass --resume to continue an interrupted import.`,
    )
}

/** Each upload's files into the collection's storage: copied from Payload's `staticDir` where given, else expected there already. */
async function copyFiles(
  cms: Cms,
  uploads: Map<string, SourceDoc[]>,
  from: Record<string, string>,
  log: (line: string) => void,
): Promise<string[]> {
  const missing: string[] = []
  for (const [slug, docs] of uploads) {
    const upload = cms.config.collectionsBySlug.get(slug)?.upload
    if (!upload) continue
    const storage = storageOf(upload)
    let copied = 0
    for (const doc of docs)
      for (const key of keysOf(doc.data)) {
        if (await storage.exists(key)) continue
        const file = from[slug] ? path.join(from[slug], key) : undefined
        if (!file || !existsSync(file)) {
          missing.push(
            `${slug} ${String(doc.id)}: file ${key} is neither in ${storage.name} nor${from[slug] ? ` in ${from[slug]}` : ' given (--files ' + slug + '=<Payload staticDir>)'}`,
          )
          continue
        }
        const contentType =
          typeof doc.data.mimeType === 'string' ? doc.data.mimeType : 'application/octet-stream'
        await storage.put(key, createReadStream(file), { contentType })
        copied++
      }
    if (copied) log(`${slug}: ${copied} file(s) copied`)
  }
  return missing
}

/** Counts per root equal to the source's, and the sampled documents read back equal to what Payload stored. */
async function verify(
  cms: Cms,
  roots: SourceRoot[],
  report: ImportReport,
  samples: Map<string, SourceDoc[]>,
): Promise<string[]> {
  const problems: string[] = []
  for (const root of roots) {
    const there = await countIn(cms, root)
    const expected = report.counts[label(root)]
    if (targetOf(cms, root) === undefined ? there !== Math.min(expected, 1) : there !== expected)
      problems.push(`${label(root)}: ${expected} in Payload's database, ${there} here`)
  }
  for (const [slug, docs] of samples) problems.push(...(await compareSample(cms, slug, docs)))
  return problems
}
