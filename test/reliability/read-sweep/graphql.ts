/** The GraphQL cases of the read-access sweep (test/reliability/read-access-sweep.test.ts). */
import { SETTING, TICKET, USER } from '../../helpers/read-sweep.ts'
import { readPermitted, type Case, type SweepTools } from '../../helpers/read-sweep.ts'

export function graphqlCases(tools: SweepTools): Case[] {
  const { gql, freshTicket, olderVersion, resetToken, signUp, alice, T1 } = tools
  const list: Omit<Case, 'surface'>[] = [
    { op: 'Users', run: (a) => gql(a, `{ Users { docs { ${USER} } } }`) },
    { op: 'User', run: (a) => gql(a, `{ User(id: ${alice()}) { ${USER} } }`) },
    {
      op: 'updateUser',
      run: (a) =>
        gql(a, `mutation { updateUser(id: ${alice()}, data: { name: "Alice" }) { ${USER} } }`),
    },
    {
      op: 'createUser (sign-up)',
      run: (a) => {
        const d = signUp(a)
        const note = 'adminNote' in d ? `, adminNote: "${d.adminNote}"` : ''
        return gql(
          a,
          `mutation { createUser(data: { email: "${d.email}", password: "${d.password}"${note} }) { ${USER} } }`,
        )
      },
    },
    { op: 'meUser', run: (a) => gql(a, `{ meUser { user { ${USER} } } }`) },
    {
      op: 'loginUser',
      run: (a) =>
        gql(
          undefined,
          `mutation { loginUser(email: "${a.email}", password: "${a.password}") { user { ${USER} } } }`,
        ),
    },
    {
      op: 'refreshTokenUser',
      run: (a) => gql(a, `mutation { refreshTokenUser { user { ${USER} } } }`),
    },
    {
      op: 'resetPasswordUser',
      run: async (a) =>
        gql(
          undefined,
          `mutation { resetPasswordUser(token: "${await resetToken(a.resetEmail)}", password: "${a.resetPassword}") { user { ${USER} } } }`,
        ),
    },
    {
      op: 'Tickets(trash: true)',
      run: (a) => gql(a, `{ Tickets(trash: true) { docs { ${TICKET} } } }`),
    },
    { op: 'Ticket', run: (a) => gql(a, `{ Ticket(id: ${T1()}) { ${TICKET} } }`) },
    {
      op: 'createTicket',
      run: (a) =>
        gql(a, `mutation { createTicket(data: { title: "New", parent: ${T1()} }) { ${TICKET} } }`),
    },
    {
      op: 'updateTicket',
      run: async (a) =>
        gql(
          a,
          `mutation { updateTicket(id: ${await freshTicket()}, data: { title: "Changed" }) { ${TICKET} } }`,
        ),
    },
    {
      op: 'deleteTicket',
      run: async (a) =>
        gql(a, `mutation { deleteTicket(id: ${await freshTicket()}) { ${TICKET} } }`),
    },
    {
      op: 'duplicateTicket',
      run: async (a) =>
        gql(a, `mutation { duplicateTicket(id: ${await freshTicket()}) { ${TICKET} } }`),
    },
    {
      op: 'versionsTickets',
      run: async (a) =>
        gql(
          a,
          `{ versionsTickets(where: { parent: { equals: ${await freshTicket()} } }) { docs { id parent { ${TICKET} } version { secretNote owner { ${USER} } parent { ${TICKET} } } } } }`,
        ),
    },
    {
      op: 'versionTicket',
      run: async (a) =>
        gql(
          a,
          `{ versionTicket(id: ${await olderVersion(await freshTicket())}) { id version { secretNote owner { ${USER} } parent { ${TICKET} } } } }`,
        ),
    },
    {
      op: 'restoreVersionTicket',
      run: async (a) =>
        gql(
          a,
          `mutation { restoreVersionTicket(id: ${await olderVersion(await freshTicket())}) { ${TICKET} } }`,
        ),
    },
    {
      op: 'docAccessTicket',
      run: (a) =>
        gql(
          a,
          `{ docAccessTicket(id: ${T1()}) { read { permission } fields { secretNote { read { permission } } } } }`,
        ),
      adminSees: readPermitted('secretNote'),
    },
    {
      op: 'docAccessUser',
      run: (a) =>
        gql(
          a,
          `{ docAccessUser(id: ${alice()}) { fields { adminNote { read { permission } } } } }`,
        ),
      adminSees: readPermitted('adminNote'),
    },
    {
      op: 'Access',
      run: (a) =>
        gql(a, `{ Access { tickets { fields { secretNote { read { permission } } } } } }`),
      adminSees: readPermitted('secretNote'),
    },
    { op: 'Setting', run: (a) => gql(a, `{ Setting { ${SETTING} } }`) },
    {
      op: 'updateSetting',
      run: (a) => gql(a, `mutation { updateSetting(data: { motto: "set" }) { ${SETTING} } }`),
    },
    {
      op: 'versionsSetting',
      run: (a) => gql(a, `{ versionsSetting { docs { id version { ${SETTING} } } } }`),
    },
    {
      op: 'versionSetting',
      run: async (a) =>
        gql(a, `{ versionSetting(id: ${await olderVersion()}) { version { ${SETTING} } } }`),
    },
    {
      op: 'restoreVersionSetting',
      run: async (a) =>
        gql(a, `mutation { restoreVersionSetting(id: ${await olderVersion()}) { ${SETTING} } }`),
    },
  ]
  return list.map((c) => ({ ...c, surface: 'GraphQL' }))
}
