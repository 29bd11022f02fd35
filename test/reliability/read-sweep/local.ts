/** The Local API cases (`overrideAccess: false`) of the read-access sweep (test/reliability/read-access-sweep.test.ts). */
import { createLocalReq } from '../../../server/local/request.ts'
import { readPermitted, type Case, type SweepTools } from '../../helpers/read-sweep.ts'

export function localCases(tools: SweepTools): Case[] {
  const { local, freshTicket, olderVersion, resetToken, signUp, as, alice, T1 } = tools
  const list: Omit<Case, 'surface'>[] = [
    {
      op: 'find users',
      run: (a) => local((cms) => cms.find({ collection: 'users', depth: 2, ...as(a) })),
    },
    {
      op: 'findByID user',
      run: (a) =>
        local((cms) => cms.findByID({ collection: 'users', id: alice(), depth: 2, ...as(a) })),
    },
    {
      op: 'update user by id',
      run: (a) =>
        local((cms) =>
          cms.update({
            collection: 'users',
            id: alice(),
            data: { name: 'Alice' },
            depth: 2,
            ...as(a),
          }),
        ),
    },
    {
      op: 'update users by where',
      run: (a) =>
        local((cms) =>
          cms.update({
            collection: 'users',
            where: { id: { equals: alice() } },
            data: { name: 'Alice' },
            depth: 2,
            ...as(a),
          }),
        ),
    },
    {
      op: 'create user',
      run: (a) =>
        local((cms) => cms.create({ collection: 'users', data: signUp(a), depth: 2, ...as(a) })),
    },
    {
      op: 'login',
      run: (a) =>
        local((cms) =>
          cms.login({
            collection: 'users',
            data: { email: a.email, password: a.password },
            depth: 2,
            overrideAccess: false,
          }),
        ),
    },
    {
      op: 'me',
      run: (a) =>
        local((cms) =>
          cms.me({
            collection: 'users',
            depth: 2,
            overrideAccess: false,
            req: createLocalReq(cms, { user: a.user as never }),
          }),
        ),
    },
    {
      op: 'refreshToken',
      run: (a) =>
        local(async (cms) => {
          const { claims } = (await cms.auth(a.token))!
          return cms.refreshToken({ collection: 'users', claims, depth: 2, ...as(a) })
        }),
    },
    {
      op: 'resetPassword',
      run: (a) =>
        local(async (cms) =>
          cms.resetPassword({
            collection: 'users',
            data: { token: await resetToken(a.resetEmail), password: a.resetPassword },
            depth: 2,
            overrideAccess: false,
          }),
        ),
    },
    {
      op: 'find tickets (trash)',
      run: (a) =>
        local((cms) => cms.find({ collection: 'tickets', trash: true, depth: 2, ...as(a) })),
    },
    {
      op: 'findByID ticket',
      run: (a) =>
        local((cms) => cms.findByID({ collection: 'tickets', id: T1(), depth: 2, ...as(a) })),
    },
    {
      op: 'create ticket',
      run: (a) =>
        local((cms) =>
          cms.create({
            collection: 'tickets',
            data: { title: 'New', parent: T1() },
            depth: 2,
            ...as(a),
          }),
        ),
    },
    {
      op: 'update ticket by id',
      run: (a) =>
        local(async (cms) =>
          cms.update({
            collection: 'tickets',
            id: await freshTicket(),
            data: { title: 'Changed' },
            depth: 2,
            ...as(a),
          }),
        ),
    },
    {
      op: 'update tickets by where',
      run: (a) =>
        local(async (cms) =>
          cms.update({
            collection: 'tickets',
            where: { id: { equals: await freshTicket() } },
            data: { title: 'Changed' },
            depth: 2,
            ...as(a),
          }),
        ),
    },
    {
      op: 'delete ticket by id',
      run: (a) =>
        local(async (cms) =>
          cms.delete({ collection: 'tickets', id: await freshTicket(), depth: 2, ...as(a) }),
        ),
    },
    {
      op: 'delete tickets by where',
      run: (a) =>
        local(async (cms) =>
          cms.delete({
            collection: 'tickets',
            where: { id: { equals: await freshTicket() } },
            depth: 2,
            ...as(a),
          }),
        ),
    },
    {
      op: 'duplicate ticket',
      run: (a) =>
        local(async (cms) =>
          cms.duplicate({ collection: 'tickets', id: await freshTicket(), depth: 2, ...as(a) }),
        ),
    },
    {
      op: 'findVersions tickets',
      run: (a) =>
        local(async (cms) =>
          cms.findVersions({
            collection: 'tickets',
            where: { parent: { equals: await freshTicket() } },
            depth: 2,
            ...as(a),
          }),
        ),
    },
    {
      op: 'findVersionByID ticket',
      run: (a) =>
        local(async (cms) =>
          cms.findVersionByID({
            collection: 'tickets',
            id: await olderVersion(await freshTicket()),
            depth: 2,
            ...as(a),
          }),
        ),
    },
    {
      op: 'restoreVersion ticket',
      run: (a) =>
        local(async (cms) =>
          cms.restoreVersion({
            collection: 'tickets',
            id: await olderVersion(await freshTicket()),
            depth: 2,
            ...as(a),
          }),
        ),
    },
    {
      op: 'findDistinct tickets parent (populated)',
      run: (a) =>
        local((cms) =>
          cms.findDistinct({ collection: 'tickets', field: 'parent', depth: 2, ...as(a) }),
        ),
    },
    {
      op: 'docAccess ticket',
      run: (a) =>
        local((cms) => cms.docAccess({ collection: 'tickets', id: T1(), user: a.user as never })),
      adminSees: readPermitted('secretNote'),
    },
    {
      op: 'access',
      run: (a) => local((cms) => cms.access({ user: a.user as never })),
      adminSees: readPermitted('adminNote'),
    },
    {
      op: 'findGlobal',
      run: (a) => local((cms) => cms.findGlobal({ slug: 'settings', ...as(a) })),
    },
    {
      op: 'updateGlobal',
      run: (a) =>
        local((cms) => cms.updateGlobal({ slug: 'settings', data: { motto: 'set' }, ...as(a) })),
    },
    {
      op: 'findGlobalVersions',
      run: (a) => local((cms) => cms.findGlobalVersions({ slug: 'settings', ...as(a) })),
    },
    {
      op: 'findGlobalVersionByID',
      run: (a) =>
        local(async (cms) =>
          cms.findGlobalVersionByID({ slug: 'settings', id: await olderVersion(), ...as(a) }),
        ),
    },
    {
      op: 'restoreGlobalVersion',
      run: (a) =>
        local(async (cms) =>
          cms.restoreGlobalVersion({ slug: 'settings', id: await olderVersion(), ...as(a) }),
        ),
    },
    {
      op: 'docAccessGlobal',
      run: (a) => local((cms) => cms.docAccessGlobal({ slug: 'settings', user: a.user as never })),
      adminSees: readPermitted('adminNote'),
    },
  ]
  return list.map((c) => ({ ...c, surface: 'Local' }))
}
