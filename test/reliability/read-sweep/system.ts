/**
 * The read-access sweep's cases for the collections the CMS adds on its own (issue 54): `payload-jobs` (a job's
 * input holds a seeded secret), the `webhooks` collection and its delivery log, and webhook event bodies. A
 * member is refused the first three under the defaults; an event body reaches a member's subscription without
 * the admin-only fields the admin's subscription receives.
 */
import type { Cms } from '../../../server/local/cms.ts'
import type { Actor, Answer, Case, SweepTools } from '../../helpers/read-sweep.ts'
import { Receiver, until } from '../../webhooks/receiver.ts'

/** What the sweep config adds for these cases: a task to queue, and webhooks delivered to loopback. */
export const systemOptions = {
  jobs: {
    tasks: [{ slug: 'note', handler: () => ({ output: {} }) }],
    deleteJobOnComplete: false,
  },
  webhooks: { allowPrivateTargets: true, retryBaseDelay: 10, retryMaxDelay: 50, pollInterval: 30 },
}

const receivers: Receiver[] = []
export const closeReceivers = () => Promise.all(receivers.map((r) => r.close()))

/** Seeds what the cases read: a job whose input holds a secret, an admin's subscription, one delivery of it. */
export async function seedSystem(cms: Cms): Promise<void> {
  await cms.jobs.queue({ task: 'note', input: { token: 'secret-job-token' } })
  const r = new Receiver()
  receivers.push(r)
  await cms.create({
    collection: 'webhooks' as never,
    data: { url: await r.listen(), secret: r.secret, events: ['tickets.created'] } as never,
  })
}

export function systemCases(tools: SweepTools, cms: () => Cms): Case[] {
  const { rest, freshTicket } = tools
  const hasDocs = (json: unknown) =>
    Array.isArray((json as { docs?: unknown[] })?.docs) &&
    ((json as { docs: unknown[] }).docs.length ?? 0) > 0
  /** The body a subscription the actor owns receives for an update of a fresh ticket of alice's. */
  const eventBody = async (a: Actor): Promise<Answer> => {
    const r = new Receiver()
    receivers.push(r)
    const sub = (await cms().create({
      collection: 'webhooks' as never,
      data: {
        url: await r.listen(),
        secret: r.secret,
        events: ['tickets.updated'],
        owner: a.user.id,
      } as never,
    })) as { id: number }
    const ticket = await freshTicket()
    await until('the event arrives', () => r.delivered().length >= 1)
    await cms().delete({ collection: 'webhooks' as never, id: sub.id })
    const body = r.delivered()[0]
    return { ok: body.data.doc.id === ticket, json: body }
  }
  const list: Omit<Case, 'surface'>[] = [
    {
      op: 'GET /payload-jobs (find)',
      run: (a) => rest(a, 'GET', '/api/payload-jobs'),
      memberRefused: 403,
    },
    {
      op: 'GET /webhooks (find)',
      run: (a) => rest(a, 'GET', '/api/webhooks'),
      adminSees: hasDocs,
      memberRefused: 403,
    },
    {
      op: 'GET /webhooks/deliveries (the delivery log)',
      run: async (a) => {
        await until('a delivery is logged', async () => hasDocs(await cms().webhooks.deliveries()))
        return rest(a, 'GET', '/api/webhooks/deliveries')
      },
      adminSees: hasDocs,
      memberRefused: 403,
    },
    { op: 'a webhook event body (tickets.updated)', run: eventBody },
  ]
  return list.map((c) => ({ ...c, surface: 'REST' }))
}
