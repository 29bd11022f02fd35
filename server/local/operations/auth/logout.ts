import { endSession } from '../../../db/stores/sessions.ts'
import type { Cms } from '../../cms.ts'
import { authCollection } from './shared.ts'

/** Ends the session of `sid` (its token is dead from now on). */
export async function logout(this: Cms, args: { collection: string; sid: string }): Promise<void> {
  authCollection(this, args.collection)
  await endSession(this.db, args.sid)
}
