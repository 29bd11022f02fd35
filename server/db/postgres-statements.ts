/**
 * Server-side prepared statements for the PostgreSQL driver: each SQL text the CMS sends (a bounded set of
 * shapes) gets a name, so a pooled connection parses and plans it once and then only binds and executes it.
 *
 * A prepared statement outlives the schema it was planned on. PostgreSQL re-plans it after DDL by itself, but a
 * statement whose result columns changed (`SELECT t.*` after ADD COLUMN) fails with 0A000 "cached plan must not
 * change result type". So names carry a generation: DDL sent through this Database starts a new one (every
 * statement is prepared afresh under a new name), and a stale plan met anyway (DDL from another server) starts
 * one too and the statement runs again — at once outside a transaction, as a rerun of the whole transaction
 * inside one (PostgreSQL aborted it).
 */
import { isNonNullObject } from '../utilities/guards.ts'
import { positional } from './postgres-sql.ts'

/** Named SQL texts kept; texts past it run unnamed (converted each time), so connections hold a bounded set. */
export const NAMED_STATEMENTS = 2000

/** Statements worth preparing: the data statements. DDL, `DO` blocks and the like run once, unnamed. */
const DATA = /^\s*(SELECT|INSERT|UPDATE|DELETE|WITH)\b/i
/** Statements that may change what a prepared statement returns. */
const DDL = /^\s*(CREATE|ALTER|DROP|DO|COMMENT)\b/i

export interface Statement {
  /** The SQL with `$n` placeholders. */
  text: string
  /** The prepared statement's name; none for statements run unnamed. */
  name?: string
}

export class PreparedStatements {
  private generation = 0
  /** Monotonic: a name is never given to two different texts (pg refuses that on a connection). */
  private counter = 0
  private readonly named = new Map<string, Statement>()

  /** The statement to send for a SQL text with `?` placeholders. */
  of(sql: string): Statement {
    const known = this.named.get(sql)
    if (known) return known
    const text = positional(sql)
    if (!DATA.test(sql) || this.named.size >= NAMED_STATEMENTS) return { text }
    const statement = { text, name: `cms${this.generation}_${++this.counter}` }
    this.named.set(sql, statement)
    return statement
  }

  /** After a statement ran: DDL starts a new generation. */
  ran(sql: string): void {
    if (!this.named.has(sql) && DDL.test(sql)) this.renew()
  }

  /** A new generation: every statement is prepared again, under a new name, on its next use. */
  renew(): void {
    this.generation++
    this.named.clear()
  }
}

/** 0A000 "cached plan must not change result type": a prepared statement outlived its table's columns. */
export function isStalePlan(error: unknown): boolean {
  for (let x = error, depth = 0; isNonNullObject(x) && depth < 5; depth++) {
    if (x.code === '0A000' && typeof x.message === 'string' && /cached plan/.test(x.message))
      return true
    x = x.cause
  }
  return false
}
