import { defineConfig } from '../../server/config/define-config.ts'

const open = { read: () => true, create: () => true, update: () => true, delete: () => true }

/**
 * Payload's test/select "localized-posts", re-expressed: localized scalars, a localized group and array and blocks,
 * and their unlocalized twins (`groupSecond`, `arraySecond`, `blocksSecond`) holding a localized field inside.
 */
export const selectLocalizedConfig = defineConfig({
  localization: { locales: ['en', 'es'], defaultLocale: 'en', fallback: true },
  collections: [
    {
      slug: 'localized-posts',
      access: open,
      fields: [
        { name: 'text', type: 'text', localized: true },
        { name: 'number', type: 'number', localized: true },
        { name: 'select', type: 'select', options: ['a', 'b'], localized: true },
        {
          name: 'selectMany',
          type: 'select',
          hasMany: true,
          options: ['a', 'b'],
          localized: true,
        },
        {
          name: 'group',
          type: 'group',
          localized: true,
          fields: [
            { name: 'text', type: 'text' },
            { name: 'number', type: 'number' },
          ],
        },
        {
          name: 'groupSecond',
          type: 'group',
          fields: [
            { name: 'text', type: 'text', localized: true },
            { name: 'number', type: 'number' },
          ],
        },
        {
          name: 'array',
          type: 'array',
          localized: true,
          fields: [
            { name: 'text', type: 'text' },
            { name: 'number', type: 'number' },
          ],
        },
        {
          name: 'arraySecond',
          type: 'array',
          fields: [
            { name: 'text', type: 'text', localized: true },
            { name: 'number', type: 'number' },
          ],
        },
        {
          name: 'blocks',
          type: 'blocks',
          localized: true,
          blocks: [
            {
              slug: 'intro',
              fields: [
                { name: 'text', type: 'text' },
                { name: 'introText', type: 'text' },
              ],
            },
            {
              slug: 'cta',
              fields: [
                { name: 'text', type: 'text' },
                { name: 'ctaText', type: 'text' },
              ],
            },
          ],
        },
        {
          name: 'blocksSecond',
          type: 'blocks',
          blocks: [
            {
              slug: 'first',
              fields: [
                { name: 'text', type: 'text' },
                { name: 'firstText', type: 'text', localized: true },
              ],
            },
            {
              slug: 'second',
              fields: [
                { name: 'text', type: 'text', localized: true },
                { name: 'secondText', type: 'text' },
              ],
            },
          ],
        },
      ],
    },
  ],
})
