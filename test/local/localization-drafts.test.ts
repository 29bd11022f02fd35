import test, { type ExecutionContext } from 'ava'
import { defineConfig } from '../../server/config/define-config.ts'
import type { Field } from '../../server/config/types.ts'
import { useServer } from '../helpers/http.ts'

/**
 * A write in one locale on a collection or global with drafts (versions) changes only the fields it sends, in
 * that locale: the other locales of every localized field, and this locale's value of the fields left out, are
 * kept at every level (groups, named tabs, array and block rows), in the main row and in the version. An update
 * with versions writes every column (it merges over the newest version), so what it leaves out must be kept.
 */

const open = { read: () => true, update: () => true, readVersions: () => true }
const fields: Field[] = [
  { name: 'title', type: 'text', localized: true },
  { name: 'summary', type: 'text', localized: true },
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
  {
    name: 'layout',
    type: 'blocks',
    blocks: [{ slug: 'quote', fields: [{ name: 'text', type: 'text', localized: true }] }],
  },
  {
    type: 'tabs',
    tabs: [{ name: 'seo', fields: [{ name: 'metaTitle', type: 'text', localized: true }] }],
  },
]

const config = defineConfig({
  localization: { locales: ['en', 'de'], defaultLocale: 'en', fallback: true },
  collections: [
    {
      slug: 'posts',
      access: { ...open, create: () => true },
      versions: { drafts: { autosave: true } },
      fields,
    },
  ],
  // `banner` is the REST test's: tests of a file run concurrently.
  globals: ['settings', 'banner'].map((slug) => ({
    slug,
    access: open,
    versions: { drafts: { autosave: true } },
    fields,
  })),
})

type Doc = Record<string, unknown> & {
  id: number | string
  sections: { id: string }[]
  layout: { id: string }[]
}

/** A full document in `locale`: every localized value ends in the locale's code. */
const full = (l: string, rows?: Pick<Doc, 'sections' | 'layout'>) => ({
  title: `title ${l}`,
  summary: `summary ${l}`,
  slug: 'shared',
  meta: { description: `description ${l}`, keywords: 'k' },
  sections: [0, 1].map((i) => ({
    id: rows?.sections[i].id,
    heading: `heading${i} ${l}`,
    order: i,
  })),
  layout: [{ id: rows?.layout[0].id, blockType: 'quote', text: `quote ${l}` }],
  seo: { metaTitle: `metaTitle ${l}` },
})

/** The locales a document was written in: English only (created), or English then German. */
const KINDS = [['en'], ['en', 'de']]

/** The locale maps of a document (`locale: 'all'`) as `full` wrote them in `locales`, `title` aside. */
function expectAll(
  t: ExecutionContext,
  doc: Record<string, unknown>,
  what: string,
  locales: string[],
) {
  const map = (s: string) => Object.fromEntries(locales.map((l) => [l, `${s} ${l}`]))
  const label = `${what} (${locales.join('+')})`
  t.like(
    doc,
    {
      summary: map('summary'),
      slug: 'shared',
      meta: { description: map('description'), keywords: 'k' },
      seo: { metaTitle: map('metaTitle') },
    },
    label,
  )
  const d = doc as { sections: { heading: unknown }[]; layout: { text: unknown }[] }
  t.deepEqual(
    d.sections.map((s) => s.heading),
    [map('heading0'), map('heading1')],
    label,
  )
  t.deepEqual(
    d.layout.map((b) => b.text),
    [map('quote')],
    label,
  )
}

const s = useServer(test, config)

/** A post written in full in each of `locales` (rows matched by id). */
async function post(locales: string[]): Promise<Doc> {
  const { cms } = s
  const en = (await cms.create({ collection: 'posts', data: full('en') })) as unknown as Doc
  if (locales.includes('de'))
    await cms.update({ collection: 'posts', id: en.id, locale: 'de', data: full('de', en) })
  return en
}

/** The post in every locale: its main row, and its newest version (`draft: true`, and as a version). */
async function readAll(id: Doc['id']) {
  const { cms } = s
  const main = await cms.findByID({ collection: 'posts', id, locale: 'all' })
  const draft = await cms.findByID({ collection: 'posts', id, locale: 'all', draft: true })
  const versions = await cms.findVersions({
    collection: 'posts',
    locale: 'all',
    where: { parent: { equals: id }, latest: { equals: true } },
  })
  return { main, draft, version: versions.docs[0].version as Record<string, unknown> }
}

/** The title map after a write of `de` in German. */
const titles = (de: string) => ({ en: 'title en', de })

test('an update in one locale keeps the fields it leaves out, in every locale, main row and version', async (t) => {
  const { cms } = s
  for (const locales of KINDS) {
    const { id } = await post(locales)
    const de = await cms.update({ collection: 'posts', id, locale: 'de', data: { title: 'DE' } })
    t.is(de.title, 'DE')
    t.is(de.summary, locales.includes('de') ? 'summary de' : 'summary en', 'falls back to en')
    const { main, draft, version } = await readAll(id)
    for (const [what, doc] of Object.entries({ main, draft, version })) {
      t.deepEqual(doc.title, titles('DE'), what)
      expectAll(t, doc, what, locales)
    }
    const en = await cms.findByID({ collection: 'posts', id })
    t.like(en, { title: 'title en', summary: 'summary en', seo: { metaTitle: 'metaTitle en' } })
  }
})

test('a group or rows an update sends keep the localized values they leave out, in every locale', async (t) => {
  const { cms } = s
  for (const locales of KINDS) {
    const created = await post(locales)
    await cms.update({
      collection: 'posts',
      id: created.id,
      locale: 'de',
      data: {
        title: 'DE',
        meta: { keywords: 'k' },
        sections: created.sections.map((r, i) => ({ id: r.id, order: i })),
        layout: [{ id: created.layout[0].id, blockType: 'quote' }],
      },
    })
    const { main, draft, version } = await readAll(created.id)
    for (const [what, doc] of Object.entries({ main, draft, version })) {
      t.deepEqual(doc.title, titles('DE'), what)
      expectAll(t, doc, what, locales)
    }
  }
})

test('a draft saved in one locale over a published post keeps every locale in its version', async (t) => {
  const { cms } = s
  for (const locales of KINDS) {
    const { id } = await post(locales)
    await cms.update({ collection: 'posts', id, data: { _status: 'published' } })
    await cms.update({ collection: 'posts', id, locale: 'de', draft: true, data: { title: 'DE' } })
    const { main, draft, version } = await readAll(id)
    const published = locales.includes('de') ? titles('title de') : { en: 'title en' }
    t.deepEqual(main.title, published, 'the published row is unchanged')
    expectAll(t, main, 'main', locales)
    for (const [what, doc] of Object.entries({ draft, version })) {
      t.deepEqual(doc.title, titles('DE'), what)
      expectAll(t, doc, what, locales)
    }
  }
})

test('autosaves in one locale keep every locale', async (t) => {
  const { cms } = s
  for (const locales of KINDS) {
    const { id } = await post(locales)
    for (const title of ['D', 'DE'])
      await cms.update({
        collection: 'posts',
        id,
        locale: 'de',
        draft: true,
        autosave: true,
        data: { title },
      })
    const { main, draft, version } = await readAll(id)
    for (const [what, doc] of Object.entries({ main, draft, version })) {
      t.deepEqual(doc.title, titles('DE'), `${what}: a draft post's autosaves write its row`)
      expectAll(t, doc, what, locales)
    }
  }
})

test('a global with drafts: saves, drafts and autosaves in one locale keep every locale', async (t) => {
  const { cms } = s
  await cms.updateGlobal({ slug: 'settings', data: full('en') })
  await cms.updateGlobal({ slug: 'settings', locale: 'de', data: { title: 'DE' } })
  const main = await cms.findGlobal({ slug: 'settings', locale: 'all' })
  t.deepEqual(main.title, { en: 'title en', de: 'DE' })
  expectAll(t, main, 'main', ['en'])
  await cms.updateGlobal({ slug: 'settings', data: { _status: 'published' } })
  await cms.updateGlobal({
    slug: 'settings',
    locale: 'de',
    draft: true,
    data: { title: 'Entwurf' },
  })
  await cms.updateGlobal({
    slug: 'settings',
    locale: 'de',
    draft: true,
    autosave: true,
    data: { slug: 'shared' },
  })
  const draft = await cms.findGlobal({ slug: 'settings', locale: 'all', draft: true })
  t.deepEqual(draft.title, { en: 'title en', de: 'Entwurf' })
  expectAll(t, draft, 'draft', ['en'])
  const published = await cms.findGlobal({ slug: 'settings', locale: 'all' })
  t.deepEqual(published.title, { en: 'title en', de: 'DE' })
  expectAll(t, published, 'published', ['en'])
})

test('REST: saves, drafts and autosaves in one locale keep every locale', async (t) => {
  const { id } = await post(['en'])
  const patch = (query: Record<string, string>, body: unknown) =>
    s.request('PATCH', `/api/posts/${id}`, { query: { locale: 'de', ...query }, body })
  t.is((await patch({}, { title: 'DE' })).status, 200)
  t.is((await patch({}, { _status: 'published' })).status, 200)
  t.is((await patch({ draft: 'true' }, { title: 'Entwurf' })).status, 200)
  t.is((await patch({ draft: 'true', autosave: 'true' }, { title: 'Auto' })).status, 200)
  const read = (query: Record<string, string>) =>
    s.request('GET', `/api/posts/${id}`, { query: { locale: 'all', ...query } })
  const main = (await read({})).body
  t.deepEqual(main.title, { en: 'title en', de: 'DE' })
  expectAll(t, main, 'main', ['en'])
  const draft = (await read({ draft: 'true' })).body
  t.deepEqual(draft.title, { en: 'title en', de: 'Auto' })
  expectAll(t, draft, 'draft', ['en'])

  await s.cms.updateGlobal({ slug: 'banner', data: full('en') })
  const global = (query: Record<string, string>, body: unknown) =>
    s.request('POST', '/api/globals/banner', { query: { locale: 'de', ...query }, body })
  t.is((await global({}, { title: 'DE' })).status, 200)
  t.is((await global({}, { _status: 'published' })).status, 200)
  t.is((await global({ draft: 'true' }, { title: 'Entwurf' })).status, 200)
  t.is((await global({ draft: 'true', autosave: 'true' }, { title: 'Auto' })).status, 200)
  const banner = (query: Record<string, string>) =>
    s.request('GET', '/api/globals/banner', { query: { locale: 'all', ...query } })
  const published = (await banner({})).body
  t.deepEqual(published.title, { en: 'title en', de: 'DE' })
  expectAll(t, published, 'global', ['en'])
  const globalDraft = (await banner({ draft: 'true' })).body
  t.deepEqual(globalDraft.title, { en: 'title en', de: 'Auto' })
  expectAll(t, globalDraft, 'global draft', ['en'])
})
