import { countDocs } from '../../../db/store.ts'
import type { Cms } from '../../cms.ts'
import { authCollection } from './shared.ts'

/** Whether the auth collection has any user yet (`GET <api>/<slug>/init`): first-register is open until it does. */
export async function initialized(this: Cms, args: { collection: string }): Promise<boolean> {
  const c = authCollection(this, args.collection)
  return (await countDocs(this.db, this.queryContext(), c)) > 0
}
