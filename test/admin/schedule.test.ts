/**
 * Scheduled publishing in the admin (issue 57, item 7; `versions.drafts.schedulePublish` on the example's posts):
 * a member schedules its draft post a few seconds ahead from the edit view's "Schedule Publish" dialog, the jobs queue runs,
 * and the post is published; a schedule is listed and cancelled. Saved state is read through the Local API.
 */
import test from 'ava'
import { useAdmin, type AdminPage } from './harness.ts'

const s = useAdmin(test)

type Doc = Record<string, any>

async function alice(): Promise<Doc> {
  return (
    await s.cms.find({ collection: 'users', where: { email: { equals: 'alice@example.com' } } })
  ).docs[0]
}

async function alicePost(slug: string): Promise<Doc> {
  return s.cms.create({
    collection: 'posts',
    data: { title: `Embargoed ${slug}`, slug, author: (await alice()).id, _status: 'draft' },
    draft: true,
  })
}

/** `datetime-local`'s value `ms` from now, in the browser's time zone, to the second. */
const ahead = (p: AdminPage, ms: number): Promise<string> =>
  p.page.evaluate((n: number) => {
    const d = new Date(Date.now() + n)
    const pad = (x: number) => String(x).padStart(2, '0')
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`
  }, ms)

test.serial('a scheduled publish that fires: a member schedules its draft post', async (t) => {
  const post = await alicePost('scheduled-post')
  const p = await s.open()
  await p.login('alice')
  await p.visit(`/collections/posts/${post.id}`)
  await p.page.getByRole('button', { name: 'Schedule Publish' }).click()
  const dialog = p.page.getByRole('dialog', { name: 'Schedule Publish' })
  await dialog.getByRole('heading', { name: 'Upcoming Events' }).waitFor()
  t.deepEqual(await p.axe(), [])
  // A time in the past is refused in the dialog.
  await dialog.getByLabel('Time').fill(await ahead(p, -60_000))
  await dialog.getByRole('button', { name: 'Save', exact: true }).click()
  await dialog.getByRole('alert').filter({ hasText: 'in the future' }).waitFor()

  // A few seconds ahead (the input keeps seconds; the job is read at once, before the server's minute tick can
  // run it once due).
  await dialog.getByLabel('Time').fill(await ahead(p, 6000))
  await dialog.getByRole('button', { name: 'Save', exact: true }).click()
  await dialog
    .getByRole('status')
    .filter({ hasText: /Publishing scheduled for/ })
    .waitFor()
  const jobs = await s.cms.find({
    collection: 'payload-jobs',
    where: { taskSlug: { equals: 'schedulePublish' } },
  })
  t.is(jobs.docs.length, 1)
  const job = jobs.docs[0] as Doc
  t.deepEqual(job.input.doc, { relationTo: 'posts', value: post.id })
  t.is(job.input.type, 'publish')
  t.deepEqual(job.queuedBy, { relationTo: 'users', value: (await alice()).id })
  const due = new Date(job.waitUntil).getTime()
  t.true(due > Date.now() && due < Date.now() + 7000, job.waitUntil)
  t.is((await s.cms.findByID({ collection: 'posts', id: post.id }))._status, 'draft')
  await dialog.locator('.schedule-table tbody tr').first().waitFor()
  t.is(await dialog.locator('.schedule-table tbody tr').count(), 1)
  await p.screenshot('edit-schedule')

  // Once due, a run of the queue publishes the post (the server's own minute tick may get there first).
  await new Promise((r) => setTimeout(r, Math.max(0, due - Date.now()) + 200))
  for (let i = 0; i < 50; i++) {
    await s.cms.jobs.run()
    if ((await s.cms.findByID({ collection: 'posts', id: post.id }))._status === 'published') break
    await new Promise((r) => setTimeout(r, 200))
  }
  const published = await s.cms.findByID({ collection: 'posts', id: post.id })
  t.is(published._status, 'published')
  t.is(published.title, 'Embargoed scheduled-post')
  await p.done(t)
})

test.serial('a schedule is listed and cancelled; unpublishing can be scheduled', async (t) => {
  const post = await alicePost('scheduled-cancel')
  const p = await s.open(390)
  await p.login('alice')
  await p.visit(`/collections/posts/${post.id}`)
  await p.page.getByRole('button', { name: 'Schedule Publish' }).click()
  const dialog = p.page.getByRole('dialog', { name: 'Schedule Publish' })
  await dialog.getByRole('radio', { name: 'Unpublish' }).check()
  await dialog.getByLabel('Time').fill(await ahead(p, 24 * 3600_000))
  await dialog.getByRole('button', { name: 'Save', exact: true }).click()
  await dialog
    .getByRole('status')
    .filter({ hasText: /Unpublishing scheduled/ })
    .waitFor()
  const where = { 'input.doc.value': { equals: post.id } }
  const [job] = (await s.cms.find({ collection: 'payload-jobs', where })).docs as Doc[]
  t.is(job.input.type, 'unpublish')
  await dialog.getByRole('button', { name: /^Cancel/ }).click()
  await dialog
    .getByRole('status')
    .filter({ hasText: /is cancelled/ })
    .waitFor()
  await dialog.getByText('No upcoming events scheduled.').waitFor()
  t.is((await s.cms.count({ collection: 'payload-jobs', where })).totalDocs, 0)
  // Escape closes the dialog; the form did not save behind it.
  await p.page.keyboard.press('Escape')
  await dialog.waitFor({ state: 'detached' })
  t.is(
    (await s.cms.findVersions({ collection: 'posts', where: { parent: { equals: post.id } } }))
      .totalDocs,
    1,
  )
  await p.done(t)
})
