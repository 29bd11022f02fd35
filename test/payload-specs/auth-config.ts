import { defineConfig } from '../../server/config/define-config.ts'
import type { Config } from '../../server/config/types.ts'

/** The verification tokens mailed by the `verified` collection, newest last (read by the test). */
export const verificationTokens: string[] = []

/**
 * The auth collections Payload's `test/auth` spec logs into, in this project's own shape: users with API keys,
 * a field saved to the JWT, three attempts before a short lock; and accounts that must verify their email.
 */
export const authSpecConfig: Config = defineConfig({
  collections: [
    {
      slug: 'users',
      auth: { useAPIKey: true, maxLoginAttempts: 3, lockTime: 60_000, tokenExpiration: 7200 },
      access: {
        read: ({ req }) => Boolean(req.user),
        create: () => true,
        update: ({ req }) => (req.user ? { id: { equals: req.user.id } } : false),
      },
      fields: [
        {
          name: 'roles',
          type: 'select',
          hasMany: true,
          options: ['admin', 'editor'],
          saveToJWT: true,
        },
        { name: 'nickname', type: 'text' },
        {
          name: 'adminOnly',
          type: 'text',
          access: {
            read: ({ req }) =>
              Boolean((req.user as { roles?: string[] } | null)?.roles?.includes('admin')),
          },
        },
        {
          name: 'custom',
          type: 'group',
          fields: [{ name: 'inJwt', type: 'text', saveToJWT: true }],
        },
      ],
    },
    {
      slug: 'verified',
      auth: {
        verify: {
          generateEmailHTML: ({ token }) => {
            verificationTokens.push(String(token))
            return `verify ${String(token)}`
          },
        },
      },
      access: { create: () => true, read: ({ req }) => Boolean(req.user) },
      fields: [],
    },
  ],
})
