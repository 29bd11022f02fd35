/**
 * Payload's `schedulePublish` task, added when a collection or global has `versions.drafts.schedulePublish`: at
 * its job's `waitUntil` it publishes (or unpublishes) the document through the update path, so the newest draft
 * becomes the published document, as an update with `_status: 'published'` does.
 */
import type { TaskConfig } from '../jobs.ts'
import type { CmsRequest, ID } from '../types.ts'
import type { CollectionSlug, GlobalSlug } from '../local-api.ts'

const isId = (v: unknown): v is ID => typeof v === 'string' || typeof v === 'number'

/** The acting user of a scheduled publish: `input.user` (an id of the admin's user collection, or `{ relationTo, value }`). */
async function actingUser(req: CmsRequest, user: unknown): Promise<CmsRequest['user']> {
  const ref =
    user && typeof user === 'object' && 'value' in user && 'relationTo' in user
      ? { collection: String(user.relationTo), id: user.value }
      : {
          collection:
            req.cms.config.admin?.user ??
            req.cms.config.collections.find((c) => c.auth)?.slug ??
            '',
          id: user,
        }
  if (!isId(ref.id)) return null
  const doc = await req.cms.findByID({
    collection: ref.collection as CollectionSlug,
    id: ref.id,
    depth: 0,
    req,
  })
  return { ...doc, id: ref.id, collection: ref.collection }
}

/**
 * Whose access a scheduled publish runs with (never overridden for a caller): the user who queued the job
 * (`queuedBy`, set by the collection whatever the input says); an anonymous caller's job runs as anonymous. A job
 * queued by server code without a user (`queuedBy` null) runs as `input.user` when given, as Payload's, else with
 * access overridden, as that code could publish itself. Undefined when the user is gone.
 */
async function actingAccess(
  req: CmsRequest,
  queuedBy: unknown,
  inputUser: unknown,
): Promise<{ user: CmsRequest['user']; overrideAccess: boolean; depth: 0 } | undefined> {
  if (queuedBy === 'anonymous') return { user: null, overrideAccess: false, depth: 0 }
  const who = queuedBy ?? inputUser
  if (who == null) return { user: null, overrideAccess: true, depth: 0 }
  const user = await actingUser(req, who).catch(() => null)
  return user ? { user, overrideAccess: false, depth: 0 } : undefined
}

export function schedulePublishTask(collections: string[], globals: string[]): TaskConfig {
  return {
    slug: 'schedulePublish',
    label: 'Schedule publish',
    inputSchema: [
      { name: 'type', type: 'radio', options: ['publish', 'unpublish'], defaultValue: 'publish' },
      { name: 'locale', type: 'text' },
      { name: 'doc', type: 'json' },
      { name: 'global', type: 'text' },
      { name: 'user', type: 'json' },
    ],
    handler: async ({ input, req, job }) => {
      const _status = input.type === 'unpublish' ? 'draft' : 'published'
      const access = await actingAccess(req, job?.queuedBy, input.user)
      if (!access) return { state: 'failed', errorMessage: 'The user who queued it is gone.' }
      const doc = input.doc
      if (doc && typeof doc === 'object' && 'relationTo' in doc && 'value' in doc) {
        const collection = String(doc.relationTo)
        if (!collections.includes(collection) || !isId(doc.value))
          return { state: 'failed', errorMessage: `"${collection}" has no scheduled publishing.` }
        await req.cms.update({
          collection: collection as CollectionSlug,
          id: doc.value,
          data: { _status },
          ...access,
        })
      }
      if (typeof input.global === 'string') {
        if (!globals.includes(input.global))
          return { state: 'failed', errorMessage: `"${input.global}" has no scheduled publishing.` }
        await req.cms.updateGlobal({
          slug: input.global as GlobalSlug,
          data: { _status },
          ...access,
        })
      }
      return { output: {} }
    },
  }
}
