/**
 * Issue 33: a config written the way Payload's templates write theirs (admin options, labelled options, tabs,
 * collapsibles, block labels and images, custom, editor, localized without localization) starts unchanged; the
 * labels and descriptions reach the contracts, and `admin.condition` decides whether a field is validated.
 */
import test from 'ava'
import { defineConfig } from '../../server/config/define-config.ts'
import { compileSDL } from '../../server/contracts/graphql.ts'
import { compileOpenAPI } from '../../server/contracts/openapi.ts'
import { useServer } from '../helpers/http.ts'

const editor = { name: 'lexical', features: ['bold'] }
const open = { create: () => true, read: () => true, update: () => true }

const config = defineConfig({
  secret: 'a-test-secret-that-is-at-least-32-bytes-long',
  admin: { user: 'users', meta: { titleSuffix: ' - Site' }, components: { graphics: {} } },
  custom: { team: 'web' },
  editor,
  collections: [
    { slug: 'users', auth: true, admin: { useAsTitle: 'email' }, fields: [] },
    {
      slug: 'posts',
      access: open,
      labels: { singular: 'Post', plural: 'Posts' },
      custom: { searchable: true },
      typescript: { interface: 'Post' },
      admin: {
        useAsTitle: 'title',
        defaultColumns: ['title', 'kind', 'updatedAt'],
        listSearchableFields: ['title'],
        description: 'Articles of the blog.',
        group: 'Content',
        livePreview: { url: () => '/preview' },
      },
      fields: [
        {
          name: 'title',
          type: 'text',
          label: 'Headline',
          required: true,
          admin: { description: 'Shown in lists and feeds.', placeholder: 'A title' },
          custom: { seo: true },
        },
        {
          name: 'kind',
          type: 'select',
          defaultValue: 'note',
          options: [
            { label: 'Note', value: 'note' },
            { label: { en: 'Link' }, value: 'link' },
          ],
          admin: { position: 'sidebar', width: '50%' },
        },
        {
          name: 'url',
          type: 'text',
          required: true,
          admin: { condition: (_data, sibling) => sibling.kind === 'link' },
        },
        { name: 'body', type: 'richText', editor, localized: true },
        {
          type: 'tabs',
          tabs: [
            {
              label: 'Content',
              description: 'The body of the post.',
              fields: [{ name: 'summary', type: 'textarea', localized: true }],
            },
            {
              name: 'meta',
              label: 'SEO',
              description: 'Search engine data.',
              fields: [{ name: 'image', type: 'text' }],
            },
          ],
        },
        {
          type: 'collapsible',
          label: 'Details',
          admin: { initCollapsed: true, condition: (data) => data.kind === 'link' },
          fields: [{ name: 'source', type: 'text', required: true }],
        },
        {
          name: 'links',
          type: 'array',
          labels: { singular: 'Link', plural: 'Links' },
          admin: { initCollapsed: true, components: { RowLabel: '/components/RowLabel' } },
          fields: [{ name: 'href', type: 'text' }],
        },
        {
          name: 'layout',
          type: 'blocks',
          labels: { singular: 'Section', plural: 'Sections' },
          blocks: [
            {
              slug: 'cta',
              labels: { singular: 'Call to action', plural: 'Calls to action' },
              imageURL: '/cta.png',
              imageAltText: 'A button',
              graphQL: { singularName: 'CallToAction' },
              admin: { group: 'Marketing' },
              custom: { v: 1 },
              fields: [
                { name: 'style', type: 'select', options: [{ label: 'Big', value: 'big' }] },
                {
                  name: 'button',
                  type: 'text',
                  required: true,
                  admin: { condition: (_d, _s, { blockData }) => blockData?.style === 'big' },
                },
              ],
            },
          ],
        },
      ],
    },
  ],
  globals: [
    {
      slug: 'header',
      access: { read: () => true },
      admin: { group: 'Settings', description: 'The site header.' },
      custom: { cache: 60 },
      typescript: { interface: 'Header' },
      fields: [{ name: 'tagline', type: 'text', admin: { description: 'Under the logo.' } }],
    },
  ],
})

const s = useServer(test, config)

test('the config starts as written and the sanitised config keeps the admin options', (t) => {
  const c = s.cms.config
  t.deepEqual(c.custom, { team: 'web' })
  t.is(c.editor, editor)
  t.is(c.admin?.user, 'users')
  const posts = c.collectionsBySlug.get('posts')!
  t.is(posts.admin?.useAsTitle, 'title')
  t.deepEqual(posts.admin?.defaultColumns, ['title', 'kind', 'updatedAt'])
  t.deepEqual(posts.admin?.listSearchableFields, ['title'])
  t.deepEqual(posts.custom, { searchable: true })
  const title = posts.flatFields.find((f) => f.name === 'title')!
  t.deepEqual(title.custom, { seo: true })
  t.is(title.admin?.placeholder, 'A title')
  // `localized` without localization is ignored (as Payload): the fields are stored plainly.
  t.false(Boolean(posts.flatFields.find((f) => f.name === 'body')!.localized))
  t.false(Boolean(posts.flatFields.find((f) => f.name === 'summary')!.localized))
  t.is(c.globalsBySlug.get('header')!.admin?.group, 'Settings')
})

test('a conditional required field is required only when its condition holds (REST)', async (t) => {
  const note = await s.request('POST', '/api/posts', { body: { title: 'A note', kind: 'note' } })
  t.is(note.status, 201)
  t.is(note.body.doc.url ?? null, null)
  const link = await s.request('POST', '/api/posts', { body: { title: 'A link', kind: 'link' } })
  t.is(link.status, 400)
  t.deepEqual(link.body.errors[0].data.errors.map((e: { path: string }) => e.path).sort(), [
    'source',
    'url',
  ])
  // A value sent while the condition is false is still stored.
  const kept = await s.request('POST', '/api/posts', {
    body: { title: 'Kept', kind: 'note', url: 'https://x.example' },
  })
  t.is(kept.status, 201)
  t.is(kept.body.doc.url, 'https://x.example')
  // An update that makes the condition true needs the field.
  const update = await s.request('PATCH', `/api/posts/${note.body.doc.id}`, {
    body: { kind: 'link' },
  })
  t.is(update.status, 400)
  const fixed = await s.request('PATCH', `/api/posts/${note.body.doc.id}`, {
    body: { kind: 'link', url: 'https://y.example', source: 'Y' },
  })
  t.is(fixed.status, 200)
})

test('a conditional required field is required only when its condition holds (Local, blocks)', async (t) => {
  const cms = s.cms
  const made = await cms.create({
    collection: 'posts',
    data: { title: 'Blocks', layout: [{ blockType: 'cta', style: null }] },
  })
  t.is((made.layout as unknown[]).length, 1)
  const error = await t.throwsAsync(
    cms.create({
      collection: 'posts',
      data: { title: 'Big', layout: [{ blockType: 'cta', style: 'big' }] },
    }),
  )
  t.deepEqual(
    (error as unknown as { data: { errors: { path: string }[] } }).data.errors.map((e) => e.path),
    ['layout.0.button'],
  )
  const note = await cms.create({ collection: 'posts', data: { title: 'Local note' } })
  t.is(note.kind, 'note')
  await t.throwsAsync(
    cms.create({ collection: 'posts', data: { title: 'Local link', kind: 'link' } }),
    { message: /url|source|invalid/i },
  )
})

test('labels and admin descriptions describe fields, collections and globals in OpenAPI and SDL', (t) => {
  const doc = compileOpenAPI(s.cms.config) as {
    components: {
      schemas: Record<string, { description?: string; properties: Record<string, any> }>
    }
    tags: { name: string; description: string }[]
  }
  const post = doc.components.schemas.Post
  t.is(post.description, 'Articles of the blog.')
  t.is(post.properties.title.title, 'Headline')
  t.is(post.properties.title.description, 'Shown in lists and feeds.')
  t.is(post.properties.meta.title, 'SEO')
  t.is(post.properties.meta.description, 'Search engine data.')
  t.is(doc.tags.find((tag) => tag.name === 'Posts')?.description, 'Articles of the blog.')
  // A conditional required field is optional in the create body (it binds only when its condition holds).
  const create = doc.components.schemas.PostCreateInput as { required?: string[] }
  t.true(create.required?.includes('title'))
  t.false(create.required?.includes('url'))

  const sdl = compileSDL(s.cms.config)
  t.regex(sdl, /"""Post: Articles of the blog\."""\ntype Post \{/)
  t.regex(sdl, /"""Headline: Shown in lists and feeds\."""\n {2}title: String/)
  t.regex(sdl, /"""Header: The site header\."""\ntype Header \{/)
  t.regex(sdl, /"""Under the logo\."""\n {2}tagline: String/)
  // The conditional field is optional in the create input.
  t.regex(sdl, /input mutationPostInput \{[^}]*\n {2}url: String\n/)
  t.regex(sdl, /input mutationPostInput \{[^}]*\n {2}title: String!\n/)
})
