/**
 * The REST cases of the read-access sweep (test/reliability/read-access-sweep.test.ts). Left out, as they return
 * no document: count, logout, forgot-password, verify, unlock, init and first-register (which needs an empty
 * users table); and `DELETE /users/{id}`, which a member may not do (admin-only delete).
 */
import { readPermitted, type Case, type SweepTools } from '../../helpers/read-sweep.ts'

// Bulk writes require `where`: sent as the JSON text the contract declares (a validating proxy does not read the
// bracket form as that parameter).
const idWhere = (id: unknown) => encodeURIComponent(JSON.stringify({ id: { equals: id } }))

export function restCases(tools: SweepTools): Case[] {
  const { rest, freshTicket, olderVersion, resetToken, signUp, alice, T1 } = tools
  const list: Omit<Case, 'surface'>[] = [
    { op: 'GET /users (find)', run: (a) => rest(a, 'GET', '/api/users?depth=2') },
    { op: 'GET /users/{id}', run: (a) => rest(a, 'GET', `/api/users/${alice()}?depth=2`) },
    {
      op: 'GET /users/{id} with join options',
      run: (a) =>
        rest(a, 'GET', `/api/users/${alice()}?joins[tickets][limit]=2&joins[tickets][sort]=title`),
    },
    {
      op: 'POST /users (sign-up)',
      run: (a) => rest(a, 'POST', '/api/users?depth=2', signUp(a)),
    },
    {
      op: 'PATCH /users/{id}',
      run: (a) => rest(a, 'PATCH', `/api/users/${alice()}?depth=2`, { name: 'Alice' }),
    },
    {
      op: 'PATCH /users (bulk)',
      run: (a) =>
        rest(a, 'PATCH', `/api/users?where=${idWhere(alice())}&depth=2`, { name: 'Alice' }),
    },
    { op: 'GET /users/me', run: (a) => rest(a, 'GET', '/api/users/me?depth=2') },
    {
      op: 'POST /users/login',
      run: (a) =>
        rest(undefined, 'POST', '/api/users/login', { email: a.email, password: a.password }),
    },
    { op: 'POST /users/refresh-token', run: (a) => rest(a, 'POST', '/api/users/refresh-token') },
    {
      op: 'POST /users/reset-password',
      run: async (a) =>
        rest(undefined, 'POST', '/api/users/reset-password', {
          token: await resetToken(a.resetEmail),
          password: a.resetPassword,
        }),
    },
    {
      op: 'POST /users/access/{id}',
      run: (a) => rest(a, 'POST', `/api/users/access/${alice()}`),
      adminSees: readPermitted('adminNote'),
    },
    {
      op: 'GET /access',
      run: (a) => rest(a, 'GET', '/api/access'),
      adminSees: readPermitted('secretNote'),
    },
    { op: 'GET /tickets (find)', run: (a) => rest(a, 'GET', '/api/tickets?depth=2') },
    {
      op: 'GET /tickets?trash=true',
      run: (a) => rest(a, 'GET', '/api/tickets?trash=true&depth=2'),
    },
    { op: 'GET /tickets/{id}', run: (a) => rest(a, 'GET', `/api/tickets/${T1()}?depth=2`) },
    {
      op: 'POST /tickets (create)',
      run: (a) => rest(a, 'POST', '/api/tickets?depth=2', { title: 'New', parent: T1() }),
    },
    {
      op: 'PATCH /tickets/{id}',
      run: async (a) =>
        rest(a, 'PATCH', `/api/tickets/${await freshTicket()}?depth=2`, { title: 'Changed' }),
    },
    {
      op: 'PATCH /tickets (bulk)',
      run: async (a) =>
        rest(a, 'PATCH', `/api/tickets?where=${idWhere(await freshTicket())}&depth=2`, {
          title: 'Changed',
        }),
    },
    {
      op: 'DELETE /tickets/{id}',
      run: async (a) => rest(a, 'DELETE', `/api/tickets/${await freshTicket()}?depth=2`),
    },
    {
      op: 'DELETE /tickets (bulk)',
      run: async (a) =>
        rest(a, 'DELETE', `/api/tickets?where=${idWhere(await freshTicket())}&depth=2`),
    },
    {
      op: 'POST /tickets/{id}/duplicate',
      run: async (a) => rest(a, 'POST', `/api/tickets/${await freshTicket()}/duplicate?depth=2`),
    },
    {
      op: 'GET /tickets/versions',
      run: async (a) =>
        rest(
          a,
          'GET',
          `/api/tickets/versions?where[parent][equals]=${await freshTicket()}&depth=2`,
        ),
    },
    {
      op: 'GET /tickets/versions/{id}',
      run: async (a) =>
        rest(a, 'GET', `/api/tickets/versions/${await olderVersion(await freshTicket())}?depth=2`),
    },
    {
      op: 'POST /tickets/versions/{id} (restore)',
      run: async (a) =>
        rest(a, 'POST', `/api/tickets/versions/${await olderVersion(await freshTicket())}?depth=2`),
    },
    {
      op: 'GET /tickets/distinct?field=parent (populated)',
      run: (a) => rest(a, 'GET', '/api/tickets/distinct?field=parent&depth=2'),
    },
    {
      op: 'GET /tickets/distinct?field=secretNote',
      run: (a) => rest(a, 'GET', '/api/tickets/distinct?field=secretNote'),
      memberRefused: 400,
    },
    {
      op: 'POST /tickets/access/{id}',
      run: (a) => rest(a, 'POST', `/api/tickets/access/${T1()}`),
      adminSees: readPermitted('secretNote'),
    },
    { op: 'GET /globals/settings', run: (a) => rest(a, 'GET', '/api/globals/settings') },
    {
      op: 'POST /globals/settings (update)',
      run: (a) => rest(a, 'POST', '/api/globals/settings', { motto: 'set' }),
    },
    {
      op: 'GET /globals/settings/versions',
      run: (a) => rest(a, 'GET', '/api/globals/settings/versions'),
    },
    {
      op: 'GET /globals/settings/versions/{id}',
      run: async (a) => rest(a, 'GET', `/api/globals/settings/versions/${await olderVersion()}`),
    },
    {
      op: 'POST /globals/settings/versions/{id} (restore)',
      run: async (a) => rest(a, 'POST', `/api/globals/settings/versions/${await olderVersion()}`),
    },
    {
      op: 'POST /globals/settings/access',
      run: (a) => rest(a, 'POST', '/api/globals/settings/access'),
      adminSees: readPermitted('adminNote'),
    },
  ]
  return list.map((c) => ({ ...c, surface: 'REST' }))
}
