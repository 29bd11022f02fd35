import type { createClient } from '../../sdk/index.ts'

// The SDK facade types select by the collection's fields: naming another is a compile error.
declare const _cms: ReturnType<typeof createClient>
type PostsFind = Parameters<ReturnType<typeof _cms.collection<'posts'>>['find']>[0]
export const wrong: PostsFind = {
  // @ts-expect-error a select names fields of the collection only
  select: { nope: true },
}
export const right: PostsFind = { select: { title: true } }
