import { defineConfig } from '../../server/config/define-config.ts'
import type { CmsRequest } from '../../server/config/types.ts'

const isAdmin = (req: CmsRequest) =>
  Boolean((req.user as { roles?: string[] } | null)?.roles?.includes('is_admin'))
const loggedIn = ({ req }: { req: CmsRequest }) => Boolean(req.user)

/**
 * Payload's test/trash config, re-expressed: posts (trash, drafts, a required title, a localized field), a
 * collection only admins may delete from, one where anyone logged in may trash but only admins delete for good,
 * pages relating to posts (no trash), and registrations whose required relationship may point at a trashed post.
 */
export const trashConfig = defineConfig({
  localization: { locales: ['en', 'es'], defaultLocale: 'en' },
  collections: [
    {
      slug: 'users',
      auth: true,
      access: { read: () => true, create: () => true, update: () => true },
      fields: [{ name: 'roles', type: 'select', hasMany: true, options: ['is_admin', 'is_user'] }],
    },
    {
      slug: 'posts',
      trash: true,
      versions: { drafts: true },
      access: { read: () => true, create: loggedIn, update: loggedIn, delete: loggedIn },
      fields: [
        { name: 'title', type: 'text', required: true },
        { name: 'localizedField', type: 'text', localized: true },
      ],
    },
    {
      slug: 'restricted-collection',
      trash: true,
      versions: { drafts: true },
      access: {
        read: () => true,
        update: loggedIn,
        delete: ({ req }) => isAdmin(req),
      },
      fields: [{ name: 'title', type: 'text' }],
    },
    {
      slug: 'differentiated-trash-collection',
      trash: true,
      versions: { drafts: true },
      access: {
        read: () => true,
        update: loggedIn,
        // Trashing hands the access function data.deletedAt; deleting for good hands it none.
        delete: ({ req, data }) =>
          Boolean(req.user) &&
          (isAdmin(req) || Boolean((data as { deletedAt?: unknown })?.deletedAt)),
      },
      fields: [{ name: 'title', type: 'text' }],
    },
    {
      slug: 'pages',
      versions: { drafts: true },
      access: { read: () => true, create: loggedIn, update: loggedIn, delete: loggedIn },
      fields: [
        { name: 'title', type: 'text' },
        { name: 'relatedPosts', type: 'relationship', relationTo: 'posts', hasMany: true },
        { name: 'featuredPost', type: 'relationship', relationTo: 'posts' },
      ],
    },
    {
      slug: 'registrations',
      access: { read: () => true, create: loggedIn, update: loggedIn, delete: loggedIn },
      hooks: {
        afterChange: [
          // A common pattern: look the related post up and tolerate it being gone (trashed).
          async ({ data, req }) => {
            const post = (data as { post?: number }).post
            if (post)
              await req.cms.findByID({ collection: 'posts', id: post, req }).catch(() => null)
          },
        ],
      },
      fields: [
        { name: 'title', type: 'text' },
        { name: 'post', type: 'relationship', relationTo: 'posts', required: true },
      ],
    },
  ],
})
