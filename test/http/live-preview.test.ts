/**
 * Payload's `admin.livePreview` on the server (docs/admin.md, "Publishing"): checked at start, described to the
 * admin (`x-cms-admin`: breakpoints, a string URL, the origins it may frame), the admin's CSP `frame-src`, and a
 * function URL run by the form-state route (`livePreviewURL`, not on a create, with the caller's access). Every
 * response is checked against the contract.
 */
import test from 'ava'
import { defineConfig } from '../../server/index.ts'
import { sanitizeConfig } from '../../server/config/sanitize.ts'
import type { Config } from '../../server/config/types.ts'
import { useServer } from '../helpers/http.ts'

const base = (admin: Record<string, unknown>, posts: Record<string, unknown> = {}): Config =>
  defineConfig({
    admin,
    collections: [
      { slug: 'users', auth: true, fields: [] },
      { slug: 'posts', admin: posts, fields: [{ name: 'slug', type: 'text' }] },
    ],
  })

test('a bad admin.livePreview is a start error naming where it is', (t) => {
  const bad: [Config, RegExp][] = [
    [base({}, { livePreview: { url: 42 } }), /Collection "posts": admin\.livePreview\.url must be/],
    [base({}, { livePreview: { url: 'ftp://x' } }), /absolute http\(s\) URL/],
    [base({}, { livePreview: { breakpoints: [{ name: 'm' }] } }), /breakpoints\[0\]/],
    [base({}, { livePreview: { origins: ['https://a.example/path'] } }), /origins must be/],
    [base({}, { livePreview: { collections: ['posts'] } }), /root admin\.livePreview only/],
    [base({ livePreview: { collections: ['nope'] } }), /names "nope", which is not one/],
  ]
  for (const [config, message] of bad)
    t.throws(() => sanitizeConfig(config), { name: 'ConfigError', message })
  t.notThrows(() =>
    sanitizeConfig(base({ livePreview: { url: '/preview', collections: ['posts'] } })),
  )
})

const s = useServer(
  test,
  defineConfig({
    admin: {
      livePreview: {
        url: 'https://site.example/',
        collections: ['pages'],
        breakpoints: [{ name: 'mobile', label: 'Mobile', width: 375, height: 667 }],
      },
    },
    collections: [
      { slug: 'users', auth: true, fields: [] },
      {
        slug: 'posts',
        admin: {
          livePreview: {
            url: ({ data, collectionConfig }) =>
              `https://preview.example/${(collectionConfig as { slug: string }).slug}/${String(data.slug)}`,
            origins: ['https://preview.example'],
          },
        },
        access: { update: ({ req }) => Boolean(req.user) },
        fields: [{ name: 'slug', type: 'text' }],
      },
      { slug: 'pages', fields: [{ name: 'title', type: 'text' }] },
    ],
  }),
  async (cms) => {
    await cms.create({
      collection: 'users',
      data: { email: 'a@example.com', password: 'a-password' },
    })
    return { post: (await cms.create({ collection: 'posts', data: { slug: 'hello' } })).id }
  },
)

test.serial("the admin's description, its CSP and the form state's livePreviewURL", async (t) => {
  // Served beside the admin, outside the API's contract.
  const config = await (await fetch(`${s.server.url}/admin/config.json`)).json()
  const posts = config.collections.find((c: { slug: string }) => c.slug === 'posts')
  const pages = config.collections.find((c: { slug: string }) => c.slug === 'pages')
  t.deepEqual(posts.livePreview, {
    breakpoints: [],
    origins: ['https://site.example', 'https://preview.example'],
  })
  t.is(pages.livePreview.url, 'https://site.example/')
  t.is(pages.livePreview.breakpoints[0].width, 375)
  const page = await fetch(`${s.server.url}/admin/`)
  t.regex(
    page.headers.get('content-security-policy') ?? '',
    /; frame-src https:\/\/site\.example https:\/\/preview\.example$/,
  )

  const login = await s.request('POST', '/api/users/login', {
    body: { email: 'a@example.com', password: 'a-password' },
  })
  const headers = { authorization: `Bearer ${login.body.token}` }
  const state = await s.request('POST', '/api/posts/form-state', {
    headers,
    body: { data: { slug: 'draft-slug' }, id: s.data.post },
  })
  t.is(state.status, 200, JSON.stringify(state.body))
  t.deepEqual(state.body, {
    conditions: {},
    livePreviewURL: 'https://preview.example/posts/draft-slug',
  })
  // A create has no document to preview yet; an anonymous caller gets none.
  const create = await s.request('POST', '/api/posts/form-state', {
    headers,
    body: { data: { slug: 'x' }, operation: 'create' },
  })
  t.deepEqual(create.body, { conditions: {} })
  t.is((await s.request('POST', '/api/posts/form-state', { body: { data: {} } })).status, 401)
})
