import { defineConfig } from '../../server/config/define-config.ts'
import type { Config, CmsRequest } from '../../server/config/types.ts'

/** What the restricted collection's `beforeChange` hook last saw of `cannotMutate`. */
export const seenByHook: unknown[] = []

const isAdmin = ({ req }: { req: CmsRequest }) =>
  Boolean((req.user as { roles?: string[] } | null)?.roles?.includes('admin'))

/**
 * The collections Payload's `test/access-control` spec checks, in this project's own shape: a field nobody but
 * admins reads, fields nobody may write, hidden fields, array rows readable by their sibling data, a read access
 * narrowed by a Where on a hidden field, a relation to the restricted collection, and a nested group whose async
 * access its children inherit.
 */
export const accessSpecConfig: Config = defineConfig({
  collections: [
    {
      slug: 'users',
      auth: true,
      access: { read: () => true, create: () => true },
      fields: [
        {
          name: 'roles',
          type: 'select',
          hasMany: true,
          options: ['admin', 'user'],
          saveToJWT: true,
        },
      ],
    },
    {
      slug: 'restricted',
      access: { read: () => true, create: () => true, update: () => true, delete: isAdmin },
      hooks: {
        beforeChange: [
          ({ data }) => {
            seenByHook.push((data as { cannotMutate?: unknown }).cannotMutate)
            return data
          },
        ],
      },
      fields: [
        { name: 'name', type: 'text' },
        { name: 'restrictedField', type: 'text', access: { read: isAdmin } },
        { name: 'cannotMutate', type: 'text', required: true, access: { update: () => false } },
        { name: 'cannotCreate', type: 'text', access: { create: () => false } },
        { name: 'hiddenWithDefault', type: 'text', hidden: true, defaultValue: 'default value' },
        {
          name: 'partiallyHidden',
          type: 'group',
          fields: [
            { name: 'name', type: 'text' },
            { name: 'value', type: 'text', hidden: true },
          ],
        },
        {
          name: 'rows',
          type: 'array',
          fields: [
            { name: 'allowPublicReadability', type: 'checkbox' },
            {
              name: 'text',
              type: 'text',
              access: {
                read: ({ req, siblingData }) =>
                  Boolean(req.user) ||
                  Boolean(
                    (siblingData as { allowPublicReadability?: boolean })?.allowPublicReadability,
                  ),
              },
            },
          ],
        },
      ],
    },
    {
      slug: 'relation-restricted',
      access: { read: () => true, create: () => true },
      fields: [
        { name: 'name', type: 'text' },
        { name: 'post', type: 'relationship', relationTo: 'restricted' },
      ],
    },
    {
      slug: 'hidden-access',
      // Read access narrowed by a field readers never see (Payload's "query constraint using hidden field").
      access: {
        read: () => ({ hidden: { not_equals: true } }),
        readVersions: () => ({ hidden: { not_equals: true } }),
        create: () => true,
      },
      versions: true,
      fields: [
        { name: 'title', type: 'text' },
        { name: 'hidden', type: 'checkbox', hidden: true },
      ],
    },
    {
      slug: 'no-update',
      access: { read: () => true, create: () => true, update: () => false },
      fields: [{ name: 'title', type: 'text' }],
    },
    {
      slug: 'fields-and-top-access',
      // The collection's Where names a field its readers may not read: the constraint still holds.
      access: {
        read: () => ({ secret: { equals: 'will-success-access-read' } }),
        readVersions: () => ({ secret: { equals: 'will-success-access-read' } }),
        create: () => true,
      },
      versions: { drafts: true },
      fields: [{ name: 'secret', type: 'text', access: { read: () => false } }],
    },
    {
      slug: 'async-parent',
      access: { read: () => true, create: () => true, update: () => true },
      fields: [
        { name: 'title', type: 'text' },
        {
          name: 'parentField',
          type: 'group',
          access: {
            read: async ({ req }) => {
              await new Promise((resolve) => setTimeout(resolve, 5))
              return isAdmin({ req })
            },
            update: async ({ req }) => isAdmin({ req }),
          },
          fields: [
            { name: 'childField1', type: 'text' },
            { name: 'nestedGroup', type: 'group', fields: [{ name: 'deepChild', type: 'text' }] },
          ],
        },
      ],
    },
  ],
})
