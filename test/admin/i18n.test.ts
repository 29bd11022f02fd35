/**
 * The admin in the config's `i18n` languages (issue 57, item 9): a config of its own with `supportedLanguages`
 * { en, de } and a German translation of one of the admin's own words. `<admin>/config.json` answers in the
 * language asked for (`?language=`, else `Accept-Language`, else the fallback), with the config's labels and
 * Payload's words in it; the account page switches the language, and the whole admin follows.
 */
import test from 'ava'
import { de } from '@payloadcms/translations/languages/de'
import { en } from '@payloadcms/translations/languages/en'
import { defineConfig } from '../../server/config/define-config.ts'
import type { Access } from '../../server/config/types.ts'
import { useAdmin } from './harness.ts'

const loggedIn: Access = ({ req }) => Boolean(req.user)

const config = defineConfig({
  i18n: {
    supportedLanguages: { en, de },
    fallbackLanguage: 'en',
    translations: { de: { cms: { takeBack: 'Zurückholen' } } },
  },
  collections: [
    { slug: 'users', auth: true, fields: [{ name: 'name', type: 'text' }] },
    {
      // `posts`: the admin is built against the example app's SDK, which addresses collections by its slugs.
      slug: 'posts',
      labels: { singular: { en: 'Post', de: 'Beitrag' }, plural: { en: 'Posts', de: 'Beiträge' } },
      admin: { useAsTitle: 'title' },
      versions: { drafts: true },
      access: { read: loggedIn, create: loggedIn, update: loggedIn, delete: loggedIn },
      fields: [
        { name: 'title', type: 'text', required: true, label: { en: 'Title', de: 'Titel' } },
        { name: 'slug', type: 'text', required: true, unique: true },
      ],
    },
  ],
  seed: async (cms) => {
    await cms.create({
      collection: 'users',
      data: { email: 'admin@example.com', password: 'admin-password', name: 'Admin' },
    })
  },
})

const s = useAdmin(test, undefined, config)

type Described = {
  i18n: { language: string; fallbackLanguage: string; rtl: boolean; languages: unknown[] }
  translations: Record<string, Record<string, string>>
  collections: { slug: string; labels: { plural: string }; fields: { label?: string }[] }[]
}
const described = async (query: string, headers: Record<string, string> = {}) => {
  const response = await fetch(`${s.url}/admin/config.json${query}`, { headers })
  return { response, body: (await response.json()) as Described }
}

test.serial(
  'config.json answers in the language asked for, else the browser’s, else the fallback',
  async (t) => {
    const german = await described('?language=de')
    t.is(german.response.headers.get('vary'), 'Accept-Language')
    t.deepEqual(german.body.i18n, {
      language: 'de',
      fallbackLanguage: 'en',
      rtl: false,
      languages: [
        { code: 'en', label: 'English' },
        { code: 'de', label: 'Deutsch' },
      ],
    })
    // Payload's German words, the config's own merged over them; the config's labels in German.
    t.is(german.body.translations.general.save, 'Speichern')
    t.is(german.body.translations.cms.takeBack, 'Zurückholen')
    const posts = german.body.collections.find((c) => c.slug === 'posts')!
    t.is(posts.labels.plural, 'Beiträge')
    t.is(posts.fields[0].label, 'Titel')

    // The browser's languages in order of preference: French is not offered, German is.
    const accepted = await described('', { 'Accept-Language': 'fr-FR, fr;q=0.9, de-CH;q=0.8' })
    t.is(accepted.body.i18n.language, 'de')
    // A language asked for that the config does not offer: the browser's, else the fallback.
    const unknown = await described('?language=xx', { 'Accept-Language': 'it' })
    t.is(unknown.body.i18n.language, 'en')
    t.is(unknown.body.translations.general.save, 'Save')
    t.is(unknown.body.collections.find((c) => c.slug === 'posts')!.labels.plural, 'Posts')
  },
)

test.serial(
  'the account page switches the admin to German: its words, the config’s labels, and a save in German',
  async (t) => {
    const p = await s.open()
    await p.login('admin')
    const page = p.page
    await p.go('/account')
    const language = page.getByRole('combobox', { name: 'Language' })
    await language.selectOption('de')
    // The admin loads again in German: the page's language, the navigation and the form.
    await page.waitForFunction(() => document.documentElement.lang === 'de')
    await page.getByRole('combobox', { name: 'Sprache' }).waitFor()
    const nav = page.getByRole('navigation')
    await nav.getByRole('link', { name: /^Beiträge/ }).waitFor()
    t.deepEqual(await p.axe(), [])

    await p.go('/collections/posts/create')
    await page.getByLabel('Titel').fill('Hallo Welt')
    await page.getByLabel('Slug').fill('hallo-welt')
    await page.getByRole('button', { name: 'Entwurf speichern' }).click()
    await page.getByText('Hallo Welt', { exact: true }).first().waitFor()
    const saved = await s.cms.find({
      collection: 'posts',
      where: { slug: { equals: 'hallo-welt' } },
      draft: true,
    })
    t.is(saved.docs[0]?.title, 'Hallo Welt')
    t.deepEqual(await p.axe(), [])

    // And back: the choice is kept in the browser, so a new page load stays in the language chosen.
    await p.go('/account')
    await page.getByRole('combobox', { name: 'Sprache' }).selectOption('en')
    await page.getByRole('combobox', { name: 'Language' }).waitFor()
    t.is(await page.evaluate(() => document.documentElement.lang), 'en')
    await p.done(t)
  },
)
