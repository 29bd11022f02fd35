import { defineConfig } from '../../server/config/define-config.ts'
import type { Config } from '../../server/config/types.ts'

const open = { read: () => true, create: () => true, update: () => true, delete: () => true }

/**
 * More of Payload's `test/joins` collections: a camelCase join inside a group, a join from a collection with a
 * singular slug, a hasMany select queried in a join's where, drafts on both sides of a join, and a join whose
 * configured `where` names a field its caller may not read.
 */
export const joinsVersionsConfig: Config = defineConfig({
  collections: [
    { slug: 'users', auth: true, access: open, fields: [] },
    {
      slug: 'categories',
      access: open,
      fields: [
        { name: 'name', type: 'text' },
        { name: 'relatedPosts', type: 'join', collection: 'posts', on: 'category' },
        { name: 'singulars', type: 'join', collection: 'singular', on: 'category' },
        {
          name: 'group',
          type: 'group',
          fields: [
            {
              name: 'camelCasePosts',
              type: 'join',
              collection: 'posts',
              on: 'group.camelCaseCategory',
            },
          ],
        },
      ],
    },
    {
      slug: 'posts',
      access: open,
      fields: [
        { name: 'title', type: 'text' },
        { name: 'category', type: 'relationship', relationTo: 'categories' },
        { name: 'folderType', type: 'select', hasMany: true, options: ['one', 'two'] },
        {
          name: 'group',
          type: 'group',
          fields: [{ name: 'camelCaseCategory', type: 'relationship', relationTo: 'categories' }],
        },
      ],
    },
    {
      slug: 'singular',
      access: open,
      fields: [{ name: 'category', type: 'relationship', relationTo: 'categories' }],
    },
    {
      slug: 'categories-versions',
      access: open,
      versions: { drafts: true },
      fields: [
        { name: 'title', type: 'text' },
        { name: 'relatedVersions', type: 'join', collection: 'versions', on: 'categoryVersion' },
        {
          name: 'relatedVersionsMany',
          type: 'join',
          collection: 'versions',
          on: 'categoryVersions',
        },
      ],
    },
    {
      slug: 'versions',
      access: open,
      versions: { drafts: true },
      fields: [
        { name: 'title', type: 'text' },
        { name: 'categoryVersion', type: 'relationship', relationTo: 'categories-versions' },
        {
          name: 'categoryVersions',
          type: 'relationship',
          relationTo: 'categories-versions',
          hasMany: true,
        },
      ],
    },
    {
      slug: 'restricted-categories',
      access: open,
      fields: [
        { name: 'name', type: 'text' },
        {
          // Misconfigured on purpose (as Payload's): its `where` names a field nobody may read.
          name: 'restrictedPosts',
          type: 'join',
          collection: 'restricted-posts',
          on: 'category',
          where: { restrictedField: { equals: 'restricted' } },
        },
      ],
    },
    {
      slug: 'restricted-posts',
      access: open,
      fields: [
        { name: 'title', type: 'text' },
        { name: 'category', type: 'relationship', relationTo: 'restricted-categories' },
        { name: 'restrictedField', type: 'text', access: { read: () => false } },
      ],
    },
  ],
})
