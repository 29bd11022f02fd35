import test from 'ava'
import { useServer } from '../helpers/http.ts'
import { query } from './helpers.ts'
import { selectLocalizedConfig } from './select-localized.config.ts'

/**
 * Payload's test/select/int.spec.ts, "Local API - Localization" (include and exclude mode): a select on localized
 * fields, and on localized fields inside unlocalized groups, arrays and blocks, applies to the document read in the
 * request's locale. Each case is a `select` and the answer derived from the full Spanish document; a few go
 * through REST and GraphQL too. Ledger: docs/payload-specs/select.md.
 */

type Doc = Record<string, any>
const collection = 'localized-posts'
const s = useServer(test, selectLocalizedConfig, async (cms) => {
  const en: Doc = await cms.create({
    collection,
    depth: 0,
    data: {
      text: 'text',
      number: 1,
      select: 'a',
      selectMany: ['a'],
      group: { text: 'group', number: 2 },
      groupSecond: { text: 'group second', number: 3 },
      array: [{ text: 'row', number: 4 }],
      arraySecond: [{ text: 'row second', number: 5 }],
      blocks: [
        { blockType: 'intro', text: 'intro', introText: 'hello' },
        { blockType: 'cta', text: 'cta', ctaText: 'click' },
      ],
      blocksSecond: [
        { blockType: 'first', text: 'first', firstText: 'first en' },
        { blockType: 'second', text: 'second en', secondText: 'second' },
      ],
    },
  })
  // Spanish: every localized value differs; unlocalized rows keep their ids, so their localized fields join them.
  return (await cms.update({
    collection,
    id: en.id,
    locale: 'es',
    depth: 0,
    data: {
      text: 'texto',
      number: 10,
      select: 'b',
      selectMany: ['a', 'b'],
      group: { text: 'grupo', number: 20 },
      groupSecond: { text: 'grupo segundo', number: 3 },
      array: [
        { text: 'fila 1', number: 40 },
        { text: 'fila 2', number: 41 },
      ],
      arraySecond: en.arraySecond.map((r: Doc) => ({ ...r, text: 'fila segunda' })),
      blocks: [
        { blockType: 'cta', text: 'cta es', ctaText: 'pulsa' },
        { blockType: 'intro', text: 'intro es', introText: 'hola' },
      ],
      blocksSecond: en.blocksSecond.map((b: Doc) =>
        b.blockType === 'first' ? { ...b, firstText: 'primero' } : { ...b, text: 'segundo' },
      ),
    },
  })) as Doc
})

const pick = (doc: Doc, ...keys: string[]) => Object.fromEntries(keys.map((k) => [k, doc[k]]))
const omit = (doc: Doc, ...keys: string[]) =>
  Object.fromEntries(Object.entries(doc).filter(([k]) => !keys.includes(k)))
const base = (b: Doc) => ({ id: b.id, blockType: b.blockType })
const rows = (list: Doc[], f: (r: Doc) => Doc) => list.map(f)

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
  ['should select all the fields inside of group', { group: true }, (p) => pick(p, 'id', 'group')],
  [
    'should select text field inside of group',
    { group: { text: true } },
    (p) => ({ id: p.id, group: { text: p.group.text } }),
  ],
  [
    'should select localized text field inside of group',
    { groupSecond: { text: true } },
    (p) => ({ id: p.id, groupSecond: { text: p.groupSecond.text } }),
  ],
  [
    'should select id as default from array',
    { array: {} },
    (p) => ({ id: p.id, array: rows(p.array, (r) => ({ id: r.id })) }),
  ],
  ['should select all the fields inside of array', { array: true }, (p) => pick(p, 'id', 'array')],
  [
    'should select text field inside of localized array',
    { array: { text: true } },
    (p) => ({ id: p.id, array: rows(p.array, (r) => ({ id: r.id, text: r.text })) }),
  ],
  [
    'should select localized text field inside of array',
    { arraySecond: { text: true } },
    (p) => ({ id: p.id, arraySecond: rows(p.arraySecond, (r) => ({ id: r.id, text: r.text })) }),
  ],
  [
    'should select base fields (id, blockType) inside of blocks',
    { blocks: {} },
    (p) => ({ id: p.id, blocks: rows(p.blocks, base) }),
  ],
  [
    'should select all the fields inside of blocks',
    { blocks: true },
    (p) => pick(p, 'id', 'blocks'),
  ],
  [
    'should select all the fields inside of specific block',
    { blocks: { cta: true } },
    (p) => ({ id: p.id, blocks: rows(p.blocks, (b) => (b.blockType === 'cta' ? b : base(b))) }),
  ],
  [
    'should select a specific field inside of specific block',
    { blocks: { cta: { ctaText: true } } },
    (p) => ({
      id: p.id,
      blocks: rows(p.blocks, (b) =>
        b.blockType === 'cta' ? { ...base(b), ctaText: b.ctaText } : base(b),
      ),
    }),
  ],
  [
    'should select a specific localized field inside of specific block 1',
    { blocksSecond: { first: { firstText: true } } },
    (p) => ({
      id: p.id,
      blocksSecond: rows(p.blocksSecond, (b) =>
        b.blockType === 'first' ? { ...base(b), firstText: b.firstText } : base(b),
      ),
    }),
  ],
  [
    'should select a specific localized field inside of specific block 2',
    { blocksSecond: { second: { text: true } } },
    (p) => ({
      id: p.id,
      blocksSecond: rows(p.blocksSecond, (b) =>
        b.blockType === 'second' ? { ...base(b), text: b.text } : base(b),
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
  ['should exclude group', { group: false }, (p) => omit(p, 'group')],
  [
    'should exclude text field inside of group',
    { group: { text: false } },
    (p) => ({ ...p, group: omit(p.group, 'text') }),
  ],
  [
    'should exclude localized text field inside of group',
    { groupSecond: { text: false } },
    (p) => ({ ...p, groupSecond: omit(p.groupSecond, 'text') }),
  ],
  ['should exclude array', { array: false }, (p) => omit(p, 'array')],
  [
    'should exclude text field inside of array',
    { array: { text: false } },
    (p) => ({ ...p, array: rows(p.array, (r) => omit(r, 'text')) }),
  ],
  [
    'should exclude localized text field inside of array',
    { arraySecond: { text: false } },
    (p) => ({ ...p, arraySecond: rows(p.arraySecond, (r) => omit(r, 'text')) }),
  ],
  ['should exclude blocks', { blocks: false }, (p) => omit(p, 'blocks')],
  [
    'should exclude all the fields inside of specific block while keeping base fields',
    { blocks: { cta: false } },
    (p) => ({ ...p, blocks: rows(p.blocks, (b) => (b.blockType === 'cta' ? base(b) : b)) }),
  ],
  [
    'should exclude a specific field inside of specific block',
    { blocks: { cta: { ctaText: false } } },
    (p) => ({
      ...p,
      blocks: rows(p.blocks, (b) => (b.blockType === 'cta' ? omit(b, 'ctaText') : b)),
    }),
  ],
  [
    'should exclude a specific localized field inside of specific block 1',
    { blocksSecond: { first: { firstText: false } } },
    (p) => ({
      ...p,
      blocksSecond: rows(p.blocksSecond, (b) =>
        b.blockType === 'first' ? omit(b, 'firstText') : b,
      ),
    }),
  ],
  [
    'should exclude a specific localized field inside of specific block 2',
    { blocksSecond: { second: { text: false } } },
    (p) => ({
      ...p,
      blocksSecond: rows(p.blocksSecond, (b) => (b.blockType === 'second' ? omit(b, 'text') : b)),
    }),
  ],
]

test('the Spanish document holds the Spanish values', (t) => {
  const es = s.data
  t.is(es.text, 'texto')
  t.is(es.groupSecond.text, 'grupo segundo')
  t.is(es.arraySecond[0].text, 'fila segunda')
  t.is(es.arraySecond[0].number, 5)
  t.is(es.blocks[0].ctaText, 'pulsa')
  t.is(es.blocksSecond[0].firstText, 'primero')
  t.is(es.blocksSecond[1].text, 'segundo')
})

for (const [mode, cases] of [
  ['Include mode', include],
  ['Exclude mode', exclude],
] as const) {
  for (const [title, select, expected] of cases) {
    test(`Local API - Localization > ${mode}: ${title}`, async (t) => {
      const es = s.data
      const res = await s.cms.findByID({ collection, id: es.id, locale: 'es', depth: 0, select })
      t.deepEqual(res, expected(es))
    })
  }
}

test('REST: a select on localized fields applies in the request locale', async (t) => {
  const es = s.data
  const select = { text: true, groupSecond: { text: true }, blocksSecond: { first: true } }
  const r = await s.request<Doc>(
    'GET',
    `/api/${collection}/${es.id}?${query({ locale: 'es', depth: 0, select })}`,
  )
  t.is(r.status, 200)
  t.deepEqual(r.body, {
    id: es.id,
    text: 'texto',
    groupSecond: { text: 'grupo segundo' },
    blocksSecond: es.blocksSecond.map((b: Doc) => (b.blockType === 'first' ? b : base(b))),
  })
  const excluded = await s.request<Doc>(
    'GET',
    `/api/${collection}/${es.id}?${query({ locale: 'es', depth: 0, select: { arraySecond: { text: false } } })}`,
  )
  t.deepEqual(excluded.body.arraySecond, [{ id: es.arraySecond[0].id, number: 5 }])
  t.is(excluded.body.text, 'texto')
})
