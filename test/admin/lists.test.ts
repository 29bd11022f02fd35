/**
 * Issue 57 item 8, "Lists": select all across pages (the bulk actions then send the list's filter, not ids), bulk
 * edit of chosen fields with the edit view's own field components and a report of what changed and what failed,
 * counts in the navigation and the dashboard that follow the admin's writes without a reload, and messages that
 * cover no button.
 */
import test, { type ExecutionContext } from 'ava'
import type { Locator, Page } from 'playwright-core'
import { useAdmin } from './harness.ts'
import { seededBearer } from '../helpers/http.ts'

const s = useAdmin(test)
const bearer = seededBearer(s)

type Doc = Record<string, any>
type AdminPage = Awaited<ReturnType<typeof s.open>>

const posts = async (): Promise<Doc[]> =>
  (await s.cms.find({ collection: 'posts', limit: 100, depth: 0, draft: true })).docs as Doc[]

const category = async (slug: string): Promise<Doc> =>
  (await s.cms.find({ collection: 'categories', where: { slug: { equals: slug } } })).docs[0] as Doc

const total = (page: Page, n: number) =>
  page.getByText(`${n} ${n === 1 ? 'Document' : 'Documents'}`, { exact: true }).waitFor()

const listPath = (where: unknown) =>
  `/collections/posts?where=${encodeURIComponent(JSON.stringify(where))}`

/** Accepts every confirm() of the page. */
const acceptDialogs = (p: AdminPage) => p.page.on('dialog', (d) => void d.accept())

test.serial(
  'select all across pages, then bulk edit the category of every post the filter matches, and of no other',
  async (t) => {
    const before = new Map((await posts()).map((d) => [d.id, d]))
    const where = { and: [{ status: { equals: 'published' } }] }
    const matching = (
      await s.cms.find({ collection: 'posts', where, limit: 100, depth: 0, draft: true })
    ).docs.map((d) => d.id)
    t.true(matching.length > 10 && matching.length < before.size, 'more than a page, not all')
    const guides = await category('guides')

    const p = await s.open()
    await p.login('admin')
    await p.visit(listPath(where))
    await p.page.getByText('Page 1 of 2').waitFor()
    await total(p.page, matching.length)
    await p.page.getByRole('checkbox', { name: 'Select all rows' }).check()
    const bulk = p.page.getByRole('group', { name: 'Bulk actions' })
    await bulk.getByText('10 selected').waitFor()
    await bulk.getByRole('button', { name: `Select all ${matching.length} Posts` }).click()
    await bulk.getByText(`${matching.length} Posts selected`).waitFor()
    t.deepEqual(await p.axe(), [])

    await bulk.getByRole('button', { name: 'Edit', exact: true }).click()
    const drawer = p.page.getByRole('dialog', { name: `Editing ${matching.length} Posts` })
    await drawer.waitFor()
    // Only fields the user may update, never a unique one.
    t.is(await drawer.getByRole('checkbox', { name: 'Slug', exact: true }).count(), 0)
    await drawer.getByRole('checkbox', { name: 'Author', exact: true }).waitFor()
    await drawer.getByRole('checkbox', { name: 'Category', exact: true }).check()
    await p.page.locator('#field-bulk__category').focus()
    const options = p.page.getByRole('list', { name: 'Options for Search Category' })
    await options.getByRole('button', { name: 'Guides', exact: true }).click()
    await drawer
      .locator('.field-relationship')
      .getByRole('listitem')
      .filter({ hasText: 'Guides' })
      .waitFor()
    t.deepEqual(await p.axe(), [])
    await p.page.screenshot({ path: 'test-artifacts/admin/list-bulk-edit-1280.png' })
    await drawer.getByRole('button', { name: 'Publish changes' }).click()
    await p.page
      .getByRole('status')
      .filter({ hasText: `Updated ${matching.length} Posts.` })
      .waitFor()
    await drawer.waitFor({ state: 'detached' })

    // Every post the filter matched changed, on every page; no other post did.
    for (const doc of await posts()) {
      if (matching.includes(doc.id)) {
        t.is(doc.category, guides.id, `post ${doc.id} is in Guides`)
        t.is(doc._status, 'published')
      } else t.is(doc.category, before.get(doc.id)!.category, `post ${doc.id} kept its category`)
    }
    const published = await s.cms.find({ collection: 'posts', where, limit: 100, depth: 0 })
    t.true(
      published.docs.every((d) => d.category === guides.id),
      'published, not only drafted',
    )
    await p.done(t)
  },
)

test.serial(
  'select all across pages works with the bulk actions: unpublish every match of a search',
  async (t) => {
    const all = await posts()
    const ids: (string | number)[] = []
    for (let i = 1; i <= 12; i++)
      ids.push(
        (
          await s.cms.create({
            collection: 'posts',
            data: { title: `Quokka ${i}`, slug: `quokka-${i}`, _status: 'published' },
          })
        ).id,
      )
    const p = await s.open()
    await p.login('admin')
    acceptDialogs(p)
    await p.visit('/collections/posts?search=Quokka')
    await total(p.page, 12)
    await p.page.getByRole('checkbox', { name: 'Select all rows' }).check()
    const bulk = p.page.getByRole('group', { name: 'Bulk actions' })
    await bulk.getByRole('button', { name: 'Select all 12 Posts' }).click()
    await bulk.getByRole('button', { name: 'Unpublish' }).click()
    await p.page.getByRole('status').filter({ hasText: 'Updated 12 Posts.' }).waitFor()
    const after = await s.cms.find({
      collection: 'posts',
      where: { id: { in: ids } },
      limit: 100,
      draft: true,
    })
    t.true(after.docs.every((d) => d._status === 'draft'))
    // The others kept their status.
    const others = new Map((await posts()).map((d) => [d.id, d._status]))
    for (const d of all) t.is(others.get(d.id), d._status)

    // "Deselect all rows" ends "all"; a row chosen by hand then acts on itself only.
    await p.page.getByRole('checkbox', { name: 'Select all rows' }).check()
    await bulk.getByRole('button', { name: 'Select all 12 Posts' }).click()
    await bulk.getByRole('button', { name: 'Deselect all rows' }).click()
    t.is(await bulk.count(), 0)
    // The newest first: Quokka 12 is on the first page.
    await p.page.getByRole('checkbox', { name: 'Select Quokka 12', exact: true }).check()
    await bulk.getByRole('button', { name: 'Delete' }).click()
    await p.page.getByRole('status').filter({ hasText: 'Deleted 1 Post.' }).waitFor()
    await total(p.page, 11)
    t.is((await s.cms.count({ collection: 'posts', where: { id: { in: ids } } })).totalDocs, 11)
    t.is(
      (await s.cms.count({ collection: 'posts', where: { title: { equals: 'Quokka 12' } } }))
        .totalDocs,
      0,
    )
    await p.done(t)
  },
)

test.serial(
  'bulk edit of a chosen few: two fields saved as a draft, a locked post reported as failed with its reason',
  async (t) => {
    const bob = (
      await s.cms.find({ collection: 'users', where: { email: { equals: 'bob@example.com' } } })
    ).docs[0]
    const [a, b, c, d] = (
      await s.cms.find({ collection: 'posts', sort: 'id', limit: 4, depth: 0, draft: true })
    ).docs as Doc[]
    await s.cms.update({ collection: 'posts', id: c.id, data: { author: bob.id } })
    // Bob edits post c: its lock refuses other users' writes.
    const lock = await s.request('POST', `/api/posts/${c.id}/lock`, {
      headers: await bearer('bob'),
      body: {},
    })
    t.is(lock.status, 200)

    const p = await s.open()
    await p.login('admin')
    await p.visit(`${listPath({ and: [{ id: { in: [a.id, b.id, c.id, d.id] } }] })}&sort=id`)
    await total(p.page, 4)
    for (const doc of [a, b, c])
      await p.page.getByRole('checkbox', { name: `Select ${doc.title}`, exact: true }).check()
    const bulk = p.page.getByRole('group', { name: 'Bulk actions' })
    await bulk.getByText('3 selected').waitFor()
    await bulk.getByRole('button', { name: 'Edit', exact: true }).click()
    const drawer = p.page.getByRole('dialog', { name: 'Editing 3 Posts' })
    await drawer.getByRole('checkbox', { name: 'Views', exact: true }).check()
    await drawer.getByRole('checkbox', { name: 'Seo › Title', exact: true }).check()
    await p.page.locator('#field-bulk__views').fill('4321')
    await p.page.locator('#field-bulk__seo__title').fill('Bulk SEO')
    await drawer.getByRole('button', { name: 'Save draft' }).click()
    const report = p.page.getByRole('alert').filter({ hasText: 'Updated 2 Posts.' })
    await report.waitFor()
    t.regex((await report.textContent()) ?? '', /1 failed:/)
    t.regex((await report.textContent()) ?? '', new RegExp(`#${c.id}: .*(lock|edit)`, 'i'))

    for (const doc of [a, b]) {
      const now = await s.cms.findByID({ collection: 'posts', id: doc.id, draft: true, depth: 0 })
      t.is(now.views, 4321)
      // A group's other fields stay (the update merges a group field by field).
      t.deepEqual(now.seo, { ...doc.seo, title: 'Bulk SEO' })
      t.is(now.title, doc.title)
    }
    for (const doc of [c, d]) {
      const now = await s.cms.findByID({ collection: 'posts', id: doc.id, draft: true, depth: 0 })
      t.is(now.views, doc.views, `post ${doc.id} is unchanged`)
      t.deepEqual(now.seo, doc.seo)
    }
    await p.done(t)
  },
)

test.serial('a member is offered only the fields it may update', async (t) => {
  const p = await s.open(390)
  await p.login('alice')
  await p.visit('/collections/posts')
  await p.page.getByText('Page 1 of').waitFor()
  await p.page.locator('table.list-table tbody tr').first().getByRole('checkbox').check()
  await p.page.getByRole('button', { name: 'Edit', exact: true }).click()
  const drawer = p.page.getByRole('dialog', { name: 'Editing 1 Post' })
  await drawer.getByRole('checkbox', { name: 'Title', exact: true }).waitFor()
  t.is(await drawer.getByRole('checkbox', { name: 'Author', exact: true }).count(), 0)
  t.deepEqual(await p.axe(), [])
  await p.page.screenshot({ path: 'test-artifacts/admin/list-bulk-edit-390.png' })
  await drawer.getByRole('button', { name: /^Close/ }).click()
  await drawer.waitFor({ state: 'detached' })
  await p.done(t)
})

/** The navigation's count of a collection. */
const navCount = (p: AdminPage, slug: string, n: number) =>
  p.page
    .getByRole('navigation', { name: 'Main' })
    .locator(`a[href$="/collections/${slug}"] .count`, { hasText: new RegExp(`^${n}$`) })
    .waitFor()

const dashboardCount = (p: AdminPage, label: string, n: number) =>
  p.page
    .locator('.card', { has: p.page.getByRole('link', { name: label, exact: true }) })
    .locator(`[aria-label="${n} documents"]`)
    .waitFor()

test.serial(
  'the counts of the navigation and the dashboard follow creates, deletes, the trash and restores without a reload',
  async (t) => {
    const categories = (await s.cms.count({ collection: 'categories' })).totalDocs
    const pages = (await s.cms.count({ collection: 'pages' })).totalDocs
    const p = await s.open()
    await p.login('admin')
    acceptDialogs(p)
    await dashboardCount(p, 'Categories', categories)
    await navCount(p, 'categories', categories)
    // A mark a page load would drop: none happens.
    await p.page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true))

    await p.visit('/collections/categories/create')
    await p.page.locator('#field-name').fill('Counted')
    await p.page.locator('#field-slug').fill('counted')
    await p.page.getByRole('button', { name: 'Save', exact: true }).click()
    await p.page.waitForURL(/\/collections\/categories\/\d+$/)
    await navCount(p, 'categories', categories + 1)
    await p.visit('/')
    await dashboardCount(p, 'Categories', categories + 1)

    const counted = await category('counted')
    await p.visit(`/collections/categories/${counted.id}`)
    await p.page.getByRole('heading', { name: `Category ${counted.id}` }).waitFor()
    await p.page.getByRole('button', { name: 'Delete', exact: true }).click()
    await navCount(p, 'categories', categories)

    // Pages have a trash: moving one there and restoring it.
    await p.visit('/collections/pages')
    await total(p.page, pages)
    const first = p.page.locator('table.list-table tbody tr').first().getByRole('checkbox')
    const name = (await first.getAttribute('aria-label'))!
    await first.check()
    await p.page.getByRole('button', { name: 'Move to trash' }).click()
    await navCount(p, 'pages', pages - 1)
    await p.visit('/collections/pages/trash')
    await p.page.getByRole('checkbox', { name, exact: true }).check()
    await p.page.getByRole('button', { name: 'Restore' }).click()
    await navCount(p, 'pages', pages)
    await p.visit('/')
    await dashboardCount(p, 'Pages', pages)
    t.true(
      await p.page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed === true),
      'no page load',
    )
    t.is((await s.cms.count({ collection: 'categories' })).totalDocs, categories)
    await p.done(t)
  },
)

type Box = { x: number; y: number; width: number; height: number }
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

/**
 * The message and each button never share a pixel: with the page at its top, and with each button scrolled to
 * the top of the screen (where a message fixed to the viewport would sit).
 */
async function apart(t: ExecutionContext, page: Page, message: Locator, buttons: Locator[]) {
  for (const button of buttons) {
    for (const scroll of ['top', 'button'] as const) {
      if (scroll === 'top') await page.evaluate(() => window.scrollTo(0, 0))
      else await button.evaluate((el) => el.scrollIntoView({ block: 'start' }))
      const [m, b] = [await message.boundingBox(), await button.boundingBox()]
      t.truthy(m && b)
      t.false(overlaps(m!, b!), `${await button.textContent()} (${scroll}): clear of the message`)
    }
  }
}

for (const width of [1280, 390])
  test.serial(`messages cover none of the form's buttons at ${width} px`, async (t) => {
    const post = (await s.cms.find({ collection: 'posts', sort: '-id', limit: 1, draft: true }))
      .docs[0]
    await s.cms.update({ collection: 'posts', id: post.id, data: { title: `Message ${width}` } })
    await s.cms.update({ collection: 'posts', id: post.id, data: { title: `Later ${width}` } })
    const p = await s.open(width)
    await p.login('admin')
    acceptDialogs(p)
    await p.visit(`/collections/posts/${post.id}/versions`)
    await p.page
      .locator('tbody tr', { hasText: `Message ${width}` })
      .getByRole('link')
      .click()
    await p.page.getByRole('button', { name: 'Restore as draft' }).click()
    const flash = p.page.getByRole('status').filter({ hasText: /Restored the version of/ })
    await flash.waitFor()
    await p.page.getByRole('heading', { name: `Message ${width}` }).waitFor()
    const save = p.page.getByRole('button', { name: 'Save Draft' })
    const publish = p.page.getByRole('button', { name: 'Publish changes', exact: true })
    await apart(t, p.page, flash, [save, publish])
    t.deepEqual(await p.axe(), [])
    await p.screenshot('edit-flash')

    // The save's own message, below the form's head.
    await p.page.locator('#field-views').fill('77')
    await save.click()
    const notice = p.page.locator('.edit-view .notice[role="status"]')
    await notice.waitFor()
    await apart(t, p.page, notice, [save, publish])
    await p.done(t)
  })
