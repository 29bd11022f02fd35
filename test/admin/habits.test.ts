/**
 * The admin's habits (issue 57, item 9): Ctrl/Cmd+S saves, a logged-out visit returns to the page asked for after
 * the login (never to another site), dark mode from `prefers-color-scheme` with a switch on the account page,
 * unlocking and resetting a user's account, API keys, and block and array rows named by their labels. The example
 * app with API keys on its users, a small lock-out threshold and an email adapter that keeps the mails.
 */
import test from 'ava'
import example from '../../cms.config.ts'
import { defineConfig } from '../../server/config/define-config.ts'
import type { SendEmailOptions } from '../../server/config/types.ts'
import { useAdmin } from './harness.ts'

type Doc = Record<string, any>
type Page = Awaited<ReturnType<typeof s.open>>

const mails: SendEmailOptions[] = []
const config = defineConfig({
  ...example,
  email: {
    name: 'kept',
    defaultFromAddress: 'cms@example.com',
    defaultFromName: 'CMS',
    sendEmail: (message: SendEmailOptions) => void mails.push(message),
  },
  // The lock-out below takes real failed logins: the per-address limit must not answer first.
  rateLimit: {
    login: { max: 1000, windowMs: 60_000 },
    forgotPassword: { max: 1000, windowMs: 60_000 },
  },
  collections: example.collections!.map((c) =>
    c.slug === 'users'
      ? { ...c, auth: { useAPIKey: true, maxLoginAttempts: 3, lockTime: 600_000 } }
      : c,
  ),
})

const s = useAdmin(test, undefined, config)

const userId = async (name: string): Promise<number> => {
  const found = await s.cms.find({
    collection: 'users',
    where: { email: { equals: `${name}@example.com` } },
    depth: 0,
  })
  return Number((found.docs[0] as Doc).id)
}
const restLogin = (name: string, password = `${name}-password`) =>
  s.request('POST', '/api/users/login', { body: { email: `${name}@example.com`, password } })
const meWithKey = async (key: string) =>
  (await s.request('GET', '/api/users/me', { headers: { authorization: `users API-Key ${key}` } }))
    .body as Doc
/** The page's root background (the theme's `--bg`). */
const background = (p: Page) =>
  p.page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)
const LIGHT = 'rgb(246, 247, 249)'
const DARK = 'rgb(17, 20, 24)'

test.serial('Ctrl+S and Cmd+S save the form (a draft, where drafts are on)', async (t) => {
  const p = await s.open()
  await p.login('admin')
  const post = (await s.cms.find({ collection: 'posts', limit: 1, depth: 0 })).docs[0] as Doc
  await p.visit(`/collections/posts/${post.id}`)
  const title = p.page.locator('#field-title')
  await title.waitFor()
  for (const [keys, text] of [
    ['Control+s', 'Saved with Ctrl+S'],
    ['Meta+s', 'Saved with Cmd+S'],
  ]) {
    await title.fill(text)
    const saved = p.page.waitForResponse(
      (r) => r.request().method() === 'PATCH' && r.url().includes(`/api/posts/${post.id}`),
    )
    await p.page.keyboard.press(keys)
    t.is((await saved).status(), 200)
    await p.page.getByText('Unsaved changes').waitFor({ state: 'detached' })
    const draft = (await s.cms.findByID({
      collection: 'posts',
      id: post.id,
      draft: true,
      depth: 0,
    })) as Doc
    t.is(draft.title, text)
    t.is(draft._status, 'draft')
  }
  await p.page.waitForLoadState('networkidle')
  await p.done(t)
})

test.serial(
  'a logged-out visit returns to the page asked for after the login; a redirect off the admin is refused',
  async (t) => {
    const p = await s.open()
    const post = (await s.cms.find({ collection: 'posts', limit: 1, depth: 0 })).docs[0] as Doc
    await p.go(`/collections/posts/${post.id}?tab=x`)
    await p.page.getByRole('heading', { name: 'Login' }).waitFor()
    const asked = new URL(p.page.url())
    t.is(asked.pathname, '/admin/login')
    t.is(asked.searchParams.get('redirect'), `/admin/collections/posts/${post.id}?tab=x`)
    await p.page.getByLabel('Email').fill('admin@example.com')
    await p.page.getByLabel('Password').fill('admin-password')
    await p.page.getByRole('button', { name: 'Login' }).click()
    await p.page.locator('#field-title').waitFor()
    const landed = new URL(p.page.url())
    t.is(`${landed.pathname}${landed.search}`, `/admin/collections/posts/${post.id}?tab=x`)
    // Logged in, the login page goes on to its redirect at once: each refused one ends at the dashboard.
    for (const bad of [
      'https://evil.example/admin',
      '//evil.example/admin',
      '/\\evil.example/admin',
      '/api/users/me',
      '/admin/../api/users',
      '/admin-elsewhere',
      'javascript:alert(1)',
    ]) {
      await p.page.waitForLoadState('networkidle')
      await p.go(`/login?redirect=${encodeURIComponent(bad)}`)
      await p.page.getByRole('heading', { name: 'Dashboard' }).waitFor()
      t.is(new URL(p.page.url()).href, `${s.url}/admin/`, bad)
    }
    await p.page.waitForLoadState('networkidle')
    await p.go(`/login?redirect=${encodeURIComponent('/admin/collections/categories?page=1')}`)
    await p.page.getByRole('heading', { name: 'Categories', level: 1 }).waitFor()
    t.is(new URL(p.page.url()).pathname, '/admin/collections/categories')
    await p.page.waitForLoadState('networkidle')
    await p.done(t)
  },
)

test.serial(
  'dark mode follows prefers-color-scheme; the account page’s switch overrides it and lasts',
  async (t) => {
    const p = await s.open()
    await p.page.emulateMedia({ colorScheme: 'dark' })
    await p.login('admin')
    await p.page.waitForLoadState('networkidle')
    t.is(await background(p), DARK)
    t.deepEqual(await p.axe(), [], 'the dashboard in dark')
    const post = (await s.cms.find({ collection: 'posts', limit: 1, depth: 0 })).docs[0] as Doc
    for (const path of ['/collections/posts', `/collections/posts/${post.id}`, '/account']) {
      await p.visit(path)
      await p.page.locator('main h1').waitFor()
      await p.page.waitForLoadState('networkidle')
      t.deepEqual(await p.axe(), [], `${path} in dark`)
    }
    await p.screenshot('account-dark')
    // The user's choice beats the system's, and a reload keeps it; only the choice is stored.
    await p.page.getByRole('radio', { name: 'Light' }).check()
    t.is(await background(p), LIGHT)
    await p.page.reload()
    await p.page.getByRole('heading', { name: 'Account' }).waitFor()
    t.is(await background(p), LIGHT)
    t.true(await p.page.getByRole('radio', { name: 'Light' }).isChecked())
    t.deepEqual(
      await p.page.evaluate(() => ({ ...localStorage })),
      { 'cms-admin-theme': 'light' },
      'the theme, never a token',
    )
    await p.page.emulateMedia({ colorScheme: 'light' })
    await p.page.getByRole('radio', { name: 'Dark' }).check()
    t.is(await background(p), DARK)
    await p.page.reload()
    await p.page.getByRole('heading', { name: 'Account' }).waitFor()
    t.is(await background(p), DARK)
    t.deepEqual(await p.axe(), [], 'the account page, dark by choice')
    // Automatic again: the system's light scheme, and nothing stored.
    await p.page.getByRole('radio', { name: /Automatic/ }).check()
    t.is(await background(p), LIGHT)
    t.deepEqual(await p.page.evaluate(() => Object.keys(localStorage)), [])
    await p.page.waitForLoadState('networkidle')
    await p.done(t)
  },
)

test.serial(
  'an admin unlocks a user locked out by failed logins, who can then log in',
  async (t) => {
    for (let i = 0; i < 3; i++) t.is((await restLogin('bob', 'wrong-password')).status, 401)
    const locked = await restLogin('bob')
    t.is(locked.status, 401, 'the right password is refused while the lock lasts')
    t.regex(JSON.stringify(locked.body), /locked/)

    const p = await s.open()
    await p.login('admin')
    await p.visit(`/collections/users/${await userId('bob')}`)
    const panel = p.page.getByRole('region', { name: 'Account' })
    await panel.getByRole('button', { name: 'Force Unlock' }).click()
    await panel.getByRole('status').getByText('bob@example.com is unlocked').waitFor()
    t.deepEqual(await p.axe(), [])
    await p.screenshot('edit-user-actions')
    const login = await restLogin('bob')
    t.is(login.status, 200)
    t.is(login.body.user.email, 'bob@example.com')
    await p.page.waitForLoadState('networkidle')
    await p.done(t)
  },
)

test.serial(
  'an admin sends a user a password reset; its link’s token sets a new password',
  async (t) => {
    const p = await s.open()
    await p.login('admin')
    await p.visit(`/collections/users/${await userId('alice')}`)
    const panel = p.page.getByRole('region', { name: 'Account' })
    const before = mails.length
    await panel.getByRole('button', { name: 'Send password reset' }).click()
    await panel.getByRole('status').getByText('sent to alice@example.com').waitFor()
    const toAlice = () => mails.slice(before).find((m) => String(m.to) === 'alice@example.com')
    for (let i = 0; i < 100 && !toAlice(); i++) await new Promise((r) => setTimeout(r, 50))
    const mail = toAlice()
    t.truthy(mail, 'a mail to alice')
    const token = /token=([\w-]+)/.exec(String(mail?.html))?.[1]
    t.truthy(token)
    await p.page.waitForLoadState('networkidle')
    await p.done(t)

    const alice = await s.open()
    await alice.go(`/reset/${token}`)
    await alice.page.getByLabel('New Password').fill('alice-reset-password')
    await alice.page.getByLabel('Confirm Password').fill('alice-reset-password')
    await alice.page.getByRole('button', { name: 'Reset Password' }).click()
    await alice.page.getByRole('heading', { name: 'Dashboard' }).waitFor()
    t.is((await restLogin('alice', 'alice-reset-password')).status, 200)
    t.is((await restLogin('alice')).status, 401)
    await alice.page.waitForLoadState('networkidle')
    await alice.done(t)
  },
)

test.serial(
  'API keys: an admin gives a user one from the edit view, and manages their own on the account page',
  async (t) => {
    const p = await s.open()
    await p.login('admin')
    const bob = await userId('bob')
    await p.visit(`/collections/users/${bob}`)
    const panel = p.page.getByRole('region', { name: 'Account' })
    await p.page.getByLabel('Enable API Key').check()
    await panel.getByRole('button', { name: 'Generate new API key' }).click()
    await panel.getByRole('status').getByText('A new API key is active').waitFor()
    const key = await panel.getByLabel('New API key').inputValue()
    t.regex(key, /^[0-9a-f]{48}$/)
    t.is((await meWithKey(key)).user?.email, 'bob@example.com')
    t.true(((await s.cms.findByID({ collection: 'users', id: bob, depth: 0 })) as Doc).enableAPIKey)
    // Saving the form afterwards keeps the key working.
    await p.page.getByRole('button', { name: 'Save', exact: true }).click()
    await p.page.getByText('Unsaved changes').waitFor({ state: 'detached' })
    t.is((await meWithKey(key)).user?.email, 'bob@example.com')

    await p.visit('/account')
    await p.page.getByRole('button', { name: 'Generate new API key' }).click()
    await p.page.getByRole('status').getByText('A new API key is active').waitFor()
    const own = await p.page.getByLabel('New API key').inputValue()
    t.is((await meWithKey(own)).user?.email, 'admin@example.com')
    t.deepEqual(await p.axe(), [])
    await p.page.getByRole('button', { name: 'Turn the key off' }).click()
    await p.page.getByRole('status').getByText('The API key is off.').waitFor()
    t.falsy((await meWithKey(own)).user)
    const admin = await userId('admin')
    t.false(
      ((await s.cms.findByID({ collection: 'users', id: admin, depth: 0 })) as Doc).enableAPIKey,
    )
    await p.page.waitForLoadState('networkidle')
    await p.done(t)
  },
)

test.serial(
  'block and array rows are named by their labels from the config, numbered as Payload does',
  async (t) => {
    const described = (await (await fetch(`${s.url}/admin/config.json`)).json()) as Doc
    const posts = described.collections.find((c: Doc) => c.slug === 'posts')
    const layout = posts.fields.find((f: Doc) => f.name === 'layout')
    t.deepEqual(
      layout.blocks.map((b: Doc) => b.labels),
      [
        { singular: 'Hero', plural: 'Heroes' },
        { singular: 'Content', plural: 'Contents' },
        { singular: 'Quote', plural: 'Quotes' },
      ],
    )
    t.deepEqual(posts.fields.find((f: Doc) => f.name === 'tags').labels, {
      singular: 'Tag',
      plural: 'Tags',
    })

    const p = await s.open()
    await p.login('admin')
    await p.visit('/collections/posts/create')
    const chooser = p.page.locator('#field-layout-type')
    t.deepEqual(await chooser.locator('option').allTextContents(), ['Hero', 'Content', 'Quote'])
    await chooser.selectOption('hero')
    await p.page.getByRole('button', { name: 'Add Layout' }).click()
    await chooser.selectOption('quote')
    await p.page.getByRole('button', { name: 'Add Layout' }).click()
    const heads = p.page
      .locator('fieldset.array')
      .filter({ has: chooser })
      .locator('.array-row-head > button[aria-expanded]')
    t.deepEqual(await heads.allTextContents(), ['01 Hero', '02 Quote'])
    await p.page.getByRole('button', { name: 'Remove Hero 01', exact: true }).waitFor()
    await p.page.getByRole('button', { name: 'Add Tag' }).click()
    await p.page.getByRole('button', { name: 'Tag 01', exact: true }).waitFor()
    await p.page.getByRole('button', { name: 'Move Up Quote 02', exact: true }).click()
    t.deepEqual((await heads.allTextContents()).slice(0, 2), ['01 Quote', '02 Hero'])
    t.deepEqual(await p.axe(), [])
    await p.page.waitForLoadState('networkidle')
    await p.done(t)
  },
)
