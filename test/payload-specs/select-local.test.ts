import test from 'ava'
import { useCms } from '../helpers/db.ts'
import { selectConfig } from './select.config.ts'

/**
 * Payload's test/select/int.spec.ts, "Local API - Base" (include and exclude mode) and "Local API - operations":
 * each case is a `select` and the answer it must give, derived from the full document.
 */

type Doc = Record<string, any>
const ctx = useCms(test, selectConfig, async (cms) => {
  const rel = await cms.create({ collection: 'rels', data: { title: 'rel' } })
  const point = await cms.create({ collection: 'points', data: { text: 'p', point: [10, 20] } })
  const post: Doc = await cms.create({
    collection: 'posts',
    depth: 0,
    data: {
      text: 'text',
      number: 1,
      select: 'a',
      selectMany: ['a', 'b'],
      hasOne: rel.id,
      hasManyPoly: [{ relationTo: 'rels', value: rel.id }],
      group: { text: 'in group', number: 2 },
      tab: { text: 'in tab', number: 3 },
      unnamedTabText: 'unnamed',
      array: [
        { text: 'row 1', number: 4 },
        { text: 'row 2', number: 5 },
      ],
      blocks: [
        { blockType: 'cta', ctaText: 'click', ctaLink: '/x' },
        { blockType: 'intro', introText: 'hello' },
      ],
    },
  })
  return { post, point }
})

const pick = (doc: Doc, ...keys: string[]) => Object.fromEntries(keys.map((k) => [k, doc[k]]))
const omit = (doc: Doc, ...keys: string[]) =>
  Object.fromEntries(Object.entries(doc).filter(([k]) => !keys.includes(k)))
const base = (b: Doc) => ({ id: b.id, blockType: b.blockType })

const include: [string, Doc, (p: Doc) => Doc][] = [
  ['should select only id as default', {}, (p) => pick(p, 'id')],
  ['should select only number', { number: true }, (p) => pick(p, 'id', 'number')],
  ['should select only select', { select: true }, (p) => pick(p, 'id', 'select')],
  ['should select only hasMany select', { selectMany: true }, (p) => pick(p, 'id', 'selectMany')],
  [
    'should select number and text',
    { number: true, text: true },
    (p) => pick(p, 'id', 'number', 'text'),
  ],
  ['should select relationships (hasOne)', { hasOne: true }, (p) => pick(p, 'id', 'hasOne')],
  [
    'should select relationships (hasManyPoly)',
    { hasManyPoly: true },
    (p) => pick(p, 'id', 'hasManyPoly'),
  ],
  ['should select all the fields inside of group', { group: true }, (p) => pick(p, 'id', 'group')],
  [
    'should select text field inside of group',
    { group: { text: true } },
    (p) => ({ id: p.id, group: { text: p.group.text } }),
  ],
  ['should select all the fields inside of named tab', { tab: true }, (p) => pick(p, 'id', 'tab')],
  [
    'should select text field inside of named tab',
    { tab: { text: true } },
    (p) => ({ id: p.id, tab: { text: p.tab.text } }),
  ],
  [
    'should select text field inside of unnamed tab',
    { unnamedTabText: true },
    (p) => pick(p, 'id', 'unnamedTabText'),
  ],
  [
    'should select id as default from array',
    { array: {} },
    (p) => ({ id: p.id, array: p.array.map((r: Doc) => ({ id: r.id })) }),
  ],
  ['should select all the fields inside of array', { array: true }, (p) => pick(p, 'id', 'array')],
  [
    'should select text field inside of array',
    { array: { text: true } },
    (p) => ({ id: p.id, array: p.array.map((r: Doc) => ({ id: r.id, text: r.text })) }),
  ],
  [
    'should select base fields (id, blockType) inside of blocks',
    { blocks: {} },
    (p) => ({ id: p.id, blocks: p.blocks.map(base) }),
  ],
  [
    'should select all the fields inside of blocks',
    { blocks: true },
    (p) => pick(p, 'id', 'blocks'),
  ],
  [
    'should select all the fields inside of specific block',
    { blocks: { cta: true } },
    (p) => ({ id: p.id, blocks: p.blocks.map((b: Doc) => (b.blockType === 'cta' ? b : base(b))) }),
  ],
  [
    'should select a specific field inside of specific block',
    { blocks: { cta: { ctaText: true } } },
    (p) => ({
      id: p.id,
      blocks: p.blocks.map((b: Doc) =>
        b.blockType === 'cta' ? { ...base(b), ctaText: b.ctaText } : base(b),
      ),
    }),
  ],
]
const exclude: [string, Doc, (p: Doc) => Doc][] = [
  ['should exclude only text field', { text: false }, (p) => omit(p, 'text')],
  ['should exclude number', { number: false }, (p) => omit(p, 'number')],
  ['should exclude select', { select: false }, (p) => omit(p, 'select')],
  ['should exclude hasMany select', { selectMany: false }, (p) => omit(p, 'selectMany')],
  [
    'should exclude number and text',
    { number: false, text: false },
    (p) => omit(p, 'number', 'text'),
  ],
  [
    'should exclude relationships',
    { hasOne: false, hasManyPoly: false },
    (p) => omit(p, 'hasOne', 'hasManyPoly'),
  ],
  ['should exclude group', { group: false }, (p) => omit(p, 'group')],
  [
    'should exclude text field inside of group',
    { group: { text: false } },
    (p) => ({ ...p, group: omit(p.group, 'text') }),
  ],
  ['should exclude array', { array: false }, (p) => omit(p, 'array')],
  [
    'should exclude text field inside of array',
    { array: { text: false } },
    (p) => ({ ...p, array: p.array.map((r: Doc) => omit(r, 'text')) }),
  ],
  ['should exclude blocks', { blocks: false }, (p) => omit(p, 'blocks')],
  [
    'should exclude all the fields inside of specific block while keeping base fields',
    { blocks: { cta: false } },
    (p) => ({ ...p, blocks: p.blocks.map((b: Doc) => (b.blockType === 'cta' ? base(b) : b)) }),
  ],
  [
    'should exclude a specific field inside of specific block',
    { blocks: { cta: { ctaText: false } } },
    (p) => ({
      ...p,
      blocks: p.blocks.map((b: Doc) => (b.blockType === 'cta' ? omit(b, 'ctaText') : b)),
    }),
  ],
]

for (const [mode, cases] of [
  ['Include mode', include],
  ['Exclude mode', exclude],
] as const) {
  for (const [title, select, expected] of cases) {
    test(`Local API - Base > ${mode}: ${title}`, async (t) => {
      const { cms, data } = ctx
      const post = data.post
      const res = await cms.findByID({ collection: 'posts', id: post.id, depth: 0, select })
      t.deepEqual(res, expected(post))
    })
  }
}

test('Local API - Base: custom ids select only id, only text, exclude text', async (t) => {
  const { cms } = ctx
  const doc = await cms.create({ collection: 'custom-ids', data: { id: 'cid-1', text: 'custom' } })
  const read = (select: Doc) =>
    cms.findByID({ collection: 'custom-ids', id: doc.id, depth: 0, select })
  t.deepEqual(await read({}), { id: 'cid-1' })
  t.deepEqual(await read({ text: true }), { id: 'cid-1', text: 'custom' })
  t.false('text' in (await read({ text: false })))
})

test('Local API - Base: a point field, selected and excluded', async (t) => {
  const { cms, data } = ctx
  t.deepEqual(
    await cms.findByID({ collection: 'points', id: data.point.id, select: { point: true } }),
    {
      id: data.point.id,
      point: [10, 20],
    },
  )
  const without = await cms.findByID({
    collection: 'points',
    id: data.point.id,
    select: { point: false },
  })
  t.false('point' in without)
  t.is(without.text, 'p')
})

test('Local API - operations: select applies to create, update, bulk update, delete, bulk delete, duplicate', async (t) => {
  const { cms } = ctx
  const select = { text: true } as const
  const created = await cms.create({ collection: 'posts', data: { text: 'op', number: 9 }, select })
  t.deepEqual(created, { id: created.id, text: 'op' })
  t.deepEqual(
    await cms.update({ collection: 'posts', id: created.id, data: { number: 10 }, select }),
    { id: created.id, text: 'op' },
  )
  const bulk = await cms.update({
    collection: 'posts',
    where: { id: { equals: created.id } },
    data: { number: 11 },
    select,
  })
  t.deepEqual(bulk.docs, [{ id: created.id, text: 'op' }])
  const copy = await cms.duplicate({ collection: 'posts', id: created.id, select })
  t.deepEqual(copy, { id: copy.id, text: 'op' })
  t.deepEqual(await cms.delete({ collection: 'posts', id: copy.id, select }), {
    id: copy.id,
    text: 'op',
  })
  const removed = await cms.delete({
    collection: 'posts',
    where: { id: { equals: created.id } },
    select,
  })
  t.deepEqual(removed.docs, [{ id: created.id, text: 'op' }])
})
