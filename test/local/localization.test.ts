import test from 'ava'
import { defineConfig } from '../../server/config/define-config.ts'
import { rejectsWith, useCms } from '../helpers/db.ts'

const config = defineConfig({
  localization: {
    locales: ['en', 'de', { code: 'fr', fallbackLocale: 'de' }],
    defaultLocale: 'en',
    fallback: true,
  },
  collections: [
    {
      slug: 'people',
      fields: [
        { name: 'name', type: 'text' },
        { name: 'bio', type: 'text', localized: true },
      ],
    },
    {
      slug: 'pages',
      fields: [
        { name: 'title', type: 'text', localized: true, required: true },
        { name: 'slug', type: 'text' },
        {
          name: 'meta',
          type: 'group',
          fields: [
            { name: 'description', type: 'text', localized: true },
            { name: 'keywords', type: 'text' },
          ],
        },
        {
          name: 'sections',
          type: 'array',
          fields: [
            { name: 'heading', type: 'text', localized: true },
            { name: 'order', type: 'number' },
          ],
        },
        { name: 'author', type: 'relationship', relationTo: 'people' },
      ],
    },
  ],
  globals: [
    {
      slug: 'footer',
      fields: [
        { name: 'text', type: 'text', localized: true },
        { name: 'year', type: 'number' },
      ],
    },
  ],
})

type Page = {
  id: number | string
  title: unknown
  slug: string
  meta: { description: unknown; keywords: string }
  sections: { id: string; heading: unknown; order: number }[]
  author: unknown
}

const state = useCms(test, config, async (cms) => {
  const person = await cms.create({
    collection: 'people',
    data: { name: 'Ada', bio: 'Mathematician' },
  })
  await cms.update({
    collection: 'people',
    id: person.id,
    locale: 'de',
    data: { bio: 'Mathematikerin' },
  })
  const page = (await cms.create({
    collection: 'pages',
    data: {
      title: 'Hello',
      slug: 'hello',
      meta: { description: 'About us', keywords: 'a,b' },
      sections: [
        { heading: 'One', order: 1 },
        { heading: 'Two', order: 2 },
      ],
      author: person.id,
    },
  })) as Page
  return { person, page }
})

test('a write in one locale leaves the other locales as they were', async (t) => {
  const { cms, data } = state
  const { page } = data
  const de = (await cms.update({
    collection: 'pages',
    id: page.id,
    locale: 'de',
    data: {
      title: 'Hallo',
      meta: { description: 'Über uns' },
      sections: page.sections.map((s, i) => ({ ...s, heading: ['Eins', 'Zwei'][i] })),
    },
  })) as Page
  t.is(de.title, 'Hallo')
  t.deepEqual(de.meta, { description: 'Über uns', keywords: 'a,b' })
  t.deepEqual(
    de.sections.map((s) => s.heading),
    ['Eins', 'Zwei'],
  )

  const en = (await cms.findByID({ collection: 'pages', id: page.id })) as Page
  t.is(en.title, 'Hello')
  t.is(en.meta.description, 'About us')
  t.deepEqual(
    en.sections.map((s) => [s.heading, s.order]),
    [
      ['One', 1],
      ['Two', 2],
    ],
  )
  t.is(en.slug, 'hello', 'unlocalized fields are shared')

  const all = (await cms.findByID({ collection: 'pages', id: page.id, locale: 'all' })) as Page
  t.deepEqual(all.title, { en: 'Hello', de: 'Hallo' })
  t.deepEqual(all.meta.description, { en: 'About us', de: 'Über uns' })
  t.deepEqual(all.sections[1].heading, { en: 'Two', de: 'Zwei' })
})

test('missing values fall back along the fallback chain, unless fallback is turned off', async (t) => {
  const { cms } = state
  const page = (await cms.create({ collection: 'pages', data: { title: 'Only English' } })) as Page
  await cms.update({
    collection: 'pages',
    id: page.id,
    locale: 'de',
    data: { meta: { description: 'Nur Deutsch' } },
  })
  // fr falls back to its own fallbackLocale (de), de to the default locale (en).
  const fr = (await cms.findByID({ collection: 'pages', id: page.id, locale: 'fr' })) as Page
  t.is(fr.meta.description, 'Nur Deutsch')
  t.is(fr.title, null, 'fr → de has no title and the chain is one locale long')
  const de = (await cms.findByID({ collection: 'pages', id: page.id, locale: 'de' })) as Page
  t.is(de.title, 'Only English')
  const none = (await cms.findByID({
    collection: 'pages',
    id: page.id,
    locale: 'de',
    fallbackLocale: 'none',
  })) as Page
  t.is(none.title, null)
  const explicit = (await cms.findByID({
    collection: 'pages',
    id: page.id,
    locale: 'fr',
    fallbackLocale: 'en',
  })) as Page
  t.is(explicit.title, 'Only English')
  t.is(explicit.meta.description, null)
})

test('required localized fields: required in the locale written on create, not when another locale is updated', async (t) => {
  const { cms } = state
  const error = await rejectsWith(
    t,
    cms.create({ collection: 'pages', locale: 'de', data: { slug: 'x' } }),
    'ValidationError',
    400,
  )
  t.deepEqual(
    (error.data as { errors: { path: string }[] }).errors.map((e) => e.path),
    ['title'],
  )
  const page = (await cms.create({ collection: 'pages', data: { title: 'English title' } })) as Page
  const de = (await cms.update({
    collection: 'pages',
    id: page.id,
    locale: 'de',
    data: { slug: 'de-slug' },
  })) as Page
  t.is(de.slug, 'de-slug')
  await rejectsWith(
    t,
    cms.update({ collection: 'pages', id: page.id, locale: 'de', data: { title: '' } }),
    'ValidationError',
    400,
  )
})

test('locale "all" writes whole locale maps; the default locale must hold required values', async (t) => {
  const { cms } = state
  const page = (await cms.create({
    collection: 'pages',
    locale: 'all',
    data: { title: { en: 'Map', de: 'Karte' } },
  })) as Page
  t.deepEqual(page.title, { en: 'Map', de: 'Karte' })
  const de = (await cms.findByID({ collection: 'pages', id: page.id, locale: 'de' })) as Page
  t.is(de.title, 'Karte')
  const missing = await rejectsWith(
    t,
    cms.create({ collection: 'pages', locale: 'all', data: { title: { de: 'Nur' } } }),
    'ValidationError',
    400,
  )
  t.deepEqual(
    (missing.data as { errors: { path: string }[] }).errors.map((e) => e.path),
    ['title.en'],
  )
  const unknown = await rejectsWith(
    t,
    cms.create({ collection: 'pages', locale: 'all', data: { title: { en: 'x', es: 'y' } } }),
    'ValidationError',
    400,
  )
  t.deepEqual(
    (unknown.data as { errors: { path: string }[] }).errors.map((e) => e.path),
    ['title.es'],
  )
})

test('where and sort on a localized field use the request locale', async (t) => {
  const { cms, data } = state
  await cms.update({
    collection: 'pages',
    id: data.page.id,
    locale: 'de',
    data: { title: 'Hallo' },
  })
  const de = await cms.find({
    collection: 'pages',
    locale: 'de',
    where: { title: { equals: 'Hallo' } },
  })
  t.deepEqual(
    de.docs.map((d) => d.id),
    [data.page.id],
  )
  const en = await cms.find({ collection: 'pages', where: { title: { equals: 'Hallo' } } })
  t.is(en.totalDocs, 0)
})

test('populated documents are read in the request locale', async (t) => {
  const { cms, data } = state
  const de = (await cms.findByID({
    collection: 'pages',
    id: data.page.id,
    locale: 'de',
    depth: 1,
  })) as Page
  t.is((de.author as { bio: string }).bio, 'Mathematikerin')
  const en = (await cms.findByID({ collection: 'pages', id: data.page.id, depth: 1 })) as Page
  t.is((en.author as { bio: string }).bio, 'Mathematician')
})

test('globals are localized the same way', async (t) => {
  const { cms } = state
  await cms.updateGlobal({ slug: 'footer', data: { text: 'Thanks', year: 2026 } })
  await cms.updateGlobal({ slug: 'footer', locale: 'de', data: { text: 'Danke' } })
  t.like(await cms.findGlobal({ slug: 'footer' }), { text: 'Thanks', year: 2026 })
  t.like(await cms.findGlobal({ slug: 'footer', locale: 'de' }), { text: 'Danke', year: 2026 })
  t.deepEqual((await cms.findGlobal({ slug: 'footer', locale: 'all' })).text, {
    en: 'Thanks',
    de: 'Danke',
  })
})

test('an unknown locale or fallback locale is a 400 naming the known ones', async (t) => {
  const { cms, data } = state
  const e = await rejectsWith(
    t,
    cms.findByID({ collection: 'pages', id: data.page.id, locale: 'es' }),
    'BadRequest',
    400,
  )
  t.regex(e.message, /locale must be one of en, de, fr, all; got "es"/)
  await rejectsWith(t, cms.find({ collection: 'pages', fallbackLocale: 'xx' }), 'BadRequest', 400)
})
