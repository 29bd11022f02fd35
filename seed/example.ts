import type { LocalApi } from '../server/config/local-api.ts'
import { orderTotal } from '../server/orders/representation.ts'

const WORDS = [
  'contract',
  'schema',
  'headless',
  'content',
  'graph',
  'query',
  'release',
  'design',
  'typed',
  'client',
  'cache',
  'index',
  'draft',
  'locale',
  'webhook',
  'order',
]
const CITIES: [string, number, number][] = [
  ['Berlin', 13.405, 52.52],
  ['Lisbon', -9.139, 38.722],
  ['Oslo', 10.752, 59.913],
  ['Madrid', -3.704, 40.417],
  ['Vienna', 16.373, 48.208],
]

/** A deterministic pseudo-random sequence, so every fresh start seeds the same data. */
function rng(seed: number) {
  let s = seed
  return () => (s = (s * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648
}

/** Seeds the example app: users, categories, posts with every field kind, tracking items, orders, site settings. */
/** Lexical nodes as Payload's editor writes them. */
const text = (t: string, format = 0) => ({
  type: 'text',
  text: t,
  format,
  detail: 0,
  mode: 'normal',
  style: '',
  version: 1,
})
const element = (type: string, children: unknown[], extra: Record<string, unknown> = {}) => ({
  type,
  children,
  direction: 'ltr',
  format: '',
  indent: 0,
  version: 1,
  ...extra,
})

/** A post's body: a heading, a paragraph, a banner pointing at the first post (once there is one). */
function lexicalBody(title: string, city: string, firstPost: unknown) {
  const children: unknown[] = [
    element('heading', [text(title)], { tag: 'h2' }),
    element('paragraph', [text('Body of '), text(title, 1), text(`, filed in ${city}.`)], {
      textFormat: 0,
    }),
  ]
  if (firstPost !== undefined)
    children.push({
      type: 'block',
      version: 2,
      format: '',
      fields: {
        blockName: '',
        blockType: 'banner',
        style: 'info',
        content: {
          root: element('root', [element('paragraph', [text('Start with the first post.')])]),
        },
        post: firstPost,
      },
    })
  return { root: element('root', children) }
}

export async function seedExample(cms: LocalApi): Promise<void> {
  const rand = rng(42)
  const pick = <T>(xs: T[]): T => xs[Math.floor(rand() * xs.length)]

  const admin = await cms.create({
    collection: 'users',
    data: {
      email: 'admin@example.com',
      password: 'admin-password',
      name: 'Ada Admin',
      roles: ['admin'],
    },
  })
  const alice = await cms.create({
    collection: 'users',
    data: {
      email: 'alice@example.com',
      password: 'alice-password',
      name: 'Alice Member',
      roles: ['member'],
    },
  })
  const bob = await cms.create({
    collection: 'users',
    data: {
      email: 'bob@example.com',
      password: 'bob-password',
      name: 'Bob Member',
      roles: ['member'],
    },
  })

  const categories: { id: number | string }[] = []
  for (const name of ['News', 'Engineering', 'Product', 'Culture', 'Guides']) {
    categories.push(
      await cms.create({
        collection: 'categories',
        data: { name, slug: name.toLowerCase(), description: `Posts about ${name.toLowerCase()}.` },
      }),
    )
  }

  const posts: { id: number | string }[] = []
  for (let i = 1; i <= 30; i++) {
    const title = `${pick(WORDS)} ${pick(WORDS)} ${pick(WORDS)} #${i}`.replace(/^./, (c) =>
      c.toUpperCase(),
    )
    const [city, lng, lat] = pick(CITIES)
    const published = i % 3 !== 0
    posts.push(
      await cms.create({
        collection: 'posts',
        data: {
          title,
          slug: `post-${i}`,
          excerpt: `A short look at ${title.toLowerCase()} from ${city}.`,
          body: lexicalBody(title, city, posts[0]?.id),
          status: published ? 'published' : 'draft',
          _status: published ? 'published' : 'draft',
          views: Math.floor(rand() * 5000),
          featured: i % 7 === 0,
          publishedAt: published ? new Date(Date.UTC(2026, 0, i)).toISOString() : undefined,
          category: pick(categories).id,
          author: pick([admin, alice, bob]).id,
          related: posts.length ? [pick(posts).id] : [],
          reference:
            posts.length && i % 4 === 0
              ? { relationTo: 'posts', value: pick(posts).id }
              : { relationTo: 'categories', value: pick(categories).id },
          tags: [{ tag: pick(WORDS) }, { tag: pick(WORDS) }],
          layout: [
            { blockType: 'hero', heading: title, subheading: `Filed in ${city}` },
            { blockType: 'quote', quote: 'Contracts first, code second.', attribution: 'The team' },
          ],
          seo: { title: title.slice(0, 70), description: `Read ${title}.`.slice(0, 160) },
          location: [lng + (rand() - 0.5) / 10, lat + (rand() - 0.5) / 10],
        },
      }),
    )
  }

  for (const label of ['Parcel A-100', 'Parcel B-200', 'Parcel C-300']) {
    await cms.create({ collection: 'tracking', data: { label } })
  }

  for (const [user, n] of [
    [alice, 3],
    [bob, 2],
  ] as const) {
    for (let i = 0; i < n; i++) {
      const items = [
        { product: `${pick(WORDS)} mug`, quantity: 1 + (i % 3), unit_price: 12.5 },
        { product: 'sticker pack', quantity: 2, unit_price: 3 },
      ]
      const total = orderTotal(items)
      await cms.create({
        collection: 'orders',
        data: {
          user: user.id,
          status: i === 0 ? 'shipped' : 'pending',
          items,
          total_amount: total,
        },
      })
    }
  }

  // Pages: two published, one in the trash (restorable from the admin's trash view).
  for (const [title, slug, summary] of [
    ['About', 'about', 'Who writes here, and why.'],
    ['Contact', 'contact', 'How to reach the editors.'],
    ['Old announcement', 'old-announcement', 'Retired, kept in the trash.'],
  ])
    await cms.create({ collection: 'pages', data: { title, slug, summary, _status: 'published' } })
  const old = await cms.find({
    collection: 'pages',
    where: { slug: { equals: 'old-announcement' } },
  })
  await cms.update({
    collection: 'pages',
    id: old.docs[0].id,
    data: { deletedAt: new Date().toISOString() },
  })

  await cms.updateGlobal({
    slug: 'site-settings',
    data: {
      siteName: 'Contract CMS Example',
      tagline: 'Content with a contract',
      contactEmail: 'hello@example.com',
      navigation: [
        { label: 'Home', url: '/' },
        { label: 'Posts', url: '/posts' },
      ],
    },
  })
}
