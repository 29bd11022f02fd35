/**
 * Issue 35, item 2: the documents rich-text nodes point at (relationship and upload nodes, internal links, the
 * fields of blocks, upload nodes and links) populated as Payload 3 does, through the Local API and REST (every
 * answer checked against the contract), batched with the other relations of a level.
 */
import test from 'ava'
import { countQueries } from '../helpers/db.ts'
import { useServer } from '../helpers/http.ts'
import { config, seed } from './populate-setup.ts'

type Doc = Record<string, any>

const s = useServer(test, config, seed)

/** The nodes of the article's body, by their place in it. */
function parts(body: Doc) {
  const [heading, list, paragraph, relationship, upload, block] = body.root.children
  return {
    heading,
    list,
    link: paragraph.children[1],
    mention: paragraph.children[3],
    relationship,
    upload,
    block,
  }
}

const read = (id: number, extra: Doc = {}) =>
  s.cms.findByID({ collection: 'articles', id, ...extra }) as Promise<Doc>

test('Local, depth 0: every node keeps the ids stored', async (t) => {
  const { author, post, image } = s.data
  const p = parts((await read(s.data.article, { depth: 0 })).body)
  t.is(p.heading.children[0].text, 'Opening')
  t.is(p.list.children.length, 2)
  t.deepEqual(p.link.fields.doc, { relationTo: 'posts', value: post })
  t.is(p.link.fields.reviewer, author)
  t.is(p.mention.fields.who, author)
  t.is(p.relationship.value, post)
  t.is(p.upload.value, image)
  t.is(p.upload.fields.credit, author)
  t.is(p.block.fields.post, post)
  t.is(p.block.fields.note.root.children[1].value, author)
})

test('Local, depth 1: the documents of every node and of the nodes’ fields, their own relations ids', async (t) => {
  const { author, post, image } = s.data
  const doc = await read(s.data.article, { depth: 1 })
  const p = parts(doc.body)
  // Headings and lists are left as stored.
  t.deepEqual(p.heading.children[0].text, 'Opening')
  t.deepEqual(p.list.children[1].children[0].text, 'two')
  for (const populated of [p.link.fields.doc.value, p.relationship.value, p.block.fields.post]) {
    t.like(populated, { id: post, title: 'Post', author })
    t.is(populated.body.root.children[0].value, author)
  }
  t.is(p.link.fields.doc.relationTo, 'posts')
  t.like(p.link.fields.reviewer, { id: author, name: 'Ada' })
  t.like(p.mention.fields.who, { id: author, name: 'Ada' })
  t.like(p.upload.value, { id: image, alt: 'Blue', filename: 'blue.png', mimeType: 'image/png' })
  t.regex(p.upload.value.url, /^\/api\/media\/file\/blue\.png/)
  t.like(p.upload.fields.credit, { id: author, name: 'Ada' })
  // Rich text inside a block is populated with the rest.
  t.like(doc.body.root.children[5].fields.note.root.children[1].value, { id: author, name: 'Ada' })
  // Hidden fields, fields the caller may not read and afterRead hooks apply to the populated documents.
  const reviewer = p.link.fields.reviewer
  t.false('email' in reviewer)
  t.is(reviewer.nickname, 'A') // the Local API overrides access by default
  t.is(reviewer.label, 'Author Ada')
  // A relationship field beside the rich text is populated as before.
  t.like(doc.featured, { id: post, title: 'Post' })
})

test('Local, depth 2: the populated posts’ relations and rich text too, within each bound', async (t) => {
  const { author, post } = s.data
  const doc = await read(s.data.article, { depth: 2 })
  const p = parts(doc.body)
  const populated = p.relationship.value
  t.like(populated, { id: post, author: { id: author, name: 'Ada' } })
  // `notes` has no bound: its node is populated at level 2.
  t.like(populated.notes.root.children[0].value, { id: author, name: 'Ada' })
  // `body` has RelationshipFeature({ maxDepth: 1 }), `brief` the field's maxDepth: 1: the id stays at level 2.
  t.is(populated.body.root.children[0].value, author)
  t.is(populated.brief.root.children[0].value, author)
  // The same post reached from the link and the block is the same populated document.
  t.like(p.link.fields.doc.value.notes.root.children[0].value, { name: 'Ada' })
  t.like(p.block.fields.post.notes.root.children[0].value, { name: 'Ada' })
})

test('Local: the field’s maxDepth 0 leaves the ids; another editor’s links are populated', async (t) => {
  const { author, post } = s.data
  const doc = await read(s.data.article, { depth: 2 })
  t.is(doc.nothing.root.children[0].value, post)
  // `plain` has only a LinkFeature to authors: its link to an author populated.
  t.like(doc.plain.root.children[0].children[0].fields.doc.value, { id: author, name: 'Ada' })
})

test('Local, overrideAccess: false: unreadable, trashed and missing documents read null in nodes', async (t) => {
  const { secret, trashed } = s.data
  const doc = await read(s.data.hidden, { depth: 1, overrideAccess: false })
  const [paragraph, secretNode, trashedNode, missingNode, block] = doc.body.root.children
  t.is(secretNode.value, null)
  t.is(trashedNode.value, null)
  t.is(missingNode.value, null)
  t.is(secretNode.relationTo, 'posts')
  // A link's document is a relationship field of the link in Payload: it keeps its id, as the field beside it
  // and the block's relationship field do.
  t.deepEqual(paragraph.children[0].fields.doc, { relationTo: 'posts', value: secret })
  t.is(doc.featured, secret)
  t.is(block.fields.post, secret)
  // At depth 0 every stored id stays.
  const flat = await read(s.data.hidden, { depth: 0, overrideAccess: false })
  t.is(flat.body.root.children[2].value, trashed)
  // With access overridden the secret post is there; the trashed one only with trash: true.
  const all = await read(s.data.hidden, { depth: 1 })
  t.like(all.body.root.children[1].value, { id: secret, title: 'Secret' })
  t.is(all.body.root.children[2].value, null)
  const withTrash = await read(s.data.hidden, { depth: 1, trash: true })
  t.like(withTrash.body.root.children[2].value, { id: trashed, title: 'Gone' })
})

// Serial: statements are counted on the one database the file's tests share.
test.serial('Local: the same number of statements for 1 and 50 nodes per level', async (t) => {
  const count = async (id: number) =>
    (await countQueries(s.cms, () => read(id, { depth: 2, overrideAccess: false }))).queries
  const one = await count(s.data.one)
  const many = await count(s.data.many)
  // The article, then one statement per related collection per level: posts, then authors.
  t.is(one, 3)
  t.is(one, many)
  const doc = await read(s.data.many, { depth: 2 })
  t.is(doc.body.root.children.length, 50)
  t.like(doc.body.root.children[49].value, { title: 'P49', author: { name: 'A49' } })
  t.like(doc.body.root.children[49].value.notes.root.children[0].value, { name: 'A49' })
})

test('Local: populate and select apply to the documents in nodes; defaultPopulate without them', async (t) => {
  const { post } = s.data
  const chosen = await read(s.data.article, {
    depth: 1,
    select: { body: true },
    populate: { posts: { title: true } },
  })
  t.deepEqual(Object.keys(chosen).sort(), ['body', 'id'])
  t.deepEqual(parts(chosen.body).relationship.value, { id: post, title: 'Post' })
  t.deepEqual(parts(chosen.body).block.fields.post, { id: post, title: 'Post' })
  // Without `populate`, posts' defaultPopulate (title, author and the rich texts, not `secret`).
  const byDefault = await read(s.data.article, { depth: 1 })
  t.false('secret' in parts(byDefault.body).relationship.value)
  t.true('title' in parts(byDefault.body).relationship.value)
})

test('Local: a localized rich text read with locale all is populated in every locale; fallback too', async (t) => {
  const { author, post } = s.data
  const all = await read(s.data.article, { depth: 1, locale: 'all' })
  t.like(all.intro.en.root.children[0].value, { id: post, title: 'Post' })
  t.like(all.intro.fr.root.children[0].value, { id: author, name: 'Ada' })
  const fr = await read(s.data.article, { depth: 1, locale: 'fr' })
  t.like(fr.intro.root.children[0].value, { id: author, name: 'Ada' })
  // An intro stored in `en` only: read in `fr`, the fallback locale's value, populated.
  const fallback = await read(s.data.hidden, { depth: 1, locale: 'fr' })
  t.like(fallback.intro.root.children[0].value, { id: post, title: 'Post' })
  const none = await read(s.data.hidden, { depth: 1, locale: 'fr', fallbackLocale: 'none' })
  t.is(none.intro ?? null, null)
})

test('REST: depth 0, 1 and 2 as the Local API, for an anonymous caller', async (t) => {
  const { author, post, image } = s.data
  const get = (depth: number) =>
    s.request('GET', `/api/articles/${s.data.article}`, { query: { depth: String(depth) } })
  const zero = await get(0)
  t.is(zero.status, 200)
  t.is(parts(zero.body.body).relationship.value, post)
  t.deepEqual(parts(zero.body.body).link.fields.doc, { relationTo: 'posts', value: post })
  const one = await get(1)
  const p1 = parts(one.body.body)
  t.like(p1.relationship.value, { id: post, title: 'Post', author })
  t.like(p1.link.fields.doc.value, { id: post, title: 'Post' })
  t.like(p1.upload.value, { id: image, filename: 'blue.png' })
  t.like(p1.block.fields.post, { id: post, author })
  const two = await get(2)
  const p2 = parts(two.body.body)
  t.like(p2.relationship.value, { author: { id: author, name: 'Ada' } })
  t.like(p2.relationship.value.notes.root.children[0].value, { id: author, name: 'Ada' })
  t.is(p2.relationship.value.brief.root.children[0].value, author)
})

test('REST: a post the caller may not read is null in a relationship node, the field beside it keeps its id', async (t) => {
  const { secret } = s.data
  const r = await s.request('GET', `/api/articles/${s.data.hidden}`, { query: { depth: '1' } })
  t.is(r.status, 200)
  t.is(r.body.featured, secret)
  t.is(r.body.body.root.children[1].value, null)
  t.is(r.body.body.root.children[4].fields.post, secret)
  // Field read access applies to the documents populated in nodes.
  const article = await s.request('GET', `/api/articles/${s.data.article}`, {
    query: { depth: '1' },
  })
  const reviewer = parts(article.body.body).link.fields.reviewer
  t.like(reviewer, { name: 'Ada', label: 'Author Ada' })
  t.false('nickname' in reviewer)
  t.false('email' in reviewer)
})

test('REST: populate, select and locale=all', async (t) => {
  const { author, post } = s.data
  const r = await s.request('GET', `/api/articles/${s.data.article}`, {
    query: { depth: '1', 'select[body]': 'true', 'populate[posts][title]': 'true' },
  })
  t.is(r.status, 200)
  t.deepEqual(parts(r.body.body).relationship.value, { id: post, title: 'Post' })
  t.false('title' in r.body)
  const all = await s.request('GET', `/api/articles/${s.data.article}`, {
    query: { depth: '1', locale: 'all' },
  })
  t.like(all.body.intro.en.root.children[0].value, { id: post })
  t.like(all.body.intro.fr.root.children[0].value, { id: author })
})

test.serial('REST lists: the same number of statements for 1 and 50 nodes per level', async (t) => {
  const count = async (id: number) =>
    (
      await countQueries(s.cms, () =>
        s.request('GET', '/api/articles', {
          query: { depth: '2', 'where[id][equals]': String(id) },
        }),
      )
    ).queries
  t.is(await count(s.data.one), await count(s.data.many))
})
