/**
 * The config and documents of the rich-text population tests (populate.test.ts, populate-graphql.test.ts): an
 * article holding a heading, a list, an internal link, a relationship node, an upload node and a block holding a
 * relationship, over posts (one unreadable by anonymous callers, one trashed), authors and media.
 */
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { defineConfig } from '../../server/config/define-config.ts'
import {
  BlocksFeature,
  LinkFeature,
  RelationshipFeature,
  UploadFeature,
  lexicalEditor,
} from '../../server/config/lexical-editor.ts'
import type { Cms } from '../../server/local/cms.ts'
import { el, state, text } from './lexical.ts'

const staticDir = await mkdtemp(path.join(tmpdir(), 'cms-richtext-populate-'))
const open = { read: () => true, create: () => true, update: () => true, delete: () => true }

export const config = defineConfig({
  secret: 'Tq8-richtext-populate-secret-of-32+-bytes',
  localization: { locales: ['en', 'fr'], defaultLocale: 'en' },
  collections: [
    {
      slug: 'authors',
      access: open,
      fields: [
        { name: 'name', type: 'text' },
        { name: 'email', type: 'text', hidden: true },
        { name: 'nickname', type: 'text', access: { read: () => false } },
        {
          name: 'label',
          type: 'text',
          virtual: true,
          hooks: { afterRead: [({ siblingData }) => `Author ${String(siblingData.name)}`] },
        },
      ],
    },
    {
      slug: 'media',
      access: open,
      upload: { staticDir: path.join(staticDir, 'media') },
      fields: [{ name: 'alt', type: 'text' }],
    },
    {
      slug: 'posts',
      trash: true,
      // Anonymous callers may not read secret posts; the Local API (overrideAccess) reads every one.
      access: { ...open, read: () => ({ secret: { not_equals: true } }) },
      defaultPopulate: { title: true, author: true, notes: true, brief: true, body: true },
      fields: [
        { name: 'title', type: 'text' },
        { name: 'secret', type: 'checkbox', defaultValue: false },
        { name: 'author', type: 'relationship', relationTo: 'authors' },
        // Relationship nodes bounded by the feature: populated at level 1 at most.
        {
          name: 'body',
          type: 'richText',
          editor: lexicalEditor({ features: [RelationshipFeature({ maxDepth: 1 })] }),
        },
        // Everything in it bounded by the field.
        { name: 'brief', type: 'richText', maxDepth: 1 },
        { name: 'notes', type: 'richText' },
      ],
    },
    {
      slug: 'articles',
      access: open,
      fields: [
        { name: 'title', type: 'text' },
        { name: 'featured', type: 'relationship', relationTo: 'posts' },
        {
          name: 'body',
          type: 'richText',
          editor: lexicalEditor({
            features: ({ defaultFeatures }) => [
              ...defaultFeatures,
              LinkFeature({
                fields: [{ name: 'reviewer', type: 'relationship', relationTo: 'authors' }],
              }),
              UploadFeature({
                collections: {
                  media: {
                    fields: [{ name: 'credit', type: 'relationship', relationTo: 'authors' }],
                  },
                },
              }),
              BlocksFeature({
                blocks: [
                  {
                    slug: 'callout',
                    fields: [
                      { name: 'post', type: 'relationship', relationTo: 'posts' },
                      { name: 'note', type: 'richText' },
                    ],
                  },
                ],
                inlineBlocks: [
                  {
                    slug: 'mention',
                    fields: [{ name: 'who', type: 'relationship', relationTo: 'authors' }],
                  },
                ],
              }),
            ],
          }),
        },
        { name: 'nothing', type: 'richText', maxDepth: 0 },
        // Links to authors only.
        {
          name: 'plain',
          type: 'richText',
          editor: lexicalEditor({ features: [LinkFeature({ enabledCollections: ['authors'] })] }),
        },
        { name: 'intro', type: 'richText', localized: true },
      ],
    },
  ],
})

/** Payload's relationship node. */
export const relationshipNode = (relationTo: string, value: unknown) => ({
  type: 'relationship',
  format: '',
  relationTo,
  value,
  version: 2,
})

/** Payload's upload node. */
export const uploadNode = (
  relationTo: string,
  value: unknown,
  fields: Record<string, unknown>,
) => ({
  type: 'upload',
  format: '',
  id: 'u1',
  relationTo,
  value,
  fields,
  version: 3,
})

/** A link node (internal when `doc` is given). */
export const link = (label: string, doc?: { relationTo: string; value: unknown }, extra = {}) =>
  el('link', [text(label)], {
    version: 3,
    fields: doc
      ? { url: '', newTab: false, linkType: 'internal', doc, ...extra }
      : { url: 'https://example.com', newTab: false, linkType: 'custom', ...extra },
  })

/** A block node of the `callout` block. */
export const callout = (id: string, data: Record<string, unknown>) => ({
  type: 'block',
  format: '',
  version: 2,
  fields: { id, blockName: '', blockType: 'callout', ...data },
})

export const mention = (who: unknown) => ({
  type: 'inlineBlock',
  version: 1,
  fields: { id: 'm1', blockName: '', blockType: 'mention', who },
})

/** The article's body: every kind of node population looks into, pointing at `post`, `image` and `author`. */
export function articleBody(post: unknown, image: unknown, author: unknown) {
  return state(
    el('heading', [text('Opening')], { tag: 'h2' }),
    el(
      'list',
      [el('listitem', [text('one')], { value: 1 }), el('listitem', [text('two')], { value: 2 })],
      { listType: 'bullet', tag: 'ul', start: 1 },
    ),
    el('paragraph', [
      text('Read '),
      link('the post', { relationTo: 'posts', value: post }, { reviewer: author }),
      text(' by '),
      mention(author),
    ]),
    relationshipNode('posts', post),
    uploadNode('media', image, { credit: author }),
    callout('c1', {
      post,
      note: state(el('paragraph', [text('see')]), relationshipNode('authors', author)),
    }),
  )
}

export type Ids = {
  author: number
  post: number
  secret: number
  trashed: number
  image: number
  article: number
  hidden: number
  counted: number[]
  one: number
  many: number
}

const png = () =>
  sharp({ create: { width: 4, height: 4, channels: 3, background: '#36c' } })
    .png()
    .toBuffer()

/** The documents; `many` holds 50 relationship nodes (to 50 posts, each with its own author), `one` one. */
export async function seed(cms: Cms): Promise<Ids> {
  const author = await cms.create({
    collection: 'authors',
    data: { name: 'Ada', email: 'ada@example.com', nickname: 'A' },
  })
  const aid = author.id as number
  const post = await cms.create({
    collection: 'posts',
    data: {
      title: 'Post',
      author: aid,
      body: state(relationshipNode('authors', aid)),
      brief: state(relationshipNode('authors', aid)),
      notes: state(relationshipNode('authors', aid)),
    },
  })
  const secret = await cms.create({ collection: 'posts', data: { title: 'Secret', secret: true } })
  const trashed = await cms.create({ collection: 'posts', data: { title: 'Gone' } })
  const goner = await cms.create({ collection: 'authors', data: { name: 'Goner' } })
  const image = await cms.create({
    collection: 'media',
    data: { alt: 'Blue' },
    file: { data: await png(), name: 'blue.png' },
  })
  const pid = post.id as number
  const article = await cms.create({
    collection: 'articles',
    data: {
      title: 'Article',
      featured: pid,
      body: articleBody(pid, image.id, aid),
      nothing: state(relationshipNode('posts', pid)),
      plain: state(el('paragraph', [link('x', { relationTo: 'authors', value: aid })])),
      intro: state(relationshipNode('posts', pid)),
    },
  })
  await cms.update({
    collection: 'articles',
    id: article.id,
    locale: 'fr',
    data: { intro: state(relationshipNode('authors', aid)) },
  })
  const sid = secret.id as number
  const hidden = await cms.create({
    collection: 'articles',
    data: {
      title: 'Hidden things',
      featured: sid,
      body: state(
        el('paragraph', [link('secret', { relationTo: 'posts', value: sid })]),
        relationshipNode('posts', sid),
        relationshipNode('posts', trashed.id),
        relationshipNode('authors', goner.id),
        callout('c2', { post: sid }),
      ),
      // In the default locale only: read in `fr`, the fallback value is populated.
      intro: state(relationshipNode('posts', pid)),
    },
  })
  // Trashed and deleted once the article points at them (a write may refuse to point at them).
  await cms.update({
    collection: 'posts',
    id: trashed.id,
    data: { deletedAt: new Date().toISOString() },
  })
  await cms.delete({ collection: 'authors', id: goner.id })
  const counted: number[] = []
  for (let i = 0; i < 50; i++) {
    const a = await cms.create({ collection: 'authors', data: { name: `A${i}` } })
    const p = await cms.create({
      collection: 'posts',
      data: { title: `P${i}`, author: a.id, notes: state(relationshipNode('authors', a.id)) },
    })
    counted.push(p.id as number)
  }
  const nodes = (ids: number[]) => state(...ids.map((id) => relationshipNode('posts', id)))
  const one = await cms.create({
    collection: 'articles',
    data: { title: 'One', body: nodes(counted.slice(0, 1)) },
  })
  const many = await cms.create({
    collection: 'articles',
    data: { title: 'Many', body: nodes(counted) },
  })
  return {
    author: aid,
    post: pid,
    secret: sid,
    trashed: trashed.id as number,
    image: image.id as number,
    article: article.id as number,
    hidden: hidden.id as number,
    counted,
    one: one.id as number,
    many: many.id as number,
  }
}
