/**
 * Payload 3's manual ordering (issue 55; templates/ecommerce orders its variant options this way): `orderable:
 * true` on a collection keys each document (`_order`, the default sort) and on a join keys the joined documents
 * per parent (`_<collection>_<join>_order`, the join's default sort); `POST /api/reorder` moves documents between
 * keys, with the caller's read and update access, and keys documents that have none. Through REST and the Local
 * API, on every database.
 */
import test from 'ava'
import { defineConfig } from '../../server/config/define-config.ts'
import type { Access } from '../../server/config/types.ts'
import { seededBearer, useServer } from '../helpers/http.ts'

const editors: Access = ({ req }) => Boolean(req.user)
const config = defineConfig({
  collections: [
    {
      slug: 'users',
      auth: true,
      fields: [{ name: 'role', type: 'select', options: ['admin', 'editor'], saveToJWT: true }],
    },
    {
      slug: 'tasks',
      orderable: true,
      access: { read: () => true, create: editors, update: editors },
      fields: [{ name: 'title', type: 'text', required: true }],
    },
    {
      slug: 'types',
      access: { read: () => true, create: editors },
      fields: [
        { name: 'name', type: 'text' },
        { name: 'options', type: 'join', collection: 'options', on: 'type', orderable: true },
      ],
    },
    {
      slug: 'options',
      // Editors may read every option, and update only those not locked.
      access: {
        read: () => true,
        create: editors,
        update: ({ req }) => (req.user?.role === 'admin' ? true : { locked: { not_equals: true } }),
      },
      fields: [
        { name: 'label', type: 'text' },
        { name: 'type', type: 'relationship', relationTo: 'types' },
        {
          name: 'locked',
          type: 'checkbox',
          access: { update: ({ req }) => req.user?.role === 'admin' },
        },
      ],
    },
  ],
})

const s = useServer(test, config, async (cms) => {
  for (const role of ['admin', 'editor'])
    await cms.create({
      collection: 'users',
      data: { email: `${role}@example.com`, password: `${role}-password`, role },
    })
})

const bearer = seededBearer(s)

/** POST /api/reorder of one task next to a target. */
const moveTask = (
  id: number | string,
  newKeyWillBe: 'greater' | 'less',
  target: { id: number | string; key: string | null },
  headers: Record<string, string>,
) =>
  s.request('POST', '/api/reorder', {
    body: {
      collectionSlug: 'tasks',
      orderableFieldName: '_order',
      docsToMove: [id],
      newKeyWillBe,
      target,
    },
    headers,
  })

const ORDER = '_options_options_order'
const titles = async (where = '') =>
  (await s.request('GET', `/api/tasks?depth=0&limit=0${where}`)).body.docs.map(
    (d: { title: string }) => d.title,
  )

test.serial(
  'an orderable collection keys each new document after the last and lists in that order',
  async (t) => {
    const editor = await bearer('editor')
    const made: { id: number; _order: string }[] = []
    for (const title of ['Plan', 'Build', 'Ship']) {
      const r = await s.request('POST', '/api/tasks', { body: { title }, headers: editor })
      t.is(r.status, 201)
      made.push(r.body.doc)
    }
    t.deepEqual(
      made.map((d) => d._order),
      ['a0', 'a1', 'a2'],
    )
    // Without a sort the list follows the keys, whatever the ids.
    t.deepEqual(await titles(), ['Plan', 'Build', 'Ship'])
    // Ship goes before Plan: a key below Plan's.
    const moved = await moveTask(
      made[2].id,
      'less',
      { id: made[0].id, key: made[0]._order },
      editor,
    )
    t.is(moved.status, 200)
    t.deepEqual(moved.body, { orderValues: ['Zz'], success: true })
    t.deepEqual(await titles(), ['Ship', 'Plan', 'Build'])
    // Build goes after Ship, between Ship and Plan (the target's key is read when the client sends "pending").
    const between = await moveTask(
      made[1].id,
      'greater',
      { id: made[2].id, key: 'pending' },
      editor,
    )
    t.is(between.status, 200)
    t.true(between.body.orderValues[0] > 'Zz' && between.body.orderValues[0] < 'a0')
    t.deepEqual(await titles(), ['Ship', 'Build', 'Plan'])
    // A copy comes last, with a key of its own.
    const copy = await s.request('POST', `/api/tasks/${made[2].id}/duplicate`, { headers: editor })
    t.is(copy.status, 200)
    t.is(copy.body.doc._order, 'a1')
    t.deepEqual(await titles(), ['Ship', 'Build', 'Plan', 'Ship'])
  },
)

test.serial(
  'documents without a key are keyed in their current order when the target has none (the first reorder)',
  async (t) => {
    const editor = await bearer('editor')
    const a = await s.cms.create({ collection: 'tasks', data: { title: 'Old A' } })
    const b = await s.cms.create({ collection: 'tasks', data: { title: 'Old B' } })
    // As when orderable is turned on over existing documents: no keys yet.
    for (const id of [a.id, b.id])
      await s.cms.update({ collection: 'tasks', id, data: { _order: null } as never })
    t.is((await s.cms.findByID({ collection: 'tasks', id: b.id }))._order, null)
    const r = await moveTask(a.id, 'greater', { id: b.id, key: null }, editor)
    t.is(r.status, 200)
    t.deepEqual(r.body, { message: 'initial migration', success: true })
    const keyA = (await s.cms.findByID({ collection: 'tasks', id: a.id }))._order as string
    const keyB = (await s.cms.findByID({ collection: 'tasks', id: b.id }))._order as string
    t.true(keyA > 'a1' && keyB > keyA)
  },
)

test('an orderable join keys the joined documents per parent and lists them in that order', async (t) => {
  const editor = await bearer('editor')
  const size = await s.cms.create({ collection: 'types', data: { name: 'size' } })
  const colour = await s.cms.create({ collection: 'types', data: { name: 'colour' } })
  const made: Record<string, { id: number; [ORDER]: string }> = {}
  for (const [label, type] of [
    ['S', size],
    ['red', colour],
    ['M', size],
    ['L', size],
    ['blue', colour],
  ] as const) {
    const r = await s.request('POST', '/api/options', {
      body: { label, type: type.id },
      headers: editor,
    })
    t.is(r.status, 201)
    made[label] = r.body.doc
  }
  // Each parent's options have keys of their own, from the first.
  t.deepEqual(
    ['S', 'M', 'L', 'red', 'blue'].map((l) => made[l][ORDER]),
    ['a0', 'a1', 'a2', 'a0', 'a1'],
  )
  const joined = async () =>
    (await s.request('GET', `/api/types/${size.id}?depth=1`)).body.options.docs.map(
      (d: { label: string }) => d.label,
    )
  t.deepEqual(await joined(), ['S', 'M', 'L'])
  // L goes first among the sizes; the colours keep their keys.
  const r = await s.request('POST', '/api/reorder', {
    body: {
      collectionSlug: 'options',
      orderableFieldName: ORDER,
      docsToMove: [made.L.id],
      newKeyWillBe: 'less',
      target: { id: made.S.id, key: 'a0' },
    },
    headers: editor,
  })
  t.is(r.status, 200)
  t.deepEqual(r.body.orderValues, ['Zz'])
  t.deepEqual(await joined(), ['L', 'S', 'M'])
  const colours = await s.request('GET', `/api/types/${colour.id}?depth=1`)
  t.deepEqual(
    colours.body.options.docs.map((d: { label: string; [ORDER]: string }) => [d.label, d[ORDER]]),
    [
      ['red', 'a0'],
      ['blue', 'a1'],
    ],
  )
})

test('reorder needs update access on every document moved, and writes none otherwise', async (t) => {
  const editor = await bearer('editor')
  const admin = await bearer('admin')
  const type = await s.cms.create({ collection: 'types', data: { name: 'fit' } })
  const slim = await s.cms.create({ collection: 'options', data: { label: 'slim', type: type.id } })
  const wide = await s.cms.create({
    collection: 'options',
    data: { label: 'wide', type: type.id, locked: true },
  })
  const body = {
    collectionSlug: 'options',
    orderableFieldName: ORDER,
    docsToMove: [slim.id, wide.id],
    newKeyWillBe: 'greater',
    target: { id: wide.id, key: wide[ORDER] },
  }
  const anonymous = await s.request('POST', '/api/reorder', { body })
  t.is(anonymous.status, 403)
  const denied = await s.request('POST', '/api/reorder', { body, headers: editor })
  t.is(denied.status, 403)
  t.regex(denied.body.errors[0].message, new RegExp(`reorder document ${wide.id}`))
  // Nothing moved: slim, which the editor may update, kept its key.
  t.is((await s.cms.findByID({ collection: 'options', id: slim.id }))[ORDER], slim[ORDER])
  const allowed = await s.request('POST', '/api/reorder', { body, headers: admin })
  t.is(allowed.status, 200)
  t.is(allowed.body.orderValues.length, 2)
})

test('a malformed reorder is a 400 naming what is wrong; an unknown target a 404', async (t) => {
  const editor = await bearer('editor')
  const task = await s.cms.create({ collection: 'tasks', data: { title: 'Target' } })
  const good = {
    collectionSlug: 'tasks',
    orderableFieldName: '_order',
    docsToMove: [task.id],
    newKeyWillBe: 'greater',
    target: { id: task.id, key: task._order },
  }
  // The third entry: the contract refuses the body too (its schema bounds docsToMove, newKeyWillBe and target).
  const cases: [Record<string, unknown>, RegExp, string?][] = [
    [{ collectionSlug: 'users' }, /collectionSlug must name an orderable collection/],
    [
      { orderableFieldName: 'title' },
      /orderableFieldName must be an order field of tasks \(_order\)/,
    ],
    [{ docsToMove: [] }, /docsToMove must be a list of 1 to 100 document ids/, 'minItems'],
    [{ newKeyWillBe: 'after' }, /newKeyWillBe must be "greater" or "less"/, 'enum'],
    [
      { target: { key: 'a0' } },
      /target must be an object with the id of a document/,
      'required id',
    ],
    [{ target: { id: task.id, key: '!!' } }, /target.key must be the order key of the target/],
  ]
  for (const [change, message, refused] of cases) {
    const r = await s.request('POST', '/api/reorder', {
      body: { ...good, ...change },
      headers: editor,
      invalid: refused && `the server's own 400 for a body the contract refuses (${refused})`,
    })
    t.is(r.status, 400, JSON.stringify(change))
    t.regex(r.body.errors[0].message, message)
  }
  const missing = await s.request('POST', '/api/reorder', {
    body: { ...good, target: { id: 999999, key: 'a0' } },
    headers: editor,
  })
  t.is(missing.status, 404)
  // An order field takes only keys.
  const bad = await s.request('PATCH', `/api/tasks/${task.id}`, {
    body: { _order: 'not a key!' },
    headers: editor,
  })
  t.is(bad.status, 400)
  t.is(bad.body.errors[0].data.errors[0].path, '_order')
})
