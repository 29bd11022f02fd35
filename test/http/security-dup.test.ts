/**
 * Security round 3 (issue 30, findings 6, 8, 9, 11, 12) over REST (every answer validated against the contract)
 * and GraphQL, on the attacker's app (test/fixtures/security.ts): a duplicate is a create (field create access),
 * joins leave the trash out, access introspection answers an unreadable document as a missing one, a trashed
 * document is not duplicated without `trash=true`, and a `readVersions` Where on document fields applies to
 * the versions' documents.
 */
import test from 'ava'
import { passwords, securityConfig, seedSecurity } from '../fixtures/security.ts'
import { useServer } from '../helpers/http.ts'

const s = useServer(test, securityConfig, seedSecurity)
type Doc = Record<string, any>

const tokens = new Map<string, string>()
async function as(name: 'admin' | 'alice' | 'bob'): Promise<Record<string, string>> {
  if (!tokens.has(name)) {
    const body = { email: `${name}@example.com`, password: passwords[name] }
    tokens.set(name, (await s.request('POST', '/api/users/login', { body })).body.token)
  }
  return { authorization: `Bearer ${tokens.get(name)}` }
}
async function gql(query: string, headers: Record<string, string> = {}) {
  const r = await s.request('POST', '/api/graphql', { body: { query }, headers })
  return r.body as { data?: any; errors?: { message: string; extensions?: { status?: number } }[] }
}
// Serial: the duplicates made by one test are documents the next ones list.
/** The stored ticket, every field (no access). */
const stored = (id: number) =>
  s.cms.findByID({ collection: 'tickets', id, depth: 0, draft: true, trash: true }) as Promise<Doc>

test.serial(
  '6: a member duplicating their ticket copies neither the admin-only secretNote nor the owner (REST, GraphQL)',
  async (t) => {
    const { alice, tickets } = s.data
    const r = await s.request('POST', `/api/tickets/${tickets.T1.id}/duplicate`, {
      headers: await as('alice'),
      query: { draft: 'false', depth: '0' },
      body: { title: 'T1 copy by REST', secretNote: 'forged', owner: s.data.bob.id },
    })
    t.is(r.status, 200)
    t.false('secretNote' in r.body.doc)
    const copy = await stored(r.body.doc.id)
    t.is(copy.title, 'T1 copy by REST')
    t.is(copy.owner, alice.id) // the beforeChange hook's value: the caller
    t.is(copy.secretNote, null) // neither the source's "secret-T1" nor the body's
    const g = await gql(
      `mutation { duplicateTicket(id: ${tickets.T1.id}, draft: false, data: { title: "T1 copy by GraphQL" }) { id } }`,
      await as('alice'),
    )
    t.is(g.errors, undefined)
    const gcopy = await stored(g.data.duplicateTicket.id)
    t.like(gcopy, { title: 'T1 copy by GraphQL', owner: alice.id, secretNote: null })
    // An admin may create both fields: their copy keeps the source's values.
    const a = await s.request('POST', `/api/tickets/${tickets.T3.id}/duplicate`, {
      headers: await as('admin'),
      query: { draft: 'false', depth: '0' },
      body: { title: 'T3 copy by admin' },
    })
    t.is(a.status, 200)
    t.like(await stored(a.body.doc.id), { owner: s.data.bob.id, secretNote: 'secret-T3' })
  },
)

test.serial(
  '8: join fields leave trashed documents out (users/me, users/<id>, children, GraphQL); trash=true shows them',
  async (t) => {
    const { alice, tickets } = s.data
    const titles = (docs: Doc[]) => docs.map((d) => d.title).sort()
    const idsOf = (join: { docs: Doc[] }) =>
      join.docs.map((d) => (typeof d === 'object' ? d.id : d))
    const me = await s.request('GET', '/api/users/me', { headers: await as('alice') })
    t.is(me.status, 200)
    t.false(idsOf(me.body.user.tickets).includes(tickets.T4.id))
    t.true(idsOf(me.body.user.tickets).includes(tickets.T1.id))
    const byId = await s.request('GET', `/api/users/${alice.id}`, {
      headers: await as('alice'),
      query: { depth: '0' },
    })
    t.is(byId.status, 200)
    t.false(byId.body.tickets.docs.includes(tickets.T4.id))
    t.true(byId.body.tickets.docs.includes(tickets.T2.id))
    const parent = await s.request('GET', `/api/tickets/${tickets.T1.id}`, {
      headers: await as('alice'),
      query: { depth: '0' },
    })
    t.deepEqual(parent.body.children, { docs: [tickets.T2.id], hasNextPage: false })
    // The read's trash=true covers its joins too.
    const withTrash = await s.request('GET', `/api/tickets/${tickets.T1.id}`, {
      headers: await as('alice'),
      query: { depth: '0', trash: 'true' },
    })
    t.deepEqual([...withTrash.body.children.docs].sort(), [tickets.T2.id, tickets.T4.id].sort())
    const g = await gql(
      `{ User(id: ${alice.id}) { tickets(limit: 0) { docs { title } } } Ticket(id: ${tickets.T1.id}) { children { docs { title } } } }`,
      await as('alice'),
    )
    t.is(g.errors, undefined)
    t.false(titles(g.data.User.tickets.docs).includes('T4'))
    t.true(titles(g.data.User.tickets.docs).includes('T1'))
    t.deepEqual(titles(g.data.Ticket.children.docs), ['T2'])
  },
)

test.serial(
  '9: access introspection answers a document the caller may not read exactly as a missing one',
  async (t) => {
    const priv = await s.request('POST', '/api/pages/access/priv1')
    const missing = await s.request('POST', '/api/pages/access/no-such-page')
    t.is(priv.status, 404)
    t.is(missing.status, 404)
    t.deepEqual(priv.body, missing.body)
    t.is((await s.request('POST', '/api/pages/access/pub1')).status, 200)
    // A member and another member's ticket (read access is a Where): the same 404 as a missing id.
    const other = await s.request('POST', `/api/tickets/access/${s.data.tickets.T3.id}`, {
      headers: await as('alice'),
    })
    const none = await s.request('POST', '/api/tickets/access/999999', {
      headers: await as('alice'),
    })
    t.is(other.status, 404)
    t.deepEqual(other.body, none.body)
    // Data in the body does not change the read decision.
    const withData = await s.request('POST', '/api/pages/access/priv1', {
      body: { public: true },
    })
    t.is(withData.status, 404)
    const gPriv = await gql('{ docAccessPage(id: "priv1") { read { permission } } }')
    const gMissing = await gql('{ docAccessPage(id: "no-such-page") { read { permission } } }')
    t.deepEqual(gPriv, gMissing)
    t.is(gPriv.errors?.[0].extensions?.status, 404)
    const gPub = await gql('{ docAccessPage(id: "pub1") { read { permission } } }')
    t.deepEqual(gPub, { data: { docAccessPage: { read: { permission: true } } } })
  },
)

test.serial(
  '11: a trashed document is a 404 to duplicate, as to findByID; with trash=true it is copied out of the trash',
  async (t) => {
    const { tickets } = s.data
    const path = `/api/tickets/${tickets.T4.id}/duplicate`
    for (const who of ['alice', 'admin'] as const) {
      const r = await s.request('POST', path, {
        headers: await as(who),
        body: { title: 'T4 again' },
      })
      t.is(r.status, 404, who)
      const find = await s.request('GET', `/api/tickets/${tickets.T4.id}`, {
        headers: await as(who),
      })
      t.deepEqual(r.body, find.body)
    }
    const g = await gql(
      `mutation { duplicateTicket(id: ${tickets.T4.id}) { id } }`,
      await as('alice'),
    )
    t.is(g.errors?.[0].extensions?.status, 404)
    // Bob may not read Alice's trashed ticket: the same answer as for her live one.
    const bobTrashed = await s.request('POST', path, { headers: await as('bob') })
    const bobLive = await s.request('POST', `/api/tickets/${tickets.T1.id}/duplicate`, {
      headers: await as('bob'),
    })
    t.is(bobTrashed.status, bobLive.status)
    const copy = await s.request('POST', path, {
      headers: await as('alice'),
      query: { trash: 'true', draft: 'false', depth: '0' },
      body: { title: 'T4 restored copy' },
    })
    t.is(copy.status, 200)
    const doc = await stored(copy.body.doc.id)
    t.is(doc.deletedAt, null)
    t.is(doc.title, 'T4 restored copy')
  },
)

test.serial(
  '12: a readVersions Where on a document field applies to the versions’ documents',
  async (t) => {
    const { alice, bob, tickets } = s.data
    const list = await s.request('GET', '/api/tickets/versions', {
      headers: await as('alice'),
      query: { limit: '100', depth: '0' },
    })
    t.is(list.status, 200)
    t.true(list.body.docs.length > 0)
    const owners = new Set(list.body.docs.map((v: Doc) => v.version.owner))
    t.deepEqual([...owners], [alice.id])
    t.false(list.body.docs.some((v: Doc) => v.parent === tickets.T3.id))
    const bobs = await s.cms.findVersions({
      collection: 'tickets',
      where: { parent: { equals: tickets.T3.id } },
    })
    const hidden = await s.request('GET', `/api/tickets/versions/${bobs.docs[0].id}`, {
      headers: await as('alice'),
    })
    t.is(hidden.status, 404)
    const own = await s.request('GET', `/api/tickets/versions/${list.body.docs[0].id}`, {
      headers: await as('alice'),
      query: { depth: '0' },
    })
    t.is(own.status, 200)
    t.is(own.body.version.owner, alice.id)
    const access = await s.request('POST', `/api/tickets/access/${tickets.T1.id}`, {
      headers: await as('alice'),
    })
    t.is(access.status, 200)
    t.deepEqual(access.body.readVersions, {
      permission: true,
      where: { owner: { equals: alice.id } },
    })
    const g = await gql('{ versionsTickets(limit: 100) { totalDocs docs { parent { id } } } }', {
      ...(await as('bob')),
    })
    t.is(g.errors, undefined)
    t.true(g.data.versionsTickets.totalDocs > 0)
    const parents = new Set(g.data.versionsTickets.docs.map((v: Doc) => v.parent.id))
    t.true(parents.has(tickets.T3.id))
    t.false(parents.has(tickets.T1.id) || parents.has(tickets.T2.id))
    t.is((await stored(tickets.T3.id)).owner, bob.id)
  },
)
