import test from 'ava'
import { useAdmin } from './harness.ts'
import { seededBearer } from '../helpers/http.ts'

const s = useAdmin(test)
const bearer = seededBearer(s)

type Doc = Record<string, any>
type Page = Awaited<ReturnType<typeof s.open>>

/** Goes to an admin path once the page's requests are answered (a reload drops the answers still coming). */
const go = async (p: Page, path: string) => {
  await p.page.waitForLoadState('networkidle')
  await p.go(path)
}
/** Closes the page once its requests are answered, then checks what it saw. */
const done = async (p: Page, t: Parameters<Page['done']>[0]) => {
  await p.page.waitForLoadState('networkidle')
  await p.done(t)
}

/** The text nodes of a Lexical state, in order. */
const texts = (node: Doc): Doc[] =>
  node.type === 'text' ? [node] : (node.children ?? []).flatMap((c: Doc) => texts(c))

test.serial(
  'an admin creates a post with blocks, a category and rich text as a draft, then publishes it',
  async (t) => {
    const p = await s.open()
    await p.login('admin')
    const page = p.page
    await go(p, '/collections/posts/create')
    await page.getByRole('heading', { name: 'Create new Post' }).waitFor()
    t.deepEqual(await p.axe(), [])
    await page.locator('#field-title').fill('Edited in the browser')
    await page.locator('#field-slug').fill('edited-in-the-browser')
    await page.locator('#field-layout-type').selectOption('hero')
    await page.getByRole('button', { name: 'Add Layout' }).click()
    await page.locator('#field-layout__0__heading').fill('A hero heading')
    await page.locator('#field-category').fill('Engin')
    await page.getByRole('button', { name: 'Engineering' }).click()
    await page.getByRole('listitem').filter({ hasText: 'Engineering' }).waitFor()
    const body = page.getByRole('textbox', { name: 'Body' })
    await body.click()
    await page.keyboard.type('Plain and ')
    await page
      .getByRole('toolbar', { name: 'Body formatting' })
      .getByRole('button', { name: 'Bold' })
      .click()
    await page.keyboard.type('bold')
    await p.screenshot('edit-post-create')
    await page.getByRole('button', { name: 'Save Draft' }).click()
    await page.getByRole('heading', { name: 'Edited in the browser' }).waitFor()
    const id = page.url().split('/').pop()!
    t.regex(id, /^\d+$/)

    const headers = await bearer('admin')
    const draft = (await s.request('GET', `/api/posts/${id}?draft=true&depth=0`, { headers })).body
    t.is(draft._status, 'draft')
    t.is(draft.title, 'Edited in the browser')
    t.is(draft.layout[0].blockType, 'hero')
    t.is(draft.layout[0].heading, 'A hero heading')
    const engineering = (
      await s.cms.find({ collection: 'categories', where: { slug: { equals: 'engineering' } } })
    ).docs[0]
    t.is(draft.category, engineering.id)
    const words = texts(draft.body.root)
    t.is(words.map((w) => w.text).join(''), 'Plain and bold')
    t.is(words.find((w) => w.text === 'bold')?.format, 1)
    t.is((await s.request('GET', `/api/posts/${id}`)).status, 404)

    t.deepEqual(await p.axe(), [])
    await p.screenshot('edit-post')
    await page.getByRole('button', { name: 'Publish changes' }).click()
    await page.getByRole('button', { name: 'Unpublish' }).waitFor()
    const published = await s.request('GET', `/api/posts/${id}`)
    t.is(published.status, 200)
    t.is(published.body._status, 'published')
    t.is(published.body.layout[0].heading, 'A hero heading')
    await done(p, t)
  },
)

test.serial(
  'a server validation error shows at its field and in a summary, and nothing is written',
  async (t) => {
    const p = await s.open()
    await p.login('admin')
    const page = p.page
    await go(p, '/collections/posts/create')
    await page.getByRole('heading', { name: 'Create new Post' }).waitFor()
    await page.locator('#field-title').fill('A duplicate slug')
    await page.locator('#field-slug').fill('post-1')
    await page.getByRole('button', { name: 'Save Draft' }).click()
    const error = page.locator('#field-slug-error')
    await error.waitFor()
    t.regex((await error.textContent()) ?? '', /unique/i)
    t.is(await page.locator('#field-slug').getAttribute('aria-invalid'), 'true')
    t.regex((await page.getByRole('alert').textContent()) ?? '', /slug/)
    t.true(page.url().endsWith('/collections/posts/create'))
    const written = await s.cms.find({
      collection: 'posts',
      where: { title: { equals: 'A duplicate slug' } },
      draft: true,
    })
    t.is(written.totalDocs, 0)
    await done(p, t)
  },
)

test.serial(
  "conditional fields follow the form's values, as the server's admin.condition answers",
  async (t) => {
    const p = await s.open()
    await p.login('admin')
    const page = p.page
    await go(p, '/collections/posts/create')
    await page.getByRole('heading', { name: 'Create new Post' }).waitFor()
    const publishedAt = page.locator('#field-publishedAt')
    // A new post's status is draft: publishedAt waits hidden for the form-state answer, which keeps it hidden.
    await publishedAt.waitFor({ state: 'detached' })
    await page.locator('#field-status').selectOption('published')
    await publishedAt.waitFor()
    await page.locator('#field-layout-type').selectOption('quote')
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/posts/form-state'))
    await page.getByRole('button', { name: 'Add Layout' }).click()
    const attribution = page.locator('#field-layout__0__attribution')
    await page.locator('#field-layout__0__quote').waitFor()
    await answered
    t.false(await attribution.isVisible())
    await page.locator('#field-layout__0__quote').fill('Less is more.')
    await attribution.waitFor()
    await page.locator('#field-status').selectOption('draft')
    await publishedAt.waitFor({ state: 'detached' })
    t.true(await attribution.isVisible())
    t.deepEqual(await p.axe(), [])
    await done(p, t)
  },
)

test.serial('an admin edits the site-settings global', async (t) => {
  const p = await s.open()
  await p.login('admin')
  const page = p.page
  await go(p, '/globals/site-settings')
  await page.getByRole('heading', { name: 'Site Settings' }).waitFor()
  t.is(await page.locator('#field-tagline').inputValue(), 'Content with a contract')
  await page.locator('#field-tagline').fill('Edited from the admin')
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await page
    .getByRole('status')
    .filter({ hasText: /updated|saved/i })
    .waitFor()
  const settings = (await s.cms.findGlobal({ slug: 'site-settings' })) as Doc
  t.is(settings.tagline, 'Edited from the admin')
  t.is(settings.navigation.length, 2)
  t.deepEqual(await p.axe(), [])
  await p.screenshot('edit-global')
  await done(p, t)
})

test.serial(
  'a member edits their own post with the author read-only, and may not save a category',
  async (t) => {
    const alice = (
      await s.cms.find({ collection: 'users', where: { email: { equals: 'alice@example.com' } } })
    ).docs[0] as Doc
    const post = (
      await s.cms.find({
        collection: 'posts',
        where: { author: { equals: alice.id } },
        limit: 1,
        draft: true,
      })
    ).docs[0] as Doc
    const p = await s.open(390)
    await p.login('alice')
    const page = p.page
    await go(p, `/collections/posts/${post.id}`)
    await page.getByRole('heading', { name: post.title, level: 1 }).waitFor()
    // The author shows, without the picker or a remove button; the title is editable; she may save.
    await page.getByText('Alice Member').waitFor()
    const author = page.locator('.field-relationship').filter({ hasText: 'Author' })
    t.is(await author.locator('input, button').count(), 0)
    t.is(await author.getByText('Alice Member').count(), 1)
    t.true(await page.locator('#field-title').isEditable())
    await page.getByRole('button', { name: 'Save Draft' }).waitFor()
    t.deepEqual(await p.axe(), [])
    await p.screenshot('edit-post-member')

    const category = (await s.cms.find({ collection: 'categories', limit: 1 })).docs[0] as Doc
    await go(p, `/collections/categories/${category.id}`)
    await page.getByText(/Read only/).waitFor()
    t.is(await page.getByRole('button', { name: /^Save/ }).count(), 0)
    t.false(await page.locator('#field-name').isEditable())
    await done(p, t)
  },
)

test.serial('an existing post passes axe at 1280 and 390 pixels', async (t) => {
  const post = (await s.cms.find({ collection: 'posts', limit: 1, draft: true })).docs[0] as Doc
  for (const width of [1280, 390]) {
    const p = await s.open(width)
    await p.login('admin')
    await go(p, `/collections/posts/${post.id}`)
    await p.page.getByRole('heading', { name: post.title, level: 1 }).waitFor()
    await p.page.getByRole('button', { name: 'Publish changes', exact: true }).waitFor()
    t.deepEqual(await p.axe(), [])
    await p.screenshot('edit-post-existing')
    await done(p, t)
  }
})

test.serial('unsaved changes hold a navigation until the user confirms', async (t) => {
  const p = await s.open()
  await p.login('admin')
  const page = p.page
  const post = (await s.cms.find({ collection: 'posts', limit: 1, draft: true })).docs[0] as Doc
  await go(p, `/collections/posts/${post.id}`)
  await page.getByRole('heading', { name: post.title, level: 1 }).waitFor()
  await page.locator('#field-excerpt').fill('Changed but not saved')
  const url = page.url()
  const dialog = new Promise<string>((resolve) =>
    page.once('dialog', (d) => {
      resolve(d.message())
      void d.dismiss()
    }),
  )
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: /^Categories/ })
    .click()
  t.regex(await dialog, /not been saved/i)
  t.is(page.url(), url)
  t.is(await page.locator('#field-excerpt').inputValue(), 'Changed but not saved')
  await done(p, t)
})

test.serial('an admin duplicates a category, then deletes the copy after confirming', async (t) => {
  const p = await s.open()
  await p.login('admin')
  const page = p.page
  const category = (
    await s.cms.find({ collection: 'categories', where: { slug: { equals: 'news' } } })
  ).docs[0] as Doc
  await go(p, `/collections/categories/${category.id}`)
  await page.locator('#field-name').waitFor()
  t.is(await page.locator('#field-name').inputValue(), 'News')
  await page.getByRole('button', { name: 'Duplicate' }).click()
  await page.waitForURL((url) => !url.pathname.endsWith(`/categories/${category.id}`))
  const copyId = page.url().split('/').pop()!
  await page.locator('#field-name').waitFor()
  const copy = (await s.cms.findByID({ collection: 'categories', id: copyId })) as Doc
  t.is(copy.name, 'News')
  t.not(String(copy.id), String(category.id))
  page.once('dialog', (d) => void d.accept())
  await page.getByRole('button', { name: 'Delete' }).click()
  await page.waitForURL((url) => url.pathname.endsWith('/collections/categories'))
  const left = await s.cms.find({ collection: 'categories', where: { id: { equals: copy.id } } })
  t.is(left.totalDocs, 0)
  await done(p, t)
})
