import type { CollectionSlug } from '../../config/local-api.ts'
import { SYSTEM_COLLECTIONS } from '../../config/events.ts'

/** `payload-jobs`, typed as a collection of the Local API (the generated types of an app know only its own). */
export const JOBS = SYSTEM_COLLECTIONS.jobs as CollectionSlug
