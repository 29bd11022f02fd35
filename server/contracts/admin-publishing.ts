/**
 * What the admin's description (admin-description.ts) says of publishing: whether a collection or global schedules
 * publishing (`versions.drafts.schedulePublish`) and its live preview (`admin.livePreview`, config/live-preview.ts).
 */
import { livePreviewOf, previewOrigins } from '../config/live-preview.ts'
import type { SanitizedConfig } from '../config/types.ts'
import type { AdminEntity } from './admin-description.ts'

/**
 * Live preview: the breakpoints, and the URL where it is a string; a function's URL is the form-state route's
 * `livePreviewURL` (the server runs it). `origins`: the origins the admin's CSP lets it frame.
 */
export interface AdminLivePreview {
  url?: string
  breakpoints: { name: string; label: string; width: number | string; height: number | string }[]
  origins: string[]
}

/** Scheduled publishing and live preview of a collection or global, where they are on. */
export function withPublishing(
  config: SanitizedConfig,
  kind: 'collection' | 'global',
  described: AdminEntity,
): AdminEntity {
  const lp = livePreviewOf(config, kind, described.slug)
  const jobs = config.jobsQueue
  const scheduled = (
    kind === 'collection' ? jobs?.schedulePublishCollections : jobs?.schedulePublishGlobals
  )?.has(described.slug)
  return {
    ...described,
    ...(scheduled ? { schedulePublish: true } : {}),
    ...(lp
      ? {
          livePreview: {
            ...(typeof lp.url === 'string' ? { url: lp.url } : {}),
            breakpoints: (lp.breakpoints ?? []).map((b) => ({
              name: b.name,
              label: b.label,
              width: b.width,
              height: b.height,
            })),
            origins: previewOrigins(config),
          },
        }
      : {}),
  }
}
