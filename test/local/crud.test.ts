import test from 'ava'
import { catalogConfig } from '../fixtures/catalog.ts'
import { rejectsWith, useCms } from '../helpers/db.ts'

const state = useCms(test, catalogConfig, (cms) =>
  cms.create({ collection: 'makers', data: { name: 'Acme', country: 'de' } }),
)

test.serial('create fills defaults, timestamps and id, and findByID reads it back', async (t) => {
  const { cms, data: maker } = state
  const p = await cms.create({
    collection: 'products',
    data: { title: 'Hammer', sku: 'H-1', price: 12.5, maker: maker.id, dimensions: { width: 30 } },
    depth: 0,
  })
  t.true(Number.isInteger(p.id) && (p.id as number) > 0)
  t.is(p.title, 'Hammer')
  t.is(p.stock, 0)
  t.is(p.active, true)
  t.deepEqual(p.dimensions, { width: 30, unit: null })
  t.is(p.maker, maker.id)
  t.regex(p.createdAt as string, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
  t.is(p.createdAt, p.updatedAt)
  const again = await cms.findByID({ collection: 'products', id: p.id, depth: 0 })
  t.deepEqual(again, p)
})

test.serial('every field kind round-trips through storage', async (t) => {
  const { cms, data: maker } = state
  const data = {
    title: 'Kite',
    sku: 'K-1',
    price: 3,
    active: false,
    releasedAt: '2026-03-01T10:00:00.000Z',
    kind: 'toy',
    colors: ['red', 'blue'],
    notes: 'line\nbreak',
    contact: 'kite@example.com',
    maker: maker.id,
    featuredIn: { relationTo: 'makers', value: maker.id },
    specs: { weight: 1.5, tags: ['a'] },
    location: [13.4, 52.5],
    dimensions: { width: 2, unit: 'in' },
    variants: [{ label: 'Small', extra: 1 }],
    sections: [
      { blockType: 'text', heading: 'Hi', body: 'There' },
      { blockType: 'gallery', count: 3 },
    ],
  }
  const p = await cms.create({ collection: 'products', data })
  const read = await cms.findByID({ collection: 'products', id: p.id, depth: 0 })
  for (const [k, v] of Object.entries(data)) {
    if (k === 'variants' || k === 'sections') continue
    t.deepEqual(read[k], v, k)
  }
  t.is((read.variants as { label: string; id: string }[])[0].label, 'Small')
  t.regex((read.variants as { id: string }[])[0].id, /^[0-9a-f]{24}$/)
  t.like((read.sections as object[])[1], { blockType: 'gallery', count: 3 })
})

test.serial('validation failures list every failing field and write nothing', async (t) => {
  const { cms } = state
  const before = await cms.count({ collection: 'products' })
  const error = await rejectsWith(
    t,
    cms.create({
      collection: 'products',
      data: {
        title: 'x',
        price: -1,
        kind: 'car',
        contact: 'not-an-email',
        colors: ['pink'],
        location: [200, 0],
        variants: [{ extra: 'no' }],
        sections: [{ blockType: 'video' }],
        bogus: 1,
      },
    }),
    'ValidationError',
    400,
  )
  const paths = (error.data as { errors: { path: string; message: string }[] }).errors
    .map((e) => e.path)
    .sort()
  t.deepEqual(
    paths,
    [
      'bogus',
      'colors',
      'contact',
      'kind',
      'location',
      'price',
      'sections.0.blockType',
      'title',
      'variants.0.extra',
      'variants.0.label',
    ].sort(),
  )
  t.regex(error.message, /^The following fields are invalid: /)
  t.deepEqual(await cms.count({ collection: 'products' }), before)
})

test.serial(
  'required fields, min/max and maxLength are enforced on create and update',
  async (t) => {
    const { cms } = state
    const e1 = await rejectsWith(
      t,
      cms.create({ collection: 'products', data: { price: 1 } }),
      'ValidationError',
      400,
    )
    t.deepEqual((e1.data as { errors: unknown[] }).errors, [
      { message: 'This field is required.', path: 'title', label: 'title' },
    ])
    const p = await cms.create({ collection: 'products', data: { title: 'Saw' } })
    await rejectsWith(
      t,
      cms.update({ collection: 'products', id: p.id, data: { title: null } }),
      'ValidationError',
      400,
    )
    await rejectsWith(
      t,
      cms.update({ collection: 'products', id: p.id, data: { title: 'x'.repeat(81) } }),
      'ValidationError',
      400,
    )
    t.is((await cms.findByID({ collection: 'products', id: p.id })).title, 'Saw')
  },
)

test.serial('a relation to a missing document is a validation error', async (t) => {
  const { cms } = state
  const error = await rejectsWith(
    t,
    cms.create({ collection: 'products', data: { title: 'Orphan', maker: 999_999 } }),
    'ValidationError',
    400,
  )
  t.is((error.data as { errors: { path: string }[] }).errors[0].path, 'maker')
})

test.serial(
  'unique values conflict with a 400 on the field path, also when two writers race',
  async (t) => {
    const { cms } = state
    await cms.create({ collection: 'products', data: { title: 'Drill', sku: 'D-1' } })
    const error = await rejectsWith(
      t,
      cms.create({ collection: 'products', data: { title: 'Drill 2', sku: 'D-1' } }),
      'ValidationError',
      400,
    )
    t.deepEqual((error.data as { errors: unknown[] }).errors, [
      { message: 'Value must be unique', path: 'sku', label: 'sku' },
    ])

    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) =>
        cms.create({ collection: 'products', data: { title: `Race ${i}`, sku: 'RACE' } }),
      ),
    )
    t.is(results.filter((r) => r.status === 'fulfilled').length, 1)
    for (const r of results)
      if (r.status === 'rejected')
        t.is((r.reason as Error).message, 'The following field is invalid: sku')
    t.is(
      (await cms.count({ collection: 'products', where: { sku: { equals: 'RACE' } } })).totalDocs,
      1,
    )
  },
)

test.serial(
  'update changes only the given fields, merges groups and bumps updatedAt',
  async (t) => {
    const { cms } = state
    const p = await cms.create({
      collection: 'products',
      data: { title: 'Plane', price: 5, dimensions: { width: 10, unit: 'cm' } },
    })
    await new Promise((r) => setTimeout(r, 5))
    const u = await cms.update({
      collection: 'products',
      id: p.id,
      data: { price: 7, dimensions: { width: 11 } },
    })
    t.is(u.title, 'Plane')
    t.is(u.price, 7)
    t.deepEqual(u.dimensions, { width: 11, unit: 'cm' })
    t.is(u.createdAt, p.createdAt)
    t.true((u.updatedAt as string) > (p.updatedAt as string))
    await rejectsWith(
      t,
      cms.update({ collection: 'products', id: 987_654, data: { price: 1 } }),
      'NotFound',
      404,
    )
  },
)

test.serial('delete by id returns the document and removes it', async (t) => {
  const { cms } = state
  const p = await cms.create({ collection: 'products', data: { title: 'Chisel' } })
  const d = await cms.delete({ collection: 'products', id: p.id })
  t.is(d.id, p.id)
  t.is(
    (await cms.findByID({ collection: 'products', id: p.id, disableErrors: true })) as unknown,
    null,
  )
  await rejectsWith(t, cms.findByID({ collection: 'products', id: p.id }), 'NotFound', 404)
  await rejectsWith(t, cms.delete({ collection: 'products', id: p.id }), 'NotFound', 404)
})

test.serial('bulk update and delete by where report docs and errors', async (t) => {
  const { cms } = state
  for (const i of [1, 2, 3])
    await cms.create({
      collection: 'products',
      data: { title: `Bulk ${i}`, kind: 'book', stock: i },
    })
  const updated = await cms.update({
    collection: 'products',
    where: { title: { like: 'bulk' } },
    data: { stock: 100 },
  })
  t.is(updated.docs.length, 3)
  t.deepEqual(updated.errors, [])
  t.true(updated.docs.every((d) => d.stock === 100))
  const bad = await cms.update({
    collection: 'products',
    where: { title: { like: 'bulk' } },
    data: { stock: 'many' },
  })
  t.is(bad.docs.length, 0)
  t.is(bad.errors.length, 3)
  t.is(
    (
      await cms.count({
        collection: 'products',
        where: { and: [{ title: { like: 'bulk' } }, { stock: { equals: 100 } }] },
      })
    ).totalDocs,
    3,
  )
  const deleted = await cms.delete({ collection: 'products', where: { title: { like: 'bulk' } } })
  t.is(deleted.docs.length, 3)
  t.is(
    (await cms.count({ collection: 'products', where: { title: { like: 'bulk' } } })).totalDocs,
    0,
  )
  // A bulk write without a where is refused rather than touching everything.
  await rejectsWith(
    t,
    cms.update({ collection: 'products', where: undefined as never, data: {} }),
    'BadRequest',
    400,
  )
})

test.serial('globals read defaults before the first write, then merge updates', async (t) => {
  const { cms } = state
  const initial = await cms.findGlobal({ slug: 'shop-settings' })
  t.like(initial, { currency: 'EUR', globalType: 'shop-settings' })
  const written = await cms.updateGlobal({ slug: 'shop-settings', data: { banner: 'Sale' } })
  t.like(written, { currency: 'EUR', banner: 'Sale' })
  const again = await cms.updateGlobal({ slug: 'shop-settings', data: { currency: 'USD' } })
  t.like(again, { currency: 'USD', banner: 'Sale' })
  await rejectsWith(
    t,
    cms.updateGlobal({ slug: 'shop-settings', data: { currency: 'GBP' } }),
    'ValidationError',
    400,
  )
  t.is((await cms.findGlobal({ slug: 'shop-settings' })).currency, 'USD')
  await rejectsWith(t, cms.findGlobal({ slug: 'nope' as never }), 'NotFound', 404)
})

test.serial('ids that are not positive integers are refused before any query', async (t) => {
  const { cms } = state
  await rejectsWith(t, cms.findByID({ collection: 'products', id: 'abc' }), 'BadRequest', 400)
  await rejectsWith(t, cms.findByID({ collection: 'products', id: '1 OR 1=1' }), 'BadRequest', 400)
  await rejectsWith(t, cms.find({ collection: 'nope' as never }), 'NotFound', 404)
})
