import test from 'ava'
import type { Page } from 'playwright-core'
import { useAdmin } from './harness.ts'
import type { Where } from '../../server/config/types.ts'

const s = useAdmin(test)

/** The list's count of matches, exactly (`3 documents` is not `13 documents`). */
const total = (page: Page, n: number) =>
  page.getByText(`${n} ${n === 1 ? 'Document' : 'Documents'}`, { exact: true }).waitFor()

const rows = (page: Page) => page.locator('table.list-table tbody tr')
const headers = async (page: Page) =>
  (await page.locator('table.list-table thead th').allTextContents()).map((h) =>
    h.replace(/[▲▼]/g, '').trim(),
  )
/** Waits until the first row's title link is `title` (the list has loaded the expected page). */
const firstTitle = (page: Page, title: string) =>
  rows(page).first().getByRole('link', { name: title, exact: true }).waitFor()

test.serial(
  'the posts list shows the default columns, paginates 30 posts and changes the page size',
  async (t) => {
    const p = await s.open()
    await p.login('admin')
    await p.visit('/collections/posts')
    await p.page.getByText('Page 1 of 3').waitFor()
    t.deepEqual(await headers(p.page), ['', 'Title', 'Status', 'Updated At'])
    t.is(await rows(p.page).count(), 10)
    await total(p.page, 30)
    t.deepEqual(await p.axe(), [])
    await p.screenshot('list-posts')
    await p.page.getByRole('button', { name: 'Next' }).click()
    await p.page.getByText('Page 2 of 3').waitFor()
    t.is(await rows(p.page).count(), 10)
    t.regex(p.page.url(), /[?&]page=2/)
    await p.page.getByLabel('Per page').selectOption('25')
    await p.page.getByText('Page 1 of 2').waitFor()
    t.is(await rows(p.page).count(), 25)
    t.regex(p.page.url(), /[?&]limit=25/)
    // The state lives in the URL: a reload keeps it.
    await p.page.waitForLoadState('networkidle')
    await p.page.reload()
    await p.page.getByText('Page 1 of 2').waitFor()
    t.is(await rows(p.page).count(), 25)
    await p.done(t)
  },
)

test.serial('sorting by title toggles ascending and descending', async (t) => {
  const p = await s.open()
  await p.login('admin')
  await p.visit('/collections/posts')
  await p.page.getByText('Page 1 of 3').waitFor()
  const first = async (sort: string) =>
    String((await s.cms.find({ collection: 'posts', sort, limit: 1, draft: true })).docs[0].title)
  const header = p.page.getByRole('columnheader', { name: 'Title' })
  await header.getByRole('button').click()
  await firstTitle(p.page, await first('title'))
  t.is(await header.getAttribute('aria-sort'), 'ascending')
  t.regex(p.page.url(), /sort=title/)
  await header.getByRole('button').click()
  await firstTitle(p.page, await first('-title'))
  t.is(await header.getAttribute('aria-sort'), 'descending')
  t.is(
    await p.page.getByRole('columnheader', { name: 'Updated At' }).getAttribute('aria-sort'),
    'none',
  )
  await p.done(t)
})

test.serial('the search box finds a post by words of its title', async (t) => {
  const p = await s.open()
  await p.login('admin')
  const post = (await s.cms.find({ collection: 'posts', sort: 'id', limit: 1, page: 7 })).docs[0]
  const title = String(post.title)
  const words = title.split(' ')
  const q = `${words[0]} ${words.at(-1)}`
  const expected = (
    await s.cms.count({ collection: 'posts', where: { title: { like: q } }, draft: true })
  ).totalDocs
  await p.visit('/collections/posts')
  await p.page.getByRole('searchbox').fill(q)
  await p.page.getByRole('button', { name: 'Search' }).click()
  await total(p.page, expected)
  await rows(p.page).getByRole('link', { name: title, exact: true }).waitFor()
  t.is(await rows(p.page).count(), expected)
  t.regex(p.page.url(), /search=/)
  await p.done(t)
})

test.serial(
  'the filter builder narrows to views greater than N, ANDs a status in a list and ORs a group, as the Local API counts',
  async (t) => {
    const p = await s.open()
    await p.login('admin')
    await p.visit('/collections/posts')
    await p.page.getByText('Page 1 of 3').waitFor()
    const n = 2500
    const count = async (where: Where) =>
      (await s.cms.count({ collection: 'posts', where, draft: true })).totalDocs
    const views = { views: { greater_than: n } }
    const expected = await count(views)
    t.true(expected > 0 && expected < 30)
    await p.page.getByRole('button', { name: 'Add filter' }).click()
    await p.page.getByLabel('Field of condition 1').selectOption('views')
    await p.page.getByLabel('Operator of condition 1').selectOption('greater_than')
    await p.page.getByLabel('Value of condition 1').fill(String(n))
    await p.page.getByRole('button', { name: 'Apply filters' }).click()
    await total(p.page, expected)
    const where = () => JSON.parse(new URL(p.page.url()).searchParams.get('where') ?? '{}')
    t.deepEqual(where(), { and: [views] })

    const status = { status: { in: ['published', 'review'] } }
    const both = await count({ and: [views, status] })
    t.true(both < expected)
    await p.page.getByRole('button', { name: 'Add filter' }).click()
    await p.page.getByLabel('Field of condition 2').selectOption('status')
    await p.page.getByLabel('Operator of condition 2').selectOption('in')
    await p.page.getByLabel('Value of condition 2').fill('published, review')
    await p.page.getByRole('button', { name: 'Apply filters' }).click()
    await total(p.page, both)
    t.deepEqual(where(), { and: [views, status] })

    // An OR group: (views > N and status in …) or featured.
    const featured = { featured: { equals: true } }
    const any = await count({ or: [{ and: [views, status] }, { and: [featured] }] })
    t.true(any > both)
    await p.page.getByRole('button', { name: 'Add an OR group' }).click()
    await p.page.getByLabel('Field of condition 3').selectOption('featured')
    await p.page.getByLabel('Value of condition 3').selectOption('true')
    await p.page.getByRole('button', { name: 'Apply filters' }).click()
    await total(p.page, any)
    t.deepEqual(where(), { or: [{ and: [views, status] }, { and: [featured] }] })
    await p.screenshot('list-filters')
    await p.done(t)
  },
)
test.serial(
  'the column picker adds a column, and a relationship column shows titles',
  async (t) => {
    const p = await s.open()
    await p.login('admin')
    await p.visit('/collections/posts')
    await p.page.getByText('Page 1 of 3').waitFor()
    await p.page.getByText('Columns', { exact: true }).first().click()
    await p.page.getByRole('checkbox', { name: 'Views' }).check()
    await p.page.getByRole('columnheader', { name: 'Views' }).waitFor()
    t.deepEqual(await headers(p.page), ['', 'Title', 'Views', 'Status', 'Updated At'])
    t.regex(p.page.url(), /columns=title%2Cviews%2C_status%2CupdatedAt/)

    // A relationship column names the related post by its title (fetched by id, without depth).
    const [doc] = (
      await s.cms.find({
        collection: 'posts',
        where: { related: { exists: true } },
        sort: 'title',
        limit: 1,
        depth: 0,
        draft: true,
      })
    ).docs
    const relatedId = (doc.related as number[])[0]
    const related = await s.cms.findByID({ collection: 'posts', id: relatedId, draft: true })
    await p.visit('/collections/posts?sort=title&columns=title,related')
    const row = rows(p.page).filter({
      has: p.page.getByRole('link', { name: String(doc.title), exact: true }),
    })
    await row.getByText(String(related.title), { exact: true }).waitFor()
    t.deepEqual(await headers(p.page), ['', 'Title', 'Related'])
    await p.done(t)
  },
)

test.serial('bulk: two selected posts are unpublished', async (t) => {
  const p = await s.open()
  await p.login('admin')
  await p.visit('/collections/posts?sort=title')
  const [a, b] = (await s.cms.find({ collection: 'posts', sort: 'title', limit: 2, draft: true }))
    .docs
  await firstTitle(p.page, String(a.title))
  for (const doc of [a, b])
    await s.cms.update({ collection: 'posts', id: doc.id, data: { _status: 'published' } })
  await p.page.getByRole('checkbox', { name: `Select ${a.title}` }).check()
  await p.page.getByRole('checkbox', { name: `Select ${b.title}` }).check()
  await p.page.getByRole('button', { name: 'Unpublish' }).click()
  await p.page.getByRole('status').waitFor()
  for (const id of [a.id, b.id]) {
    const doc = await s.cms.findByID({ collection: 'posts', id, draft: true })
    t.is(doc._status, 'draft')
  }
  await p.done(t)
})

test.serial('bulk: two selected posts are deleted after confirmation', async (t) => {
  const p = await s.open()
  await p.login('admin')
  const ids: (string | number)[] = []
  for (const x of ['one', 'two'])
    ids.push(
      (
        await s.cms.create({
          collection: 'posts',
          data: { title: `Zeppelin bulk ${x}`, slug: `zeppelin-bulk-${x}` },
        })
      ).id,
    )
  await p.visit('/collections/posts?search=Zeppelin')
  await total(p.page, 2)
  let confirmed = ''
  p.page.on('dialog', (d) => {
    confirmed = d.message()
    void d.accept()
  })
  await p.page.getByRole('checkbox', { name: 'Select all rows' }).check()
  await p.page.getByRole('button', { name: 'Delete' }).click()
  await p.page
    .getByText(
      "No Posts found. Either no Posts exist yet or none match the filters you've specified above.",
    )
    .waitFor()
  t.regex(confirmed, /You are about to delete 2 Posts/)
  const left = await s.cms.find({
    collection: 'posts',
    where: { id: { in: ids } },
    draft: true,
  })
  t.is(left.totalDocs, 0)
  await p.done(t)
})

test.serial('the list at a phone width', async (t) => {
  const p = await s.open(390)
  await p.login('admin')
  await p.visit('/collections/posts')
  await p.page.getByText('Page 1 of').waitFor()
  t.deepEqual(await p.axe(), [])
  await p.screenshot('list-posts')
  await p.done(t)
})

test.serial(
  'a member gets no delete controls on posts, and no create or selection on categories',
  async (t) => {
    const p = await s.open()
    await p.login('alice')
    await p.visit('/collections/posts')
    await p.page.getByText('Page 1 of 3').waitFor()
    await p.page.getByRole('link', { name: 'Create New' }).waitFor()
    await rows(p.page).first().getByRole('checkbox').check()
    await p.page.getByRole('button', { name: 'Unpublish' }).waitFor()
    t.is(await p.page.getByRole('button', { name: 'Delete' }).count(), 0)
    await p.visit('/collections/categories')
    await total(p.page, 5)
    t.is(await p.page.getByRole('link', { name: 'Create New' }).count(), 0)
    t.is(await p.page.getByRole('checkbox').count(), 0)
    await p.done(t)
  },
)

test.serial('a filter the server refuses shows its message in an alert', async (t) => {
  const p = await s.open()
  await p.login('admin')
  const where = encodeURIComponent(JSON.stringify({ and: [{ nothing: { equals: 'x' } }] }))
  await p.visit(`/collections/posts?where=${where}`)
  const alert = p.page.getByRole('alert')
  await alert.waitFor()
  t.regex((await alert.textContent()) ?? '', /nothing/i)
  await p.done(t)
})

test.serial('a page past the last one shows the last page', async (t) => {
  const p = await s.open()
  await p.login('admin')
  await p.visit('/collections/posts?page=9')
  await p.page.getByText('Page 3 of 3').waitFor()
  t.is(await rows(p.page).count(), 10)
  t.regex(p.page.url(), /[?&]page=3/)
  await p.done(t)
})
