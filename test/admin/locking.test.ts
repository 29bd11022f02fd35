import test from 'ava'
import { useAdmin } from './harness.ts'

/**
 * Issue 57, "Two editors, one document": two browsers on one post. The first editor holds the lock; the second
 * sees who is editing, a read-only form and "Take over"; taking over makes its form editable and tells the first
 * editor, whose save is then refused; leaving the form releases the lock.
 */
const s = useAdmin(test)

type Page = Awaited<ReturnType<typeof s.open>>
const settle = (p: Page) => p.page.waitForLoadState('networkidle')

/**
 * Whether the post is locked, once the form's lock requests have landed: they run after what the page shows (a
 * save's answer, a navigation inside the app), and a load state does not wait for them. Asks until `locked` is
 * as expected, for ten seconds at most, then answers what it last saw.
 */
async function lockedEventually(id: number | string, locked: boolean): Promise<boolean> {
  let seen = !locked
  for (let waited = 0; waited <= 10_000 && seen !== locked; waited += 100) {
    seen = (await s.cms.lockStatus({ collection: 'posts', id })).locked
    if (seen !== locked) await new Promise((r) => setTimeout(r, 100))
  }
  return seen
}

test.serial(
  'the second editor sees the lock, takes over, the first is told and cannot save; leaving releases it',
  async (t) => {
    const alice = (
      await s.cms.find({ collection: 'users', where: { email: { equals: 'alice@example.com' } } })
    ).docs[0]
    const post = await s.cms.create({
      collection: 'posts',
      data: { title: 'Shared post', slug: 'shared-post', author: alice.id, _status: 'draft' },
      draft: true,
    })
    const path = `/collections/posts/${post.id}`

    const first = await s.open()
    await first.login('alice')
    await settle(first)
    await first.go(path)
    await first.page.getByRole('heading', { name: 'Shared post' }).waitFor()
    await first.page.locator('#field-title').fill('Alice typing')
    t.true(await lockedEventually(post.id, true))
    const lock = await s.cms.lockStatus({ collection: 'posts', id: post.id })
    t.like(lock, { locked: true, user: { collection: 'users', id: alice.id } })

    const second = await s.open()
    await second.login('admin')
    await settle(second)
    await second.go(path)
    const notice = second.page.getByRole('alert').filter({ hasText: 'is editing this Post' })
    await notice.waitFor()
    t.regex(await notice.innerText(), /alice@example\.com is editing this Post/)
    t.false(await second.page.locator('#field-title').isEditable())
    t.is(await second.page.getByRole('button', { name: 'Save Draft' }).count(), 0)
    t.deepEqual(await second.axe(), [])
    await second.screenshot('edit-post-locked')

    await second.page.getByRole('button', { name: 'Take over' }).click()
    await second.page.getByRole('heading', { name: 'Shared post' }).waitFor()
    await second.page.waitForFunction(() => {
      const input = document.querySelector<HTMLInputElement>('#field-title')
      return Boolean(input && !input.readOnly && !input.disabled)
    })
    t.like(await s.cms.lockStatus({ collection: 'posts', id: post.id }), {
      locked: true,
      user: { collection: 'users' },
    })
    t.not((await s.cms.lockStatus({ collection: 'posts', id: post.id })).user?.id, alice.id)

    // The first editor is told at its next check, and its form turns read-only.
    const told = first.page.getByRole('alert').filter({ hasText: 'has taken over editing' })
    await told.waitFor({ timeout: 15_000 })
    t.false(await first.page.locator('#field-title').isEditable())
    t.is(await first.page.getByRole('button', { name: 'Save Draft' }).count(), 0)
    t.deepEqual(await first.axe(), [])

    await second.page.locator('#field-title').fill('Admin took over')
    await second.page.getByRole('button', { name: 'Save Draft' }).click()
    await second.page.getByRole('heading', { name: 'Admin took over' }).waitFor()
    const saved = await s.cms.findByID({ collection: 'posts', id: post.id, draft: true })
    t.is(saved.title, 'Admin took over')
    // The save released the lock; the form took it again.
    t.true(await lockedEventually(post.id, true))
    t.true((await s.cms.lockStatus({ collection: 'posts', id: post.id })).locked)

    // Leaving the form releases the lock.
    await second.page.getByRole('link', { name: 'Posts' }).first().click()
    await second.page.getByRole('heading', { name: 'Posts' }).waitFor()
    t.false(await lockedEventually(post.id, false))
    await first.page.waitForLoadState('networkidle')
    await first.done(t)
    await second.done(t)
  },
)
