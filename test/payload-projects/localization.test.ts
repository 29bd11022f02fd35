/**
 * Issue 55: Payload 3.x's `examples/localization` (test/fixtures/payload-projects/localization, its sources
 * unchanged but the database adapter line) moves in with Payload's real form-builder, nested-docs, redirects, search
 * and seo plugins and `@payloadcms/payload-cloud` (which stays off outside Payload Cloud). Its own seed endpoint
 * (`GET /api/seed`, a Payload endpoint running the seed in one transaction of its own) writes pages, posts, media
 * (uploaded from the example's images) and globals in English and Spanish; each reads back in its locale, over
 * REST and GraphQL, and plugin-search has synced the posts. At request time: a form submission (form-builder), a
 * redirect (redirects) and breadcrumbs kept across a parent's rename (nested-docs).
 */
import test from 'ava'
import { startProject } from './project.ts'

test("examples/localization: first user, the example's own seed endpoint, every document in English and Spanish, search synced, GraphQL by locale", async (t) => {
  const project = await startProject('localization')
  const { call } = project
  try {
    const first = await project.firstUser()
    const token: string = first.token
    t.is((await call('GET', '/seed')).status, 401, 'the seed handler refuses an anonymous caller')
    const seeded = await call('GET', '/seed', undefined, token)
    t.deepEqual(seeded.body, { success: true })

    const titles = async (locale: string) =>
      (
        await call('GET', `/posts?depth=0&sort=slug&locale=${locale}&select[title]=true`)
      ).body.docs.map((d: { title: string }) => d.title)
    t.deepEqual(await titles('en'), [
      'Digital Horizons: A Glimpse into Tomorrow',
      'Dollar and Sense: The Financial Forecast',
      'Global Gaze: Beyond the Headlines',
    ])
    t.deepEqual(await titles('es'), [
      'Horizontes Digitales: Un Vistazo al Mañana',
      'Dólar y Sentido: El Pronóstico Financiero',
      'Mirada Global: Más allá de los titulares',
    ])
    const home = await call(
      'GET',
      '/pages?depth=0&locale=all&where[slug][equals]=home&select[title]=true',
    )
    t.deepEqual(home.body.docs[0].title, { en: 'Home', es: 'Inicio' })

    // A post at depth 2 in Spanish: its rich text, its SEO image (uploaded by the seed), its authors by name (an
    // afterRead hook of the example's: users themselves are not public).
    const [post] = (await call('GET', '/posts?depth=2&locale=es&where[slug][equals]=global-gaze'))
      .body.docs
    t.is(post.title, 'Mirada Global: Más allá de los titulares')
    t.is(post.content.root.type, 'root')
    t.regex(post.meta.image.filename, /^image-post\d(-\d+)?\.webp$/)
    t.is(post.meta.image.mimeType, 'image/webp')
    t.is(post.populatedAuthors[0].name, 'Demo Author')
    t.is(typeof post.authors[0], 'number')

    const header = await call('GET', '/globals/header?depth=0&locale=es')
    t.deepEqual(
      header.body.navItems.map((i: { link: { label: string } }) => i.link.label),
      ['Inicio', 'Contacto'],
    )
    // plugin-search synced every post.
    const search = await call('GET', '/search?depth=0&limit=0&where[doc.relationTo][equals]=posts')
    t.is(search.body.totalDocs, 3)

    // plugin-form-builder: anyone submits the seeded contact form; its submissions are read by signed-in users.
    const [form] = (await call('GET', '/forms?depth=0&select[title]=true')).body.docs
    const submitted = await call('POST', '/form-submissions', {
      form: form.id,
      submissionData: [
        { field: 'full-name', value: 'Casey' },
        { field: 'email', value: 'casey@example.com' },
        { field: 'message', value: 'Hello' },
      ],
    })
    t.is(submitted.status, 201, JSON.stringify(submitted.body))
    t.is((await call('GET', '/form-submissions')).status, 401)
    const submissions = await call('GET', '/form-submissions?depth=0', undefined, token)
    t.deepEqual(
      submissions.body.docs[0].submissionData.map((d: { field: string; value: string }) => [
        d.field,
        d.value,
      ]),
      [
        ['full-name', 'Casey'],
        ['email', 'casey@example.com'],
        ['message', 'Hello'],
      ],
    )
    // plugin-redirects: a redirect made by an editor, listed to anyone.
    const redirect = await call(
      'POST',
      '/redirects',
      { from: '/old-page', to: { type: 'custom', url: '/new-page' } },
      token,
    )
    t.is(redirect.status, 201, JSON.stringify(redirect.body))
    const redirects = await call('GET', '/redirects?depth=0&where[from][equals]=/old-page')
    t.like(redirects.body.docs[0], { from: '/old-page', to: { type: 'custom', url: '/new-page' } })
    // plugin-nested-docs: a child category's breadcrumbs, kept when its parent is renamed.
    const parent = await call('POST', '/categories', { title: 'Parent' }, token)
    const child = await call(
      'POST',
      '/categories',
      { title: 'Child', parent: parent.body.doc.id },
      token,
    )
    t.is(child.status, 201, JSON.stringify(child.body))
    await call('PATCH', `/categories/${parent.body.doc.id}`, { title: 'Renamed' }, token)
    const crumbs = await call('GET', `/categories/${child.body.doc.id}?depth=0`)
    t.deepEqual(
      crumbs.body.breadcrumbs.map((b: { doc: number; label: string }) => [b.doc, b.label]),
      [
        [parent.body.doc.id, 'Renamed'],
        [child.body.doc.id, 'Child'],
      ],
    )

    const listed = await project.graphql(
      '{ Posts(locale: es, sort: "slug") { docs { slug title } } }',
    )
    t.deepEqual(listed.body.data.Posts.docs[0], {
      slug: 'digital-horizons',
      title: 'Horizontes Digitales: Un Vistazo al Mañana',
    })
  } finally {
    await project.stop()
  }
})
