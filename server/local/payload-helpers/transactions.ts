/**
 * Payload's `initTransaction`, `commitTransaction` and `killTransaction`: a handler (plugin-search's reindex,
 * ecommerce's checkout) opens a transaction on its `req`, runs Local operations with that `req` (which join it, as
 * every operation given a `req` holding a transaction does) and commits or rolls it back. The database's
 * transactions are callback-shaped (`db.transaction(fn)`); an open one here is a callback waiting on the handler's
 * decision. While it is open, `req.transactionID` names it, as in Payload.
 */
import { randomUUID } from 'node:crypto'
import type { CmsRequest } from '../../config/types.ts'
import type { Executor } from '../../db/database.ts'
import type { Cms } from '../cms.ts'

interface Open {
  decide: (commit: boolean) => void
  done: Promise<unknown>
}
const open = new WeakMap<CmsRequest, Open>()
const ROLLBACK = Symbol('rollback')

/**
 * Opens a transaction on `req` and answers true, or answers false when `req` already holds one (whoever opened it
 * commits it).
 */
export async function initTransaction(req: CmsRequest): Promise<boolean> {
  if (req.transaction || req.transactionID) {
    if (req.transactionID instanceof Promise) await req.transactionID
    return false
  }
  const cms = req.payload as unknown as Cms
  let decide!: (commit: boolean) => void
  const decided = new Promise<boolean>((resolve) => (decide = resolve))
  let began!: (tx: Executor) => void
  const opened = new Promise<Executor>((resolve) => (began = resolve))
  const done = cms.db.transaction(async (tx) => {
    began(tx)
    if (!(await decided)) throw ROLLBACK
  })
  // Set at once, as Payload does, so that a concurrent initTransaction on the same req waits instead of opening one.
  const id = randomUUID()
  const ready = Promise.race([opened, done.then(() => undefined)])
  req.transactionID = ready.then(
    () => id,
    () => undefined,
  )
  try {
    req.transaction = await ready
  } finally {
    req.transactionID = req.transaction ? id : undefined
  }
  if (!req.transaction) return false
  open.set(req, { decide, done })
  return true
}

async function finish(req: CmsRequest, commit: boolean): Promise<void> {
  const handle = open.get(req)
  if (!handle) return
  open.delete(req)
  handle.decide(commit)
  try {
    await handle.done
  } catch (error) {
    if (commit || error !== ROLLBACK) throw error
  } finally {
    delete req.transaction
    delete req.transactionID
  }
  // Outbox rows of the committed transaction are now visible: the webhook worker delivers them.
  if (commit) (req.payload as unknown as Cms).webhooks.committed()
}

/** Commits the transaction `initTransaction` opened on `req`. */
export async function commitTransaction(req: CmsRequest): Promise<void> {
  await finish(req, true)
}

/** Rolls back the transaction `initTransaction` opened on `req`; errors of the rollback are swallowed, as Payload does. */
export async function killTransaction(req: CmsRequest): Promise<void> {
  try {
    await finish(req, false)
  } catch {
    // Payload ignores a failed rollback.
  }
}
