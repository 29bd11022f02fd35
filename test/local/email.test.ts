import test from 'ava'
import { Writable } from 'node:stream'
import { pino } from 'pino'
import { defineConfig } from '../../server/config/define-config.ts'
import type { Config, SendEmailOptions } from '../../server/config/types.ts'
import { consoleEmailAdapter, getCms } from '../../server/index.ts'
import { freshDatabaseUrl, rejectsWith, useCms } from '../helpers/db.ts'

/** The email adapter seam through the Local API: the console default, start-up checks, the first user under a race. */
const sent: SendEmailOptions[] = []
const lines: string[] = []
const sink = new Writable({
  write(chunk, _enc, done) {
    lines.push(String(chunk))
    done()
  },
})

const collections: Config['collections'] = [
  { slug: 'users', auth: { verify: true }, fields: [] },
  { slug: 'owners', auth: true, fields: [] },
]
const s = useCms(
  test,
  defineConfig({
    // A promise of an adapter object, as a ported `email: nodemailerAdapter(...)` is.
    email: Promise.resolve({
      defaultFromAddress: 'noreply@example.com',
      sendEmail: (m: SendEmailOptions) => void sent.push(m),
    }),
    collections,
  }),
)

test.serial('the console adapter logs recipient and subject only, never the body', async (t) => {
  const adapter = consoleEmailAdapter({ logger: pino({ level: 'info' }, sink) })
  t.is(adapter.name, 'console')
  await adapter.sendEmail({
    to: 'someone@example.com',
    subject: 'Verify your email',
    html: '<a href="https://x.example.com/users/verify/0123456789abcdef">verify</a>',
    text: 'token 0123456789abcdef',
  })
  t.is(lines.length, 1)
  const line = JSON.parse(lines[0]) as { email: unknown; msg: string }
  t.deepEqual(line.email, { to: 'someone@example.com', subject: 'Verify your email' })
  t.notRegex(lines[0], /0123456789abcdef/)
})

test.serial(
  'without config.email the console adapter is used; a promised adapter is resolved',
  async (t) => {
    const fresh = await freshDatabaseUrl()
    const cms = await getCms({ config: { collections: [], db: { url: fresh.url } } })
    t.is((await cms.emailAdapter()).name, 'console')
    await cms.destroy()
    await fresh.drop()
    await s.cms.sendEmail({ to: 'x@example.com', subject: 'Hello' })
    t.deepEqual(sent.at(-1), { to: 'x@example.com', subject: 'Hello', from: 'noreply@example.com' })
  },
)

test('a config.email that is not an adapter fails at start, naming what it must be', async (t) => {
  const fresh = await freshDatabaseUrl()
  t.teardown(fresh.drop)
  const db = { url: fresh.url }
  for (const email of [
    { sendEmail: 'smtp://x' },
    () => ({}),
    async () => ({ send: () => {} }),
  ] as unknown as Config['email'][]) {
    const error = await t.throwsAsync(getCms({ config: { collections: [], email, db } }))
    t.regex(
      String(error?.message),
      /email must be an email adapter|not an option of an email adapter|sendEmail/,
    )
  }
  const send = await t.throwsAsync(
    getCms({ config: { collections: [], email: { send: () => {} } as never, db } }),
  )
  t.regex(
    String(send?.message),
    /^email\.send is not an option of an email adapter\. Accepted: name, defaultFromAddress, defaultFromName, sendEmail\./,
  )
  const html = await t.throwsAsync(
    getCms({
      config: {
        db,
        collections: [
          { slug: 'u', auth: { verify: { generateEmailHTML: 'x' as never } }, fields: [] },
        ],
      },
    }),
  )
  t.is(html?.message, 'Collection "u": auth.verify.generateEmailHTML must be a function.')
})

test.serial(
  'verification: the created user reads _verified false, a token mail is sent, and verifyEmail consumes it',
  async (t) => {
    const user = await s.cms.create({
      collection: 'users',
      data: { email: 'v@example.com', password: 'v-password' },
    })
    t.is(user._verified, false)
    const mail = sent.at(-1)!
    t.is(mail.to, 'v@example.com')
    t.is(mail.from, 'noreply@example.com')
    const token = /verify\/([0-9a-f]{40})/.exec(mail.html!)![1]
    await rejectsWith(
      t,
      s.cms.login({
        collection: 'users',
        data: { email: 'v@example.com', password: 'v-password' },
      }),
      'UnverifiedEmail',
      403,
    )
    t.true(await s.cms.verifyEmail({ collection: 'users', token }))
    const { user: logged } = await s.cms.login({
      collection: 'users',
      data: { email: 'v@example.com', password: 'v-password' },
    })
    t.is(logged._verified, true)
    await rejectsWith(t, s.cms.verifyEmail({ collection: 'owners', token }), 'BadRequest', 400)
  },
)

test.serial(
  'two first-register calls at once: one user is created, the other is refused',
  async (t) => {
    const results = await Promise.allSettled([
      s.cms.registerFirstUser({
        collection: 'owners',
        data: { email: 'a@example.com', password: 'a-password' },
      }),
      s.cms.registerFirstUser({
        collection: 'owners',
        data: { email: 'b@example.com', password: 'b-password' },
      }),
    ])
    t.is(results.filter((r) => r.status === 'fulfilled').length, 1)
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult
    t.is((refused.reason as Error).name, 'Forbidden')
    t.is((await s.cms.count({ collection: 'owners' })).totalDocs, 1)
    const won = results.find((r) => r.status === 'fulfilled') as PromiseFulfilledResult<{
      token: string
    }>
    t.truthy((await s.cms.auth(won.value.token))?.user)
  },
)
