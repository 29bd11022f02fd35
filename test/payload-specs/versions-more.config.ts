import { defineConfig } from '../../server/config/define-config.ts'

const open = {
  read: () => true,
  create: () => true,
  update: () => true,
  delete: () => true,
  readVersions: () => true,
}
const openGlobal = { read: () => true, update: () => true, readVersions: () => true }

/**
 * More of Payload's test/versions config, re-expressed for the autosave, unpublish, duplicate, restore and
 * locale cases: a localized autosave drafts collection (a required localized title, a self relation, radio,
 * hasMany select, blocks with a localized field, a localized array of relationships in a block, hasMany select
 * two arrays deep), an autosave collection with a unique title, and two drafts globals.
 */
export const versionsMoreConfig = defineConfig({
  localization: { locales: ['en', 'es', 'de'], defaultLocale: 'en' },
  collections: [
    { slug: 'posts', access: open, fields: [{ name: 'title', type: 'text' }] },
    {
      slug: 'drafts',
      access: open,
      // As Payload's draft posts: 0 keeps every version.
      versions: { drafts: { autosave: true }, maxPerDoc: 0 },
      fields: [
        { name: 'title', type: 'text', required: true, localized: true },
        { name: 'description', type: 'text' },
        { name: 'relation', type: 'relationship', relationTo: 'drafts' },
        {
          name: 'relationWithFilterOptions',
          type: 'relationship',
          relationTo: 'drafts',
          hasMany: true,
          filterOptions: { description: { not_equals: 'hidden' } },
        },
        { name: 'radio', type: 'radio', options: ['test'] },
        { name: 'select', type: 'select', hasMany: true, options: ['test1', 'test2'] },
        {
          name: 'blocksField',
          type: 'blocks',
          blocks: [
            {
              slug: 'block',
              fields: [
                { name: 'text', type: 'text' },
                { name: 'localized', type: 'text', localized: true },
              ],
            },
          ],
        },
        {
          name: 'localizedBlocks',
          type: 'blocks',
          localized: true,
          blocks: [
            {
              slug: 'block',
              fields: [
                {
                  name: 'array',
                  type: 'array',
                  localized: true,
                  fields: [{ name: 'relationship', type: 'relationship', relationTo: 'posts' }],
                },
              ],
            },
          ],
        },
        {
          name: 'outer',
          type: 'array',
          fields: [
            {
              name: 'inner',
              type: 'array',
              fields: [
                { name: 'days', type: 'select', hasMany: true, options: ['monday', 'tuesday'] },
              ],
            },
          ],
        },
      ],
    },
    {
      slug: 'autosave-posts',
      access: open,
      versions: { drafts: { autosave: true } },
      fields: [
        { name: 'title', type: 'text', required: true, unique: true },
        { name: 'description', type: 'text' },
      ],
    },
  ],
  globals: [
    {
      slug: 'draft-global',
      access: openGlobal,
      versions: { drafts: { autosave: true } },
      fields: [{ name: 'title', type: 'text', required: true, localized: true }],
    },
    {
      slug: 'unlimited-global',
      access: openGlobal,
      versions: { drafts: true, max: 0 },
      fields: [{ name: 'title', type: 'text' }],
    },
  ],
})
