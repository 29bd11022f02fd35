import type { createClient } from '../../sdk/index.ts'

// The SDK facade types select by the collection's fields: naming another is a compile error.
declare const _cms: ReturnType<typeof createClient>
type PostsFind = Parameters<ReturnType<typeof _cms.collection<'posts'>>['find']>[0]
export const wrong: PostsFind = {
  // @ts-expect-error a select names fields of the collection only
  select: { nope: true },
}
export const right: PostsFind = { select: { title: true } }

// Files: only upload collections take one, and their helpers name their own sizes.
type Media = ReturnType<typeof _cms.collection<'media'>>
type Posts = ReturnType<typeof _cms.collection<'posts'>>
declare const media: Media
declare const posts: Posts
declare const mediaDoc: Awaited<ReturnType<Media['findByID']>>
export async function files() {
  await media.create({ alt: 'A cat' }, { file: new Blob([]), depth: 0 })
  await media.create({ alt: 'A cat' }, { file: { data: new Uint8Array(), name: 'cat.png' } })
  await media.update(1, { alt: 'A dog' }, { file: new File([], 'dog.png') })
  // @ts-expect-error the create input of media: alt is required
  await media.create({}, { file: new Blob([]) })
  // @ts-expect-error posts are no upload collection: no file option
  await posts.create({ title: 'x', slug: 'x' }, { file: new Blob([]) })
  // @ts-expect-error nor on update
  await posts.update(1, { title: 'x' }, { file: new Blob([]) })
  const url: string | null = media.fileURL(mediaDoc, 'thumbnail')
  const bytes: Blob = await media.getFile(mediaDoc, { size: 'card', range: 'bytes=0-9' })
  // @ts-expect-error a size media does not have
  media.fileURL(mediaDoc, 'poster')
  // @ts-expect-error posts have no file
  posts.fileURL({ url: '/x' })
  // @ts-expect-error posts have no file to fetch
  await posts.getFile('x.png')
  return { url, bytes }
}
