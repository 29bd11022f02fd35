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
    t.is(
      await p.page.locator('tbody tr').first().locator('td').nth(1).textContent(),
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
    t.regex((await title.getByRole('rowheader').textContent()) ?? '', /changed/)
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
    await p.page.getByRole('button', { name: 'Restore this version' }).click()
    await p.page
      .getByRole('status')
      .filter({ hasText: /Restored the version/ })
      .waitFor()
    t.regex(confirmed, /Restore the version/)
    t.is(new URL(p.page.url()).pathname, `/admin/collections/posts/${id}`)
    const restored = await s.cms.findByID({ collection: 'posts', id, draft: true })
    t.is(restored.title, 'Versioned v2')
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
