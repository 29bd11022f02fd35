import test from 'ava'
import { useAdmin } from './harness.ts'
import { seededBearer } from '../helpers/http.ts'

const s = useAdmin(test)
const bearer = seededBearer(s)

type Doc = Record<string, any>

/** The text nodes of a Lexical state, in order. */
const texts = (node: Doc): Doc[] =>
  node.type === 'text' ? [node] : (node.children ?? []).flatMap((c: Doc) => texts(c))

test.serial(
  'an admin creates a post with blocks, a category and rich text as a draft, then publishes it',
  async (t) => {
    const p = await s.open()
    await p.login('admin')
    const page = p.page
    await p.go('/collections/posts/create')
    await page.getByRole('heading', { name: 'Create Post' }).waitFor()
    t.deepEqual(await p.axe(), [])
    await page.locator('#field-title').fill('Edited in the browser')
    await page.locator('#field-slug').fill('edited-in-the-browser')
    await page.locator('#field-layout-type').selectOption('hero')
    await page.getByRole('button', { name: 'Add block' }).click()
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
    await page.getByRole('button', { name: 'Save draft' }).click()
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
    await page.getByRole('button', { name: 'Publish' }).click()
    await page.getByRole('button', { name: 'Unpublish' }).waitFor()
    const published = await s.request('GET', `/api/posts/${id}`)
    t.is(published.status, 200)
    t.is(published.body._status, 'published')
    t.is(published.body.layout[0].heading, 'A hero heading')
    await p.done(t)
  },
)
