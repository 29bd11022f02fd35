import test from 'ava'
import { seededBearer } from '../helpers/http.ts'
import { useAdmin } from './harness.ts'

const s = useAdmin(test)

test.serial(
  'the admin is served at /admin under a CSP without unsafe-inline or unsafe-eval, its app routes fall back to the page',
  async (t) => {
    for (const path of ['/admin/', '/admin/collections/posts/1']) {
      const res = await fetch(`${s.url}${path}`)
      t.is(res.status, 200)
      t.regex(res.headers.get('content-type') ?? '', /text\/html/)
      const csp = res.headers.get('content-security-policy') ?? ''
      t.regex(csp, /script-src 'self'(;|$)/)
      t.notRegex(csp, /unsafe-inline|unsafe-eval/)
      t.regex(await res.text(), /<script type="module" src="\/admin\/assets\/main-\w+\.js">/)
    }
    const redirect = await fetch(`${s.url}/admin`, { redirect: 'manual' })
    t.is(redirect.status, 302)
    t.is(redirect.headers.get('location'), '/admin/')
    // The contract's description, in the admin user's language with that language's words (admin-i18n.ts).
    const { i18n, translations, ...config } = await (
      await fetch(`${s.url}/admin/config.json`)
    ).json()
    t.deepEqual(
      config,
      s.cms && (await (await fetch(`${s.url}/api/openapi.json`)).json())['x-cms-admin'],
    )
    t.deepEqual(i18n, {
      language: 'en',
      fallbackLanguage: 'en',
      rtl: false,
      languages: [{ code: 'en', label: 'English' }],
    })
    t.is(translations.general.save, 'Save')
    t.is((await fetch(`${s.url}/admin/assets/nothing.js`)).status, 404)
    t.is((await fetch(`${s.url}/admin/`, { method: 'POST' })).status, 405)
  },
)

test.serial(
  'an admin logs in by cookie, sees every collection and global with counts, and the token never reaches localStorage',
  async (t) => {
    const p = await s.open()
    await p.login('admin')
    const nav = p.page.getByRole('navigation', { name: 'Main' })
    for (const name of ['Users', 'Categories', 'Posts', 'Media', 'Orders', 'Site Settings'])
      await nav.getByRole('link', { name: new RegExp(`^${name}`) }).waitFor()
    // The links show first, their counts when the counts answer ("…" until then).
    await nav.getByRole('link', { name: /^Users\s*3$/ }).waitFor()
    const users = await nav.getByRole('link', { name: /^Users/ }).textContent()
    t.is(users, 'Users3')
    t.deepEqual(await p.page.evaluate(() => Object.keys(localStorage)), [])
    const cookies = await p.page.context().cookies()
    t.true(cookies.some((c) => c.name === 'cms-token' && c.httpOnly))
    t.deepEqual(await p.axe(), [])
    await p.screenshot('dashboard')
    // A reload keeps the session (the cookie), and logging out ends it.
    await p.page.reload()
    await p.page.getByRole('heading', { name: 'Dashboard' }).waitFor()
    await p.page.getByRole('button', { name: 'Log out' }).click()
    await p.page.getByRole('heading', { name: 'Login' }).waitFor()
    t.deepEqual(await p.axe(), [])
    await p.screenshot('login')
    await p.done(t)
  },
)

test.serial('a member sees only the collections their access lets them read', async (t) => {
  const p = await s.open(390)
  await p.login('alice')
  const nav = p.page.getByRole('navigation', { name: 'Main' })
  await nav.getByRole('link', { name: /^Posts/ }).waitFor()
  t.is(await nav.getByRole('link', { name: /^Orders/ }).count(), 0)
  t.is(await p.page.getByRole('link', { name: 'Create new Category' }).count(), 0)
  await p.screenshot('dashboard-member')
  await p.done(t)
})

test.serial(
  'a link followed right after logging in is not undone when the session’s last answer comes in',
  async (t) => {
    const p = await s.open()
    await p.go('/login')
    await p.page.getByLabel('Email').fill('admin@example.com')
    await p.page.getByLabel('Password').fill('admin-password')
    // The login asks `me` (for the token's expiry) once the dashboard shows: that answer is held back a while.
    let answered = false
    await p.page.route('**/api/users/me', async (route) => {
      await new Promise((r) => setTimeout(r, 1500))
      await route.continue()
      answered = true
    })
    await p.page.getByRole('button', { name: 'Login' }).click()
    await p.page.getByRole('heading', { name: 'Dashboard' }).waitFor()
    await p.page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: /^Posts/ })
      .click()
    await p.page.getByText('30 Documents', { exact: true }).waitFor()
    t.false(answered, 'the list showed before the held answer came in')
    await p.page.waitForResponse('**/api/users/me')
    await p.page.waitForLoadState('networkidle')
    t.is(new URL(p.page.url()).pathname, '/admin/collections/posts')
    t.is(await p.page.getByText('30 Documents', { exact: true }).count(), 1)
    await p.done(t)
  },
)

test.serial('a wrong password is refused with the server message, at the form', async (t) => {
  const p = await s.open()
  await p.go('/login')
  await p.page.getByLabel('Email').fill('admin@example.com')
  await p.page.getByLabel('Password').fill('wrong-password')
  await p.page.getByRole('button', { name: 'Login' }).click()
  t.regex((await p.page.getByRole('alert').textContent()) ?? '', /incorrect/i)
  await p.done(t)
})

test.serial(
  'a session ended elsewhere sends the editor back to the login page, saying so',
  async (t) => {
    const p = await s.open()
    await p.login('bob')
    // The dashboard's own requests answer first (the `me` after the login, for the token's expiry): a loaded CI ran
    // the logout below while that `me` was in flight, so the app met the dead token before the password change did.
    await p.page.waitForLoadState('networkidle')
    // Bob logs out of every session from another client: the admin's token is dead from then on.
    const bearer = seededBearer(s)
    const out = await s.request('POST', '/api/users/logout', {
      query: { allSessions: 'true' },
      headers: await bearer('bob'),
    })
    t.is(out.status, 200)
    // The next call the app makes answers 401: a password change on the account page.
    await p.page.getByRole('link', { name: 'bob@example.com' }).click()
    await p.page.getByLabel('New Password').fill('bob-new-password')
    await p.page.getByLabel('Confirm Password').fill('bob-new-password')
    await p.page.getByRole('button', { name: 'Change Password' }).click()
    await p.page.getByRole('heading', { name: 'Login' }).waitFor()
    t.is(await p.page.getByRole('status').textContent(), 'Your session has expired. Log in again.')
    await p.done(t)
  },
)

test.serial('the login and the navigation work from the keyboard alone', async (t) => {
  const p = await s.open()
  await p.go('/login')
  await p.page.getByLabel('Email').waitFor()
  // Tab from the top of the page reaches the email field first, then the password, then the button.
  await p.page.keyboard.press('Tab')
  t.is(await p.page.evaluate(() => document.activeElement?.id), 'auth-account')
  await p.page.keyboard.type('admin@example.com')
  await p.page.keyboard.press('Tab')
  await p.page.keyboard.type('admin-password')
  await p.page.keyboard.press('Enter')
  await p.page.getByRole('heading', { name: 'Dashboard' }).waitFor()
  // The skip link comes first, then the navigation's links, each focusable and followed with Enter.
  await p.page.keyboard.press('Tab')
  t.is(await p.page.evaluate(() => document.activeElement?.textContent), 'Skip to content')
  const reached: string[] = []
  while (!reached.at(-1)?.startsWith('Site Settings') && reached.length < 20) {
    await p.page.keyboard.press('Tab')
    reached.push((await p.page.evaluate(() => document.activeElement?.textContent)) ?? '')
  }
  t.true(reached.at(-1)?.startsWith('Site Settings'), reached.join(' | '))
  await p.page.keyboard.press('Enter')
  await p.page.waitForURL(/\/admin\/globals\/site-settings$/)
  await p.done(t)
})

// Last: it deletes every user.
test.serial('the first user is created from the admin when the server has none', async (t) => {
  await s.cms.delete({ collection: 'users', where: { id: { exists: true } } })
  const p = await s.open(390)
  await p.go('/')
  await p.page.getByRole('heading', { name: 'Create first user' }).waitFor()
  t.deepEqual(await p.axe(), [])
  await p.screenshot('create-first-user')
  await p.page.getByLabel('Email').fill('first@example.com')
  await p.page.getByLabel('Password', { exact: true }).fill('first-password')
  await p.page.getByLabel('Confirm Password').fill('first-password')
  await p.page.getByRole('button', { name: 'Create' }).click()
  await p.page.getByRole('heading', { name: 'Dashboard' }).waitFor()
  const users = await s.cms.find({ collection: 'users' })
  t.deepEqual(
    users.docs.map((u) => u.email),
    ['first@example.com'],
  )
  await p.done(t)
})
