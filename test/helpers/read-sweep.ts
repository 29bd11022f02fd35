/**
 * Tools of the read-access sweep (test/reliability/read-access-sweep.test.ts): the actors (a member and an admin
 * of the security fixture, logged in over REST), one way to call each surface that returns a comparable answer,
 * fresh documents for writes, and what counts as a leak of an admin-only field.
 */
import type { Cms } from '../../server/local/cms.ts'
import { passwords, type SecurityData } from '../fixtures/security.ts'
import type { ServerState } from './http.ts'

export type Role = 'member' | 'admin'
export interface Actor {
  role: Role
  user: Record<string, unknown>
  headers: Record<string, string>
  token: string
  email: string
  password: string
  /** The user whose password this actor's reset cases set (a reset ends the sessions of its user). */
  resetEmail: string
  resetPassword: string
}
export interface Answer {
  ok: boolean
  status?: number
  json: unknown
}
export interface Case {
  surface: 'REST' | 'GraphQL' | 'Local'
  op: string
  run: (a: Actor) => Promise<Answer>
  /** How the admin's answer shows the fields (default: a seeded value in it). */
  adminSees?: (json: unknown) => boolean
  /** The member is refused with this status rather than answered (the query names a field they may not read). */
  memberRefused?: number
}
export type SweepData = SecurityData & { carol: { id: number }; dave: { id: number } }

const HIDDEN = new Set(['adminNote', 'secretNote'])
const SECRET_VALUE = /^(note|secret)-/

/**
 * Where `json` shows an admin-only field: a seeded value anywhere (`note-…`, `secret-…`), or the field's key with
 * a value. GraphQL answers a selected hidden field as null, and access introspection names the fields with
 * their permissions (objects): neither is a value.
 */
export function leaks(json: unknown, path = '$'): string[] {
  if (typeof json === 'string') return SECRET_VALUE.test(json) ? [`${path} = ${json}`] : []
  if (!json || typeof json !== 'object') return []
  return Object.entries(json).flatMap(([k, v]) => {
    const here = `${path}.${k}`
    const shown = HIDDEN.has(k) && v !== null && (typeof v !== 'object' || Array.isArray(v))
    return [...(shown ? [`${here} (key)`] : []), ...leaks(v, here)]
  })
}

/**
 * Access introspection: somewhere in the answer, `field` with read permission granted, or `fields: true` (REST's
 * short form when every field is allowed).
 */
export function readPermitted(field: string) {
  const found = (json: unknown): boolean => {
    if (!json || typeof json !== 'object') return false
    const o = json as Record<string, unknown>
    if (o.fields === true) return true
    const read = (o[field] as { read?: { permission?: boolean } | boolean } | undefined)?.read
    if (read === true || (typeof read === 'object' && read?.permission === true)) return true
    return Object.values(o).some(found)
  }
  return found
}

export function sweepTools(s: ServerState<SweepData>) {
  const actors = new Map<Role, Actor>()
  /** The member (alice) or the admin, logged in once over REST. */
  async function actor(role: Role): Promise<Actor> {
    const known = actors.get(role)
    if (known) return known
    const member = role === 'member'
    const email = member ? 'alice@example.com' : 'admin@example.com'
    const password = member ? passwords.alice : passwords.admin
    const r = await s.request('POST', '/api/users/login', { body: { email, password } })
    const id = r.body.user.id as number
    const user = await s.cms.findByID({ collection: 'users', id, depth: 0 })
    const made: Actor = {
      role,
      user: { ...user, collection: 'users' },
      headers: { authorization: `Bearer ${r.body.token}` },
      token: r.body.token,
      email,
      password,
      resetEmail: member ? 'carol@example.com' : 'dave@example.com',
      resetPassword: member ? 'carol-password' : 'dave-password',
    }
    actors.set(role, made)
    return made
  }
  const rest = async (
    a: Actor | undefined,
    method: string,
    path: string,
    body?: unknown,
  ): Promise<Answer> => {
    const r = await s.request(method, path, { headers: a?.headers ?? {}, body })
    return { ok: r.status < 300, status: r.status, json: r.body }
  }
  const gql = async (a: Actor | undefined, query: string): Promise<Answer> => {
    const r = await s.request('POST', '/api/graphql', {
      headers: a?.headers ?? {},
      body: { query },
    })
    return { ok: r.status === 200 && !r.body.errors, status: r.status, json: r.body }
  }
  const local = async (fn: (cms: Cms) => Promise<unknown>): Promise<Answer> => {
    try {
      return { ok: true, json: await fn(s.cms) }
    } catch (error) {
      const e = error as { status?: number; message?: string }
      return { ok: false, status: e.status, json: e.message }
    }
  }
  let made = 0
  /** A published ticket of alice's (a child of T1) with a secret note and two versions: one per write case. */
  async function freshTicket(): Promise<number> {
    made += 1
    const data = {
      title: `F${made}`,
      owner: s.data.alice.id,
      parent: s.data.tickets.T1.id,
      secretNote: `secret-F${made}`,
      _status: 'published',
    }
    const doc = await s.cms.create({ collection: 'tickets', data })
    await s.cms.update({ collection: 'tickets', id: doc.id, data: { title: `F${made}b` } })
    return doc.id as number
  }
  /** The older of a fresh ticket's versions (`ticket`), or of the global's: what a restore goes back to. */
  async function olderVersion(ticket?: number): Promise<number> {
    const { docs } = ticket
      ? await s.cms.findVersions({
          collection: 'tickets',
          where: { parent: { equals: ticket } },
          sort: '-updatedAt',
        })
      : await s.cms.findGlobalVersions({ slug: 'settings', sort: '-updatedAt' })
    return docs.at(-1)!.id as number
  }
  const resetToken = async (email: string) =>
    (await s.cms.forgotPassword({ collection: 'users', data: { email }, disableEmail: true }))!
  /** What the Local API is given to act for the actor. */
  const as = (a: Actor) => ({ overrideAccess: false as const, user: a.user as never })
  let signUps = 0
  /** A new account's data; the admin also sets the admin-only field (which a member cannot set). */
  const signUp = (a: Actor): Record<string, string> => {
    signUps += 1
    const data = { email: `new${signUps}@example.com`, password: 'new-user-password' }
    return a.role === 'admin' ? { ...data, adminNote: `note-new${signUps}` } : data
  }
  const alice = () => s.data.alice.id
  const T1 = () => s.data.tickets.T1.id
  return { actor, rest, gql, local, freshTicket, olderVersion, resetToken, as, signUp, alice, T1 }
}
export type SweepTools = ReturnType<typeof sweepTools>

// GraphQL selections reaching every admin-only field: own, through relationships and through both joins.
export const USER = `id name adminNote tickets { docs { id secretNote parent { id secretNote } } }`
export const TICKET = `id title secretNote owner { id adminNote tickets { docs { id secretNote } } }
  parent { id secretNote children { docs { id secretNote } } } children { docs { id secretNote } }`
export const SETTING = `motto adminNote`
