/**
 * Issue 33: a config written the way Payload's website template writes its own (templates/website: Users, Media,
 * Categories, Posts with tabs, a hero whose media is required by condition, `populatedAuthors` filled by an
 * afterRead hook through `req.payload`, a `ui` field, drafts, and a plugin adding SEO fields) starts unchanged and
 * serves REST and GraphQL in Payload's shapes.
 */
import test from 'ava'
// The worktree's own `payload` (the package links to packages/payload-alias, which re-exports server/index.ts).
import { buildConfig } from '../../server/index.ts'
import type {
  CollectionAfterReadHook,
  CollectionConfig,
  Config,
  Plugin,
} from '../../server/index.ts'
import { compileSDL } from '../../server/contracts/graphql.ts'
import { useServer } from '../helpers/http.ts'

const anyone = () => true
const authenticated = ({ req }: { req: { user?: unknown } }) => Boolean(req.user)

const Users: CollectionConfig = {
  slug: 'users',
  access: {
    admin: authenticated,
    create: authenticated,
    read: authenticated,
    update: authenticated,
  },
  admin: { defaultColumns: ['name', 'email'], useAsTitle: 'name' },
  auth: true,
  fields: [{ name: 'name', type: 'text' }],
  timestamps: true,
}

const Media: CollectionConfig = {
  slug: 'media',
  access: { create: authenticated, delete: authenticated, read: anyone, update: authenticated },
  fields: [
    { name: 'alt', type: 'text' },
    { name: 'caption', type: 'richText', editor: { name: 'lexical' } },
  ],
}

const Categories: CollectionConfig = {
  slug: 'categories',
  access: { create: authenticated, delete: authenticated, read: anyone, update: authenticated },
  admin: { useAsTitle: 'title' },
  fields: [{ name: 'title', type: 'text', required: true }],
}

// The template's hook, as written there: the users collection is private, so the post carries their names.
const populateAuthors: CollectionAfterReadHook = async ({ doc, req: { payload } }) => {
  const post = doc as { authors?: (number | { id: number })[]; populatedAuthors?: unknown }
  if (post?.authors && post.authors.length > 0) {
    const authorDocs: { id: number; name?: string }[] = []
    for (const author of post.authors) {
      const authorDoc = (await payload.findByID({
        id: typeof author === 'object' ? author.id : author,
        collection: 'users',
        depth: 0,
        overrideAccess: true,
      })) as { id: number; name?: string }
      if (authorDoc) authorDocs.push(authorDoc)
      // Payload's template stores the numeric id, which Payload's GraphQL answers as a string; the row's `id` is a
      // text field, so the REST contract says string too (docs/decisions.md).
      post.populatedAuthors = authorDocs.map((a) => ({ id: String(a.id), name: a.name }))
    }
  }
  return doc
}

const hero = {
  name: 'hero',
  type: 'group',
  fields: [
    {
      name: 'type',
      type: 'select',
      defaultValue: 'lowImpact',
      label: 'Type',
      options: [
        { label: 'None', value: 'none' },
        { label: 'High Impact', value: 'highImpact' },
        { label: 'Low Impact', value: 'lowImpact' },
      ],
      required: true,
    },
    {
      name: 'media',
      type: 'relationship',
      relationTo: 'media',
      admin: { condition: (_: unknown, { type }: { type?: string } = {}) => type === 'highImpact' },
      required: true,
    },
  ],
  label: false,
} as const

const Posts: CollectionConfig = {
  slug: 'posts',
  access: { create: authenticated, delete: authenticated, read: anyone, update: authenticated },
  admin: { defaultColumns: ['title', 'slug', 'updatedAt'], useAsTitle: 'title' },
  fields: [
    { name: 'title', type: 'text', required: true },
    {
      type: 'tabs',
      tabs: [
        { fields: [hero as never], label: 'Hero' },
        {
          fields: [
            {
              name: 'content',
              type: 'richText',
              editor: { name: 'lexical' },
              label: false,
            },
            {
              name: 'livePreview',
              type: 'ui',
              admin: { components: { Field: '@/components/LivePreviewButton' } },
            },
          ],
          label: { en: 'Content', de: 'Inhalt' },
        },
      ],
    },
    {
      name: 'relatedPosts',
      type: 'relationship',
      admin: { position: 'sidebar' },
      filterOptions: ({ id }: { id?: unknown }) => ({ id: { not_in: [id] } }),
      hasMany: true,
      relationTo: 'posts',
    },
    {
      name: 'categories',
      type: 'relationship',
      admin: { position: 'sidebar' },
      hasMany: true,
      relationTo: 'categories',
    },
    {
      name: 'publishedAt',
      type: 'date',
      admin: { date: { pickerAppearance: 'dayAndTime' }, position: 'sidebar' },
    },
    {
      name: 'authors',
      type: 'relationship',
      admin: { position: 'sidebar' },
      hasMany: true,
      relationTo: 'users',
    },
    {
      name: 'populatedAuthors',
      type: 'array',
      access: { update: () => false },
      admin: { disabled: true, readOnly: true },
      fields: [
        { name: 'id', type: 'text' },
        { name: 'name', type: 'text' },
      ],
    },
    // The template's slugField(): a text field and a ui lock next to it, in a row.
    {
      type: 'row',
      fields: [
        { name: 'slug', type: 'text', index: true, admin: { position: 'sidebar' } },
        {
          name: 'slugLock',
          type: 'ui',
          admin: { components: { Field: '@/fields/slug/SlugComponent' } },
        },
      ],
    },
  ],
  hooks: { afterRead: [populateAuthors] },
  versions: { drafts: { autosave: { interval: 100 } }, maxPerDoc: 50 },
}

// As @payloadcms/plugin-seo does: a plugin that adds a `meta` group to the collections it names.
const seoPlugin =
  ({ collections }: { collections: string[] }): Plugin =>
  (config: Config) => ({
    ...config,
    collections: config.collections?.map((c) =>
      collections.includes(c.slug)
        ? {
            ...c,
            fields: [
              ...c.fields,
              {
                name: 'meta',
                type: 'group',
                label: 'SEO',
                fields: [
                  { name: 'title', type: 'text' },
                  { name: 'description', type: 'textarea' },
                  { name: 'image', type: 'relationship', relationTo: 'media' },
                ],
              },
            ],
          }
        : c,
    ),
  })

const config = buildConfig({
  admin: { importMap: { baseDir: '/src' }, user: Users.slug, livePreview: { breakpoints: [] } },
  collections: [Posts, Media, Categories, Users],
  cors: ['https://example.com'],
  globals: [],
  plugins: [seoPlugin({ collections: ['posts'] })],
  secret: 'a-test-secret-that-is-at-least-32-bytes-long',
  typescript: { outputFile: 'payload-types.ts' },
})

const s = useServer(test, config, async (cms) => {
  const ada = await cms.create({
    collection: 'users',
    data: { email: 'ada@example.com', password: 'ada-password-1', name: 'Ada' },
  })
  return { ada }
})

const login = async () => {
  const res = await s.request('POST', '/api/users/login', {
    body: { email: 'ada@example.com', password: 'ada-password-1' },
  })
  return { authorization: `JWT ${res.body.token}` }
}
const gql = async (query: string, headers: Record<string, string> = {}) =>
  (await s.request('POST', '/api/graphql', { body: { query }, headers })).body

test('the template-shaped config serves REST and GraphQL in Payload shapes', async (t) => {
  const headers = await login()
  const image = await s.request('POST', '/api/media', { body: { alt: 'Cover' }, headers })
  t.is(image.status, 201)
  const news = await s.request('POST', '/api/categories', { body: { title: 'News' }, headers })
  // A high-impact hero needs its media (the condition holds); a low-impact one does not.
  const missing = await s.request('POST', '/api/posts', {
    body: { title: 'Hello', hero: { type: 'highImpact' }, _status: 'published' },
    headers,
  })
  t.is(missing.status, 400)
  t.deepEqual(
    missing.body.errors[0].data.errors.map((e: { path: string }) => e.path),
    ['hero.media'],
  )
  const created = await s.request('POST', '/api/posts', {
    body: {
      title: 'Hello',
      hero: { type: 'highImpact', media: image.body.doc.id },
      categories: [news.body.doc.id],
      authors: [s.data.ada.id],
      meta: { title: 'Hello | Site', description: 'A first post' },
      slug: 'hello',
      _status: 'published',
    },
    headers,
  })
  t.is(created.status, 201)
  const id = created.body.doc.id
  const read = (await s.request('GET', `/api/posts/${id}`, { query: { depth: '0' } })).body
  t.like(read, {
    title: 'Hello',
    hero: { type: 'highImpact', media: image.body.doc.id },
    categories: [news.body.doc.id],
    relatedPosts: [],
    populatedAuthors: [{ id: String(s.data.ada.id), name: 'Ada' }],
    meta: { title: 'Hello | Site', description: 'A first post', image: null },
    slug: 'hello',
    _status: 'published',
  })
  t.false('livePreview' in read)
  const q = await gql(
    `{ Posts(where: { title: { equals: "Hello" } }) { docs { title categories { title } populatedAuthors { id name } meta { title } hero { type media { alt } } } } allMedia { totalDocs docs { alt } } }`,
  )
  t.deepEqual(q, {
    data: {
      Posts: {
        docs: [
          {
            title: 'Hello',
            categories: [{ title: 'News' }],
            populatedAuthors: [{ id: String(s.data.ada.id), name: 'Ada' }],
            meta: { title: 'Hello | Site' },
            hero: { type: 'highImpact', media: { alt: 'Cover' } },
          },
        ],
      },
      allMedia: { totalDocs: 1, docs: [{ alt: 'Cover' }] },
    },
  })
  // Anonymous readers see published posts (read: anyone); users stay private.
  t.is((await s.request('GET', '/api/users')).status, 401)
  // The users' access.admin answers canAccessAdmin, on REST and GraphQL.
  t.is((await s.request('GET', '/api/access', { headers })).body.canAccessAdmin, true)
  t.is((await s.request('GET', '/api/access')).body.canAccessAdmin, false)
  t.deepEqual(await gql('{ Access { canAccessAdmin } }', headers), {
    data: { Access: { canAccessAdmin: true } },
  })
})

test('the per-language tab label, the ui field and the plugin field in the contracts', async (t) => {
  const sdl = compileSDL(s.cms.config)
  const openapi = (await s.request('GET', '/api/openapi.json')).body
  const post = openapi.components.schemas.Post
  t.truthy(post.properties.meta)
  t.false('livePreview' in post.properties)
  t.false(JSON.stringify(openapi).includes('Inhalt'))
  t.regex(sdl, /type Post \{[^}]*meta: Post_Meta/)
  t.notRegex(sdl, /livePreview/)
  t.regex(sdl, /allMedia\(where: Media_where/)
})
