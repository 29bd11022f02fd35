import test from 'ava'
import { useServer } from '../helpers/http.ts'
import { versionsConfig } from './versions.config.ts'
import { query } from './helpers.ts'

/** Payload's test/versions/int.spec.ts: "Collections - GraphQL", "Collections - REST" and "Globals - GraphQL". */

type Doc = Record<string, any>
const s = useServer(test, versionsConfig)

async function gql(q: string) {
  const r = await s.request('POST', '/api/graphql', { body: { query: q } })
  if (r.body.errors) throw new Error(JSON.stringify(r.body.errors))
  return r.body.data as Doc
}

test.serial(
  'Collections - GraphQL: create a draft, read versions by id and by content, restore',
  async (t) => {
    const created = await gql(
      'mutation { createDraftPost(data: { title: "gql draft", description: "d" }, draft: true) { id title _status } }',
    )
    const doc = created.createDraftPost
    t.is(doc._status, 'draft')
    await gql(
      `mutation { updateDraftPost(id: ${doc.id}, data: { title: "gql draft 2" }, draft: true) { id } }`,
    )
    const list = await gql(
      `{ versionsDraftPosts(where: { parent: { equals: ${doc.id} } }, sort: "-createdAt") { docs { id version { title } } } }`,
    )
    const [newest, oldest] = list.versionsDraftPosts.docs
    t.is(newest.version.title, 'gql draft 2')
    const byId = await gql(`{ versionDraftPost(id: ${oldest.id}) { id version { title } } }`)
    t.is(byId.versionDraftPost.version.title, 'gql draft')
    const byContent = await gql(
      '{ versionsDraftPosts(where: { version__title: { equals: "gql draft 2" } }) { docs { id } } }',
    )
    t.deepEqual(byContent.versionsDraftPosts.docs, [{ id: newest.id }])
    const restored = await gql(`mutation { restoreVersionDraftPost(id: ${oldest.id}) { title } }`)
    t.is(restored.restoreVersionDraftPost.title, 'gql draft')
  },
)

test.serial('Collections - REST: query versions, and query by latest', async (t) => {
  const { cms } = s
  const doc = await cms.create({
    collection: 'draft-posts',
    data: { title: 'test1', description: 'd', _status: 'published' },
  })
  await cms.update({ collection: 'draft-posts', id: doc.id, data: { title: 'test1 updated' } })
  const newest = await cms.update({
    collection: 'draft-posts',
    id: doc.id,
    data: { title: 'test2 updated' },
  })
  const all = await s.request('GET', '/api/draft-posts/versions', {
    query: query({ where: { parent: { equals: doc.id } } }),
  })
  t.is(all.status, 200)
  t.is(all.body.totalDocs, 3)
  const latest = await s.request('GET', '/api/draft-posts/versions', {
    query: query({
      depth: 0,
      where: { and: [{ parent: { equals: doc.id } }, { latest: { equals: true } }] },
    }),
  })
  t.is(latest.body.totalDocs, 1)
  t.is(latest.body.docs[0].version.title, newest.title)
})

test.serial('Globals - GraphQL: read versions by id and by content, restore', async (t) => {
  const { cms } = s
  await cms.updateGlobal({
    slug: 'draft-global',
    data: { title: 'global one', _status: 'published' },
  })
  await cms.updateGlobal({
    slug: 'draft-global',
    data: { title: 'global two', _status: 'published' },
  })
  const list = await gql(
    '{ versionsDraftGlobal(sort: "-createdAt") { docs { id version { title } } } }',
  )
  const [, first] = list.versionsDraftGlobal.docs
  t.is(first.version.title, 'global one')
  const byId = await gql(`{ versionDraftGlobal(id: ${first.id}) { version { title } } }`)
  t.is(byId.versionDraftGlobal.version.title, 'global one')
  const byContent = await gql(
    '{ versionsDraftGlobal(where: { version__title: { equals: "global two" } }) { totalDocs } }',
  )
  t.is(byContent.versionsDraftGlobal.totalDocs, 1)
  const restored = await gql(`mutation { restoreVersionDraftGlobal(id: ${first.id}) { title } }`)
  t.is(restored.restoreVersionDraftGlobal.title, 'global one')
  t.is((await cms.findGlobal({ slug: 'draft-global' })).title, 'global one')
})
