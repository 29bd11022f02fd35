import { defineConfig } from '../../server/config/define-config.ts'
import type { Config } from '../../server/config/types.ts'

/**
 * The collections Payload's `test/localization` spec reads and queries, in this project's own shape: localized
 * posts (text, textarea, number, checkbox, a localized array and group, a localized relationship), English by
 * default and Spanish falling back to it. Everyone may read and write.
 */
const open = { read: () => true, create: () => true, update: () => true, delete: () => true }

export const localizationConfig: Config = defineConfig({
  localization: {
    locales: ['en', 'es', { code: 'pt', fallbackLocale: 'es' }],
    defaultLocale: 'en',
    fallback: true,
  },
  collections: [
    {
      slug: 'localized-posts',
      access: open,
      fields: [
        { name: 'title', type: 'text', localized: true },
        { name: 'description', type: 'textarea', localized: true },
        { name: 'code', type: 'code', localized: true },
        { name: 'rank', type: 'number', localized: true },
        { name: 'active', type: 'checkbox', localized: true },
        { name: 'plain', type: 'text' },
        {
          name: 'items',
          type: 'array',
          localized: true,
          fields: [{ name: 'text', type: 'text' }],
        },
        {
          name: 'meta',
          type: 'group',
          localized: true,
          fields: [{ name: 'note', type: 'text' }],
        },
        { name: 'related', type: 'relationship', relationTo: 'localized-posts', localized: true },
        {
          name: 'relatedMany',
          type: 'relationship',
          relationTo: 'localized-posts',
          hasMany: true,
          localized: true,
        },
        { name: 'published', type: 'date', localized: true },
      ],
    },
  ],
})
