/**
 * A deleted document's pending scheduled publishes go with it (as Payload's delete operations): the
 * `schedulePublish` jobs for it that have not completed and are not running, deleted in the delete's transaction.
 * One that is running finishes and fails to find the document.
 */
import { JOBS } from './slug.ts'
import type { CmsRequest, ID, SanitizedCollection } from '../../config/types.ts'
import type { Cms } from '../cms.ts'

export async function deleteScheduledPublishJobs(
  cms: Cms,
  collection: SanitizedCollection,
  id: ID,
  req: CmsRequest,
): Promise<void> {
  if (!cms.config.jobsQueue?.schedulePublishCollections.has(collection.slug)) return
  await cms.delete({
    collection: JOBS,
    where: {
      and: [
        { taskSlug: { equals: 'schedulePublish' } },
        { completedAt: { exists: false } },
        { processing: { equals: false } },
        { 'input.doc.relationTo': { equals: collection.slug } },
        { 'input.doc.value': { equals: id } },
      ],
    },
    overrideAccess: true,
    depth: 0,
    req,
  })
}
