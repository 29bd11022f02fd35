/**
 * Read-access sweep (issue 30, "Done when" 2): every operation that returns a document, on REST, GraphQL and the
 * Local API (`overrideAccess: false`), with the auth operations, joins (`users.tickets`, `tickets.children`),
 * relationships, duplicate, versions, a global and access introspection, runs as a member and as an admin of
 * the security fixture. The admin-only fields (`adminNote` on users and on the global, `secretNote` on tickets)
 * and their seeded values (`note-…`, `secret-…`) never appear in a member's answer, while the admin's answer
 * to the same operation shows them, so no case passes on an answer that never held them. One server, one seed;
 * each write acts on a fresh ticket of the member's own. Leaks and tools: test/helpers/read-sweep.ts.
 */
import test from 'ava'
import type { CmsRequest, Config, GlobalConfig } from '../../server/config/types.ts'
import { securityConfig, seedSecurity } from '../fixtures/security.ts'
import { useServer } from '../helpers/http.ts'
import { leaks, sweepTools, type Case, type SweepData } from '../helpers/read-sweep.ts'
import { graphqlCases } from './read-sweep/graphql.ts'
import { localCases } from './read-sweep/local.ts'
import { restCases } from './read-sweep/rest.ts'
import { closeReceivers, seedSystem, systemCases, systemOptions } from './read-sweep/system.ts'

const isAdmin = ({ req }: { req: CmsRequest }) =>
  (req.user as { role?: string } | null)?.role === 'admin'
const loggedIn = ({ req }: { req: CmsRequest }) => Boolean(req.user)
// A global with an admin-only field, in this file only (the shared fixture has none).
const settings: GlobalConfig = {
  slug: 'settings',
  versions: true,
  access: { read: () => true, update: loggedIn, readVersions: loggedIn },
  fields: [
    { name: 'motto', type: 'text' },
    {
      name: 'adminNote',
      type: 'text',
      access: { read: isAdmin, create: isAdmin, update: isAdmin },
    },
  ],
}
const config: Config = {
  ...securityConfig,
  ...systemOptions,
  globals: [settings],
  email: { sendEmail: () => {} },
}

const s = useServer<SweepData>(test, config, async (cms) => {
  const data = await seedSecurity(cms)
  // Resets end the sessions of their user: they act on carol (a member with a ticket) and dave (an admin).
  const user = async (name: string, role: string) =>
    (await cms.create({
      collection: 'users',
      data: {
        email: `${name}@example.com`,
        password: `${name}-password`,
        role,
        adminNote: `note-${name}`,
        _verified: true,
      },
    })) as { id: number }
  const carol = await user('carol', 'member')
  const dave = await user('dave', 'admin')
  const ticket = { title: 'C1', owner: carol.id, secretNote: 'secret-C1', _status: 'published' }
  await cms.create({ collection: 'tickets', data: ticket })
  await cms.updateGlobal({ slug: 'settings', data: { motto: 'hello', adminNote: 'note-global' } })
  await cms.updateGlobal({ slug: 'settings', data: { motto: 'hello again' } })
  await seedSystem(cms)
  return { ...data, carol, dave }
})
test.after.always(closeReceivers)
const tools = sweepTools(s)
const { actor } = tools
const cases: Case[] = [
  ...restCases(tools),
  ...graphqlCases(tools),
  ...localCases(tools),
  ...systemCases(tools, () => s.cms),
]

for (const c of cases)
  test.serial(`${c.surface} ${c.op}`, async (t) => {
    const admin = await c.run(await actor('admin'))
    t.true(
      admin.ok,
      `the admin's answer: ${admin.status} ${JSON.stringify(admin.json).slice(0, 300)}`,
    )
    t.true(
      (c.adminSees ?? ((json) => leaks(json).length > 0))(admin.json),
      'the admin sees the fields',
    )
    const member = await c.run(await actor('member'))
    if (c.memberRefused) t.is(member.status, c.memberRefused)
    else
      t.true(
        member.ok,
        `the member's answer: ${member.status} ${JSON.stringify(member.json).slice(0, 300)}`,
      )
    t.deepEqual(leaks(member.json), [], 'the member sees no admin-only field')
  })
