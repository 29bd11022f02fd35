import test from 'ava'
import type { AuthStrategy, Config, SendEmailOptions } from '../../server/config/types.ts'
import { getCms } from '../../server/local/get-cms.ts'
import { securityConfig, seedSecurity, type SecurityData } from '../fixtures/security.ts'
import { freshDatabaseUrl, useCms } from '../helpers/db.ts'

/**
 * Issue 30, findings 1, 2 and 10 through the Local API: a custom strategy naming an unverified account
 * authenticates nobody; `me` with `overrideAccess: false` reads as the user; reset-password verifies an account
 * waiting for its verification; `destroy()` waits for a reset mail still on its way.
 */
const asHeader: AuthStrategy = {
  name: 'as-header',
  // Trusts an `x-user` header naming a user id (a stand-in for an SSO proxy).
  authenticate: async ({ headers, cms }) => {
    const id = Number(headers.get('x-user'))
    if (!id) return { user: null }
    const user = await cms.findByID({ collection: 'users', id, disableErrors: true })
    return { user: user && { ...user, id, collection: 'users' } }
  },
}
const withStrategy = (config: Config): Config => ({
  ...config,
  collections: config.collections!.map((c) =>
    c.slug === 'users' && typeof c.auth === 'object'
      ? { ...c, auth: { ...c.auth, strategies: [asHeader] } }
      : c,
  ),
})
const s = useCms<SecurityData>(test, withStrategy(securityConfig), seedSecurity)

test.serial('#1 a custom strategy naming an unverified account is refused', async (t) => {
  const eve = await s.cms.create({
    collection: 'users',
    data: { email: 'eve@example.com', password: 'eve-password' },
    disableVerificationEmail: true,
  })
  const headers = (id: unknown) => new Headers({ 'x-user': String(id) })
  const refused = await s.cms.authenticateHeaders({ headers: headers(eve.id) })
  t.is(refused.identity, undefined)
  t.is(refused.rejected, 'The account has not verified its email yet.')
  const alice = await s.cms.authenticateHeaders({ headers: headers(s.data.alice.id) })
  t.is(alice.identity?.user.email, 'alice@example.com')
  t.is(alice.identity?.strategy, 'as-header')
})

test.serial(
  '#2 Local me with overrideAccess: false leaves out what the user may not read',
  async (t) => {
    const { identity } = await s.cms.authenticateHeaders({
      headers: new Headers({ 'x-user': String(s.data.alice.id) }),
    })
    const req = { cms: s.cms, payload: s.cms, user: identity!.user, context: {} }
    // req.user, internal, holds everything.
    t.is(identity!.user.adminNote, 'note-alice')
    const filtered = await s.cms.me({ collection: 'users', req, overrideAccess: false })
    t.false('adminNote' in filtered.user!)
    const tickets = (filtered.user!.tickets as { docs: Record<string, unknown>[] }).docs
    t.true(tickets.length > 0)
    for (const ticket of tickets) t.false('secretNote' in ticket)
    const trusted = await s.cms.me({ collection: 'users', req })
    t.is(trusted.user!.adminNote, 'note-alice')
  },
)

test.serial(
  '#1 reset-password verifies an account waiting for its verification; an unverified one without is refused',
  async (t) => {
    const pending = await s.cms.create({
      collection: 'users',
      data: { email: 'pending@example.com', password: 'pending-password' },
      disableVerificationEmail: true,
    })
    const token = await s.cms.forgotPassword({
      collection: 'users',
      data: { email: 'pending@example.com' },
      disableEmail: true,
    })
    const reset = await s.cms.resetPassword({
      collection: 'users',
      data: { token: token!, password: 'pending-new-password' },
    })
    t.is(reset.user.id, pending.id)
    t.is(reset.user._verified, true)
    const [row] = await s.cms.db.all<Record<string, unknown>>('SELECT * FROM users WHERE id = ?', [
      pending.id,
    ])
    t.is(row._verificationToken, null)

    // Set unverified by a trusted caller, with no verification pending: no session, nothing changed.
    await s.cms.update({ collection: 'users', id: s.data.bob.id, data: { _verified: false } })
    const bobToken = await s.cms.forgotPassword({
      collection: 'users',
      data: { email: 'bob@example.com' },
      disableEmail: true,
    })
    await t.throwsAsync(
      s.cms.resetPassword({
        collection: 'users',
        data: { token: bobToken!, password: 'bob-new-password' },
      }),
      { name: 'UnverifiedEmail' },
    )
    await s.cms.update({ collection: 'users', id: s.data.bob.id, data: { _verified: true } })
    const login = await s.cms.login({
      collection: 'users',
      data: { email: 'bob@example.com', password: 'bob-password' },
    })
    t.is(login.user.email, 'bob@example.com')
  },
)

test('#10 destroy() waits for a reset mail still on its way', async (t) => {
  const fresh = await freshDatabaseUrl()
  t.teardown(fresh.drop)
  const sent: SendEmailOptions[] = []
  const cms = await getCms({
    config: {
      ...securityConfig,
      email: {
        sendEmail: async (message: SendEmailOptions) => {
          await new Promise((resolve) => setTimeout(resolve, 50))
          sent.push(message)
        },
      },
      db: { url: fresh.url },
    },
  })
  await seedSecurity(cms)
  const token = await cms.forgotPassword({
    collection: 'users',
    data: { email: 'alice@example.com' },
  })
  t.deepEqual(sent, [])
  await cms.destroy()
  t.deepEqual(
    sent.map((m) => m.to),
    ['alice@example.com'],
  )
  t.regex(String(sent[0].text), new RegExp(token!))
})
