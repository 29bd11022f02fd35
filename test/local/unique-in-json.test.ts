/**
 * Issue 55: `unique` where the value sits inside one JSON value, kept as Payload's SQL adapters keep it with a
 * table of its own: a field of array and block rows (across every row of every document), a localized field
 * (per locale), a hasMany relationship (a related document once in the field across the collection). A second
 * holder is Payload's 400 "Value must be unique" on its path; the database's unique index decides, so writers
 * racing never both win.
 */
import test from 'ava'
import { defineConfig, getCms } from '../../server/index.ts'
import { rejectsWith, sharedDatabaseUrl, useCms } from '../helpers/db.ts'

const state = useCms(
  test,
  defineConfig({
    localization: { locales: ['en', 'de'], defaultLocale: 'en' },
    collections: [
      { slug: 'tenants', fields: [{ name: 'name', type: 'text' }] },
      {
        slug: 'members',
        fields: [
          { name: 'name', type: 'text' },
          {
            name: 'tenants',
            type: 'array',
            fields: [{ name: 'tenant', type: 'relationship', relationTo: 'tenants', unique: true }],
          },
          { name: 'slug', type: 'text', localized: true, unique: true },
          {
            name: 'badges',
            type: 'relationship',
            relationTo: ['tenants'],
            hasMany: true,
            unique: true,
          },
          {
            name: 'meta',
            type: 'group',
            fields: [
              {
                name: 'layout',
                type: 'blocks',
                blocks: [{ slug: 'code', fields: [{ name: 'code', type: 'text', unique: true }] }],
              },
            ],
          },
        ],
      },
    ],
  }),
)

type Doc = { id: number | string } & Record<string, unknown>
const errorPaths = (e: { data?: unknown }) =>
  (e.data as { errors: { path: string; message: string }[] }).errors.map((x) => [x.path, x.message])

test('a field of array rows is unique across every row of every document', async (t) => {
  const { cms } = state
  const [a, b] = (await Promise.all(
    ['A', 'B'].map((name) => cms.create({ collection: 'tenants' as never, data: { name } })),
  )) as Doc[]
  const one = (await cms.create({
    collection: 'members' as never,
    data: { name: 'one', tenants: [{ tenant: a.id }] },
  })) as Doc
  const refused = await rejectsWith(
    t,
    cms.create({
      collection: 'members' as never,
      data: { name: 'two', tenants: [{ tenant: b.id }, { tenant: a.id }] },
    }),
    'ValidationError',
    400,
  )
  t.deepEqual(errorPaths(refused), [['tenants.1.tenant', 'Value must be unique']])
  t.is(
    (await cms.find({ collection: 'members' as never, where: { name: { equals: 'two' } } }))
      .totalDocs,
    0,
  )
  // Twice in one document is refused too (one index over every row, as Payload's array table has).
  const twice = await rejectsWith(
    t,
    cms.update({
      collection: 'members' as never,
      id: one.id,
      data: { tenants: [{ tenant: b.id }, { tenant: b.id }] },
    }),
    'ValidationError',
    400,
  )
  t.deepEqual(errorPaths(twice), [['tenants.1.tenant', 'Value must be unique']])
  // Giving the value up frees it: the document keeps B, another takes A.
  await cms.update({
    collection: 'members' as never,
    id: one.id,
    data: { tenants: [{ tenant: b.id }] },
  })
  const two = (await cms.create({
    collection: 'members' as never,
    data: { name: 'two', tenants: [{ tenant: a.id }] },
  })) as Doc
  t.deepEqual(
    (two.tenants as { tenant: Doc }[]).map((r) => r.tenant.id),
    [a.id],
  )
  // Deleting a document frees its values.
  await cms.delete({ collection: 'members' as never, id: one.id })
  const three = (await cms.create({
    collection: 'members' as never,
    data: { name: 'three', tenants: [{ tenant: b.id }] },
  })) as Doc
  t.truthy(three.id)
})

test('a localized unique field is unique per locale', async (t) => {
  const { cms } = state
  await cms.create({ collection: 'members' as never, data: { name: 'en', slug: 'hello' } })
  const refused = await rejectsWith(
    t,
    cms.create({ collection: 'members' as never, data: { name: 'en2', slug: 'hello' } }),
    'ValidationError',
    400,
  )
  t.deepEqual(errorPaths(refused), [['slug', 'Value must be unique']])
  // The same value in another locale is another value.
  const de = (await cms.create({
    collection: 'members' as never,
    locale: 'de',
    data: { name: 'de', slug: 'hello' },
  })) as Doc
  t.is(de.slug, 'hello')
  // Adding the German value of an English document that another document holds in German is refused.
  const en = (await cms.create({
    collection: 'members' as never,
    data: { name: 'en3', slug: 'bye' },
  })) as Doc
  await rejectsWith(
    t,
    cms.update({
      collection: 'members' as never,
      id: en.id,
      locale: 'de',
      data: { slug: 'hello' },
    }),
    'ValidationError',
    400,
  )
  const kept = (await cms.findByID({
    collection: 'members' as never,
    id: en.id,
    locale: 'all',
  })) as Doc
  t.deepEqual(kept.slug, { en: 'bye' })
})

test('a hasMany relationship holds a document once across the collection; block rows in a group are unique', async (t) => {
  const { cms } = state
  const c = (await cms.create({ collection: 'tenants' as never, data: { name: 'C' } })) as Doc
  const badge = { relationTo: 'tenants', value: c.id }
  await cms.create({ collection: 'members' as never, data: { name: 'b1', badges: [badge] } })
  const refused = await rejectsWith(
    t,
    cms.create({ collection: 'members' as never, data: { name: 'b2', badges: [badge] } }),
    'ValidationError',
    400,
  )
  t.deepEqual(errorPaths(refused), [['badges', 'Value must be unique']])
  const code = (x: string) => ({ meta: { layout: [{ blockType: 'code', code: x }] } })
  await cms.create({ collection: 'members' as never, data: { name: 'k1', ...code('K-1') } })
  const block = await rejectsWith(
    t,
    cms.create({ collection: 'members' as never, data: { name: 'k2', ...code('K-1') } }),
    'ValidationError',
    400,
  )
  t.deepEqual(errorPaths(block), [['meta.layout.0.code', 'Value must be unique']])
  t.truthy(
    await cms.create({ collection: 'members' as never, data: { name: 'k3', ...code('K-2') } }),
  )
})

test('writers racing for one value: exactly one wins', async (t) => {
  const { cms } = state
  const results = await Promise.allSettled(
    Array.from({ length: 6 }, (_, i) =>
      cms.create({ collection: 'members' as never, data: { name: `r${i}`, slug: 'raced' } }),
    ),
  )
  t.is(results.filter((r) => r.status === 'fulfilled').length, 1)
  for (const r of results)
    if (r.status === 'rejected')
      t.is((r.reason as { status?: number }).status, 400, String(r.reason))
})

test('a field made unique has its stored values kept from the next start; duplicates stop the start, naming both', async (t) => {
  const shared = await sharedDatabaseUrl()
  const config = (unique: boolean) =>
    defineConfig({
      db: { url: shared.url },
      collections: [
        { slug: 'teams', fields: [{ name: 'name', type: 'text' }] },
        {
          slug: 'players',
          fields: [
            {
              name: 'teams',
              type: 'array',
              fields: [{ name: 'team', type: 'relationship', relationTo: 'teams', unique }],
            },
          ],
        },
      ],
    })
  const start = async (unique: boolean) => getCms({ config: config(unique), cron: false })
  try {
    let cms = await start(false)
    const [x, y] = (await Promise.all(
      ['X', 'Y'].map((name) => cms.create({ collection: 'teams' as never, data: { name } })),
    )) as Doc[]
    await cms.create({ collection: 'players' as never, data: { teams: [{ team: x.id }] } })
    const holder = (await cms.create({
      collection: 'players' as never,
      data: { teams: [{ team: y.id }] },
    })) as Doc
    await cms.destroy()
    cms = await start(true)
    const refused = await rejectsWith(
      t,
      cms.create({ collection: 'players' as never, data: { teams: [{ team: x.id }] } }),
      'ValidationError',
      400,
    )
    t.deepEqual(errorPaths(refused), [['teams.0.team', 'Value must be unique']])
    await cms.destroy()
    // Without unique again, nothing keeps the values: a second holder of Y is taken...
    cms = await start(false)
    const second = (await cms.create({
      collection: 'players' as never,
      data: { teams: [{ team: y.id }] },
    })) as Doc
    await cms.destroy()
    // ...and making the field unique once more stops the start on the two holders.
    const error = await t.throwsAsync(start(true))
    t.is(error?.name, 'ConfigError')
    t.is(
      error?.message,
      `Collection "players": teams.team is unique, but documents ${String(holder.id)} (teams.0.team) and ${String(second.id)} (teams.0.team) hold the same value; make them differ, or remove unique.`,
    )
  } finally {
    await shared.drop()
  }
})

test('a duplicate gives up the unique values inside rows and locales, as a copy of a unique column does', async (t) => {
  const { cms } = state
  const d = (await cms.create({ collection: 'tenants' as never, data: { name: 'D' } })) as Doc
  const original = (await cms.create({
    collection: 'members' as never,
    data: { name: 'orig', slug: 'original', tenants: [{ tenant: d.id }] },
  })) as Doc
  const copy = (await cms.duplicate({
    collection: 'members' as never,
    id: original.id,
    depth: 0,
  })) as Doc
  t.is(copy.slug, 'original - Copy')
  t.deepEqual(
    (copy.tenants as Record<string, unknown>[]).map((r) => r.tenant ?? null),
    [null],
  )
})
