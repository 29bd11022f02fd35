import { defineConfig } from '../../server/config/define-config.ts'
import type { Field } from '../../server/config/types.ts'

const open = { read: () => true, create: () => true, update: () => true, delete: () => true }
const block = (slug: string, fields: Field[]) => ({
  slug,
  fields,
})

/**
 * More of Payload's test/select config: deep posts (group > array > group, group > blocks, array > array),
 * versioned drafts with blocks, users with a name and a number, pages relating to pages, and blocks holding
 * relationships.
 */
export const selectMoreConfig = defineConfig({
  collections: [
    {
      slug: 'users',
      auth: true,
      access: { ...open, read: ({ req }) => Boolean(req.user) },
      fields: [
        { name: 'name', type: 'text' },
        { name: 'number', type: 'number' },
      ],
    },
    { slug: 'rels', access: open, fields: [{ name: 'text', type: 'text' }] },
    {
      slug: 'deep-posts',
      access: open,
      fields: [
        {
          name: 'group',
          type: 'group',
          fields: [
            {
              name: 'array',
              type: 'array',
              fields: [
                {
                  name: 'group',
                  type: 'group',
                  fields: [
                    { name: 'text', type: 'text' },
                    { name: 'number', type: 'number' },
                  ],
                },
              ],
            },
            {
              name: 'blocks',
              type: 'blocks',
              blocks: [
                block('block', [
                  { name: 'text', type: 'text' },
                  { name: 'number', type: 'number' },
                ]),
              ],
            },
          ],
        },
        {
          name: 'arrayTop',
          type: 'array',
          fields: [
            { name: 'text', type: 'text' },
            {
              name: 'arrayNested',
              type: 'array',
              fields: [
                { name: 'text', type: 'text' },
                { name: 'number', type: 'number' },
              ],
            },
          ],
        },
      ],
    },
    {
      slug: 'versioned-posts',
      access: open,
      versions: { drafts: true },
      fields: [
        { name: 'text', type: 'text' },
        { name: 'number', type: 'number' },
        {
          name: 'blocks',
          type: 'blocks',
          blocks: [block('test', [{ name: 'text', type: 'text' }])],
        },
      ],
    },
    {
      slug: 'pages',
      access: open,
      fields: [
        { name: 'slug', type: 'text' },
        { name: 'title', type: 'text' },
        { name: 'relatedPage', type: 'relationship', relationTo: 'pages' },
      ],
    },
    {
      slug: 'relationships-blocks',
      access: open,
      fields: [
        {
          name: 'blocks',
          type: 'blocks',
          blocks: [
            block('block', [
              { name: 'hasOne', type: 'relationship', relationTo: 'rels' },
              { name: 'hasMany', type: 'relationship', relationTo: 'rels', hasMany: true },
            ]),
          ],
        },
      ],
    },
  ],
})
