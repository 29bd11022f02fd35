import test from 'ava'
import { useAdmin } from './harness.ts'

const s = useAdmin(test)

test.serial(
  'the versions of a post: the list, an older version against the current one, and restore',
  async (t) => {
    const post = (await s.cms.find({ collection: 'posts', sort: 'id', limit: 1, draft: true }))
      .docs[0]
    const id = post.id
    await s.cms.update({ collection: 'posts', id, data: { title: 'Versioned v2' } })
    await s.cms.update({ collection: 'posts', id, data: { title: 'Versioned v3', views: 4242 } })

    const p = await s.open()
    await p.login('admin')
    await p.visit(`/collections/posts/${id}/versions`)
    const older = p.page.locator('tbody tr', { hasText: 'Versioned v2' })
    await older.waitFor()
    // The columns: compare, updated, title, …
    t.is(
      await p.page.locator('tbody tr').first().locator('td').nth(2).textContent(),
      'Versioned v3',
    )
    t.deepEqual(await p.axe(), [])
    await p.screenshot('versions')

    await older.getByRole('link').click()
    const title = p.page.locator('tr.changed', {
      has: p.page.getByRole('rowheader', { name: /^Title/ }),
    })
    await title.waitFor()
    t.deepEqual(await title.locator('td').allTextContents(), ['Versioned v2', 'Versioned v3'])
    t.regex((await title.getByRole('rowheader').textContent()) ?? '', /Changed/)
    const slug = p.page.locator('tr', {
      has: p.page.getByRole('rowheader', { name: 'Slug', exact: true }),
    })
    t.is(await slug.getAttribute('class'), null, 'an unchanged field is not marked')
    t.deepEqual(await p.axe(), [])
    await p.screenshot('version-diff')

    let confirmed = ''
    p.page.on('dialog', (d) => {
      confirmed = d.message()
      void d.accept()
    })
    await p.page.getByRole('button', { name: 'Restore as draft' }).click()
    await p.page
      .getByRole('status')
      .filter({ hasText: /Restored the version of .* as a draft \(not published\)/ })
      .waitFor()
    t.regex(confirmed, /Restore the version .* as a draft/)
    t.is(new URL(p.page.url()).pathname, `/admin/collections/posts/${id}`)
    const restored = await s.cms.findByID({ collection: 'posts', id, draft: true })
    t.is(restored.title, 'Versioned v2')
    t.is(restored._status, 'draft')
    await p.done(t)
  },
)

test.serial('a global without versions says so', async (t) => {
  const p = await s.open()
  await p.login('admin')
  await p.visit('/globals/site-settings/versions')
  await p.page.getByText('keeps no versions').waitFor()
  t.pass()
  await p.done(t)
})

/** Polls `check` until it holds (the restore answers before the page has moved on). */
async function until(check: () => Promise<boolean>, ms = 10_000): Promise<void> {
  for (const end = Date.now() + ms; Date.now() < end;)
    if (await check()) return
    else await new Promise((r) => setTimeout(r, 100))
  throw new Error('timed out')
}

test.serial(
  'two versions compared field by field (names, rows), one restored as a draft, another published',
  async (t) => {
    const [news, sport] = (
      await s.cms.find({ collection: 'categories', sort: 'id', limit: 2, depth: 0 })
    ).docs
    const created = await s.cms.create({
      collection: 'posts',
      data: {
        title: 'Compare v1',
        slug: 'compare-versions',
        category: news.id,
        tags: [{ tag: 'alpha' }],
        _status: 'published',
      },
    })
    const id = created.id
    const rowId = (created.tags as { id: string }[])[0].id
    await s.cms.update({
      collection: 'posts',
      id,
      draft: true,
      data: {
        title: 'Compare v2',
        category: sport.id,
        tags: [{ id: rowId, tag: 'alpha' }, { tag: 'beta' }],
        _status: 'draft',
      },
    })
    await s.cms.update({ collection: 'posts', id, draft: true, data: { title: 'Compare v3' } })

    const p = await s.open()
    await p.login('admin')
    await p.visit(`/collections/posts/${id}/versions`)
    const row = (title: string) => p.page.locator('tbody tr', { hasText: title })
    await row('Compare v1').waitFor()
    await row('Compare v1').getByRole('checkbox').check()
    await row('Compare v2').getByRole('checkbox').check()
    await p.page.getByRole('button', { name: 'Compare Versions' }).click()
    const field = (name: string) =>
      p.page.locator('tr', { has: p.page.getByRole('rowheader', { name: new RegExp(`^${name}`) }) })
    await field('Category').waitFor()
    // The older is this version, compared with the newer; relationships by their names, never ids.
    t.regex(await p.page.getByRole('columnheader').nth(2).innerText(), /Version of .*Draft/)
    t.deepEqual(await field('Category').locator('td').allInnerTexts(), [news.name, sport.name])
    t.regex((await field('Category').getByRole('rowheader').innerText()) ?? '', /Changed/)
    // Arrays row by row: the second row is only in the newer version.
    const tags = field('Tags')
    t.regex(await tags.locator('td').nth(0).innerText(), /Row 1[\s\S]*alpha/)
    t.regex(
      await tags.locator('td').nth(1).innerText(),
      /Row 2\s*only in the compared state[\s\S]*beta/,
    )
    t.deepEqual(await p.axe(), [])
    await p.screenshot('version-compare')

    // Another pair through "Compare version against": the same version against the current document.
    await p.page
      .getByLabel('Compare version against')
      .selectOption({ label: 'The current document' })
    await p.page.getByRole('columnheader', { name: 'Current document' }).waitFor()
    t.deepEqual(await field('Title').locator('td').allInnerTexts(), ['Compare v1', 'Compare v3'])

    p.page.on('dialog', (d) => void d.accept())
    // v1 as a draft: the published post stays v1's publication, the draft becomes v1's content.
    await p.page.getByRole('button', { name: 'Restore as draft' }).click()
    await p.page
      .getByRole('status')
      .filter({ hasText: /as a draft \(not published\)/ })
      .waitFor()
    await until(async () => {
      const d = await s.cms.findByID({ collection: 'posts', id, draft: true })
      return d.title === 'Compare v1' && d._status === 'draft'
    })
    const live = await s.cms.findByID({ collection: 'posts', id })
    t.is(live._status, 'published')
    t.is(live.title, 'Compare v1')

    // v2 (a draft version) restored and published.
    await p.visit(`/collections/posts/${id}/versions`)
    await row('Compare v2').getByRole('link').click()
    await p.page.getByRole('button', { name: 'Restore as published version' }).click()
    await p.page
      .getByRole('status')
      .filter({ hasText: /and published it/ })
      .waitFor()
    await until(async () => {
      const d = await s.cms.findByID({ collection: 'posts', id })
      return d._status === 'published' && d.title === 'Compare v2'
    })
    const published = await s.cms.findByID({ collection: 'posts', id, depth: 0 })
    t.is(published.category, sport.id)
    t.deepEqual(
      (published.tags as { tag: string }[]).map((r) => r.tag),
      ['alpha', 'beta'],
    )
    await p.done(t)
  },
)
