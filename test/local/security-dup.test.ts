/**
 * Security round 3 (issue 30, findings 6, 8, 9, 11, 12) through the Local API with `overrideAccess: false`: on
 * the attacker's app (test/fixtures/security.ts), and on a small localized app for what it lacks (a localized
 * field and array rows the caller may not create, a global whose `readVersions` is a Where).
 */
import test from 'ava'
import { defineConfig } from '../../server/config/define-config.ts'
import type { CmsRequest, Where } from '../../server/config/types.ts'
import { securityConfig, seedSecurity } from '../fixtures/security.ts'
import { rejectsWith, useCms } from '../helpers/db.ts'

const sec = useCms(test, securityConfig, seedSecurity)
const user = (u: { id: number }) => ({ ...u, collection: 'users' })
type Doc = Record<string, any>

const adminOnly = ({ req }: { req: CmsRequest }) => req.user?.role === 'admin'
const localizedConfig = defineConfig({
  localization: { locales: ['en', 'fr'], defaultLocale: 'en' },
  collections: [
    {
      slug: 'staff',
      auth: true,
      access: { read: () => true },
      fields: [{ name: 'role', type: 'text' }],
    },
    {
      slug: 'notes',
      access: { read: () => true, create: ({ req }) => Boolean(req.user) },
      fields: [
        { name: 'title', type: 'text', localized: true },
        {
          name: 'label',
          type: 'text',
          localized: true,
          defaultValue: 'default',
          access: { create: adminOnly },
        },
        {
          name: 'rows',
          type: 'array',
          access: { create: adminOnly },
          fields: [{ name: 'text', type: 'text' }],
        },
        {
          name: 'meta',
          type: 'group',
          fields: [
            { name: 'text', type: 'text' },
            { name: 'secret', type: 'text', access: { create: adminOnly } },
          ],
        },
      ],
    },
  ],
  globals: [
    {
      slug: 'site',
      versions: true,
      access: {
        read: () => true,
        update: () => true,
        readVersions: ({ req }) => (req.user ? { siteName: { equals: 'Open' } } : false),
      },
      fields: [{ name: 'siteName', type: 'text' }],
    },
  ],
})
const loc = useCms(test, localizedConfig, async (cms) => {
  const member = await cms.create({
    collection: 'staff',
    data: { email: 'm@example.com', password: 'member-password', role: 'member' },
  })
  const note = await cms.create({
    collection: 'notes',
    locale: 'en',
    data: {
      title: 'Hello',
      label: 'admin-en',
      rows: [{ text: 'a' }],
      meta: { text: 'm', secret: 's' },
    },
  })
  await cms.update({
    collection: 'notes',
    id: note.id,
    locale: 'fr',
    data: { title: 'Bonjour', label: 'admin-fr' },
  })
  for (const siteName of ['Open', 'Closed', 'Open'])
    await cms.updateGlobal({ slug: 'site', data: { siteName } })
  return { member: { ...member, collection: 'staff' }, note }
})

test.serial('6: Local duplicate as a member: owner and secretNote are not copied', async (t) => {
  const { cms, data } = sec
  const copy = await cms.duplicate({
    collection: 'tickets',
    id: data.tickets.T2.id,
    data: { title: 'T2 copy' },
    overrideAccess: false,
    user: user(data.alice),
    depth: 0,
  })
  const stored = (await cms.findByID({
    collection: 'tickets',
    id: copy.id,
    draft: true,
    depth: 0,
  })) as Doc
  t.like(stored, {
    title: 'T2 copy',
    owner: data.alice.id,
    secretNote: null,
    parent: data.tickets.T1.id,
  })
  // overrideAccess (the Local default) copies everything.
  const full = (await cms.duplicate({
    collection: 'tickets',
    id: data.tickets.T2.id,
    depth: 0,
  })) as Doc
  t.like(full, { owner: data.alice.id, secretNote: 'secret-T2' })
})

test.serial(
  '6: a field the caller may not create is not copied in any locale, nor an array, nor inside a group',
  async (t) => {
    const { cms, data } = loc
    const copy = await cms.duplicate({
      collection: 'notes',
      id: data.note.id,
      overrideAccess: false,
      user: data.member,
      locale: 'fr',
    })
    const all = (await cms.findByID({ collection: 'notes', id: copy.id, locale: 'all' })) as Doc
    // The default in the request's locale; the source's other locales are not kept.
    t.deepEqual(all.label, { fr: 'default' })
    t.deepEqual(all.title, { en: 'Hello', fr: 'Bonjour' })
    t.deepEqual(all.rows ?? [], [])
    t.deepEqual(all.meta, { text: 'm', secret: null })
  },
)

test.serial('8: Local reads leave trashed documents out of joins unless trash: true', async (t) => {
  const { cms, data } = sec
  const read = (trash?: boolean) =>
    cms.findByID({
      collection: 'users',
      id: data.alice.id,
      overrideAccess: false,
      user: user(data.alice),
      depth: 0,
      trash,
    }) as Promise<Doc>
  t.false((await read()).tickets.docs.includes(data.tickets.T4.id))
  t.true((await read(true)).tickets.docs.includes(data.tickets.T4.id))
  const list = await cms.find({
    collection: 'tickets',
    where: { id: { equals: data.tickets.T1.id } },
    depth: 0,
  })
  const children = (list.docs[0] as Doc).children.docs as number[]
  t.true(children.includes(data.tickets.T2.id))
  t.false(children.includes(data.tickets.T4.id))
})

test.serial('9: Local docAccess answers an unreadable document as a missing one', async (t) => {
  const { cms, data } = sec
  const priv = await rejectsWith(
    t,
    cms.docAccess({ collection: 'pages', id: 'priv1' }),
    'NotFound',
    404,
  )
  const none = await rejectsWith(
    t,
    cms.docAccess({ collection: 'pages', id: 'nope' }),
    'NotFound',
    404,
  )
  t.is(priv.message, none.message)
  await rejectsWith(
    t,
    cms.docAccess({ collection: 'tickets', id: data.tickets.T3.id, user: user(data.alice) }),
    'NotFound',
    404,
  )
  t.like(await cms.docAccess({ collection: 'pages', id: 'pub1' }), { read: { permission: true } })
})

test.serial(
  '11: Local duplicate of a trashed document: NotFound, unless trash: true',
  async (t) => {
    const { cms, data } = sec
    const args = {
      collection: 'tickets' as const,
      id: data.tickets.T4.id,
      overrideAccess: false,
      user: user(data.alice),
      data: { title: 'T4 copy', parent: null },
    }
    await rejectsWith(t, cms.duplicate(args), 'NotFound', 404)
    await rejectsWith(t, cms.create({ ...args, duplicateFromID: args.id }), 'NotFound', 404)
    const copy = (await cms.duplicate({ ...args, trash: true, depth: 0 })) as Doc
    t.is(copy.deletedAt ?? null, null)
    t.is(copy.title, 'T4 copy')
  },
)

test.serial(
  '12: Local version reads and counts apply a readVersions Where to the versions’ documents',
  async (t) => {
    const { cms, data } = sec
    const asAlice = { overrideAccess: false, user: user(data.alice) }
    const list = await cms.findVersions({ collection: 'tickets', limit: 0, depth: 0, ...asAlice })
    t.true(list.docs.length > 0)
    t.true(list.docs.every((v) => (v.version as Doc).owner === data.alice.id))
    // countVersions: Alice's versions (those of her trashed T4 too: counts do not look at the trash), none of Bob's.
    const count = (where?: Where) =>
      cms.countVersions({ collection: 'tickets', where, ...asAlice }).then((r) => r.totalDocs)
    t.true((await count()) >= list.totalDocs)
    t.is(await count({ parent: { equals: data.tickets.T3.id } }), 0)
    t.true((await count({ parent: { equals: data.tickets.T1.id } })) > 0)
    const bobs = await cms.findVersions({
      collection: 'tickets',
      where: { parent: { equals: data.tickets.T3.id } },
    })
    await rejectsWith(
      t,
      cms.findVersionByID({ collection: 'tickets', id: bobs.docs[0].id, ...asAlice }),
      'NotFound',
      404,
    )
    const own = await cms.findVersionByID({
      collection: 'tickets',
      id: list.docs[0].id,
      depth: 0,
      ...asAlice,
    })
    t.is((own.version as Doc).owner, data.alice.id)
  },
)

test.serial('12: a global’s readVersions Where applies to its versions’ content', async (t) => {
  const { cms, data } = loc
  const asMember = { overrideAccess: false, user: data.member }
  const list = await cms.findGlobalVersions({ slug: 'site', ...asMember })
  t.deepEqual(
    list.docs.map((v) => (v.version as Doc).siteName),
    ['Open', 'Open'],
  )
  t.is((await cms.countGlobalVersions({ global: 'site', ...asMember })).totalDocs, 2)
  const closed = (await cms.findGlobalVersions({ slug: 'site' })).docs.find(
    (v) => (v.version as Doc).siteName === 'Closed',
  )!
  await rejectsWith(
    t,
    cms.findGlobalVersionByID({ slug: 'site', id: closed.id, ...asMember }),
    'NotFound',
    404,
  )
})
