/**
 * Payload's `test/localization` spec, nested localization: localized groups and tabs (a localized named tab too),
 * localized fields deep inside groups, tabs, arrays and blocks, localized blocks and arrays holding blocks,
 * relationships and hasMany values, each locale written alone and read back alone and as locale maps.
 * Ledger: docs/payload-specs/localization.md.
 */
import test from 'ava'
import { useCms } from '../helpers/db.ts'
import { nestedConfig } from './localization-nested-config.ts'

type Doc = Record<string, any>
const ctx = useCms(test, nestedConfig, async (cms) => {
  const a = await cms.create({ collection: 'posts', data: { title: 'post a' } })
  const b = await cms.create({ collection: 'posts', data: { title: 'post b' } })
  return { a: a.id, b: b.id }
})
const create = (collection: string, data: Doc, locale = 'en') =>
  ctx.cms.create({ collection, data, locale, depth: 0 }) as Promise<Doc>
const update = (collection: string, id: unknown, data: Doc, locale = 'es') =>
  ctx.cms.update({ collection, id: id as number, data, locale, depth: 0 }) as Promise<Doc>
const read = (collection: string, id: unknown, locale: string) =>
  ctx.cms.findByID({ collection, id: id as number, locale, depth: 0 }) as Promise<Doc>

/** Writes `en` then `es` and returns the document read in each locale. */
async function both(collection: string, en: Doc, es: (created: Doc) => Doc) {
  const created = await create(collection, en)
  await update(collection, created.id, es(created))
  return {
    created,
    en: await read(collection, created.id, 'en'),
    es: await read(collection, created.id, 'es'),
    all: await read(collection, created.id, 'all'),
  }
}

test('localized group field, and a localized group holding a row', async (t) => {
  const r = await both(
    'groups',
    { groupLocalized: { title: 'hello en' }, groupLocalizedRow: { text: 'hello world' } },
    () => ({ groupLocalized: { title: 'hello es' }, groupLocalizedRow: { text: 'hola mundo' } }),
  )
  t.is(r.created.groupLocalized.title, 'hello en')
  t.is(r.en.groupLocalized.title, 'hello en')
  t.is(r.es.groupLocalized.title, 'hello es')
  t.is(r.es.groupLocalizedRow.text, 'hola mundo')
  t.deepEqual(r.all.groupLocalizedRow, { en: { text: 'hello world' }, es: { text: 'hola mundo' } })
})

test('localized field inside of a group', async (t) => {
  const r = await both('groups', { group: { title: 'hello en' } }, () => ({
    group: { title: 'hello es' },
  }))
  t.is(r.en.group.title, 'hello en')
  t.is(r.es.group.title, 'hello es')
  t.deepEqual(r.all.group, { title: { en: 'hello en', es: 'hello es' } })
})

for (const collection of ['groups', 'tabs']) {
  test(`deep localized fields inside of a ${collection === 'groups' ? 'group' : 'tab'}`, async (t) => {
    const r = await both(
      collection,
      {
        deep: {
          blocks: [{ blockType: 'first', title: 'hello en' }],
          array: [{ title: 'hello en' }],
        },
      },
      (c) => ({
        deep: {
          blocks: [{ blockType: 'first', title: 'hello es', id: c.deep.blocks[0].id }],
          array: [{ id: c.deep.array[0].id, title: 'hello es' }],
        },
      }),
    )
    t.is(r.en.deep.array[0].title, 'hello en')
    t.is(r.en.deep.blocks[0].title, 'hello en')
    t.is(r.es.deep.array[0].title, 'hello es')
    t.is(r.es.deep.blocks[0].title, 'hello es')
  })
}

test('a localized named tab: empty, a field, an array, a group, each locale its own', async (t) => {
  t.truthy((await create('tabs', { tabLocalized: {} })).id)
  const r = await both(
    'tabs',
    { tabLocalized: { title: 'hello en', array: [{ title: 'row en' }] } },
    () => ({ tabLocalized: { title: 'hello es', array: [{ title: 'row es' }] } }),
  )
  t.is(r.en.tabLocalized.title, 'hello en')
  t.is(r.es.tabLocalized.title, 'hello es')
  t.is(r.en.tabLocalized.array[0].title, 'row en')
  t.is(r.es.tabLocalized.array[0].title, 'row es')
  // Written in Spanish first, then English: the group inside stays apart per locale.
  const es = await create('tabs', { tabLocalized: { group: { heading: 'Spanish heading' } } }, 'es')
  await update('tabs', es.id, { tabLocalized: { group: { heading: 'English heading' } } }, 'en')
  t.is((await read('tabs', es.id, 'en')).tabLocalized.group.heading, 'English heading')
  t.is((await read('tabs', es.id, 'es')).tabLocalized.group.heading, 'Spanish heading')
})

test('localized field inside of a named tab', async (t) => {
  const r = await both('tabs', { tab: { title: 'hello en' } }, () => ({
    tab: { title: 'hello es' },
  }))
  t.is(r.en.tab.title, 'hello en')
  t.is(r.es.tab.title, 'hello es')
})

test('a localized named tab is refused on an unnamed tab, at start', async (t) => {
  const { getCms } = await import('../../server/index.ts')
  const error = await t.throwsAsync(
    getCms({
      config: {
        db: { url: 'sqlite::memory:' },
        localization: { locales: ['en', 'es'], defaultLocale: 'en' },
        collections: [
          {
            slug: 'bad',
            fields: [
              {
                type: 'tabs',
                tabs: [{ label: 'Plain', localized: true, fields: [{ name: 'x', type: 'text' }] }],
              },
            ],
          },
        ],
      },
    }),
  )
  t.regex(error.message, /collections\[bad\].*tabs\[0\].*localized only applies to a named tab/)
})

test('nested blocks per locale inside localized blocks', async (t) => {
  const block = (labels: string[], text: string) => ({
    blockType: 'blockInsideBlock',
    array: labels.map((label) => ({ link: { label } })),
    content: [{ blockType: 'textBlock', text }],
  })
  const doc = await create('blocks-fields', {
    content: [block(['English 1', 'English 2'], 'hello')],
  })
  await update('blocks-fields', doc.id, { content: [block(['Spanish 1', 'Spanish 2'], 'hola')] })
  const all = await read('blocks-fields', doc.id, 'all')
  t.is(all.content.en[0].content.length, 1)
  t.is(all.content.es[0].content.length, 1)
  t.deepEqual(
    all.content.en[0].array.map((r: Doc) => r.link.label),
    ['English 1', 'English 2'],
  )
  t.deepEqual(
    all.content.es[0].array.map((r: Doc) => r.link.label),
    ['Spanish 1', 'Spanish 2'],
  )
  // Payload's "should update localized block": a whole block written again in Spanish, without row ids.
  const updated = await update('blocks-fields', doc.id, {
    content: [
      {
        blockName: null,
        array: [],
        blockType: 'blockInsideBlock',
        content: [{ text: 'some-text', blockName: null, blockType: 'textBlock' }],
      },
    ],
  })
  t.is(updated.content[0].content[0].text, 'some-text')
  t.is((await read('blocks-fields', doc.id, 'en')).content[0].content[0].text, 'hello')
})

test('blocks within a localized array are not duplicated; a localized relation in an unlocalized array', async (t) => {
  const { a, b } = ctx.data
  const rows = (id: unknown, lang: string) =>
    [1, 2, 3].map((n) => ({
      blockName: String(n),
      blockType: 'someBlock',
      relationWithinBlock: id,
      myGroup: { text: `hello in ${lang} ${n}` },
    }))
  const strip = (list: Doc[]) => list.map(({ id: _id, ...rest }) => rest)
  const en = await create('nested-arrays', {
    arrayWithBlocks: [{ blocksWithinArray: rows(a, 'english') }],
    arrayWithLocalizedRelation: [{ localizedRelation: a }],
  })
  const es = await update('nested-arrays', en.id, {
    arrayWithBlocks: [{ blocksWithinArray: rows(b, 'spanish') }],
    arrayWithLocalizedRelation: [{ id: en.arrayWithLocalizedRelation[0].id, localizedRelation: b }],
  })
  t.deepEqual(strip(es.arrayWithBlocks[0].blocksWithinArray), rows(b, 'spanish'))
  t.deepEqual(strip(en.arrayWithBlocks[0].blocksWithinArray), rows(a, 'english'))
  t.is(es.arrayWithLocalizedRelation.length, 1)
  t.is(es.arrayWithLocalizedRelation[0].localizedRelation, b)
  const again = await read('nested-arrays', en.id, 'en')
  t.deepEqual(strip(again.arrayWithBlocks[0].blocksWithinArray), rows(a, 'english'))
  t.is(again.arrayWithLocalizedRelation.length, 1)
  t.is(again.arrayWithLocalizedRelation[0].localizedRelation, a)
})

test('relationships, hasMany values and polymorphic lists within a localized array', async (t) => {
  const { a, b } = ctx.data
  const p = (value: unknown) => ({ relationTo: 'posts', value })
  const doc = await create('nested-field-tables', {
    array: [
      {
        relation: p(a),
        hasManyRelation: [a, b],
        hasManyPolyRelation: [p(a), p(b)],
        number: [1, 2],
        text: ['hello', 'goodbye'],
        select: ['one'],
      },
    ],
  })
  await update('nested-field-tables', doc.id, {
    array: [
      {
        relation: p(b),
        hasManyRelation: [b, a],
        hasManyPolyRelation: [p(b), p(a)],
        select: ['two', 'three'],
        text: ['hola', 'adios'],
        number: [3, 4],
      },
    ],
  })
  const all = await read('nested-field-tables', doc.id, 'all')
  const [en, es] = [all.array.en[0], all.array.es[0]]
  t.is(en.relation.value, a)
  t.is(es.relation.value, b)
  t.deepEqual(en.hasManyRelation, [a, b])
  t.deepEqual(es.hasManyRelation, [b, a])
  t.deepEqual(en.hasManyPolyRelation, [p(a), p(b)])
  t.deepEqual(es.hasManyPolyRelation, [p(b), p(a)])
  t.deepEqual(
    [en.number, es.number],
    [
      [1, 2],
      [3, 4],
    ],
  )
  t.deepEqual([en.select, es.select], [['one'], ['two', 'three']])
  t.deepEqual(
    [en.text, es.text],
    [
      ['hello', 'goodbye'],
      ['hola', 'adios'],
    ],
  )
})

for (const inner of ['nestedBlocks', 'array'] as const) {
  test(`relationships within ${inner === 'array' ? 'arrays' : 'blocks'} inside of localized blocks`, async (t) => {
    const { a, b } = ctx.data
    const rows = (value: unknown) =>
      [1, 2, 3].map(() => ({
        blockType: 'block',
        [inner]: [
          {
            ...(inner === 'nestedBlocks' && { blockType: 'content' }),
            relation: { relationTo: 'posts', value },
          },
        ],
      }))
    const en = await create('nested-field-tables', { blocks: rows(a) })
    t.deepEqual(
      en.blocks.map((x: Doc) => x[inner][0].relation.value),
      [a, a, a],
    )
    const es = await update('nested-field-tables', en.id, { blocks: rows(b) })
    t.deepEqual(
      es.blocks.map((x: Doc) => x[inner][0].relation.value),
      [b, b, b],
    )
    const all = await read('nested-field-tables', en.id, 'all')
    t.deepEqual(
      all.blocks.en.map((x: Doc) => x[inner][0].relation.value),
      [a, a, a],
    )
    t.deepEqual(
      all.blocks.es.map((x: Doc) => x[inner][0].relation.value),
      [b, b, b],
    )
  })
}

test('a localized field in an array in unlocalized blocks: equal to the created document', async (t) => {
  const doc = await create('nested-to-array-and-block', {
    blocks: [{ blockType: 'block', array: [{ text: 'english', textNotLocalized: 'test' }] }],
  })
  await update('nested-to-array-and-block', doc.id, {
    blocks: doc.blocks.map((b: Doc) => ({
      ...b,
      array: b.array.map((r: Doc) => ({ ...r, text: 'spanish' })),
    })),
  })
  const en = (await read('nested-to-array-and-block', doc.id, 'en')).blocks[0].array[0]
  const es = (await read('nested-to-array-and-block', doc.id, 'es')).blocks[0].array[0]
  t.deepEqual([en.text, en.textNotLocalized], ['english', 'test'])
  t.deepEqual([es.text, es.textNotLocalized], ['spanish', 'test'])
})
