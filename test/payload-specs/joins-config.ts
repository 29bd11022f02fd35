import { defineConfig } from '../../server/config/define-config.ts'
import type { Config } from '../../server/config/types.ts'

/**
 * The collections Payload's `test/joins` spec queries through join fields, in this project's own shape:
 * categories joined by posts through a relationship, a hasMany relationship and a relationship in a group, a join
 * filtered by its own `where`, and posts whose read access is a Where for anonymous callers.
 */
export const joinsSpecConfig: Config = defineConfig({
  collections: [
    {
      slug: 'categories',
      access: { read: () => true, create: () => true, update: () => true, delete: () => true },
      fields: [
        { name: 'name', type: 'text' },
        { name: 'parent', type: 'relationship', relationTo: 'categories' },
        // A collection joining itself.
        { name: 'children', type: 'join', collection: 'categories', on: 'parent' },
        { name: 'relatedPosts', type: 'join', collection: 'posts', on: 'category' },
        { name: 'hasManyPosts', type: 'join', collection: 'posts', on: 'categories' },
        {
          name: 'filtered',
          type: 'join',
          collection: 'posts',
          on: 'category',
          where: { isFiltered: { not_equals: true } },
        },
        {
          name: 'group',
          type: 'group',
          fields: [
            { name: 'relatedPosts', type: 'join', collection: 'posts', on: 'group.category' },
          ],
        },
      ],
    },
    {
      slug: 'posts',
      access: {
        read: ({ req }) => (req.user ? true : { isPublic: { equals: true } }),
        create: () => true,
        delete: () => true,
      },
      fields: [
        { name: 'title', type: 'text' },
        { name: 'isFiltered', type: 'checkbox' },
        { name: 'isPublic', type: 'checkbox', defaultValue: true },
        { name: 'category', type: 'relationship', relationTo: 'categories' },
        { name: 'categories', type: 'relationship', relationTo: 'categories', hasMany: true },
        {
          name: 'group',
          type: 'group',
          fields: [{ name: 'category', type: 'relationship', relationTo: 'categories' }],
        },
      ],
    },
    {
      slug: 'users',
      auth: true,
      fields: [],
    },
  ],
})
