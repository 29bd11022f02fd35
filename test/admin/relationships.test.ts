/**
 * Issue 57 item 5: relationships in the admin. A relationship field lists the related collection's options as soon
 * as it has focus (by title) and narrows them as one types, with the keyboard; "Create new" opens the related
 * collection's create form in a drawer (a labelled modal dialog, the focus kept inside, Escape closes it) and
 * selects the new document without leaving the form; the list's relationship columns name the related
 * documents; a relationship filter's value is chosen by name.
 */
import test from 'ava'
import { ARTIFACTS, useAdmin } from './harness.ts'
import { seededBearer } from '../helpers/http.ts'

const s = useAdmin(test)
const bearer = seededBearer(s)

type Doc = Record<string, any>
type Page = Awaited<ReturnType<typeof s.open>>

/** A drawer as the screen shows it (a full-page shot would cut the fixed drawer at the viewport's height). */
const drawerShot = (p: Page, name: string) =>
  p.page.screenshot({ path: `${ARTIFACTS}/${name}-1280.png` })

const category = async (slug: string): Promise<Doc> =>
  (await s.cms.find({ collection: 'categories', where: { slug: { equals: slug } } })).docs[0] as Doc

const draftOf = async (id: string): Promise<Doc> =>
  (
    await s.request('GET', `/api/posts/${id}?draft=true&depth=0`, {
      headers: await bearer('admin'),
    })
  ).body

/** Opens the create view of a post with its title and slug filled in. */
async function newPost(p: Page, title: string) {
  await p.login('admin')
  await p.visit('/collections/posts/create')
  await p.page.getByRole('heading', { name: 'Create new Post' }).waitFor()
  await p.page.locator('#field-title').fill(title)
  await p.page.locator('#field-slug').fill(title.toLowerCase().replace(/\W+/g, '-'))
  // A page load from here on would drop this mark: the tests check none happens.
  await p.page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true))
}

const stayed = (p: Page) =>
  p.page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed === true)

const optionNames = (p: Page, label: string) =>
  p.page
    .getByRole('list', { name: `Options for ${label}` })
    .getByRole('button')
    .allTextContents()

test.serial(
  'relationship options are listed on focus, narrowed by search and picked with the keyboard',
  async (t) => {
    const p = await s.open()
    await newPost(p, 'Options on focus')
    const page = p.page
    // Focus alone lists the categories, by name.
    await page.locator('#field-category').focus()
    const options = page.getByRole('list', { name: 'Options for Search Category' })
    await options.waitFor()
    t.deepEqual(await optionNames(p, 'Search Category'), [
      'Culture',
      'Engineering',
      'Guides',
      'News',
      'Product',
    ])
    t.deepEqual(await p.axe(), [])
    // Typing narrows them.
    await page.keyboard.type('uid')
    await page.waitForFunction(
      () =>
        document.querySelectorAll('[aria-label="Options for Search Category"] button').length === 1,
    )
    t.deepEqual(await optionNames(p, 'Search Category'), ['Guides'])
    // ArrowDown reaches the option, Enter picks it.
    await page.keyboard.press('ArrowDown')
    t.is(await page.evaluate(() => document.activeElement?.textContent), 'Guides')
    await page.keyboard.press('Enter')
    const field = page.locator('.field-relationship').filter({ hasText: 'Category' }).first()
    await field.getByRole('listitem').filter({ hasText: 'Guides' }).waitFor()
    t.is(await options.count(), 0)

    // Escape closes the options of another field without a pick.
    await page.locator('#field-author').focus()
    await page.getByRole('list', { name: 'Options for Search Author' }).waitFor()
    t.true((await optionNames(p, 'Search Author')).includes('Alice Member'))
    await page.keyboard.press('Escape')
    t.is(await page.getByRole('list', { name: 'Options for Search Author' }).count(), 0)

    await page.getByRole('button', { name: 'Save Draft' }).click()
    await page.getByRole('heading', { name: 'Options on focus' }).waitFor()
    const draft = await draftOf(page.url().split('/').pop()!)
    t.is(draft.category, (await category('guides')).id)
    await p.done(t)
  },
)

test.serial(
  'a category created in a drawer from the post form is selected, without leaving the form',
  async (t) => {
    const p = await s.open()
    await newPost(p, 'With a new category')
    const page = p.page
    const createPath = new URL(page.url()).pathname
    const open = page.getByRole('button', { name: 'Create new Category' })

    // Escape closes the drawer, and the focus returns to the button that opened it.
    await open.click()
    const drawer = page.getByRole('dialog', { name: 'Create new Category' })
    await drawer.waitFor()
    await drawer.getByLabel('Name').waitFor()
    await page.keyboard.press('Escape')
    await drawer.waitFor({ state: 'detached' })
    t.true(await open.evaluate((el) => el === document.activeElement))

    await open.click()
    await drawer.getByLabel('Name').waitFor()
    t.deepEqual(await p.axe(), [])
    // The focus stays in the drawer: Tab from its last control wraps to its first, Shift+Tab back.
    const inDrawer = () =>
      page.evaluate(() => Boolean(document.activeElement?.closest('dialog[open]')))
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab')
      t.true(await inDrawer(), `Tab ${i + 1} stays in the drawer`)
    }
    await page.keyboard.press('Shift+Tab')
    t.true(await inDrawer())
    // Its inputs are its own (the post form has a slug too).
    await drawer.getByLabel('Name').fill('Field notes')
    await drawer.getByLabel('Slug').fill('field-notes')
    t.is(await page.locator('#field-slug').inputValue(), 'with-a-new-category')
    await drawerShot(p, 'relationship-create-drawer')
    const [created] = await Promise.all([
      page.waitForResponse(
        (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/categories',
      ),
      drawer.getByRole('button', { name: 'Save', exact: true }).click(),
    ])
    t.is(created.status(), 201)
    await drawer.waitFor({ state: 'detached' })
    const field = page.locator('.field-relationship').filter({ hasText: 'Category' }).first()
    await field.getByRole('listitem').filter({ hasText: 'Field notes' }).waitFor()
    // Still the same page and form: no navigation, the title typed before is there.
    t.is(new URL(page.url()).pathname, createPath)
    t.true(await stayed(p))
    t.is(await page.locator('#field-title').inputValue(), 'With a new category')

    await page.getByRole('button', { name: 'Save Draft' }).click()
    await page.getByRole('heading', { name: 'With a new category' }).waitFor()
    const fieldNotes = await category('field-notes')
    t.is(fieldNotes.name, 'Field notes')
    t.is((await draftOf(page.url().split('/').pop()!)).category, fieldNotes.id)
    await p.done(t)
  },
)

test.serial(
  "the list's relationship columns show the related documents' names, not ids",
  async (t) => {
    const engineering = await category('engineering')
    const alice = (
      await s.cms.find({ collection: 'users', where: { email: { equals: 'alice@example.com' } } })
    ).docs[0] as Doc
    const post = (await s.cms.create({
      collection: 'posts',
      data: {
        title: 'Named columns',
        slug: 'named-columns',
        category: engineering.id,
        author: alice.id,
        reference: { relationTo: 'categories', value: engineering.id },
      },
      draft: true,
    })) as Doc
    const p = await s.open()
    await p.login('admin')
    await p.visit(
      '/collections/posts?columns=title,category,author,reference&search=Named%20columns',
    )
    const row = p.page
      .getByRole('row')
      .filter({ has: p.page.getByRole('link', { name: 'Named columns' }) })
    await row.getByRole('cell', { name: 'Engineering', exact: true }).waitFor()
    await row.getByRole('cell', { name: 'Alice Member', exact: true }).waitFor()
    await row.getByRole('cell', { name: 'categories: Engineering', exact: true }).waitFor()
    const cells = await row.getByRole('cell').allTextContents()
    t.false(cells.includes(String(engineering.id)), `no bare id in ${cells.join(' | ')}`)
    t.false(cells.includes(String(alice.id)))
    t.truthy(post.id)
    t.deepEqual(await p.axe(), [])
    await p.done(t)
  },
)

test.serial("a relationship filter's value is chosen by the related document's name", async (t) => {
  const news = await category('news')
  const expected = (
    await s.cms.count({
      collection: 'posts',
      where: { category: { equals: news.id } },
      draft: true,
    })
  ).totalDocs
  t.true(expected > 0)
  const p = await s.open()
  await p.login('admin')
  await p.visit('/collections/posts')
  await p.page.getByText(/^Page 1 of/).waitFor()
  await p.page.getByRole('button', { name: 'Add filter' }).click()
  await p.page.getByLabel('Field of condition 1').selectOption('category')
  await p.page.getByLabel('Operator of condition 1').selectOption('equals')
  const value = p.page.getByLabel('Value of condition 1', { exact: true })
  const options = p.page.getByRole('list', { name: 'Options for Value of condition 1' })
  await value.fill('New')
  await options.getByRole('button', { name: 'News', exact: true }).click()
  await p.page.locator('.filter-relation .chip').filter({ hasText: 'News' }).waitFor()
  t.deepEqual(await p.axe(), [])
  await p.page.getByRole('button', { name: 'Apply filters' }).click()
  await p.page.waitForURL(/where=/)
  const where = JSON.parse(new URL(p.page.url()).searchParams.get('where') ?? '{}')
  t.deepEqual(where, { and: [{ category: { equals: news.id } }] })
  await p.page.getByText(`${expected} ${expected === 1 ? 'document' : 'documents'}`).waitFor()
  // Applied, the value is read back from the URL, and still shows by name.
  await p.page.locator('.filter-relation .chip').filter({ hasText: 'News' }).waitFor()

  // `is in` takes several, each by name.
  const guides = await category('guides')
  await p.page.getByLabel('Operator of condition 1').selectOption('in')
  await value.fill('Guid')
  await options.getByRole('button', { name: 'Guides', exact: true }).click()
  await p.page.locator('.filter-relation .chip').filter({ hasText: 'Guides' }).waitFor()
  await p.page.getByRole('button', { name: 'Apply filters' }).click()
  await p.page.waitForURL(/%22in%22/)
  const both = (
    await s.cms.count({
      collection: 'posts',
      where: { category: { in: [news.id, guides.id] } },
      draft: true,
    })
  ).totalDocs
  t.deepEqual(JSON.parse(new URL(p.page.url()).searchParams.get('where') ?? '{}'), {
    and: [{ category: { in: [news.id, guides.id] } }],
  })
  await p.page.getByText(`${both} documents`).waitFor()
  await p.done(t)
})

test.serial(
  'a member is offered "Create new" only where she may create, and the drawer fits a phone',
  async (t) => {
    const p = await s.open(390)
    await p.login('alice')
    await p.visit('/collections/posts/create')
    await p.page.getByRole('heading', { name: 'Create new Post' }).waitFor()
    await p.page.locator('#field-category').waitFor()
    // Categories are the admins' to create; posts and media are any logged-in user's.
    t.is(await p.page.getByRole('button', { name: 'Create new Category' }).count(), 0)
    await p.page.getByRole('button', { name: 'Upload new Media' }).waitFor()
    await p.page.getByRole('button', { name: 'Create new Post' }).first().click()
    const drawer = p.page.getByRole('dialog', { name: 'Create new Post' })
    await drawer.getByLabel('Title').first().waitFor()
    const box = (await drawer.boundingBox())!
    t.true(box.width <= 390 && box.x >= 0, `the drawer is ${box.width} px wide at ${box.x}`)
    t.deepEqual(await p.axe(), [])
    await drawer.getByRole('button', { name: 'Close Create new Post' }).click()
    await drawer.waitFor({ state: 'detached' })
    await p.done(t)
  },
)
