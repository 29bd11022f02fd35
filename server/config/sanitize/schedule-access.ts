/**
 * Who may schedule a publish (docs/jobs.md, "Access"; issue 57): `payload-jobs` stays closed to all but the callers
 * `jobs.access` lets through, with one opening for Payload's admin control. A logged-in user queues a
 * `schedulePublish` job for a document or global it may update (the job runs with its access anyway, never
 * overridden), reads the `schedulePublish` jobs it queued itself, and deletes those of them that have not run yet.
 */
import type { JobsAccess } from '../jobs.ts'
import type { Access, CmsRequest, Where } from '../types.ts'
import { documentMatches } from '../document-match.ts'

const TASK = 'schedulePublish'

const isId = (v: unknown): v is string | number => typeof v === 'string' || typeof v === 'number'
const isRecord = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v)

/** An access function's answer for the caller: true, a Where, or false (no function: any logged-in user). */
async function accessResult(
  fn: Access | undefined,
  args: Parameters<Access>[0],
): Promise<true | Where | false> {
  const result = await (fn ?? (({ req }: { req: CmsRequest }) => Boolean(req.user)))(args)
  return result === true ? true : result && typeof result === 'object' ? result : false
}

/** Whether the caller may update the document or global a `schedulePublish` input names (with its schedules on). */
async function mayUpdateTarget(req: CmsRequest, input: unknown): Promise<boolean> {
  if (!isRecord(input)) return false
  const cms = req.cms
  const doc = input.doc
  if (isRecord(doc)) {
    const slug = String(doc.relationTo)
    const collection = cms.config.collections.find((c) => c.slug === slug)
    if (!collection || !cms.config.jobsQueue?.schedulePublishCollections.has(slug)) return false
    if (!isId(doc.value)) return false
    const access = await accessResult(collection.access.update, { req, id: doc.value })
    if (access === false) return false
    const where: Where =
      access === true
        ? { id: { equals: doc.value } }
        : { and: [{ id: { equals: doc.value } }, access] }
    const { totalDocs } = await cms.count({ collection: slug as never, where, req })
    return totalDocs > 0
  }
  if (typeof input.global !== 'string') return false
  if (!cms.config.jobsQueue?.schedulePublishGlobals.has(input.global)) return false
  const global = cms.config.globals.find((g) => g.slug === input.global)
  if (!global) return false
  const access = await accessResult(global.access.update, { req })
  if (access === true || access === false) return access
  const stored = (await cms.findGlobal({ slug: global.slug as never, depth: 0, req })) as Record<
    string,
    unknown
  >
  return 'updatedAt' in stored && documentMatches(stored, access)
}

/** The schedules the caller queued: its own `schedulePublish` jobs (by `queuedBy`, which the server sets). */
const ownSchedules = (user: NonNullable<CmsRequest['user']>): Where[] => [
  { taskSlug: { equals: TASK } },
  { 'queuedBy.relationTo': { equals: user.collection } },
  { 'queuedBy.value': { equals: user.id } },
]

/** `create`: `jobs.access.queue`, or a `schedulePublish` job of a document or global the caller may update. */
export const scheduleCreate =
  (queue: JobsAccess): Access =>
  async ({ req, data }) => {
    if ((await queue({ req })) === true) return true
    if (!req.user || !isRecord(data) || data.taskSlug !== TASK || data.workflowSlug) return false
    return mayUpdateTarget(req, data.input)
  }

/** `read`: `jobs.access.read`, or the caller's own schedules. */
export const scheduleRead =
  (read: JobsAccess): Access =>
  async ({ req }) => {
    if ((await read({ req })) === true) return true
    return req.user ? { and: ownSchedules(req.user) } : false
  }

/** `delete`: the trusted callers, or the caller's own schedules that have not run (nor are running). */
export const scheduleDelete =
  (trusted: JobsAccess): Access =>
  async ({ req }) => {
    if ((await trusted({ req })) === true) return true
    return req.user
      ? {
          and: [
            ...ownSchedules(req.user),
            { completedAt: { exists: false } },
            { processing: { not_equals: true } },
          ],
        }
      : false
  }
