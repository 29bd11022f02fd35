/**
 * Issue 55: Payload 3.x's `templates/website` (test/fixtures/payload-projects/website, its sources unchanged but the
 * database adapter line) moves in with Payload's real form-builder, nested-docs, redirects, search and seo plugins:
 * its hooks import `next/cache` (the `next` alias package: this server runs no Next.js app, so revalidation has
 * nothing to drop), its search overrides index a group. A published post with Payload-shaped rich text runs the
 * template's hooks (slug, authors, revalidation) and plugin-search's sync; it reads back at depth 2; GraphQL lists
 * in Payload's naming.
 */
import test from 'ava'
import { startProject } from './project.ts'

/** A Lexical document as Payload's editor writes it: one paragraph of text. */
const paragraph = (text: string) => ({
  root: {
    type: 'root',
    direction: 'ltr',
    format: '',
    indent: 0,
    version: 1,
    children: [
      {
        type: 'paragraph',
        direction: 'ltr',
        format: '',
        indent: 0,
        version: 1,
        textFormat: 0,
        children: [
          { type: 'text', text, format: 0, detail: 0, mode: 'normal', style: '', version: 1 },
        ],
      },
    ],
  },
})

test('templates/website: first user, a published post with rich text through its hooks and plugin-search, a read at depth 2, GraphQL in Payload’s naming', async (t) => {
  const project = await startProject('website')
  try {
    const first = await project.call('POST', '/users/first-register', {
      name: 'Dev',
      email: 'dev@example.com',
      password: 'a-long-test-password',
    })
    t.is(first.status, 200, JSON.stringify(first.body))
    const token: string = first.body.token
    const user = first.body.user.id

    const category = await project.call('POST', '/categories', { title: 'News' }, token)
    t.is(category.status, 201, JSON.stringify(category.body))
    const refused = await project.call(
      'POST',
      '/posts',
      { title: 'No content', _status: 'published' },
      token,
    )
    t.is(refused.status, 400, 'content is required when publishing')
    const made = await project.call(
      'POST',
      '/posts',
      {
        title: 'Moving In',
        content: paragraph('From Payload, unchanged.'),
        categories: [category.body.doc.id],
        authors: [user],
        _status: 'published',
      },
      token,
    )
    t.is(made.status, 201, JSON.stringify(made.body))
    const post = made.body.doc
    // slugField's hook made the slug from the title; populatePublishedAt set the date on publish.
    t.is(post.slug, 'moving-in')
    t.truthy(post.publishedAt)

    const read = await project.call('GET', `/posts/${post.id}?depth=2`, undefined, token)
    t.is(read.status, 200)
    t.is(read.body.categories[0].title, 'News')
    t.is(read.body.authors[0].email, 'dev@example.com')
    // The template's afterRead hook lists the authors by name for anyone who may read the post; it writes each
    // user's numeric id into the rows' text `id`, answered as the string the field declares (as Payload's GraphQL).
    t.deepEqual(read.body.populatedAuthors, [{ id: String(user), name: 'Dev' }])
    t.is(read.body.content.root.children[0].children[0].text, 'From Payload, unchanged.')

    // plugin-search synced the published post into its collection, with the template's beforeSync fields.
    const search = await project.call('GET', '/search?depth=0', undefined, token)
    t.is(search.status, 200)
    t.like(search.body.docs[0], { title: 'Moving In', slug: 'moving-in' })

    const listed = await project.graphql('{ Posts { docs { title slug _status } } }', token)
    t.deepEqual(listed.body, {
      data: { Posts: { docs: [{ title: 'Moving In', slug: 'moving-in', _status: 'published' }] } },
    })
  } finally {
    await project.stop()
  }
})
