/**
 * The example application: a small publication with members, an orders API and a tracking endpoint.
 * `npm start` migrates it and seeds realistic data on first start (see `seed/example.ts`).
 */
import {
  BlocksFeature,
  CodeBlock,
  defineConfig,
  HeadingFeature,
  lexicalEditor,
  UploadFeature,
  Unauthorized,
  type Access,
  type CmsRequest,
  type CollectionConfig,
} from './server/index.ts'
import { seedExample } from './seed/example.ts'

const isAdmin = (user: Record<string, unknown> | null | undefined): boolean =>
  Array.isArray(user?.roles) && user.roles.includes('admin')

const adminOnly: Access = ({ req }) => isAdmin(req.user)
const loggedIn: Access = ({ req }) => Boolean(req.user)
const anyone: Access = () => true

const Users: CollectionConfig = {
  slug: 'users',
  auth: true,
  labels: { singular: 'User', plural: 'Users' },
  access: {
    create: adminOnly,
    // Members read themselves; admins read everyone.
    read: ({ req }) =>
      isAdmin(req.user) ? true : req.user ? { id: { equals: req.user.id } } : false,
    update: ({ req }) =>
      isAdmin(req.user) ? true : req.user ? { id: { equals: req.user.id } } : false,
    delete: adminOnly,
  },
  fields: [
    { name: 'name', type: 'text', maxLength: 120 },
    // Only admins grant roles: a member updating their own account cannot make themselves an admin.
    {
      name: 'roles',
      type: 'select',
      hasMany: true,
      options: ['admin', 'member'],
      defaultValue: ['member'],
      required: true,
      access: { create: ({ req }) => isAdmin(req.user), update: ({ req }) => isAdmin(req.user) },
    },
  ],
}

const Categories: CollectionConfig = {
  slug: 'categories',
  labels: { singular: 'Category', plural: 'Categories' },
  access: { read: anyone, create: adminOnly, update: adminOnly, delete: adminOnly },
  fields: [
    { name: 'name', type: 'text', required: true, maxLength: 80 },
    { name: 'slug', type: 'text', required: true, unique: true, maxLength: 80 },
    { name: 'description', type: 'textarea' },
  ],
}

const Posts: CollectionConfig = {
  slug: 'posts',
  labels: { singular: 'Post', plural: 'Posts' },
  // Payload's admin options load as written; kept for an admin UI (useAsTitle must name a field).
  admin: { useAsTitle: 'title', defaultColumns: ['title', '_status', 'updatedAt'] },
  // Drafts, and publishing (or unpublishing) at a set time: Payload's schedulePublish task on the jobs queue.
  versions: { drafts: { schedulePublish: true } },
  defaultSort: '-createdAt',
  // Lists by status sorted by views walk this index instead of sorting every post of a status.
  indexes: [{ fields: ['status', 'views'] }],
  access: {
    // Anonymous visitors see published posts only; any logged-in user sees drafts too.
    read: ({ req }) => (req.user ? true : { _status: { equals: 'published' } }),
    create: loggedIn,
    update: ({ req }) =>
      isAdmin(req.user) ? true : req.user ? { author: { equals: req.user.id } } : false,
    delete: adminOnly,
  },
  fields: [
    { name: 'title', type: 'text', required: true, maxLength: 200 },
    { name: 'slug', type: 'text', required: true, unique: true, maxLength: 200 },
    { name: 'excerpt', type: 'textarea', maxLength: 500 },
    {
      name: 'body',
      type: 'richText',
      // Payload's default features, headings h2 to h4, images from media, a banner and Payload's code block.
      editor: lexicalEditor({
        features: ({ defaultFeatures }) => [
          ...defaultFeatures,
          HeadingFeature({ enabledHeadingSizes: ['h2', 'h3', 'h4'] }),
          UploadFeature({
            collections: { media: { fields: [{ name: 'caption', type: 'text' }] } },
          }),
          BlocksFeature({
            blocks: [
              {
                slug: 'banner',
                fields: [
                  {
                    name: 'style',
                    type: 'select',
                    required: true,
                    defaultValue: 'info',
                    options: ['info', 'warning', 'error', 'success'],
                  },
                  { name: 'content', type: 'richText', required: true },
                  { name: 'post', type: 'relationship', relationTo: 'posts' },
                ],
              },
              CodeBlock(),
            ],
          }),
        ],
      }),
    },
    {
      name: 'status',
      type: 'select',
      options: ['draft', 'review', 'published', 'archived'],
      defaultValue: 'draft',
      index: true,
    },
    { name: 'views', type: 'number', min: 0, defaultValue: 0, index: true },
    { name: 'featured', type: 'checkbox', defaultValue: false },
    // Conditional fields (Payload's admin.condition): the admin asks the server's form-state route which apply.
    {
      name: 'publishedAt',
      type: 'date',
      index: true,
      admin: {
        condition: (data) => data.status === 'published' || data.status === 'archived',
        description: 'Shown once the status is published or archived.',
      },
    },
    { name: 'category', type: 'relationship', relationTo: 'categories' },
    // An image of the media collection: its url and sizes come with the post at depth 1.
    { name: 'heroImage', type: 'upload', relationTo: 'media' },
    // Members write their own posts only, as themselves: a member's `author` is dropped on create and update
    // (field access) and a new post defaults to its creator; admins may set any author.
    {
      name: 'author',
      type: 'relationship',
      relationTo: 'users',
      defaultValue: ({ req }: { req: CmsRequest }) => req.user?.id,
      access: { create: ({ req }) => isAdmin(req.user), update: ({ req }) => isAdmin(req.user) },
    },
    // A bound on related posts also bounds what a nested GraphQL query may cost (docs/reliability.md).
    { name: 'related', type: 'relationship', relationTo: 'posts', hasMany: true, maxRows: 5 },
    { name: 'reference', type: 'relationship', relationTo: ['posts', 'categories'] },
    {
      name: 'tags',
      type: 'array',
      fields: [{ name: 'tag', type: 'text', required: true, maxLength: 40 }],
      maxRows: 20,
    },
    {
      name: 'layout',
      type: 'blocks',
      blocks: [
        {
          slug: 'hero',
          interfaceName: 'HeroBlock',
          fields: [
            { name: 'heading', type: 'text', required: true },
            { name: 'subheading', type: 'text' },
          ],
        },
        {
          slug: 'content',
          interfaceName: 'ContentBlock',
          fields: [{ name: 'content', type: 'richText' }],
        },
        {
          slug: 'quote',
          interfaceName: 'QuoteBlock',
          fields: [
            { name: 'quote', type: 'textarea', required: true },
            {
              name: 'attribution',
              type: 'text',
              admin: { condition: (_data, sibling) => Boolean(sibling.quote) },
            },
          ],
        },
      ],
    },
    {
      type: 'row',
      fields: [
        {
          name: 'seo',
          type: 'group',
          interfaceName: 'SeoMeta',
          fields: [
            { name: 'title', type: 'text', maxLength: 70 },
            { name: 'description', type: 'textarea', maxLength: 160 },
            { name: 'noIndex', type: 'checkbox', defaultValue: false },
          ],
        },
      ],
    },
    { name: 'location', type: 'point' },
  ],
}

// Images and documents for posts: files on the local disk (CMS_MEDIA_DIR, default data/media), three image sizes.
const Media: CollectionConfig = {
  slug: 'media',
  labels: { singular: 'Media', plural: 'Media' },
  access: { read: anyone, create: loggedIn, update: adminOnly, delete: adminOnly },
  upload: {
    staticDir: process.env.CMS_MEDIA_DIR ?? 'data/media',
    mimeTypes: ['image/*', 'application/pdf'],
    focalPoint: true,
    imageSizes: [
      { name: 'thumbnail', width: 300, height: 300 },
      { name: 'card', width: 768, height: 432 },
      { name: 'hero', width: 1600, formatOptions: { format: 'webp', options: { quality: 80 } } },
    ],
  },
  fields: [{ name: 'alt', type: 'text', required: true, maxLength: 300 }],
}

const Tracking: CollectionConfig = {
  slug: 'tracking',
  labels: { singular: 'Tracking', plural: 'Tracking' },
  access: { read: loggedIn, create: adminOnly, update: adminOnly, delete: adminOnly },
  fields: [
    { name: 'label', type: 'text', required: true },
    {
      name: 'status',
      type: 'select',
      options: ['pending', 'in_transit', 'delivered'],
      defaultValue: 'pending',
    },
    { name: 'lastEvent', type: 'text' },
    { name: 'events', type: 'number', defaultValue: 0 },
  ],
  endpoints: [
    {
      // The seed's reference handler: 401 for anonymous callers; updates the document by id through the Local layer
      // with the caller's access.
      path: '/:id/tracking',
      method: 'post',
      openapi: {
        operationId: 'recordTrackingEvent',
        summary:
          "Record a tracking event (the seed's reference handler; needs update access to the document)",
        requestBody: {
          required: true,
          content: {
            'application/json': { schema: { $ref: '#/components/schemas/TrackingUpdateInput' } },
          },
        },
        responses: {
          200: {
            description: 'Updated',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['message'],
                  properties: { message: { type: 'string' } },
                },
              },
            },
          },
          400: { $ref: '#/components/responses/BadRequest' },
          401: { $ref: '#/components/responses/Unauthorized' },
          403: { $ref: '#/components/responses/Forbidden' },
          404: { $ref: '#/components/responses/NotFound' },
          413: { $ref: '#/components/responses/PayloadTooLarge' },
        },
      },
      // It acts for the caller, so it passes `overrideAccess: false`: the collection's update access applies as on
      // PATCH (a member gets 403). Errors thrown here become the standard error body with their status.
      handler: async (req) => {
        if (!req.user) throw new Unauthorized()
        const data = (await req.json()) as Record<string, unknown>
        await req.cms.update({
          collection: 'tracking',
          id: req.routeParams!.id,
          data,
          req,
          overrideAccess: false,
        })
        return Response.json({ message: `Tracking ${req.routeParams!.id} updated` })
      },
    },
  ],
}

const Orders: CollectionConfig = {
  slug: 'orders',
  labels: { singular: 'Order', plural: 'Orders' },
  access: { read: adminOnly, create: adminOnly, update: adminOnly, delete: adminOnly },
  fields: [
    { name: 'user', type: 'relationship', relationTo: 'users', required: true },
    {
      name: 'status',
      type: 'select',
      options: ['pending', 'paid', 'shipped', 'cancelled'],
      defaultValue: 'pending',
      required: true,
      index: true,
    },
    {
      name: 'items',
      type: 'array',
      minRows: 1,
      maxRows: 100,
      fields: [
        { name: 'product', type: 'text', required: true, maxLength: 200 },
        { name: 'quantity', type: 'number', required: true, min: 1, max: 10_000 },
        { name: 'unit_price', type: 'number', required: true, min: 0 },
      ],
    },
    { name: 'total_amount', type: 'number', min: 0 },
    { name: 'paidAt', type: 'date' },
  ],
}

// Site pages: drafts saved as the editor types (autosave) and a trash to restore deleted pages from.
const Pages: CollectionConfig = {
  slug: 'pages',
  labels: { singular: 'Page', plural: 'Pages' },
  admin: { useAsTitle: 'title', defaultColumns: ['title', 'slug', '_status', 'updatedAt'] },
  versions: { drafts: { autosave: { interval: 800 } }, maxPerDoc: 20 },
  trash: true,
  access: {
    read: ({ req }) => (req.user ? true : { _status: { equals: 'published' } }),
    create: adminOnly,
    update: adminOnly,
    delete: adminOnly,
  },
  fields: [
    { name: 'title', type: 'text', required: true, maxLength: 200 },
    { name: 'slug', type: 'text', required: true, unique: true, maxLength: 200 },
    { name: 'summary', type: 'textarea', maxLength: 500 },
    // A date kept with the zone it was set in (Payload 3's timezone: the companion field reviewBy_tz).
    {
      name: 'reviewBy',
      type: 'date',
      timezone: {
        supportedTimezones: [
          'UTC',
          { value: 'Europe/Berlin', label: 'Berlin' },
          { value: 'Europe/London', label: 'London' },
          { value: 'America/New_York', label: 'New York' },
          { value: 'Asia/Tokyo', label: 'Tokyo' },
        ],
      },
      admin: { position: 'sidebar', description: 'When the page is next reviewed.' },
    },
  ],
}

export default defineConfig({
  collections: [Users, Categories, Posts, Pages, Media, Tracking, Orders],
  globals: [
    {
      slug: 'site-settings',
      label: 'Site Settings',
      access: { read: () => true, update: adminOnly },
      fields: [
        { name: 'siteName', type: 'text', required: true, defaultValue: 'Contract CMS' },
        { name: 'tagline', type: 'text' },
        { name: 'contactEmail', type: 'email' },
        { name: 'maintenanceMode', type: 'checkbox', defaultValue: false },
        {
          name: 'navigation',
          type: 'array',
          fields: [
            { name: 'label', type: 'text', required: true },
            { name: 'url', type: 'text', required: true },
          ],
        },
      ],
    },
  ],
  typescript: { outputFile: 'generated/cms-types.ts' },
  ordersApi: { orders: 'orders', users: 'users' },
  seed: seedExample,
})
