import { randomUUID } from 'node:crypto'
import test from 'ava'
import { defineConfig } from '../../server/config/define-config.ts'
import type { Cms } from '../../server/local/cms.ts'
import { dialectName } from '../helpers/db.ts'
import { useServer } from '../helpers/http.ts'

/**
 * UUID ids (`db.idType: 'uuid'`) as PostgreSQL's `uuid` columns (docs/postgresql.md): every answer the same on
 * SQLite, MariaDB and PostgreSQL, and an operand or path id that is no UUID decided before SQL (no match, 404),
 * never a 500. Authors and books have UUID ids; tags a custom text id, so `mixed` stores both kinds as text.
 */
const open = { read: () => true, create: () => true, update: () => true, delete: () => true }
const config = defineConfig({
  db: { idType: 'uuid' },
  localization: { locales: ['en', 'de'], defaultLocale: 'en' },
  // The jobs collection takes UUID ids too.
  jobs: { tasks: [{ slug: 'noop', handler: () => ({ output: {} }) }] },
  collections: [
    {
      slug: 'authors',
      access: open,
      fields: [
        { name: 'title', type: 'text' },
        { name: 'books', type: 'join', collection: 'books', on: 'author' },
        { name: 'listed', type: 'join', collection: 'books', on: 'authors' },
      ],
    },
    { slug: 'tags', access: open, fields: [{ name: 'id', type: 'text' }] },
    {
      slug: 'books',
      versions: true,
      access: { ...open, readVersions: () => true },
      fields: [
        { name: 'title', type: 'text' },
        { name: 'author', type: 'relationship', relationTo: 'authors' },
        { name: 'authors', type: 'relationship', relationTo: 'authors', hasMany: true },
        {
          name: 'credits',
          type: 'array',
          fields: [{ name: 'person', type: 'relationship', relationTo: 'authors' }],
        },
        { name: 'about', type: 'relationship', relationTo: ['authors', 'books'] },
        { name: 'mixed', type: 'relationship', relationTo: ['authors', 'tags'] },
        { name: 'editor', type: 'relationship', relationTo: 'authors', localized: true },
      ],
    },
  ],
})

interface Seeded {
  ann: string
  bob: string
  one: string
  two: string
}

async function seed(cms: Cms): Promise<Seeded> {
  const ann = (await cms.create({ collection: 'authors', data: { title: 'Ann' } })).id as string
  const bob = (await cms.create({ collection: 'authors', data: { title: 'Bob' } })).id as string
  await cms.create({ collection: 'tags', data: { id: 'news' } })
  const one = await cms.create({
    collection: 'books',
    data: {
      title: 'One',
      author: ann,
      authors: [ann, bob],
      credits: [{ person: bob }],
      about: { relationTo: 'authors', value: ann },
      mixed: { relationTo: 'tags', value: 'news' },
      editor: bob,
    },
  })
  const two = await cms.create({
    collection: 'books',
    data: {
      title: 'Two',
      author: bob,
      authors: [bob],
      mixed: { relationTo: 'authors', value: bob },
      editor: ann,
    },
  })
  await cms.create({ collection: 'books', data: { title: 'Three' } })
  return { ann, bob, one: one.id as string, two: two.id as string }
}

const s = useServer(test, config, seed)

/** Titles of the books a where (query string) matches, sorted; the answer must be a 200. */
async function titles(query: string): Promise<string[]> {
  const r = await s.request('GET', '/api/books', { query: `${query}&depth=0&limit=0` })
  if (r.status !== 200) throw new Error(`${query}: ${r.status} ${r.text}`)
  return r.body.docs.map((d: { title: string }) => d.title).sort()
}

test.serial(
  'PostgreSQL stores UUID ids and relationships to UUID collections only in uuid columns',
  async (t) => {
    const { cms } = s
    const types = async (table: string) => {
      const sql =
        dialectName === 'postgres'
          ? 'SELECT column_name AS c, udt_name AS t FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ?'
          : dialectName === 'mysql'
            ? 'SELECT column_name AS c, data_type AS t FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = ?'
            : 'SELECT name AS c, type AS t FROM pragma_table_info(?)'
      const rows = await cms.db.all<{ c: string; t: string }>(sql, [table])
      return Object.fromEntries(rows.map((r) => [r.c, r.t.toLowerCase().replace(/\(.*/, '')]))
    }
    const books = await types('books')
    const versions = await types('_books_versions')
    const authors = await types('authors')
    const got = {
      id: authors.id,
      author: books.author,
      about: books.about__value,
      mixed: books.mixed__value,
      parent: versions.parent,
    }
    const text = 'varchar'
    t.deepEqual(
      got,
      dialectName === 'postgres'
        ? { id: 'uuid', author: 'uuid', about: 'uuid', mixed: 'varchar', parent: 'uuid' }
        : { id: text, author: text, about: text, mixed: text, parent: text },
    )
  },
)

test.serial(
  'a where on a UUID id or relationship with an operand that is no UUID: the same answer everywhere',
  async (t) => {
    const all = ['One', 'Three', 'Two']
    for (const path of ['id', 'author', 'about.value', 'authors', 'credits.person', 'editor']) {
      const w = (op: string, v: string) => `where[${path}][${op}]=${encodeURIComponent(v)}`
      t.deepEqual(await titles(w('equals', 'not-a-uuid')), [], `${path} equals`)
      t.deepEqual(await titles(w('in', 'not-a-uuid,7')), [], `${path} in`)
      t.deepEqual(await titles(w('all', 'not-a-uuid')), [], `${path} all`)
      t.deepEqual(await titles(w('like', 'not-a-uuid')), [], `${path} like`)
      t.deepEqual(await titles(w('contains', 'not-a-uuid')), [], `${path} contains`)
      t.deepEqual(await titles(w('not_equals', 'not-a-uuid')), all, `${path} not_equals`)
      t.deepEqual(await titles(w('not_in', 'not-a-uuid')), all, `${path} not_in`)
      t.deepEqual(await titles(w('greater_than', 'zzz')), [], `${path} greater_than`)
    }
    const { ann, one } = s.data
    t.deepEqual(await titles(`where[id][in]=not-a-uuid,${one}`), ['One'])
    t.deepEqual(await titles(`where[author][not_in]=not-a-uuid,${ann}`), ['Three', 'Two'])
    t.deepEqual(await titles('where[author][exists]=true'), ['One', 'Two'])
    t.deepEqual(await titles('where[author][exists]=false'), ['Three'])
    t.deepEqual(await titles(`where[author][like]=${ann}`), ['One'])
    t.deepEqual(
      await titles(`where[id][greater_than_equal]=${one}&where[id][less_than_equal]=${one}`),
      ['One'],
    )
    const pair = await s.request('GET', '/api/books', {
      query: 'where[about][equals][relationTo]=authors&where[about][equals][value]=nope&depth=0',
    })
    t.is(pair.status, 200)
    t.is(pair.body.totalDocs, 0)
    // The mixed relationship (UUID and text ids) is text on every database: any operand compares.
    t.deepEqual(await titles('where[mixed.value][equals]=news'), ['One'])
  },
)

test.serial(
  'an upper-case UUID finds its document: by path, by where, through a relationship',
  async (t) => {
    const { ann, one } = s.data
    const r = await s.request('GET', `/api/authors/${ann.toUpperCase()}`, { query: { depth: '0' } })
    t.is(r.status, 200)
    t.is(r.body.id, ann)
    t.deepEqual(await titles(`where[id][equals]=${one.toUpperCase()}`), ['One'])
    t.deepEqual(await titles(`where[author][in]=${ann.toUpperCase()}`), ['One'])
    t.deepEqual(await titles(`where[authors][contains]=${ann.toUpperCase()}`), ['One'])
    const made = await s.request('POST', '/api/books', {
      body: {
        title: 'Upper',
        author: ann.toUpperCase(),
        // Polymorphic, over a UUID and a text collection (stored as text): the UUID is lower-cased as well.
        mixed: { relationTo: 'authors', value: ann.toUpperCase() },
        about: { relationTo: 'authors', value: ann.toUpperCase() },
      },
      query: { depth: '0' },
    })
    t.is(made.status, 201)
    t.is(made.body.doc.author, ann)
    t.deepEqual(made.body.doc.mixed, { relationTo: 'authors', value: ann })
    t.deepEqual(made.body.doc.about, { relationTo: 'authors', value: ann })
    const ANN = ann.toUpperCase()
    t.deepEqual(await titles(`where[mixed.value][equals]=${ANN}`), ['Upper'])
    t.deepEqual(await titles(`where[mixed.value][in]=news,${ANN}`), ['One', 'Upper'])
    t.deepEqual(
      await titles(`where[mixed][equals][relationTo]=authors&where[mixed][equals][value]=${ANN}`),
      ['Upper'],
    )
    t.deepEqual(await titles(`where[mixed.value][not_equals]=${ANN}`), ['One', 'Three', 'Two'])
    // An operand that is no list is the 400 naming its path, as on any other field.
    const bad = await s.request('GET', '/api/books', { query: 'where[mixed.value][in][a]=x' })
    t.is(bad.status, 400)
    t.regex(bad.text, /mixed\.value/)
    // A text id spelt as an upper-case UUID is found as written, the same operand matching both spellings.
    const spelt = randomUUID().toUpperCase()
    await s.request('POST', '/api/tags', { body: { id: spelt } })
    const tagged = await s.request('POST', '/api/books', {
      body: { title: 'Tagged', mixed: { relationTo: 'tags', value: spelt } },
      query: { depth: '0' },
    })
    t.deepEqual(tagged.body.doc.mixed, { relationTo: 'tags', value: spelt })
    t.deepEqual(await titles(`where[mixed.value][equals]=${spelt}`), ['Tagged'])
    t.is((await s.request('DELETE', `/api/books/${tagged.body.doc.id}`)).status, 200)
    t.is((await s.request('DELETE', `/api/tags/${spelt}`)).status, 200)
    t.is((await s.request('DELETE', `/api/books/${made.body.doc.id.toUpperCase()}`)).status, 200)
  },
)

test.serial(
  'GET, PATCH and DELETE of an id that is no UUID are 404s; a relationship to one is a 400',
  async (t) => {
    for (const id of ['not-a-uuid', '12345', 'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz']) {
      t.is((await s.request('GET', `/api/authors/${id}`)).status, 404)
      t.is((await s.request('PATCH', `/api/authors/${id}`, { body: { title: 'x' } })).status, 404)
      t.is((await s.request('DELETE', `/api/authors/${id}`)).status, 404)
    }
    const bad = await s.request('POST', '/api/books', {
      body: { title: 'Bad', author: 'not-a-uuid' },
    })
    t.is(bad.status, 400)
    t.like(bad.body.errors[0].data.errors[0], { path: 'author' })
    const many = await s.request('POST', '/api/books', {
      body: { title: 'Bad', authors: [s.data.ann, 'nope'] },
    })
    t.is(many.status, 400)
    t.like(many.body.errors[0].data.errors[0], { path: 'authors' })
    const poly = await s.request('POST', '/api/books', {
      body: { title: 'Bad', about: { relationTo: 'books', value: 'nope' } },
    })
    t.is(poly.status, 400)
    t.is((await titles('where[title][equals]=Bad')).length, 0)
  },
)

test.serial(
  'relationships to UUID collections: populated at depth 1, queried and sorted through',
  async (t) => {
    const { ann, bob, one } = s.data
    const r = await s.request('GET', `/api/books/${one}`, { query: { depth: '1' } })
    t.is(r.status, 200)
    t.like(r.body, {
      author: { id: ann, title: 'Ann' },
      credits: [{ person: { id: bob, title: 'Bob' } }],
      about: { relationTo: 'authors', value: { id: ann, title: 'Ann' } },
      mixed: { relationTo: 'tags', value: { id: 'news' } },
    })
    t.deepEqual(
      r.body.authors.map((a: { title: string }) => a.title),
      ['Ann', 'Bob'],
    )
    t.deepEqual(await titles('where[author.title][equals]=Ann'), ['One'])
    t.deepEqual(await titles('where[authors.title][equals]=Ann'), ['One'])
    t.deepEqual(await titles('where[credits.person.title][equals]=Bob'), ['One'])
    // A localized relationship keeps its ids in JSON, one per locale.
    t.deepEqual(await titles('where[editor.title][equals]=Ann'), ['Two'])
    t.deepEqual(await titles('where[editor][equals]=not-a-uuid'), [])
    const byEditor = await s.request('GET', '/api/books', {
      query: 'sort=editor.title&where[editor][exists]=true&depth=0',
    })
    t.deepEqual(
      byEditor.body.docs.map((d: { title: string }) => d.title),
      ['Two', 'One'],
    )
    const sorted = await s.request('GET', '/api/books', {
      query: 'sort=authors.title&where[authors][exists]=true&depth=0',
    })
    t.deepEqual(
      sorted.body.docs.map((d: { title: string }) => d.title),
      ['One', 'Two'],
    )
    const byAuthor = await s.request('GET', '/api/books', {
      query: 'sort=-author.title&where[author][exists]=true&depth=0',
    })
    t.deepEqual(
      byAuthor.body.docs.map((d: { title: string }) => d.title),
      ['Two', 'One'],
    )
  },
)

test.serial(
  'join fields over UUID ids: the joined documents, and a where through them',
  async (t) => {
    const { ann, bob, one, two } = s.data
    const r = await s.request('GET', `/api/authors/${bob}`, { query: { depth: '0' } })
    t.deepEqual(r.body.books.docs, [two])
    t.deepEqual([...r.body.listed.docs].sort(), [one, two].sort())
    const list = await s.request('GET', '/api/authors', {
      query: 'where[listed.title][equals]=One&sort=title&depth=0',
    })
    t.deepEqual(
      list.body.docs.map((d: { id: string }) => d.id),
      [ann, bob],
    )
    const none = await s.request('GET', '/api/authors', {
      query: 'where[books][equals]=not-a-uuid&depth=0',
    })
    t.is(none.status, 200)
    t.is(none.body.totalDocs, 0)
  },
)

test.serial(
  'versions of a UUID document: listed by parent, restored; a parent that is no UUID finds none',
  async (t) => {
    const { one } = s.data
    const patched = await s.request('PATCH', `/api/books/${one}`, { body: { title: 'One, again' } })
    t.is(patched.status, 200)
    const v = await s.request('GET', '/api/books/versions', {
      query: `where[parent][equals]=${one}&sort=-updatedAt&depth=0`,
    })
    t.is(v.body.totalDocs, 2)
    t.is(v.body.docs[1].parent, one)
    const none = await s.request('GET', '/api/books/versions', {
      query: 'where[parent][in]=not-a-uuid&depth=0',
    })
    t.is(none.status, 200)
    t.is(none.body.totalDocs, 0)
    const restored = await s.request('POST', `/api/books/versions/${v.body.docs[1].id}`, {
      query: { depth: '0' },
    })
    t.is(restored.status, 200)
    t.like(restored.body, { id: one, title: 'One' })
  },
)

test.serial(
  'GraphQL: a document that is no UUID is not found; relations load through the loaders',
  async (t) => {
    const ask = async (query: string) =>
      (await s.request('POST', '/api/graphql', { body: { query } })).body as {
        data?: any
        errors?: { extensions?: { code?: string } }[]
      }
    const missing = await ask('{ Author(id: "not-a-uuid") { id } }')
    t.is(missing.errors?.[0].extensions?.code, 'NOT_FOUND')
    const books = await ask(
      '{ Books(where: { author: { in: ["nope"] } }) { totalDocs } all: Books(sort: "title") { docs { title author { title } } } }',
    )
    t.is(books.errors, undefined)
    t.is(books.data.Books.totalDocs, 0)
    t.deepEqual(
      books.data.all.docs.map((d: { author: { title: string } | null }) => d.author?.title ?? null),
      ['Ann', null, 'Bob'],
    )
  },
)

test.serial(
  'jobs of a UUID queue: an id that is no UUID runs nothing; an upper-case one runs its job',
  async (t) => {
    const { cms } = s
    const job = await cms.jobs.queue({ task: 'noop', input: {} })
    t.regex(String(job.id), /^[0-9a-f]{8}-[0-9a-f-]{27}$/)
    t.deepEqual((await cms.jobs.runByID({ id: 'not-a-uuid' })).jobStatus, {})
    await t.notThrowsAsync(cms.jobs.cancelByID({ id: 'not-a-uuid' }))
    const ran = await cms.jobs.runByID({ id: String(job.id).toUpperCase() })
    t.deepEqual(Object.keys(ran.jobStatus), [job.id])
  },
)
