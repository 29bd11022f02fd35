/**
 * Where the admin is served: `routes.admin` moves it, `admin.disable` turns it off, and a path that would
 * contain the API (or be contained by it) is a start-up error.
 */
import test from 'ava'
import exampleConfig from '../../cms.config.ts'
import { sanitizeConfig } from '../../server/config/sanitize.ts'
import { useServer } from '../helpers/http.ts'
import { ensureBuilt } from './harness.ts'

test.before(ensureBuilt)
const moved = useServer(test, { ...exampleConfig, routes: { admin: '/editor' } })
const off = useServer(test, { ...exampleConfig, admin: { disable: true } })

test('routes.admin moves the app: its page, assets and config are served there, and /admin is no longer', async (t) => {
  const page = await fetch(`${moved.url}/editor/collections/posts`)
  t.is(page.status, 200)
  const html = await page.text()
  const script = /src="(\/editor\/assets\/main-\w+\.js)"/.exec(html)?.[1]
  t.truthy(script, html)
  t.is(
    (await fetch(`${moved.url}${script}`)).headers.get('content-type'),
    'text/javascript; charset=utf-8',
  )
  const config = await (await fetch(`${moved.url}/editor/config.json`)).json()
  t.deepEqual(config.routes, { admin: '/editor', api: '/api' })
  t.is((await fetch(`${moved.url}/admin/`)).status, 404)
})

test('admin.disable serves no admin: its paths answer the API 404', async (t) => {
  const res = await fetch(`${off.url}/admin/`)
  t.is(res.status, 404)
  t.deepEqual((await res.json()).errors.length, 1)
  t.is((await fetch(`${off.url}/admin/config.json`)).status, 404)
  t.is((await fetch(`${off.url}/api/health`)).status, 200)
})

test('an admin route inside the API (or around it) is a start-up error naming both', (t) => {
  for (const routes of [
    { admin: '/api' },
    { admin: '/api/admin' },
    { admin: '/', api: '/api' },
    { api: '/admin/api' },
  ]) {
    const error = t.throws(
      () => sanitizeConfig({ ...exampleConfig, routes }),
      undefined,
      JSON.stringify(routes),
    )
    t.regex(
      error?.message ?? '',
      /routes\.admin \(.+\) and routes\.api \(.+\) must not contain one another/,
    )
  }
})

test('the contract describes the admin: collections with their admin options and field trees, layout kept', async (t) => {
  const contract = (await moved.request('GET', '/api/openapi.json')).body
  const admin = contract['x-cms-admin']
  t.is(admin.user, 'users')
  const posts = admin.collections.find((c: { slug: string }) => c.slug === 'posts')
  t.is(posts.useAsTitle, 'title')
  t.deepEqual(posts.defaultColumns, ['title', '_status', 'updatedAt'])
  t.true(posts.drafts)
  const row = posts.fields.find((f: { fieldType: string }) => f.fieldType === 'row')
  t.is(row.fields[0].fieldType, 'group')
  const blocks = posts.fields.find((f: { name?: string }) => f.name === 'layout')
  t.deepEqual(
    blocks.blocks.map((b: { slug: string }) => b.slug),
    ['hero', 'content', 'quote'],
  )
  // An upload collection: what the file panel needs (accepted types, focal point, sizes, the largest file).
  const media = admin.collections.find((c: { slug: string }) => c.slug === 'media')
  t.deepEqual(media.upload, {
    mimeTypes: ['image/*', 'application/pdf'],
    focalPoint: true,
    imageSizes: ['thumbnail', 'card', 'hero'],
    maxFileSize: 50 * 1024 * 1024,
  })
  t.is(posts.upload, undefined)
  const roles = admin.collections[0].fields.find((f: { name?: string }) => f.name === 'roles')
  t.deepEqual(roles.defaultValue, ['member'])
  t.deepEqual(
    admin.globals.map((g: { slug: string }) => g.slug),
    ['site-settings'],
  )
})

test('admin.user must name an auth collection: a start-up error listing the ones that have auth', (t) => {
  const error = t.throws(() => sanitizeConfig({ ...exampleConfig, admin: { user: 'posts' } }))
  t.is(
    error?.message,
    'admin.user "posts" names no auth collection; name one whose users log into the admin (users).',
  )
})
