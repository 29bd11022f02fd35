/**
 * Live preview in the admin (issue 57, item 7): a config of its own with `admin.livePreview` — the posts' URL a
 * function of the document (run by the server's form-state route), the pages' a string from the root config — and a
 * front end of its own on another origin that counts the page loads. The admin's CSP frames that origin only; the
 * preview shows beside the form, resizes to a breakpoint, and reloads after a save and after an autosave.
 */
import test from 'ava'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { defineConfig } from '../../server/config/define-config.ts'
import type { Access } from '../../server/config/types.ts'
import { useAdmin } from './harness.ts'

// The front end: a page per path, each load counted.
const loads = new Map<string, number>()
const frontEnd = createServer((req, res) => {
  const path = new URL(req.url ?? '/', 'http://x').pathname
  loads.set(path, (loads.get(path) ?? 0) + 1)
  res.setHeader('content-type', 'text/html; charset=utf-8')
  res.end(
    `<!doctype html><html lang="en"><title>Preview</title><h1>Preview of ${path}</h1><p>Load ${loads.get(path)}</p></html>`,
  )
})
await new Promise<void>((resolve) => frontEnd.listen(0, '127.0.0.1', resolve))
const origin = `http://127.0.0.1:${(frontEnd.address() as AddressInfo).port}`
test.after.always(() => frontEnd.close())

const loggedIn: Access = ({ req }) => Boolean(req.user)
const access = { read: loggedIn, create: loggedIn, update: loggedIn, delete: loggedIn }

const config = defineConfig({
  admin: {
    // The root options: the pages' preview is a string URL.
    livePreview: {
      url: `${origin}/site`,
      collections: ['pages'],
      breakpoints: [{ name: 'mobile', label: 'Mobile', width: 375, height: 667 }],
    },
  },
  collections: [
    { slug: 'users', auth: true, fields: [{ name: 'name', type: 'text' }] },
    {
      // `posts` and `pages`: the admin is built against the example app's SDK, which addresses them by these slugs.
      slug: 'posts',
      labels: { singular: 'Post', plural: 'Posts' },
      admin: {
        useAsTitle: 'title',
        livePreview: {
          url: ({ data }) => `${origin}/posts/${String(data.slug)}`,
          breakpoints: [
            { name: 'mobile', label: 'Mobile', width: 375, height: 667 },
            { name: 'tablet', label: 'Tablet', width: 768, height: 1024 },
          ],
          origins: [origin],
        },
      },
      versions: { drafts: { autosave: { interval: 300 } } },
      access,
      fields: [
        { name: 'title', type: 'text', required: true },
        { name: 'slug', type: 'text', required: true, unique: true },
      ],
    },
    {
      slug: 'pages',
      labels: { singular: 'Page', plural: 'Pages' },
      admin: { useAsTitle: 'title' },
      versions: { drafts: true },
      access,
      fields: [
        { name: 'title', type: 'text', required: true },
        { name: 'slug', type: 'text', required: true },
      ],
    },
  ],
  seed: async (cms) => {
    await cms.create({
      collection: 'users',
      data: { email: 'admin@example.com', password: 'admin-password', name: 'Admin' },
    })
    await cms.create({
      collection: 'posts',
      data: { title: 'Hello', slug: 'hello', _status: 'published' },
    })
    await cms.create({ collection: 'pages', data: { title: 'Home', slug: 'home' } })
  },
})

const s = useAdmin(test, undefined, config)

/** Waits until `path` of the front end was loaded `n` times. */
async function loaded(path: string, n: number): Promise<void> {
  for (const end = Date.now() + 10_000; Date.now() < end;) {
    if ((loads.get(path) ?? 0) >= n) return
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error(`${path} was loaded ${loads.get(path) ?? 0} times, not ${n}`)
}

test.serial("the admin's CSP frames the preview's origin and no other", async (t) => {
  const res = await fetch(`${s.url}/admin/`)
  const csp = res.headers.get('content-security-policy') ?? ''
  t.regex(csp, new RegExp(`; frame-src ${origin}$`))
  t.notRegex(csp, /unsafe-/)
})

test.serial(
  "a post's preview: the server's URL function, breakpoints, a reload after a save and an autosave",
  async (t) => {
    const post = (await s.cms.find({ collection: 'posts', where: { slug: { equals: 'hello' } } }))
      .docs[0]
    const p = await s.open()
    await p.login('admin')
    await p.visit(`/collections/posts/${post.id}`)
    const toggle = p.page.getByRole('button', { name: 'Live Preview' })
    await toggle.click()
    t.is(await toggle.getAttribute('aria-pressed'), 'true')
    const frame = p.page.frameLocator('iframe[title="Live Preview"]')
    await frame.getByRole('heading', { name: 'Preview of /posts/hello' }).waitFor()
    t.is(loads.get('/posts/hello'), 1)
    t.deepEqual(await p.axe(), [])
    await p.screenshot('edit-live-preview')

    // A breakpoint sizes the frame; Responsive fills the pane again.
    const iframe = p.page.locator('iframe[title="Live Preview"]')
    await p.page.getByRole('button', { name: 'Mobile' }).click()
    t.is(await iframe.getAttribute('width'), '375')
    const box = (await iframe.boundingBox())!
    t.true(Math.abs(box.width - 375) <= 2 && Math.abs(box.height - 667) <= 2, JSON.stringify(box))
    await p.page.getByRole('button', { name: 'Responsive' }).click()
    t.is(await iframe.getAttribute('width'), null)

    // An autosave (typing, then a pause) reloads the preview.
    await p.page.getByLabel('Title').fill('Hello again')
    await loaded('/posts/hello', 2)
    const draft = await s.cms.findByID({ collection: 'posts', id: post.id, draft: true })
    t.is(draft.title, 'Hello again')
    // A save with a new slug: the URL function answers the new page.
    await p.page.getByLabel('Slug').fill('hello-world')
    await p.page.getByRole('button', { name: 'Publish changes', exact: true }).click()
    await frame.getByRole('heading', { name: 'Preview of /posts/hello-world' }).waitFor()
    const saved = await s.cms.findByID({ collection: 'posts', id: post.id })
    t.is(saved._status, 'published')
    t.is(saved.slug, 'hello-world')
    t.is(await iframe.getAttribute('src'), `${origin}/posts/hello-world`)
    await p.done(t)
  },
)

test.serial("a page's preview: the root config's string URL, reloaded after a save", async (t) => {
  const page = (await s.cms.find({ collection: 'pages' })).docs[0]
  const p = await s.open()
  await p.login('admin')
  await p.visit(`/collections/pages/${page.id}`)
  // The switch is kept for the page's life: it was on in the last test's page only.
  await p.page.getByRole('button', { name: 'Live Preview' }).click()
  const frame = p.page.frameLocator('iframe[title="Live Preview"]')
  await frame.getByRole('heading', { name: 'Preview of /site' }).waitFor()
  const before = loads.get('/site') ?? 0
  await p.page.getByLabel('Title').fill('Home, edited')
  await p.page.getByRole('button', { name: 'Save Draft' }).click()
  await loaded('/site', before + 1)
  const saved = await s.cms.findByID({ collection: 'pages', id: page.id, draft: true })
  t.is(saved.title, 'Home, edited')
  t.is(await p.page.getByRole('button', { name: 'Tablet' }).count(), 0)
  await p.done(t)
})
