import { defineConfig } from '../../server/config/define-config.ts'
import type { Config } from '../../server/config/types.ts'

/**
 * The collections Payload's `test/relationships` spec queries, in this project's own shape: movies and their
 * directors (a relationship each way, a hasMany list of movies, a localized name), posts with a relation of
 * every kind, and a self-referencing tree. Everyone may read and write (the spec's access is not its subject).
 */
const open = { read: () => true, create: () => true, update: () => true, delete: () => true }

export const relationshipsConfig: Config = defineConfig({
  localization: { locales: ['en', 'de'], defaultLocale: 'en', fallback: true },
  collections: [
    {
      slug: 'directors',
      access: open,
      fields: [
        { name: 'name', type: 'text' },
        { name: 'localized', type: 'text', localized: true },
        { name: 'movie', type: 'relationship', relationTo: 'movies' },
        { name: 'movies', type: 'relationship', relationTo: 'movies', hasMany: true },
      ],
    },
    {
      slug: 'movies',
      access: open,
      fields: [
        { name: 'name', type: 'text' },
        { name: 'director', type: 'relationship', relationTo: 'directors' },
        { name: 'select', type: 'select', hasMany: true, options: ['a', 'b', 'c'] },
        {
          name: 'array',
          type: 'array',
          fields: [
            { name: 'polymorphic', type: 'relationship', relationTo: ['directors', 'movies'] },
            { name: 'directors', type: 'relationship', relationTo: 'directors', hasMany: true },
          ],
        },
      ],
    },
    {
      slug: 'relations',
      access: open,
      fields: [
        { name: 'title', type: 'text' },
        { name: 'relationField', type: 'relationship', relationTo: 'relations' },
        { name: 'relationHasMany', type: 'relationship', relationTo: 'relations', hasMany: true },
        {
          name: 'polymorphic',
          type: 'relationship',
          relationTo: ['relations', 'movies'],
        },
        {
          name: 'polymorphicMany',
          type: 'relationship',
          relationTo: ['relations', 'movies'],
          hasMany: true,
        },
        {
          name: 'localizedRelation',
          type: 'relationship',
          relationTo: 'movies',
          localized: true,
        },
        {
          name: 'maxDepthRelation',
          type: 'relationship',
          relationTo: 'relations',
          maxDepth: 0,
        },
        {
          name: 'rows',
          type: 'array',
          fields: [{ name: 'movie', type: 'relationship', relationTo: 'movies' }],
        },
        {
          name: 'layout',
          type: 'blocks',
          blocks: [
            {
              slug: 'feature',
              fields: [
                { name: 'movies', type: 'relationship', relationTo: 'movies', hasMany: true },
              ],
            },
          ],
        },
      ],
    },
    {
      slug: 'tree',
      access: open,
      fields: [
        { name: 'text', type: 'text' },
        { name: 'parent', type: 'relationship', relationTo: 'tree' },
      ],
    },
  ],
})
