/**
 * Typed Local API results: `generated/cms-types.ts` augments the package's `GeneratedTypes`, so results are
 * typed per collection without casts. `npm run typecheck` compiles this file (tsconfig.app.json); the
 * `@ts-expect-error` lines prove that wrong slugs and wrong fields are compile errors.
 */
import { getCms, type Cms } from 'contract-cms'
import config from '../cms.config.ts'

export async function latestTitles(cms: Cms): Promise<string[]> {
  const { docs } = await cms.find({
    collection: 'posts',
    where: { _status: { equals: 'published' } },
    limit: 5,
  })
  const titles: string[] = docs.map((post) => post.title)
  const status: 'draft' | 'review' | 'published' | 'archived' | null | undefined = docs[0]?.status
  const category: number | { id: number; name: string } | null | undefined = docs[0]?.category
  void status
  void category
  // @ts-expect-error `nope` is not a field of Post
  void docs[0]?.nope
  return titles
}

export async function siteName(cms: Cms): Promise<string> {
  const settings = await cms.findGlobal({ slug: 'site-settings' })
  // @ts-expect-error `orders` is a collection, not a global
  await cms.findGlobal({ slug: 'orders' })
  return settings.siteName
}

export async function orderTotal(id: number): Promise<number | null | undefined> {
  const cms = await getCms({ config })
  try {
    const order = await cms.findByID({ collection: 'orders', id })
    const quantities: number[] = (order.items ?? []).map((item) => item.quantity)
    void quantities
    // @ts-expect-error not a collection of this config
    await cms.find({ collection: 'articles' })
    return order.total_amount
  } finally {
    await cms.destroy()
  }
}
