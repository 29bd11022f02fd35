import {
  collectionActions,
  collectionEventType,
  emitsEvents,
  globalActions,
  globalEventType,
} from '../../config/events.ts'
import type { SanitizedConfig, WebhookEndpoint, Where } from '../../config/types.ts'

/** An active document of the `webhooks` collection (subscriptions as data). */
export interface StoredSubscription {
  id: string | number
  url: string
  secret: string
  events?: string[] | null
  scope?: string | null
  where?: Where | null
  headers?: Record<string, string> | null
  /** The user who created it (the admin's user collection): its events are read with this user's access. */
  owner?: string | number | null
  createdAt?: string | null
}

/** One configured endpoint, resolved: the event types it receives in its scope, and a stable key. */
export interface Subscription {
  /** `webhooks#0`, `collections.posts#1`, `globals.settings#0`: its place in the config (stored on each delivery). */
  key: string
  url: string
  secret: string
  headers: Record<string, string>
  where?: Where
  /** A stored subscription's owner: the event bodies it gets are read with that user's access. */
  owner?: string | number
  /** A stored subscription's creation (epoch ms): it receives the events of writes after it only. */
  since?: number
}

/**
 * The subscriptions of a config, indexed by event type, worked out once at start: a write asks `forType` and,
 * when nothing subscribes, writes no outbox row at all.
 */
export class Subscriptions {
  readonly byKey = new Map<string, Subscription>()
  /** Config-declared endpoints by event type (one outbox row each, in the write's transaction). */
  readonly #byType = new Map<string, Subscription[]>()
  /** Stored subscriptions by event type (one fan-out row for them all, expanded after the commit). */
  readonly #storedByType = new Map<string, Subscription[]>()

  constructor(config: SanitizedConfig, stored: StoredSubscription[] = []) {
    const root = config.webhooks?.endpoints ?? []
    const all = [
      ...config.collections
        .filter(emitsEvents)
        .flatMap((c) =>
          collectionActions(c).map((a) => ({ type: collectionEventType(c.slug, a), a })),
        ),
      ...config.globals.flatMap((g) =>
        globalActions(g).map((a) => ({ type: globalEventType(g.slug, a), a })),
      ),
    ]
    root.forEach((e, i) => this.#add(e, `webhooks#${i}`, all))
    for (const c of config.collections) {
      if (!emitsEvents(c)) continue
      const scope = collectionActions(c).map((a) => ({ type: collectionEventType(c.slug, a), a }))
      ;(c.webhooks ?? []).forEach((e, i) => this.#add(e, `collections.${c.slug}#${i}`, scope))
    }
    for (const g of config.globals) {
      const scope = globalActions(g).map((a) => ({ type: globalEventType(g.slug, a), a }))
      ;(g.webhooks ?? []).forEach((e, i) => this.#add(e, `globals.${g.slug}#${i}`, scope))
    }
    for (const s of stored) {
      const c = s.scope ? config.collectionsBySlug.get(s.scope) : undefined
      if (s.scope && (!c || !emitsEvents(c))) continue
      const scope = c
        ? collectionActions(c).map((a) => ({ type: collectionEventType(c.slug, a), a }))
        : all
      const endpoint: WebhookEndpoint = {
        url: s.url,
        secret: s.secret,
        headers: s.headers ?? undefined,
        events: s.events?.length ? s.events : undefined,
        where: c && s.where ? s.where : undefined,
      }
      const since = s.createdAt ? Date.parse(s.createdAt) : Number.NaN
      this.#add(endpoint, `webhooks:${String(s.id)}`, scope, {
        owner: s.owner ?? undefined,
        since: Number.isNaN(since) ? 0 : since,
      })
    }
  }

  #add(
    e: WebhookEndpoint,
    key: string,
    scope: { type: string; a: string }[],
    stored?: { owner?: string | number; since: number },
  ): void {
    const owner = stored?.owner
    const sub: Subscription = {
      key,
      url: e.url,
      secret: e.secret,
      headers: e.headers ?? {},
      ...(e.where ? { where: e.where } : {}),
      ...(owner === undefined ? {} : { owner }),
      ...(stored ? { since: stored.since } : {}),
    }
    this.byKey.set(key, sub)
    const wanted = e.events && new Set(e.events)
    for (const { type, a } of scope) {
      if (wanted && !wanted.has(type) && !wanted.has(a)) continue
      const index = stored ? this.#storedByType : this.#byType
      const list = index.get(type) ?? []
      list.push(sub)
      index.set(type, list)
    }
  }

  /** The config-declared endpoints receiving events of `type` (an empty list costs a write nothing). */
  forType(type: string): readonly Subscription[] {
    return this.#byType.get(type) ?? []
  }

  /** The stored subscriptions receiving events of `type`: a write only asks whether there are any. */
  storedForType(type: string): readonly Subscription[] {
    return this.#storedByType.get(type) ?? []
  }

  get empty(): boolean {
    return this.byKey.size === 0
  }
}
