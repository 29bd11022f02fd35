/**
 * Rows of arrays and blocks keep their identity in the form (issue 57): what belongs to a row (its rich-text
 * editor, its collapsed state, the server's error on one of its fields) follows it when rows move or go, and a new
 * row carries its id from the start.
 */
import test from 'ava'
import { useAdmin } from './harness.ts'
import { atPositions, byRowKeys, rowKey, rowKeys, withRowIds } from '../../admin/src/edit/rows.ts'
import type { AdminField } from '../../admin/src/schema.ts'

const s = useAdmin(test)

type Doc = Record<string, any>
type Page = Awaited<ReturnType<typeof s.open>>

const HEX24 = /^[0-9a-f]{24}$/

/** The text of a Lexical state, its paragraphs' texts joined. */
const textOf = (node: Doc | null | undefined): string =>
  !node
    ? ''
    : node.type === 'text'
      ? node.text
      : (node.children ?? (node.root ? [node.root] : [])).map(textOf).join('')

const create = async (title: string): Promise<Page> => {
  const p = await s.open()
  await p.login('admin')
  await p.page.waitForLoadState('networkidle')
  await p.go('/collections/posts/create')
  await p.page.getByRole('heading', { name: 'Create new Post' }).waitFor()
  await p.page.locator('#field-title').fill(title)
  await p.page.locator('#field-slug').fill(title.toLowerCase().replace(/\W+/g, '-'))
  return p
}

const draftOf = async (id: string): Promise<Doc> =>
  (await s.cms.findByID({ collection: 'posts', id: Number(id), draft: true, depth: 0 })) as Doc

/** Saves a draft of an existing post and waits for its answer; the JSON it sent. */
const saveDraft = async (p: Page): Promise<Doc> => {
  const answer = p.page.waitForResponse(
    (r) => r.request().method() === 'PATCH' && new URL(r.url()).pathname.startsWith('/api/posts/'),
  )
  await p.page.getByRole('button', { name: 'Save Draft' }).click()
  const r = await answer
  if (!r.ok()) throw new Error(`The draft save failed: ${r.status()}.`)
  await p.page.getByText('Unsaved changes').waitFor({ state: 'detached' })
  return r.request().postDataJSON() as Doc
}

const editorAt = (p: Page, i: number) => p.page.locator(`#field-layout__${i}__content`)

test.serial(
  'rich text in moved and removed blocks stays with its block, and ids are kept',
  async (t) => {
    const p = await create('Blocks that move')
    const page = p.page
    await page.locator('#field-layout-type').selectOption('content')
    const words = ['First block', 'Second block', 'Third block']
    for (const [i, text] of words.entries()) {
      await page.getByRole('button', { name: 'Add Layout' }).click()
      await editorAt(p, i).click()
      await page.keyboard.type(text)
    }
    const created = page.waitForRequest(
      (r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/posts',
    )
    await page.getByRole('button', { name: 'Save Draft' }).click()
    // New rows were sent with their ids, made in the form when they were added.
    const sent = (await created).postDataJSON() as Doc
    t.true(sent.layout.every((row: Doc) => HEX24.test(row.id)))
    await page.getByRole('heading', { name: 'Blocks that move', level: 1 }).waitFor()
    await page.waitForLoadState('networkidle')
    const id = page.url().split('/').pop()!
    const before = await draftOf(id)
    t.deepEqual(
      before.layout.map((r: Doc) => textOf(r.content)),
      words,
    )
    t.deepEqual(
      before.layout.map((r: Doc) => r.id),
      sent.layout.map((r: Doc) => r.id),
    )
    const [a, b, c] = before.layout.map((r: Doc) => r.id as string)

    await page.getByRole('button', { name: 'Move Up Content 03' }).click()
    await page.getByRole('button', { name: 'Remove Content 01' }).click()
    t.is(await editorAt(p, 0).innerText(), 'Third block')
    t.is(await editorAt(p, 1).innerText(), 'Second block')
    await editorAt(p, 0).click()
    await page.keyboard.press('Control+End')
    await page.keyboard.type(' edited')
    const saved = await saveDraft(p)
    t.deepEqual(
      saved.layout.map((r: Doc) => r.id),
      [c, b],
    )
    const after = await draftOf(id)
    t.deepEqual(
      after.layout.map((r: Doc) => [r.id, r.blockType, textOf(r.content)]),
      [
        [c, 'content', 'Third block edited'],
        [b, 'content', 'Second block'],
      ],
    )
    t.false(after.layout.some((r: Doc) => r.id === a))
    await p.done(t)
  },
)

test.serial(
  'a collapsed array row stays collapsed where it moves; a duplicate has its own id',
  async (t) => {
    const p = await create('Tags that move')
    const page = p.page
    for (const [i, tag] of ['one', 'two', 'three'].entries()) {
      await page.getByRole('button', { name: 'Add Tag' }).click()
      await page.locator(`#field-tags__${i}__tag`).fill(tag)
    }
    // Rows are named as Payload names them: the array's singular label and a two-digit number.
    const toggle = (i: number) =>
      page.getByRole('button', { name: `Tag ${String(i).padStart(2, '0')}`, exact: true })
    await toggle(1).click()
    t.is(await toggle(1).getAttribute('aria-expanded'), 'false')
    t.false(await page.locator('#field-tags__0__tag').isVisible())

    await page.getByRole('button', { name: 'Move Down Tag 01' }).click()
    t.is(await toggle(1).getAttribute('aria-expanded'), 'true')
    t.is(await toggle(2).getAttribute('aria-expanded'), 'false')
    t.is(await page.locator('#field-tags__0__tag').inputValue(), 'two')
    t.true(await page.locator('#field-tags__0__tag').isVisible())
    t.is(await page.locator('#field-tags__1__tag').inputValue(), 'one')
    t.false(await page.locator('#field-tags__1__tag').isVisible())

    await page.getByRole('button', { name: 'Duplicate Tag 03' }).click()
    t.is(await page.locator('#field-tags__3__tag').inputValue(), 'three')
    t.is(await toggle(4).getAttribute('aria-expanded'), 'true')
    const created = page.waitForRequest(
      (r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/posts',
    )
    await page.getByRole('button', { name: 'Save Draft' }).click()
    const sent = (await created).postDataJSON() as Doc
    t.deepEqual(
      sent.tags.map((r: Doc) => r.tag),
      ['two', 'one', 'three', 'three'],
    )
    t.true(sent.tags.every((r: Doc) => HEX24.test(r.id)))
    t.is(new Set(sent.tags.map((r: Doc) => r.id)).size, 4)
    await page.getByRole('heading', { name: 'Tags that move', level: 1 }).waitFor()
    await page.waitForLoadState('networkidle')
    const saved = await draftOf(page.url().split('/').pop()!)
    t.deepEqual(
      saved.tags.map((r: Doc) => r.id),
      sent.tags.map((r: Doc) => r.id),
    )
    t.deepEqual(await p.axe(), [])
    await p.done(t)
  },
)

test.serial("a server error on a row's field follows the row when it moves", async (t) => {
  const p = await create('Errors that move')
  const page = p.page
  await page.locator('#field-layout-type').selectOption('hero')
  await page.getByRole('button', { name: 'Add Layout' }).click()
  await page.getByRole('button', { name: 'Add Layout' }).click()
  await page.locator('#field-layout__1__heading').fill('A heading')
  // Publishing checks required fields: the first hero has no heading.
  await page.getByRole('button', { name: 'Publish changes' }).click()
  const error = (i: number) => page.locator(`#field-layout__${i}__heading-error`)
  await error(0).waitFor()
  t.is(await page.locator('#field-layout__0__heading').getAttribute('aria-invalid'), 'true')
  // The summary lists each field error at its path (the message above it is the server's, as it was sent).
  const listed = () => page.getByRole('alert').getByRole('listitem').allInnerTexts()
  t.true((await listed()).some((e) => e.startsWith('layout.0.heading:')))

  await page.getByRole('button', { name: 'Move Down Hero 01' }).click()
  await error(1).waitFor()
  t.is(await error(0).count(), 0)
  t.is(await page.locator('#field-layout__0__heading').inputValue(), 'A heading')
  t.is(await page.locator('#field-layout__0__heading').getAttribute('aria-invalid'), null)
  t.is(await page.locator('#field-layout__1__heading').getAttribute('aria-invalid'), 'true')
  t.true((await listed()).some((e) => e.startsWith('layout.1.heading:')))
  t.false((await listed()).some((e) => e.startsWith('layout.0.heading:')))

  // A removed row takes its error with it.
  await page.getByRole('button', { name: 'Remove Hero 02' }).click()
  t.is(await page.locator('.field-error').count(), 0)
  t.deepEqual(await p.axe(), [])
  await p.done(t)
})

// The row bookkeeping itself (admin/src/edit/rows.ts), in Node.
const FIELDS: AdminField[] = [
  { type: 'array', name: 'tags', fields: [{ type: 'text', name: 'tag' }] },
  {
    type: 'tabs',
    tabs: [
      {
        label: 'Layout',
        fields: [
          {
            type: 'blocks',
            name: 'layout',
            blocks: [
              {
                slug: 'list',
                labels: { singular: 'List', plural: 'Lists' },
                fields: [{ type: 'array', name: 'items', fields: [{ type: 'text', name: 'x' }] }],
              },
            ],
          },
        ],
      },
    ],
  },
]

test('rows without an id get one, nested rows too; rows with one are kept as they are', (t) => {
  const kept = { id: 'a'.repeat(24), tag: 'kept' }
  const values: Doc = {
    tags: [kept, { tag: 'new' }],
    layout: [{ blockType: 'list', items: [{ x: '1' }] }],
  }
  const out = withRowIds(values, FIELDS) as Doc
  t.is(out.tags[0], kept)
  t.regex(out.tags[1].id, HEX24)
  t.regex(out.layout[0].id, HEX24)
  t.regex(out.layout[0].items[0].id, HEX24)
  t.is(values.tags[1].id, undefined, 'the values given are not changed')
  t.is(withRowIds(out, FIELDS), out, 'nothing to add: the same object')
  const fresh = withRowIds(out, FIELDS, true) as Doc
  t.not(fresh.tags[0].id, kept.id)
  t.not(fresh.layout[0].items[0].id, out.layout[0].items[0].id)
  t.deepEqual(rowKeys([kept, { tag: 'no id' }, kept]), [kept.id, '#1', `${kept.id}#2`])
})

test('what is said of a row by place follows the row, and goes with it', (t) => {
  const a = { id: 'a'.repeat(24), blockType: 'list', items: [{ id: 'c'.repeat(24), x: '' }] }
  const b = { id: 'b'.repeat(24), blockType: 'list', items: [] }
  const sent = { title: '', layout: [a, b] }
  t.is(rowKey(sent, ['layout', 0, 'items', 0, 'x']), `layout.#${a.id}.items.#${'c'.repeat(24)}.x`)
  const errors = byRowKeys(sent, {
    title: 'required',
    'layout.0.items.0.x': 'too short',
    'layout.1': 'bad row',
  })
  t.deepEqual(atPositions({ title: '', layout: [b, a] }, errors), {
    title: 'required',
    'layout.1.items.0.x': 'too short',
    'layout.0': 'bad row',
  })
  t.deepEqual(atPositions({ title: '', layout: [a] }, errors), {
    title: 'required',
    'layout.0.items.0.x': 'too short',
  })
})
