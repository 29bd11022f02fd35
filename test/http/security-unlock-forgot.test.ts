import test from 'ava'
import { Writable } from 'node:stream'
import { pino } from 'pino'
import type { SendEmailOptions } from '../../server/config/types.ts'
import { passwords, securityConfig, seedSecurity } from '../fixtures/security.ts'
import { useServer } from '../helpers/http.ts'

/**
 * Issue 30, findings 7 and 10: unlock defaults to the collection's update access on the account, and answers an
 * unknown email exactly like an account the caller may not unlock; forgot-password answers a known and an
 * unknown address alike (the mail leaves after the answer), and a mail that fails is logged.
 */
const sent: SendEmailOptions[] = []
/** Mail to slow@example.com waits until the test opens this gate. */
let openGate = () => {}
const gate = new Promise<void>((resolve) => (openGate = resolve))
const lines: string[] = []
const sink = new Writable({
  write(chunk, _enc, done) {
    lines.push(String(chunk))
    done()
  },
})
const s = useServer(
  test,
  {
    ...securityConfig,
    email: {
      defaultFromAddress: 'cms@example.com',
      sendEmail: async (message: SendEmailOptions) => {
        if (message.to === 'bounce@example.com') throw new Error('mailbox unavailable')
        if (message.to === 'slow@example.com') await gate
        sent.push(message)
      },
    },
    rateLimit: {
      login: { max: 1000, windowMs: 60_000 },
      forgotPassword: { max: 1000, windowMs: 60_000 },
    },
  },
  async (cms) => {
    const data = await seedSecurity(cms)
    await cms.create({
      collection: 'users',
      data: { email: 'bounce@example.com', password: 'bounce-password', _verified: true },
    })
    await cms.create({
      collection: 'users',
      data: { email: 'slow@example.com', password: 'slow-password', _verified: true },
    })
    return data
  },
  { logger: pino({ level: 'info' }, sink) },
)

const bearer = (token: string) => ({ authorization: `Bearer ${token}` })
const gql = async (query: string, headers: Record<string, string> = {}) =>
  (await s.request('POST', '/api/graphql', { body: { query }, headers })).body
const login = (email: string, password: string) =>
  s.request('POST', '/api/users/login', { body: { email, password } })
async function token(name: keyof typeof passwords) {
  return (await login(`${name}@example.com`, passwords[name])).body.token as string
}
/** maxLoginAttempts is 3: three wrong passwords lock the account. */
async function lockOut(name: keyof typeof passwords) {
  for (let i = 0; i < 3; i++) await login(`${name}@example.com`, 'wrong-password')
  const locked = await login(`${name}@example.com`, passwords[name])
  if (locked.body.errors?.[0]?.name !== 'LockedAuth') throw new Error(`${name} is not locked`)
}
const unlock = (email: string, headers: Record<string, string> = {}) =>
  s.request('POST', '/api/users/unlock', { body: { email }, headers })

test.serial(
  '#7 a member cannot unlock another account, and an unknown email answers exactly the same',
  async (t) => {
    const alice = bearer(await token('alice'))
    await lockOut('bob')
    const other = await unlock('bob@example.com', alice)
    const unknown = await unlock('nobody@example.com', alice)
    t.is(other.status, 403)
    t.deepEqual([unknown.status, unknown.body], [other.status, other.body])
    t.is((await login('bob@example.com', passwords.bob)).body.errors[0].name, 'LockedAuth')
    // Anonymous: the same 401 for both.
    const anonymous = await unlock('bob@example.com')
    const anonymousUnknown = await unlock('nobody@example.com')
    t.is(anonymous.status, 401)
    t.deepEqual(
      [anonymousUnknown.status, anonymousUnknown.body],
      [anonymous.status, anonymous.body],
    )
    // GraphQL: the same FORBIDDEN for both.
    const known = await gql('mutation { unlockUser(email: "bob@example.com") }', alice)
    const missing = await gql('mutation { unlockUser(email: "nobody@example.com") }', alice)
    t.is(known.errors[0].extensions.code, 'FORBIDDEN')
    t.deepEqual(
      missing.errors.map((e: any) => [e.message, e.extensions.code]),
      [[known.errors[0].message, 'FORBIDDEN']],
    )
    // The admin's update access covers every account: she unlocks Bob.
    const admin = bearer(await token('admin'))
    const done = await unlock('bob@example.com', admin)
    t.deepEqual([done.status, done.body], [200, { message: 'Success' }])
    t.is((await login('bob@example.com', passwords.bob)).status, 200)
  },
)

test.serial('#7 update access on her own account lets a member unlock herself', async (t) => {
  const alice = bearer(await token('alice'))
  await lockOut('alice')
  const done = await unlock('alice@example.com', alice)
  t.is(done.status, 200)
  t.is((await login('alice@example.com', passwords.alice)).status, 200)
})

/** The answer as a client sees it, less what differs per request (date, request id). */
async function forgot(email: string) {
  const res = await s.request('POST', '/api/users/forgot-password', { body: { email } })
  const headers: [string, string][] = []
  res.headers.forEach((value, key) => {
    if (!['date', 'x-request-id'].includes(key)) headers.push([key, value])
  })
  return { status: res.status, text: res.text, headers }
}

test.serial(
  '#10 forgot-password answers a known and an unknown address identically; the mail still goes to the known one',
  async (t) => {
    const before = sent.length
    const known = await forgot('alice@example.com')
    const unknown = await forgot('nobody@example.com')
    t.deepEqual(unknown, known)
    t.is(known.status, 200)
    t.deepEqual(JSON.parse(known.text), { message: 'Success' })
    await s.cms.background.settled()
    const mails = sent.slice(before)
    t.deepEqual(
      mails.map((m) => [m.to, m.subject]),
      [['alice@example.com', 'Reset your password']],
    )
    const link = /reset-password\?token=([0-9a-f]{40})/.exec(String(mails[0].text))
    t.truthy(link)
    const reset = await s.request('POST', '/api/users/reset-password', {
      body: { token: link![1], password: passwords.alice },
    })
    t.is(reset.status, 200)
  },
)

test.serial(
  '#10 the answer does not wait for the mail: it comes while the mail is still on its way',
  async (t) => {
    const before = sent.length
    const res = await forgot('slow@example.com')
    t.is(res.status, 200)
    t.is(sent.length, before, 'the adapter has not delivered yet')
    openGate()
    await s.cms.background.settled()
    t.deepEqual(
      sent.slice(before).map((m) => m.to),
      ['slow@example.com'],
    )
  },
)

test.serial(
  '#10 a reset mail that fails after the answer is logged with the request, not an unhandled rejection',
  async (t) => {
    const res = await forgot('bounce@example.com')
    t.is(res.status, 200)
    await s.cms.background.settled()
    const failure = lines
      .map((l) => JSON.parse(l) as { msg: string; requestId?: string; err?: { message: string } })
      .find((l) => l.msg === 'the password reset mail failed')
    t.truthy(failure)
    t.is(failure!.err!.message, 'mailbox unavailable')
    t.truthy(failure!.requestId)
  },
)
