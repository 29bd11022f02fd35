import { defineConfig } from '../../server/config/define-config.ts'

const open = {
  read: () => true,
  create: () => true,
  update: () => true,
  delete: () => true,
  readVersions: () => true,
}

/**
 * Payload's test/versions config, re-expressed: a drafts collection with a required title and blocks, a
 * versioned collection without drafts that keeps two versions per document, and a drafts global.
 */
export const versionsConfig = defineConfig({
  collections: [
    {
      slug: 'draft-posts',
      access: open,
      versions: { drafts: true },
      fields: [
        { name: 'title', type: 'text', required: true },
        { name: 'description', type: 'text' },
        {
          name: 'blocksField',
          type: 'blocks',
          blocks: [{ slug: 'block', fields: [{ name: 'text', type: 'text' }] }],
        },
      ],
    },
    {
      slug: 'version-posts',
      access: open,
      versions: { maxPerDoc: 2 },
      fields: [
        { name: 'title', type: 'text', required: true },
        { name: 'description', type: 'text' },
      ],
    },
  ],
  globals: [
    {
      slug: 'draft-global',
      access: { read: () => true, update: () => true, readVersions: () => true },
      versions: { drafts: true, max: 3 },
      fields: [{ name: 'title', type: 'text', required: true }],
    },
  ],
})
