import type { CmsRequest, SanitizedLimits } from '../config/types.ts'
import { LimitExceeded } from '../errors/limit-exceeded.ts'

/**
 * What one request may cost: related documents placed into its answer by population (and their JSON size),
 * and SQL read statements. REST and GraphQL give every request one; a Local call with `overrideAccess: false`
 * gets one unless its `req` has one already. Trusted Local calls (`overrideAccess` true) are not charged.
 * A budget that ran out stays spent: every later charge throws too, so a GraphQL operation stops resolving.
 */
export class RequestBudget {
  docs = 0
  bytes = 0
  statements = 0
  /** Stored bytes of the documents read (limits.read). */
  readBytes = 0
  /** The error that spent it, if any. */
  exceeded?: LimitExceeded
  readonly limits: SanitizedLimits

  constructor(limits: SanitizedLimits) {
    this.limits = limits
  }

  /** `count` documents of `bytes` JSON in all are about to go into the answer. */
  chargeDocs(count: number, bytes: number): void {
    this.check()
    this.docs += count
    this.bytes += bytes
    const { maxDocs, maxBytes } = this.limits.population
    if (this.docs > maxDocs)
      this.spend(
        new LimitExceeded(
          `The answer would hold more than ${maxDocs} related documents; ask for a smaller depth or limit, or select fewer relations`,
          'limits.population.maxDocs',
          maxDocs,
        ),
      )
    if (this.bytes > maxBytes)
      this.spend(
        new LimitExceeded(
          `The related documents of the answer would exceed ${maxBytes} bytes; ask for a smaller depth or limit, or select fewer fields`,
          'limits.population.maxBytes',
          maxBytes,
        ),
      )
  }

  /** Documents of `bytes` as stored (read.ts `storedBytes`) were fetched, to be decoded into the answer. */
  chargeRead(bytes: number): void {
    this.check()
    this.readBytes += bytes
    const { maxBytes } = this.limits.read
    if (this.readBytes > maxBytes)
      this.spend(
        new LimitExceeded(
          `The documents of the answer exceed ${maxBytes} bytes as stored; ask for a smaller limit, or page through them`,
          'limits.read.maxBytes',
          maxBytes,
        ),
      )
  }

  /** `count` SQL read statements are about to run. */
  chargeStatements(count = 1): void {
    this.check()
    this.statements += count
    const max = this.limits.maxStatements
    if (this.statements > max)
      this.spend(
        new LimitExceeded(
          `The request needs more than ${max} SQL statements; split it into smaller requests`,
          'limits.maxStatements',
          max,
        ),
      )
  }

  private check(): void {
    if (this.exceeded) throw this.exceeded
  }

  private spend(error: LimitExceeded): never {
    this.exceeded = error
    throw error
  }
}

/** The budget a read under `req` is charged to: none for trusted calls. */
export function budgetOf(req: CmsRequest, overrideAccess: boolean): RequestBudget | undefined {
  return !overrideAccess && req.budget instanceof RequestBudget ? req.budget : undefined
}

/** JSON size of a document as it stands (relations still ids), remembered per object. */
const sizes = new WeakMap<object, number>()
export function jsonSize(doc: Record<string, unknown>): number {
  let size = sizes.get(doc)
  if (size === undefined) sizes.set(doc, (size = JSON.stringify(doc).length))
  return size
}
