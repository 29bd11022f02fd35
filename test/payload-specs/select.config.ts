import { defineConfig } from '../../server/config/define-config.ts'

const open = { read: () => true, create: () => true, update: () => true, delete: () => true }

/**
 * Payload's test/select config, re-expressed: posts with scalars, relationships, a group, named and unnamed
 * tabs, an array and blocks; points; text custom ids; versioned drafts; a global; pages whose relation target
 * has a defaultPopulate.
 */
export const selectConfig = defineConfig({
  collections: [
    { slug: 'rels', access: open, fields: [{ name: 'title', type: 'text' }] },
    {
      slug: 'posts',
      access: open,
      fields: [
        { name: 'text', type: 'text' },
        { name: 'number', type: 'number' },
        { name: 'select', type: 'select', options: ['a', 'b'] },
        { name: 'selectMany', type: 'select', hasMany: true, options: ['a', 'b'] },
        { name: 'hasOne', type: 'relationship', relationTo: 'rels' },
        {
          name: 'hasManyPoly',
          type: 'relationship',
          relationTo: ['rels', 'points'],
          hasMany: true,
        },
        {
          name: 'group',
          type: 'group',
          fields: [
            { name: 'text', type: 'text' },
            { name: 'number', type: 'number' },
          ],
        },
        {
          type: 'tabs',
          tabs: [
            {
              name: 'tab',
              fields: [
                { name: 'text', type: 'text' },
                { name: 'number', type: 'number' },
              ],
            },
            { label: 'Unnamed', fields: [{ name: 'unnamedTabText', type: 'text' }] },
          ],
        },
        {
          name: 'array',
          type: 'array',
          fields: [
            { name: 'text', type: 'text' },
            { name: 'number', type: 'number' },
          ],
        },
        {
          name: 'blocks',
          type: 'blocks',
          blocks: [
            {
              slug: 'cta',
              fields: [
                { name: 'ctaText', type: 'text' },
                { name: 'ctaLink', type: 'text' },
              ],
            },
            { slug: 'intro', fields: [{ name: 'introText', type: 'text' }] },
          ],
        },
      ],
    },
    {
      slug: 'points',
      access: open,
      fields: [
        { name: 'text', type: 'text' },
        { name: 'point', type: 'point' },
      ],
    },
    {
      slug: 'custom-ids',
      access: open,
      fields: [
        { name: 'id', type: 'text' },
        { name: 'text', type: 'text' },
      ],
    },
    {
      slug: 'versioned-posts',
      access: open,
      versions: { drafts: true },
      fields: [
        { name: 'text', type: 'text' },
        { name: 'number', type: 'number' },
        { name: 'array', type: 'array', fields: [{ name: 'text', type: 'text' }] },
      ],
    },
    {
      slug: 'homepages',
      access: open,
      defaultPopulate: { slug: true },
      fields: [
        { name: 'title', type: 'text' },
        { name: 'slug', type: 'text' },
        { name: 'additional', type: 'text' },
      ],
    },
    {
      slug: 'pages',
      access: open,
      fields: [
        { name: 'title', type: 'text' },
        { name: 'home', type: 'relationship', relationTo: 'homepages' },
      ],
    },
  ],
  globals: [
    {
      slug: 'global-post',
      access: { read: () => true, update: () => true },
      fields: [
        { name: 'text', type: 'text' },
        { name: 'number', type: 'number' },
      ],
    },
  ],
})
