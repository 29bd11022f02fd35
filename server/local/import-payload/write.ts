import type { SanitizedCollection } from '../../config/types.ts'
import type { SourceRoot } from '../../db/payload-source/source.ts'
import { docToRow } from '../../db/rows.ts'
import { existingIds, insertRow } from '../../db/store.ts'
import { readGlobalRow, writeGlobalRow } from '../../db/stores/globals.ts'
import type { Cms } from '../cms.ts'
import type { SourceDoc } from './documents.ts'

/**
 * What a login or a link needs that is not copied from Payload: failed logins and locks start over, and Payload's
 * reset and verification tokens (kept in the clear there, hashed here) are dropped: a link mailed by Payload
 * stops working, and a new one is asked for here.
 */
const NOT_CARRIED: Record<string, unknown> = {
  loginAttempts: 0,
  lockUntil: null,
  resetPasswordToken: null,
  resetPasswordExpiration: null,
  _verificationToken: null,
}

/** The collection a root's documents go to: the collection, or the versions collection of it or of a global. */
export function targetOf(cms: Cms, root: SourceRoot): SanitizedCollection | undefined {
  if (root.kind === 'global') return undefined
  const owner =
    root.kind === 'global versions'
      ? cms.config.globalsBySlug.get(root.slug)
      : cms.config.collectionsBySlug.get(root.slug)
  if (!owner) throw new Error(`No ${root.kind} "${root.slug}" in the config.`)
  if (root.kind === 'collection') return owner as SanitizedCollection
  if (!owner.versionsCollection) throw new Error(`"${root.slug}" keeps no versions.`)
  return owner.versionsCollection
}

/**
 * Writes one page of documents in one transaction, through the storage layer (no hooks, no access: the data is
 * Payload's as stored), ids and timestamps kept. With `resume`, documents already there (a page an interrupted
 * run committed) are skipped. Answers how many it wrote.
 */
export async function writePage(
  cms: Cms,
  root: SourceRoot,
  docs: SourceDoc[],
  resume: boolean,
): Promise<number> {
  const target = targetOf(cms, root)
  if (!target) return writeGlobal(cms, root.slug, docs[0], resume)
  const schema = cms.schema(target.slug)
  const auth = Boolean(target.auth)
  return cms.db.transaction(async (tx) => {
    const ctx = cms.queryContext()
    const there = resume
      ? await existingIds(
          tx,
          ctx,
          target,
          docs.map((d) => d.id),
        )
      : new Set()
    let written = 0
    for (const doc of docs) {
      if (there.has(doc.id)) continue
      const data = auth ? { ...doc.data, ...carried(doc.data) } : doc.data
      const row = docToRow(schema, data)
      row.id = doc.id
      if (target.timestamps) {
        const now = new Date().toISOString()
        row.createdAt = doc.createdAt ?? now
        row.updatedAt = doc.updatedAt ?? row.createdAt
      }
      await insertRow(tx, ctx, target, row)
      written++
    }
    return written
  })
}

/** The auth values of a user that are reset on the way over (those of NOT_CARRIED it has). */
const carried = (data: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(NOT_CARRIED).filter(([key]) => key in data))

async function writeGlobal(
  cms: Cms,
  slug: string,
  doc: SourceDoc | undefined,
  resume: boolean,
): Promise<number> {
  if (!doc) return 0
  return cms.db.transaction(async (tx) => {
    const exists = (await readGlobalRow(tx, cms.db.dialect, slug, true)) !== undefined
    if (exists && resume) return 0
    await writeGlobalRow(tx, cms.db.dialect, slug, doc.data, exists, {
      createdAt: doc.createdAt,
      updatedAt: doc.updatedAt,
    })
    return 1
  })
}

/** Moves the id sequences of the written tables past the ids given (PostgreSQL's serial ids). */
export async function advanceSerials(cms: Cms, roots: SourceRoot[]): Promise<void> {
  const advance = cms.db.dialect.advanceSerial
  if (!advance) return
  for (const root of roots) {
    const target = targetOf(cms, root)
    if (target && target.idType === 'serial')
      await cms.db.all(advance(cms.schema(target.slug).table.name))
  }
}
