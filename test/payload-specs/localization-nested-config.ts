import { defineConfig } from '../../server/config/define-config.ts'
import type { Config, Field } from '../../server/config/types.ts'

/**
 * The nested collections of Payload's `test/localization` spec, in this project's own shape: localized groups and
 * tabs (also a localized named tab), localized fields deep inside groups, tabs, arrays and blocks, localized blocks
 * and arrays holding relationships, hasMany values and more blocks, localized (polymorphic) relationships, a user
 * with a relation, and a collection whose names only resemble locale maps. English by default, Spanish, Portuguese
 * falling back to Spanish. Everyone may read and write.
 */
const open = { read: () => true, create: () => true, update: () => true, delete: () => true }
const deep: Field[] = [
  {
    name: 'blocks',
    type: 'blocks',
    blocks: [{ slug: 'first', fields: [{ name: 'title', type: 'text', localized: true }] }],
  },
  { name: 'array', type: 'array', fields: [{ name: 'title', type: 'text', localized: true }] },
]
const poly = { type: 'relationship' as const, relationTo: ['posts'] }

export const nestedConfig: Config = defineConfig({
  localization: {
    locales: ['en', 'es', { code: 'pt', fallbackLocale: 'es' }],
    defaultLocale: 'en',
    fallback: true,
  },
  collections: [
    {
      slug: 'users',
      auth: true,
      access: open,
      fields: [{ name: 'relation', type: 'relationship', relationTo: 'posts' }],
    },
    {
      slug: 'posts',
      access: open,
      fields: [
        { name: 'title', type: 'text', localized: true },
        { name: 'description', type: 'text' },
        // Names ending in a locale code ("childr-en") are field names, not locale suffixes.
        { name: 'children', type: 'relationship', relationTo: 'posts' },
        { name: 'group', type: 'group', fields: [{ name: 'children', type: 'text' }] },
      ],
    },
    {
      slug: 'groups',
      access: open,
      fields: [
        {
          name: 'groupLocalized',
          type: 'group',
          localized: true,
          fields: [{ name: 'title', type: 'text' }],
        },
        {
          name: 'group',
          type: 'group',
          fields: [{ name: 'title', type: 'text', localized: true }],
        },
        { name: 'deep', type: 'group', fields: deep },
        {
          name: 'groupLocalizedRow',
          type: 'group',
          localized: true,
          fields: [{ type: 'row', fields: [{ name: 'text', type: 'text' }] }],
        },
      ],
    },
    {
      slug: 'tabs',
      access: open,
      fields: [
        {
          type: 'tabs',
          tabs: [
            {
              name: 'tabLocalized',
              localized: true,
              fields: [
                { name: 'title', type: 'text' },
                { name: 'array', type: 'array', fields: [{ name: 'title', type: 'text' }] },
                { name: 'group', type: 'group', fields: [{ name: 'heading', type: 'text' }] },
              ],
            },
            { name: 'tab', fields: [{ name: 'title', type: 'text', localized: true }] },
            { name: 'deep', fields: deep },
          ],
        },
      ],
    },
    {
      slug: 'blocks-fields',
      access: open,
      fields: [
        {
          name: 'content',
          type: 'blocks',
          localized: true,
          blocks: [
            {
              slug: 'blockInsideBlock',
              fields: [
                {
                  name: 'array',
                  type: 'array',
                  fields: [
                    { name: 'link', type: 'group', fields: [{ name: 'label', type: 'text' }] },
                  ],
                },
                {
                  name: 'content',
                  type: 'blocks',
                  blocks: [{ slug: 'textBlock', fields: [{ name: 'text', type: 'text' }] }],
                },
              ],
            },
          ],
        },
      ],
    },
    {
      slug: 'nested-arrays',
      access: open,
      fields: [
        {
          name: 'arrayWithBlocks',
          type: 'array',
          localized: true,
          fields: [
            {
              name: 'blocksWithinArray',
              type: 'blocks',
              blocks: [
                {
                  slug: 'someBlock',
                  fields: [
                    { name: 'relationWithinBlock', type: 'relationship', relationTo: 'posts' },
                    { name: 'myGroup', type: 'group', fields: [{ name: 'text', type: 'text' }] },
                  ],
                },
              ],
            },
          ],
        },
        {
          name: 'arrayWithLocalizedRelation',
          type: 'array',
          fields: [
            {
              name: 'localizedRelation',
              type: 'relationship',
              relationTo: 'posts',
              localized: true,
            },
          ],
        },
      ],
    },
    {
      slug: 'nested-field-tables',
      access: open,
      fields: [
        {
          name: 'array',
          type: 'array',
          localized: true,
          fields: [
            { name: 'relation', ...poly },
            { name: 'hasManyRelation', type: 'relationship', relationTo: 'posts', hasMany: true },
            { name: 'hasManyPolyRelation', ...poly, hasMany: true },
            { name: 'number', type: 'number', hasMany: true },
            { name: 'text', type: 'text', hasMany: true },
            { name: 'select', type: 'select', hasMany: true, options: ['one', 'two', 'three'] },
          ],
        },
        {
          name: 'blocks',
          type: 'blocks',
          localized: true,
          blocks: [
            {
              slug: 'block',
              fields: [
                {
                  name: 'nestedBlocks',
                  type: 'blocks',
                  blocks: [{ slug: 'content', fields: [{ name: 'relation', ...poly }] }],
                },
                { name: 'array', type: 'array', fields: [{ name: 'relation', ...poly }] },
              ],
            },
          ],
        },
      ],
    },
    {
      slug: 'nested-to-array-and-block',
      access: open,
      fields: [
        {
          name: 'blocks',
          type: 'blocks',
          blocks: [
            {
              slug: 'block',
              fields: [
                {
                  name: 'array',
                  type: 'array',
                  fields: [
                    { name: 'text', type: 'text', localized: true },
                    { name: 'textNotLocalized', type: 'text' },
                  ],
                },
              ],
            },
          ],
        },
      ],
    },
    {
      slug: 'with-localized-rel',
      access: open,
      fields: [
        { name: 'relationship', type: 'relationship', relationTo: 'posts', localized: true },
        {
          name: 'relationshipHasMany',
          type: 'relationship',
          relationTo: 'posts',
          hasMany: true,
          localized: true,
        },
        { name: 'relationMultiRelationTo', ...poly, localized: true },
        { name: 'relationMultiRelationToHasMany', ...poly, hasMany: true, localized: true },
        {
          name: 'arrayField',
          type: 'array',
          localized: true,
          fields: [{ name: 'nestedRelation', type: 'relationship', relationTo: 'posts' }],
        },
      ],
    },
    {
      slug: 'localized-drafts',
      access: open,
      versions: { drafts: true },
      fields: [{ name: 'title', type: 'text', localized: true }],
    },
    {
      slug: 'no-localized-fields',
      access: open,
      fields: [
        { name: 'text', type: 'text' },
        {
          name: 'group',
          type: 'group',
          fields: [{ name: 'en', type: 'group', fields: [{ name: 'text', type: 'text' }] }],
        },
      ],
    },
  ],
  globals: [
    {
      slug: 'global-drafts',
      access: { read: () => true, update: () => true },
      versions: { drafts: true },
      fields: [{ name: 'text', type: 'text', localized: true }],
    },
  ],
})
