import { defineConfig } from '../../server/config/define-config.ts'
import { APIError } from '../../server/errors/api-error.ts'

/** The errors the posts' afterError hook saw (Payload's "afterError hook on collection level"). */
export const afterErrors: string[] = []

const open = { read: () => true, create: () => true, update: () => true, delete: () => true }

/**
 * Payload's test/collections-rest config, re-expressed: posts with a few scalar fields, relations (one, many,
 * polymorphic), a field nobody may read, deeply nested layout fields; a point collection; custom ids (text and
 * number); a collection whose hooks fail on demand (bulk errors).
 */
export const collectionsRestConfig = defineConfig({
  endpoints: [
    {
      path: '/internal-error-here',
      method: 'get',
      handler: () => {
        throw new Error('kaboom: an internal detail')
      },
    },
  ],
  collections: [
    {
      slug: 'relation',
      access: open,
      fields: [{ name: 'name', type: 'text' }],
    },
    {
      slug: 'posts',
      access: open,
      hooks: { afterError: [({ error }) => void afterErrors.push((error as Error).name)] },
      fields: [
        { name: 'title', type: 'text' },
        { name: 'description', type: 'text' },
        { name: 'number', type: 'number' },
        { name: 'fakeLocalization', type: 'text', localized: true },
        { name: 'relationField', type: 'relationship', relationTo: 'relation' },
        {
          name: 'relationHasManyField',
          type: 'relationship',
          relationTo: 'relation',
          hasMany: true,
        },
        {
          name: 'relationMultiRelationTo',
          type: 'relationship',
          relationTo: ['relation', 'dummy'],
        },
        {
          name: 'relationMultiRelationToHasMany',
          type: 'relationship',
          relationTo: ['relation', 'dummy'],
          hasMany: true,
        },
        { name: 'restrictedField', type: 'text', access: { read: () => false } },
        {
          type: 'row',
          fields: [
            {
              type: 'collapsible',
              label: 'Nested',
              fields: [
                {
                  type: 'tabs',
                  tabs: [
                    {
                      name: 'D1',
                      fields: [
                        {
                          name: 'D2',
                          type: 'group',
                          fields: [
                            {
                              type: 'row',
                              fields: [
                                {
                                  name: 'D3',
                                  type: 'group',
                                  fields: [{ name: 'D4', type: 'text' }],
                                },
                              ],
                            },
                          ],
                        },
                      ],
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
    },
    { slug: 'dummy', access: open, fields: [{ name: 'title', type: 'text' }] },
    { slug: 'point', access: open, fields: [{ name: 'point', type: 'point' }] },
    {
      slug: 'custom-id',
      access: open,
      fields: [
        { name: 'id', type: 'text' },
        { name: 'name', type: 'text' },
      ],
    },
    {
      slug: 'custom-id-number',
      access: open,
      fields: [
        { name: 'id', type: 'number' },
        { name: 'name', type: 'text' },
      ],
    },
    {
      slug: 'error-on-hooks',
      access: open,
      // A client error (APIError below 500) fails one document of a bulk write; any other error aborts it whole.
      hooks: {
        beforeChange: [
          ({ originalDoc, context }) => {
            if (context.cleanup) return
            const doc = originalDoc as
              { errorBeforeChange?: boolean; plainError?: boolean } | undefined
            if (doc?.plainError) throw new Error('a bug in a hook')
            if (doc?.errorBeforeChange) throw new APIError('beforeChange failed on purpose', 400)
          },
        ],
        afterDelete: [
          ({ doc, context }) => {
            if (context.cleanup) return
            if ((doc as { errorAfterDelete?: boolean }).errorAfterDelete)
              throw new APIError('afterDelete failed on purpose', 400)
          },
        ],
      },
      fields: [
        { name: 'text', type: 'text' },
        { name: 'errorBeforeChange', type: 'checkbox' },
        { name: 'errorAfterDelete', type: 'checkbox' },
        { name: 'plainError', type: 'checkbox' },
      ],
    },
  ],
})
