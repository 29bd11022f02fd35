import { defineConfig } from '../../server/config/define-config.ts'
import type { Config } from '../../server/config/types.ts'

const open = { read: () => true, create: () => true, update: () => true, delete: () => true }

/**
 * More of Payload's `test/relationships` collections: a relationship with filterOptions, relations to text and
 * number custom ids, tabs > blocks > tabs, localized relationships (in a block, hasMany, polymorphic) and a
 * polymorphic relationship to pages and custom ids alike.
 */
export const relationshipsMoreConfig: Config = defineConfig({
  localization: { locales: ['en', 'de'], defaultLocale: 'en', fallback: true },
  collections: [
    {
      slug: 'relation',
      access: open,
      hooks: {
        // Payload's "filtered relations within a transaction": a post relating to this document is created in
        // the same transaction, before it commits, so the filterOptions check must see the uncommitted row.
        afterChange: [
          async ({ doc, req, operation }) => {
            const d = doc as { id: number; name?: string }
            if (operation === 'create' && d.name === 'parent')
              await req.cms.create({
                collection: 'posts',
                data: { title: 'in transaction', filteredRelation: d.id },
                req,
              })
            return d
          },
        ],
      },
      fields: [
        { name: 'name', type: 'text' },
        { name: 'disableRelation', type: 'checkbox' },
      ],
    },
    {
      slug: 'custom-id',
      access: open,
      fields: [
        { name: 'id', type: 'text' },
        { name: 'name', type: 'text' },
      ],
    },
    {
      slug: 'custom-id-number',
      access: open,
      fields: [
        { name: 'id', type: 'number' },
        { name: 'name', type: 'text' },
      ],
    },
    {
      slug: 'posts',
      access: open,
      fields: [
        { name: 'title', type: 'text' },
        {
          name: 'filteredRelation',
          type: 'relationship',
          relationTo: 'relation',
          filterOptions: { disableRelation: { not_equals: true } },
        },
        { name: 'customIdRelation', type: 'relationship', relationTo: 'custom-id' },
        { name: 'customIdNumberRelation', type: 'relationship', relationTo: 'custom-id-number' },
      ],
    },
    { slug: 'movies', access: open, fields: [{ name: 'name', type: 'text' }] },
    { slug: 'directors', access: open, fields: [{ name: 'name', type: 'text' }] },
    {
      slug: 'deep-nested',
      access: open,
      fields: [
        {
          type: 'tabs',
          tabs: [
            {
              name: 'content',
              fields: [
                {
                  name: 'blocks',
                  type: 'blocks',
                  blocks: [
                    {
                      slug: 'testBlock',
                      fields: [
                        {
                          type: 'tabs',
                          tabs: [
                            {
                              name: 'meta',
                              fields: [
                                { name: 'movie', type: 'relationship', relationTo: 'movies' },
                              ],
                            },
                          ],
                        },
                      ],
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
    },
    {
      slug: 'blocks',
      access: open,
      fields: [
        {
          name: 'blocks',
          type: 'blocks',
          blocks: [
            {
              slug: 'some',
              fields: [
                {
                  name: 'directors',
                  type: 'relationship',
                  relationTo: 'directors',
                  hasMany: true,
                  localized: true,
                },
              ],
            },
          ],
        },
      ],
    },
    {
      slug: 'posts-localized',
      access: open,
      fields: [
        { name: 'title', type: 'text' },
        { name: 'relationField', type: 'relationship', relationTo: 'relation', localized: true },
      ],
    },
    {
      slug: 'polymorphic-relationships',
      access: open,
      fields: [
        {
          name: 'polymorphicLocalized',
          type: 'relationship',
          relationTo: ['movies', 'directors'],
          localized: true,
        },
        {
          name: 'polymorphicManyLocalized',
          type: 'relationship',
          relationTo: ['movies', 'directors'],
          hasMany: true,
          localized: true,
        },
      ],
    },
    {
      slug: 'items',
      access: open,
      fields: [{ name: 'status', type: 'select', options: ['pending', 'completed'] }],
    },
    {
      slug: 'item-relations',
      access: open,
      fields: [{ name: 'item', type: 'relationship', relationTo: ['items', 'movies'] }],
    },
    { slug: 'pages', access: open, fields: [{ name: 'title', type: 'text' }] },
    {
      slug: 'rels-to-pages-and-custom-text-ids',
      access: open,
      fields: [
        {
          name: 'rel',
          type: 'relationship',
          relationTo: ['pages', 'custom-id', 'custom-id-number'],
        },
      ],
    },
  ],
})
