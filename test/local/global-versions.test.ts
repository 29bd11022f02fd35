import test from 'ava'
import { defineConfig } from '../../server/config/define-config.ts'
import { getCms } from '../../server/local/get-cms.ts'
import { rejectsWith, useCms } from '../helpers/db.ts'

/** Versions and drafts of globals, autosave, countVersions and countGlobalVersions through the Local API. */
const editor = { id: 1, collection: 'editors' }
const config = defineConfig({
  collections: [
    { slug: 'editors', auth: true, fields: [] },
    {
      slug: 'pages',
      versions: { drafts: { autosave: { interval: 500 } }, maxPerDoc: 10 },
      access: { read: () => true, update: ({ req }) => Boolean(req.user) },
      fields: [{ name: 'title', type: 'text', required: true }],
    },
    { slug: 'notes', versions: { drafts: true }, fields: [{ name: 'text', type: 'text' }] },
  ],
  globals: [
    {
      slug: 'site-settings',
      versions: { drafts: { autosave: true }, max: 5 },
      access: {
        read: () => true,
        update: ({ req }) => Boolean(req.user),
        readVersions: ({ req }) => Boolean(req.user),
      },
      fields: [
        { name: 'siteName', type: 'text', required: true },
        { name: 'tagline', type: 'text' },
      ],
    },
    {
      slug: 'footer',
      versions: true,
      fields: [{ name: 'text', type: 'text' }],
    },
    { slug: 'plain', fields: [{ name: 'x', type: 'text' }] },
  ],
})
const state = useCms(test, config)

test.serial(
  'each global save is a version; a draft over the published global is only a version',
  async (t) => {
    const { cms } = state
    await cms.updateGlobal({
      slug: 'site-settings',
      data: { siteName: 'Live', tagline: 'one', _status: 'published' },
    })
    const draft = await cms.updateGlobal({
      slug: 'site-settings',
      draft: true,
      data: { tagline: 'work in progress' },
    })
    t.like(draft, { siteName: 'Live', tagline: 'work in progress', _status: 'draft' })

    // Readers without draft keep the published global; draft: true reads the newest version.
    t.like(await cms.findGlobal({ slug: 'site-settings' }), {
      siteName: 'Live',
      tagline: 'one',
      _status: 'published',
      globalType: 'site-settings',
    })
    const newest = await cms.findGlobal({ slug: 'site-settings', draft: true })
    t.like(newest, { siteName: 'Live', tagline: 'work in progress', _status: 'draft' })
    t.truthy(newest.createdAt)

    const versions = await cms.findGlobalVersions({ slug: 'site-settings' })
    t.is(versions.totalDocs, 2)
    t.deepEqual(
      versions.docs.map((v) => [v.version.tagline, v.version._status, v.latest]),
      [
        ['work in progress', 'draft', true],
        ['one', 'published', false],
      ],
    )
    t.false('parent' in versions.docs[0])
    t.deepEqual(
      (
        await cms.findGlobalVersions({
          slug: 'site-settings',
          where: { 'version._status': { equals: 'published' } },
        })
      ).docs.map((v) => v.version.tagline),
      ['one'],
    )
    t.is(
      (
        await cms.countGlobalVersions({
          global: 'site-settings',
          where: { 'version.tagline': { like: 'progress' } },
        })
      ).totalDocs,
      1,
    )
    const byId = await cms.findGlobalVersionByID({ slug: 'site-settings', id: versions.docs[1].id })
    t.like(byId, { id: versions.docs[1].id, version: { siteName: 'Live', tagline: 'one' } })

    // Publishing writes the global itself.
    await cms.updateGlobal({ slug: 'site-settings', data: { _status: 'published' } })
    t.like(await cms.findGlobal({ slug: 'site-settings' }), {
      tagline: 'work in progress',
      _status: 'published',
    })
  },
)

test.serial('restoreGlobalVersion writes the old content back as a new version', async (t) => {
  const { cms } = state
  const [, , oldest] = (await cms.findGlobalVersions({ slug: 'site-settings', sort: '-createdAt' }))
    .docs
  t.is(oldest.version.tagline, 'one')
  const restored = await cms.restoreGlobalVersion({ slug: 'site-settings', id: oldest.id })
  t.like(restored, { siteName: 'Live', tagline: 'one', globalType: 'site-settings' })
  t.like(await cms.findGlobal({ slug: 'site-settings' }), { tagline: 'one' })
  t.is((await cms.countGlobalVersions({ global: 'site-settings' })).totalDocs, 4)

  // A draft restore over the published global is only a version.
  const latest = (await cms.findGlobalVersions({ slug: 'site-settings', limit: 1 })).docs[0]
  const second = (await cms.findGlobalVersions({ slug: 'site-settings', page: 3, limit: 1 }))
    .docs[0]
  t.is(second.version.tagline, 'work in progress')
  const asDraft = await cms.restoreGlobalVersion({
    slug: 'site-settings',
    id: second.id,
    draft: true,
  })
  t.like(asDraft, { tagline: 'work in progress', _status: 'draft' })
  t.like(await cms.findGlobal({ slug: 'site-settings' }), { tagline: 'one' })
  t.not(latest.id, (await cms.findGlobalVersions({ slug: 'site-settings', limit: 1 })).docs[0].id)
})

test.serial('global versions keep at most versions.max', async (t) => {
  const { cms } = state
  for (let i = 0; i < 7; i++)
    await cms.updateGlobal({ slug: 'site-settings', data: { tagline: `t${i}` } })
  const { totalDocs, docs } = await cms.findGlobalVersions({ slug: 'site-settings', limit: 0 })
  t.is(totalDocs, 5)
  t.is(docs[0].version.tagline, 't6')
})

test.serial(
  'a global without drafts keeps versions; draft is ignored there as for collections',
  async (t) => {
    const { cms } = state
    await cms.updateGlobal({ slug: 'footer', data: { text: 'a' } })
    await cms.updateGlobal({ slug: 'footer', data: { text: 'b' } })
    const versions = await cms.findGlobalVersions({ slug: 'footer' })
    t.deepEqual(
      versions.docs.map((v) => v.version.text),
      ['b', 'a'],
    )
    t.like(await cms.findGlobal({ slug: 'footer', draft: true }), { text: 'b' })
  },
)

test.serial(
  'global versions: readVersions and update access, unknown ids, globals without versions',
  async (t) => {
    const { cms } = state
    await cms.updateGlobal({ slug: 'footer', data: { text: 'x' } })
    await rejectsWith(
      t,
      cms.findGlobalVersions({ slug: 'site-settings', overrideAccess: false }),
      'UnauthorizedError',
      401,
    )
    await rejectsWith(
      t,
      cms.countGlobalVersions({ global: 'site-settings', overrideAccess: false }),
      'UnauthorizedError',
      401,
    )
    t.true(
      (await cms.findGlobalVersions({ slug: 'site-settings', overrideAccess: false, user: editor }))
        .totalDocs > 0,
    )
    const [v] = (await cms.findGlobalVersions({ slug: 'footer' })).docs
    await rejectsWith(
      t,
      cms.restoreGlobalVersion({ slug: 'footer', id: v.id, overrideAccess: false }),
      'UnauthorizedError',
      401,
    )
    await rejectsWith(t, cms.findGlobalVersionByID({ slug: 'footer', id: 99999 }), 'NotFound', 404)
    await rejectsWith(t, cms.restoreGlobalVersion({ slug: 'footer', id: 99999 }), 'NotFound', 404)
    await rejectsWith(t, cms.findGlobalVersions({ slug: 'plain' }), 'NotFound', 404)
    await rejectsWith(
      t,
      cms.updateGlobal({ slug: 'footer', autosave: true, data: {} }),
      'BadRequest',
      400,
    )
  },
)

test.serial('autosave overwrites the newest autosave version instead of adding one', async (t) => {
  const { cms } = state
  const page = await cms.create({ collection: 'pages', data: { title: 'Start' } })
  const count = async () =>
    (await cms.countVersions({ collection: 'pages', where: { parent: { equals: page.id } } }))
      .totalDocs
  t.is(await count(), 1)
  const first = await cms.update({
    collection: 'pages',
    id: page.id,
    draft: true,
    autosave: true,
    data: { title: 'Typing' },
  })
  t.is(first.title, 'Typing')
  t.is(await count(), 2)
  await cms.update({
    collection: 'pages',
    id: page.id,
    draft: true,
    autosave: true,
    data: { title: 'Typing more' },
  })
  await cms.update({
    collection: 'pages',
    id: page.id,
    draft: true,
    autosave: true,
    data: { title: 'Typing even more' },
  })
  t.is(await count(), 2)
  const { docs } = await cms.findVersions({
    collection: 'pages',
    where: { parent: { equals: page.id } },
  })
  t.deepEqual(
    docs.map((d) => [d.version.title, d.autosave, d.latest]),
    [
      ['Typing even more', true, true],
      ['Start', false, false],
    ],
  )
  t.like(await cms.findByID({ collection: 'pages', id: page.id, draft: true }), {
    title: 'Typing even more',
  })

  // A save that is not an autosave adds a version; the next autosave starts a new autosave version.
  await cms.update({ collection: 'pages', id: page.id, draft: true, data: { title: 'Saved' } })
  t.is(await count(), 3)
  await cms.update({
    collection: 'pages',
    id: page.id,
    draft: true,
    autosave: true,
    data: { title: 'Again' },
  })
  await cms.update({
    collection: 'pages',
    id: page.id,
    draft: true,
    autosave: true,
    data: { title: 'Again and again' },
  })
  t.is(await count(), 4)
  t.is((await cms.countVersions({ collection: 'pages' })).totalDocs, 4)

  // autosave without versions.drafts.autosave is a 400, not a flag silently ignored.
  const note = await cms.create({ collection: 'notes', data: { text: 'n' } })
  const error = await rejectsWith(
    t,
    cms.update({ collection: 'notes', id: note.id, autosave: true, data: { text: 'm' } }),
    'BadRequest',
    400,
  )
  t.regex(error.message, /versions\.drafts\.autosave/)
})

test('global autosave overwrites its newest autosave version', async (t) => {
  const cms = await getCms({
    config: {
      ...config,
      globals: [
        {
          slug: 'banner',
          versions: { drafts: { autosave: true } },
          fields: [{ name: 'text', type: 'text' }],
        },
      ],
      db: { url: 'sqlite::memory:' },
    },
  })
  try {
    await cms.updateGlobal({ slug: 'banner', data: { text: 'a', _status: 'published' } })
    for (const text of ['b', 'bc', 'bcd'])
      await cms.updateGlobal({ slug: 'banner', draft: true, autosave: true, data: { text } })
    const { docs } = await cms.findGlobalVersions({ slug: 'banner' })
    t.deepEqual(
      docs.map((d) => [d.version.text, d.autosave]),
      [
        ['bcd', true],
        ['a', false],
      ],
    )
    t.like(await cms.findGlobal({ slug: 'banner' }), { text: 'a' })
    t.like(await cms.findGlobal({ slug: 'banner', draft: true }), { text: 'bcd' })
  } finally {
    await cms.destroy()
  }
})
