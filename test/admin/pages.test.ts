import test from 'ava'
import { useAdmin } from './harness.ts'
import { seededBearer } from '../helpers/http.ts'

/** The example's pages: autosave (versions.drafts.autosave), unpublish after a draft, and the trash. */
const s = useAdmin(test)
const bearer = seededBearer(s)

type Page = Awaited<ReturnType<typeof s.open>>
const rows = (p: Page) => p.page.locator('table.list-table tbody tr')

const pageBySlug = async (slug: string, trash = false): Promise<Record<string, any>> =>
  (
    await s.cms.find({
      collection: 'pages',
      where: { slug: { equals: slug } },
      draft: true,
      trash,
    })
  ).docs[0]

test.serial(
  'an edit is autosaved as a draft; a second autosave overwrites the first; the published page stays',
  async (t) => {
    const about = await pageBySlug('about')
    const p = await s.open()
    await p.login('admin')
    const page = p.page
    await p.visit(`/collections/pages/${about.id}`)
    await page.getByRole('heading', { name: 'About' }).waitFor()
    const summary = page.locator('#field-summary')
    await summary.fill('Autosaved once.')
    await page.getByText(/Draft autosaved at/).waitFor()
    const headers = await bearer('admin')
    const draft = await s.request('GET', `/api/pages/${about.id}?draft=true&depth=0`, { headers })
    t.is(draft.body.summary, 'Autosaved once.')
    t.is(draft.body._status, 'draft')
    // Anonymous readers still see the published page.
    const live = await s.request('GET', `/api/pages/${about.id}?depth=0`)
    t.is(live.body.summary, 'Who writes here, and why.')
    const autosaves = async () =>
      (
        await s.cms.countVersions({
          collection: 'pages',
          where: { parent: { equals: about.id }, autosave: { equals: true } },
        })
      ).totalDocs
    t.is(await autosaves(), 1)

    const answered = page.waitForResponse(
      (r) => r.url().includes(`/api/pages/${about.id}?`) && r.request().method() === 'PATCH',
    )
    await summary.fill('Autosaved twice.')
    await answered
    await page.getByText('Unsaved changes').waitFor({ state: 'detached' })
    t.is((await pageBySlug('about')).summary, 'Autosaved twice.')
    t.is(await autosaves(), 1)
    // A published version exists under the draft: it can still be unpublished.
    await page.getByRole('button', { name: 'Unpublish' }).click()
    await page.getByRole('button', { name: 'Unpublish' }).waitFor({ state: 'detached' })
    t.is((await s.request('GET', `/api/pages/${about.id}`)).status, 404)
    t.deepEqual(await p.axe(), [])
    await p.screenshot('edit-page-autosave')
    await p.done(t)
  },
)

test.serial(
  'a page moves to the trash from its edit view, and is restored from the trash',
  async (t) => {
    const contact = await pageBySlug('contact')
    const p = await s.open()
    await p.login('admin')
    const page = p.page
    let confirmed = ''
    page.on('dialog', (d) => {
      confirmed = d.message()
      void d.accept()
    })
    await p.visit(`/collections/pages/${contact.id}`)
    await page.getByRole('heading', { name: 'Contact' }).waitFor()
    await page.getByRole('button', { name: 'Move to trash' }).click()
    await page.getByRole('heading', { name: 'Pages', exact: true }).waitFor()
    t.regex(confirmed, /You are about to move the Page Contact to the trash/)
    t.truthy((await pageBySlug('contact', true)).deletedAt)
    t.is(
      await s.cms
        .count({ collection: 'pages', where: { slug: { equals: 'contact' } } })
        .then((c) => c.totalDocs),
      0,
    )

    await p.visit('/collections/pages/trash')
    await page.getByRole('heading', { name: 'Pages: Trash' }).waitFor()
    await rows(p).filter({ hasText: 'Contact' }).waitFor()
    t.is(await rows(p).count(), 2)
    t.deepEqual(await p.axe(), [])
    await p.screenshot('list-trash')
    await page.getByRole('checkbox', { name: 'Select Contact' }).check()
    await page.getByRole('button', { name: 'Restore' }).click()
    await rows(p).filter({ hasText: 'Contact' }).waitFor({ state: 'detached' })
    t.is((await pageBySlug('contact')).deletedAt ?? null, null)

    await page.getByRole('checkbox', { name: 'Select Old announcement' }).check()
    await page.getByRole('button', { name: 'Permanently Delete' }).click()
    await rows(p).filter({ hasText: 'Old announcement' }).waitFor({ state: 'detached' })
    t.is(
      (
        await s.cms.count({
          collection: 'pages',
          where: { slug: { equals: 'old-announcement' } },
          trash: true,
        })
      ).totalDocs,
      0,
    )
    await p.done(t)
  },
)

test.serial(
  'a date with a time zone: the zone select writes <name>_tz beside the UTC instant',
  async (t) => {
    const created = await s.cms.create({
      collection: 'pages',
      data: { title: 'Zoned', slug: 'zoned', _status: 'published' },
    })
    const p = await s.open()
    await p.login('admin')
    const page = p.page
    await p.visit(`/collections/pages/${created.id}`)
    await page.getByRole('heading', { name: 'Zoned' }).waitFor()
    const zone = page.getByLabel('Timezone')
    t.is(await zone.inputValue(), '')
    t.deepEqual(await zone.locator('option').allTextContents(), [
      'No time zone',
      'UTC',
      'Berlin',
      'London',
      'New York',
      'Tokyo',
    ])
    await page.locator('#field-reviewBy').fill('2027-03-01T09:30')
    await zone.selectOption('Europe/Berlin')
    // The publish itself (an autosave, a draft, may run before it).
    const published = page.waitForResponse(
      (r) => r.request().method() === 'PATCH' && !r.url().includes('draft=true'),
    )
    await page.getByRole('button', { name: 'Publish changes', exact: true }).click()
    t.is((await published).status(), 200)
    const saved = await s.cms.findByID({ collection: 'pages', id: created.id })
    t.is(saved.reviewBy_tz, 'Europe/Berlin')
    // The input is the browser's local time: the stored instant is that moment in UTC.
    t.is(
      saved.reviewBy,
      new Date(await page.evaluate(() => new Date('2027-03-01T09:30').toISOString())).toISOString(),
    )
    await p.done(t)
  },
)
