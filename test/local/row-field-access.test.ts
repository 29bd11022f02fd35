/**
 * Field access inside array and blocks rows and groups (issue 55: examples/multi-tenant's `tenants.roles`), as
 * Payload's beforeChange applies it: a value the caller may not update keeps the stored one of that row (matched
 * by its id); in a new row, or on create, a denied value is dropped and the field's default applies.
 */
import test from 'ava'
import { defineConfig } from '../../server/config/define-config.ts'
import type { FieldAccess } from '../../server/config/types.ts'
import { useCms } from '../helpers/db.ts'

const admins: FieldAccess = ({ req }) => req.user?.role === 'admin'
const config = defineConfig({
  collections: [
    {
      slug: 'users',
      auth: true,
      access: { update: () => true },
      fields: [
        { name: 'role', type: 'text' },
        {
          name: 'memberships',
          type: 'array',
          fields: [
            { name: 'team', type: 'text' },
            {
              name: 'roles',
              type: 'select',
              hasMany: true,
              options: ['member', 'lead'],
              defaultValue: ['member'],
              access: { create: admins, update: admins },
            },
          ],
        },
        {
          name: 'profile',
          type: 'group',
          fields: [
            { name: 'bio', type: 'text' },
            { name: 'badge', type: 'text', access: { update: admins } },
          ],
        },
      ],
    },
  ],
})

const s = useCms(test, config)

test('a denied value in a row keeps the stored one (by row id); a new row and a create take the default', async (t) => {
  const { cms } = s
  const admin = { id: 0, collection: 'users', role: 'admin' }
  const made = await cms.create({
    collection: 'users',
    data: {
      email: 'ann@example.com',
      password: 'ann-password',
      memberships: [{ team: 'red', roles: ['lead'] }],
      profile: { bio: 'Hi', badge: 'gold' },
    },
    overrideAccess: false,
    user: { id: 99, collection: 'users', role: 'member' },
  })
  // A member may not set roles on create: the default applies.
  t.deepEqual(
    (made.memberships as { roles: string[] }[]).map((r) => r.roles),
    [['member']],
  )
  const promoted = await cms.update({
    collection: 'users',
    id: made.id,
    data: { memberships: [{ ...(made.memberships as object[])[0], roles: ['lead'] }] },
    overrideAccess: false,
    user: admin,
  })
  const row = (promoted.memberships as { id: string; roles: string[] }[])[0]
  t.deepEqual(row.roles, ['lead'])
  const user = { id: made.id, collection: 'users', role: 'member' }
  const updated = await cms.update({
    collection: 'users',
    id: made.id,
    data: {
      memberships: [
        { id: row.id, team: 'blue', roles: ['member'] },
        { team: 'green', roles: ['lead'] },
      ],
      profile: { bio: 'Hello', badge: 'platinum' },
    },
    overrideAccess: false,
    user,
  })
  t.deepEqual(
    (updated.memberships as { team: string; roles: string[] }[]).map((r) => [r.team, r.roles]),
    [
      ['blue', ['lead']],
      ['green', ['member']],
    ],
  )
  t.deepEqual(updated.profile, { bio: 'Hello', badge: 'gold' })
})
