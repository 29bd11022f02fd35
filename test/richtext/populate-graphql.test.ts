/**
 * Issue 35, item 2 over GraphQL: a richText field takes `depth` (as Payload's `body(depth: Int): JSON`), default
 * the config's defaultDepth, and answers its JSON populated under the caller's access, the values of every
 * document of a query populated together.
 */
import test from 'ava'
import { compileSDL } from '../../server/contracts/graphql/compile.ts'
import { countQueries } from '../helpers/db.ts'
import { useServer } from '../helpers/http.ts'
import { state } from './lexical.ts'
import { config, relationshipNode, seed } from './populate-setup.ts'

type Doc = Record<string, any>

const s = useServer(test, config, async (cms) => {
  const ids = await seed(cms)
  // Ten articles of five relationship nodes each, for the statement counts of a list.
  const listed: number[] = []
  for (let i = 0; i < 10; i++) {
    const nodes = ids.counted.slice(i * 5, i * 5 + 5).map((id) => relationshipNode('posts', id))
    const a = await cms.create({
      collection: 'articles',
      data: { title: 'Listed', body: state(...nodes) },
    })
    listed.push(a.id as number)
  }
  return { ...ids, listed }
})

async function gql(query: string): Promise<Doc> {
  const r = await s.request('POST', '/api/graphql', { body: { query } })
  t0(r.status === 200 && !r.body.errors, JSON.stringify(r.body))
  return r.body.data
}
function t0(ok: boolean, message: string) {
  if (!ok) throw new Error(message)
}

const body = async (id: number, args = '', field = 'body') =>
  (await gql(`{ Article(id: ${id}) { ${field}${args} } }`)).Article[field]

test('the SDL gives every rich-text field a depth argument', (t) => {
  const sdl = compileSDL(s.cms.config)
  t.regex(sdl, /\n {2}body\(depth: Int\): JSON\n/)
  t.regex(sdl, /\n {2}intro\(depth: Int\): JSON\n/)
})

test('depth 0, 1 and 2; without depth the config’s defaultDepth (2)', async (t) => {
  const { author, post, image } = s.data
  const zero = await body(s.data.article, '(depth: 0)')
  t.is(zero.root.children[3].value, post)
  t.deepEqual(zero.root.children[2].children[1].fields.doc, { relationTo: 'posts', value: post })
  const one = await body(s.data.article, '(depth: 1)')
  t.like(one.root.children[3].value, { id: post, title: 'Post', author })
  t.like(one.root.children[2].children[1].fields.doc.value, { id: post, title: 'Post' })
  t.like(one.root.children[4].value, { id: image, filename: 'blue.png', alt: 'Blue' })
  t.like(one.root.children[4].fields.credit, { id: author, name: 'Ada' })
  t.like(one.root.children[5].fields.post, { id: post, author })
  const two = await body(s.data.article, '(depth: 2)')
  t.like(two.root.children[3].value, { author: { id: author, name: 'Ada' } })
  t.like(two.root.children[3].value.notes.root.children[0].value, { id: author })
  // RelationshipFeature({ maxDepth: 1 }) of the post's body holds at level 2.
  t.is(two.root.children[3].value.body.root.children[0].value, author)
  t.deepEqual(await body(s.data.article), two)
  // Past the config's maxDepth (10) it is bounded, not refused.
  t.deepEqual(await body(s.data.article, '(depth: 50)'), two)
  // Populated documents are read under the caller's field access.
  t.false('nickname' in one.root.children[2].children[1].fields.reviewer)
})

test('a post the caller may not read is null in a node; the relationship field beside it is null too (GraphQL)', async (t) => {
  const value = await body(s.data.hidden, '(depth: 1)')
  t.is(value.root.children[1].value, null)
  t.is(value.root.children[2].value, null) // trashed
  t.is(value.root.children[3].value, null) // missing
  t.is(value.root.children[0].children[0].fields.doc.value, s.data.secret)
  const featured = (await gql(`{ Article(id: ${s.data.hidden}) { featured { id } } }`)).Article
  t.is(featured.featured, null)
})

test('a localized rich text is populated in the query’s locale', async (t) => {
  const fr = (await gql(`{ Article(id: ${s.data.article}, locale: fr) { intro(depth: 1) } }`))
    .Article.intro
  t.like(fr.root.children[0].value, { id: s.data.author, name: 'Ada' })
  const en = (await gql(`{ Article(id: ${s.data.article}) { intro(depth: 1) } }`)).Article.intro
  t.like(en.root.children[0].value, { id: s.data.post, title: 'Post' })
})

// Serial: statements are counted on the one database the file's tests share.
test.serial(
  'batched: the same statements for 1 and 50 nodes, and for 1 and 10 documents of a list',
  async (t) => {
    const count = async (query: string) => (await countQueries(s.cms, () => gql(query))).queries
    const oneNode = await count(`{ Article(id: ${s.data.one}) { body(depth: 2) } }`)
    const manyNodes = await count(`{ Article(id: ${s.data.many}) { body(depth: 2) } }`)
    // The article, then one statement per related collection per level: posts, then authors.
    t.is(oneNode, 3)
    t.is(oneNode, manyNodes)
    const list = (limit: number) =>
      `{ Articles(where: { title: { equals: "Listed" } }, limit: ${limit}, sort: "id") { docs { id body(depth: 2) } } }`
    const oneDoc = await count(list(1))
    const tenDocs = await count(list(10))
    t.is(oneDoc, tenDocs)
    const docs = (await gql(list(10))).Articles.docs as Doc[]
    t.is(docs.length, 10)
    t.like(docs[9].body.root.children[4].value, { title: 'P49', author: { name: 'A49' } })
  },
)
