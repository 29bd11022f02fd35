/**
 * Issue 30, finding 3: a sort is a query. Sorting by a field the caller may not read orders documents by its
 * hidden values (a binary search reads them back), so it is refused exactly as a `where` on that field is: the
 * same 400 and message, on REST lists, versions, distinct, bulk updates and join options, GraphQL lists and
 * join arguments, and Local calls with `overrideAccess: false`; in every spelling (`-`, `+`, lists, dotted
 * paths through groups and relations). The fixture's `secretNote` (tickets) is readable by admins only.
 */
import test from 'ava'
import { defineConfig } from '../../server/config/define-config.ts'
import { passwords, securityConfig, seedSecurity } from '../fixtures/security.ts'
import { rejectsWith } from '../helpers/db.ts'
import { useServer } from '../helpers/http.ts'

const adminOnly = ({ req }: { req: { user?: unknown } }) =>
  (req.user as { role?: string } | null)?.role === 'admin'
// Groups: an admin-only field inside a readable group, and a whole admin-only group.
const config = defineConfig({
  ...securityConfig,
  collections: [
    ...securityConfig.collections!,
    {
      slug: 'reports',
      access: { read: () => true },
      fields: [
        { name: 'title', type: 'text' },
        {
          name: 'meta',
          type: 'group',
          fields: [
            { name: 'source', type: 'text' },
            { name: 'score', type: 'number', access: { read: adminOnly } },
          ],
        },
        {
          name: 'audit',
          type: 'group',
          access: { read: adminOnly },
          fields: [{ name: 'level', type: 'number' }],
        },
        { name: 'ticket', type: 'relationship', relationTo: 'tickets' },
      ],
    },
  ],
})
const s = useServer(test, config, async (cms) => {
  const data = await seedSecurity(cms)
  for (const [title, score] of [
    ['R1', 3],
    ['R2', 1],
  ] as const)
    await cms.create({
      collection: 'reports',
      data: {
        title,
        meta: { source: 'x', score },
        audit: { level: score },
        ticket: data.tickets.T1.id,
      },
    })
  return data
})

const tokens = new Map<string, string>()
async function auth(who: 'alice' | 'admin'): Promise<Record<string, string>> {
  if (!tokens.has(who)) {
    const r = await s.request('POST', '/api/users/login', {
      body: { email: `${who}@example.com`, password: passwords[who] },
    })
    tokens.set(who, r.body.token)
  }
  return { authorization: `Bearer ${tokens.get(who)}` }
}
const refusal = (path: string) => `The following path cannot be queried: ${path}`

async function get(
  path: string,
  query: string,
  who: 'alice' | 'admin' = 'alice',
  invalid?: string,
) {
  return s.request('GET', path, { query, headers: await auth(who), invalid })
}
/** A sort through a relationship is no sortable path of the contract (issue 31); access refuses it first. */
const THROUGH = 'a sort path through a relationship, which the contract does not list'
async function gql(query: string, who: 'alice' | 'admin' = 'alice') {
  const r = await s.request('POST', '/api/graphql', {
    body: { query },
    headers: { ...(await auth(who)), accept: 'application/graphql-response+json' },
  })
  return r.body as { data?: any; errors?: { message: string; extensions?: { code?: string } }[] }
}

test('REST lists: a member sorting tickets by secretNote, in any spelling, gets the where refusal', async (t) => {
  const where = await get('/api/tickets', 'where[secretNote][exists]=true')
  t.is(where.status, 400)
  t.is(where.body.errors[0].message, refusal('secretNote'))
  // Payload's message word for word; the reason is in data, one for an unknown and an unreadable path alike.
  t.deepEqual(where.body.errors[0].data, [
    { path: 'secretNote', message: 'no such field, or one you may not read' },
  ])
  for (const sort of [
    'secretNote',
    '-secretNote',
    '+secretNote',
    'title,-secretNote',
    ' secretNote ',
  ]) {
    const r = await get('/api/tickets', `sort=${encodeURIComponent(sort)}`)
    t.is(r.status, 400, sort)
    t.deepEqual(r.body.errors, where.body.errors, sort)
  }
  // The same request with draft=true (sorting the latest versions) and through a relation.
  t.deepEqual(
    (await get('/api/tickets', 'draft=true&sort=secretNote')).body.errors,
    where.body.errors,
  )
  const through = await get('/api/tickets', 'sort=parent.secretNote', 'alice', THROUGH)
  t.is(through.status, 400)
  t.is(through.body.errors[0].message, refusal('parent.secretNote'))
  // Readable keys still sort; the admin may sort by the field.
  const ok = await get('/api/tickets', 'sort=-title')
  t.is(ok.status, 200)
  t.deepEqual(
    ok.body.docs.map((d: { title: string }) => d.title),
    ['T2', 'T1'],
  )
  const admin = await get('/api/tickets', 'sort=-secretNote', 'admin')
  t.is(admin.status, 200)
  t.deepEqual(
    admin.body.docs.map((d: { title: string }) => d.title),
    ['T3', 'T2', 'T1'],
  )
})

test('REST: versions lists and distinct values refuse the hidden sort too', async (t) => {
  for (const sort of ['version.secretNote', '-version__secretNote']) {
    const r = await get('/api/tickets/versions', `sort=${sort}`)
    t.is(r.status, 400, sort)
    t.is(r.body.errors[0].message, refusal(sort.replace(/^-/, '')))
  }
  // A readable key passes the check (a member's versions list itself waits on finding 12, the Where of
  // readVersions on a document field); the admin lists versions sorted by the hidden field.
  const readable = await get('/api/tickets/versions', 'sort=-version.title')
  t.not(readable.body.errors?.[0]?.message, refusal('version.title'))
  t.is((await get('/api/tickets/versions', 'sort=version.secretNote', 'admin')).status, 200)

  const distinct = await get('/api/tickets/distinct', 'field=title&sort=secretNote')
  t.is(distinct.status, 400)
  t.is(distinct.body.errors[0].message, refusal('secretNote'))
})

test('REST join options: sort on a hidden field of the joined collection is refused; where already was', async (t) => {
  const { alice, tickets } = s.data
  for (const [path, join] of [
    [`/api/users/${alice.id}`, 'tickets'],
    ['/api/users', 'tickets'],
    [`/api/tickets/${tickets.T1.id}`, 'children'],
  ]) {
    for (const query of [
      `joins[${join}][sort]=secretNote`,
      `joins[${join}][sort]=-secretNote`,
      `joins[${join}][where][secretNote][exists]=true`,
      `joins=${encodeURIComponent(JSON.stringify({ [join]: { sort: 'title,-secretNote' } }))}`,
    ]) {
      const r = await get(path, query)
      t.is(r.status, 400, `${path}?${query}`)
      t.is(r.body.errors[0].message, refusal('secretNote'), `${path}?${query}`)
    }
    t.is((await get(path, `joins[${join}][sort]=-title`)).status, 200)
  }
})

test('REST: dotted sort paths through groups and relations are checked field by field', async (t) => {
  for (const path of ['meta.score', '-meta__score', 'audit.level', 'ticket.secretNote']) {
    const r = await get(
      '/api/reports',
      `sort=${path}`,
      'alice',
      path.startsWith('ticket.') ? THROUGH : undefined,
    )
    t.is(r.status, 400, path)
    t.is(r.body.errors[0].message, refusal(path.replace(/^-/, '')), path)
  }
  const ok = await get('/api/reports', 'sort=-meta.source,title')
  t.is(ok.status, 200)
  t.deepEqual(
    ok.body.docs.map((d: { title: string }) => d.title),
    ['R1', 'R2'],
  )
  const admin = await get('/api/reports', 'sort=meta.score', 'admin')
  t.deepEqual(
    admin.body.docs.map((d: { title: string }) => d.title),
    ['R2', 'R1'],
  )
})

test('GraphQL: list, versions and join sort arguments on a hidden field get the where refusal', async (t) => {
  const { alice } = s.data
  const where = await gql('{ Tickets(where: { secretNote: { exists: true } }) { docs { title } } }')
  t.is(where.errors?.[0].message, refusal('secretNote'))
  for (const query of [
    '{ Tickets(sort: "secretNote") { docs { title } } }',
    '{ Tickets(sort: "-secretNote", draft: true) { docs { title } } }',
    `{ User(id: ${alice.id}) { tickets(sort: "secretNote") { docs { title } } } }`,
    `{ Users { docs { tickets(sort: "-secretNote") { docs { title } } } } }`,
  ]) {
    const r = await gql(query)
    t.is(r.errors?.[0].message, where.errors?.[0].message, query)
    t.is(r.errors?.[0].extensions?.code, where.errors?.[0].extensions?.code, query)
  }
  const versions = await gql('{ versionsTickets(sort: "version.secretNote") { docs { id } } }')
  t.is(versions.errors?.[0].message, refusal('version.secretNote'))
  const ok = await gql(`{ User(id: ${alice.id}) { tickets(sort: "-title") { docs { title } } } }`)
  t.falsy(ok.errors)
  t.deepEqual(
    // T4 is in the trash (finding 8 leaves it out of joins).
    ok.data.User.tickets.docs
      .map((d: { title: string }) => d.title)
      .filter((x: string) => x !== 'T4'),
    ['T2', 'T1'],
  )
})

test('Local API with overrideAccess: false refuses the sort; trusted calls may sort by anything', async (t) => {
  const { cms } = s
  const user = {
    ...(await cms.findByID({ collection: 'users', id: s.data.alice.id })),
    collection: 'users',
  }
  const asAlice = { overrideAccess: false, user } as const
  for (const call of [
    () => cms.find({ collection: 'tickets', sort: 'secretNote', ...asAlice }),
    () => cms.find({ collection: 'tickets', sort: ['title', '-secretNote'], ...asAlice }),
    () => cms.findVersions({ collection: 'tickets', sort: 'version.secretNote', ...asAlice }),
    () =>
      cms.findByID({
        collection: 'users',
        id: s.data.alice.id,
        joins: { tickets: { sort: 'secretNote' } },
        ...asAlice,
      }),
    // sort + limit on a bulk update picks which document changes: the order must not come from hidden values.
    () =>
      cms.update({
        collection: 'tickets',
        where: { title: { exists: true } },
        sort: '-secretNote',
        limit: 1,
        data: { title: 'Renamed' },
        ...asAlice,
      }),
  ]) {
    const error = await rejectsWith(t, call(), 'QueryError', 400)
    // Versions name the path inside the version (`version.secretNote`).
    t.regex(error.message, /^The following path cannot be queried: (version\.)?secretNote$/)
    const [problem] = error.data as { path: string; message: string }[]
    t.regex(problem.path, /^(version\.)?secretNote$/)
    t.is(problem.message, 'no such field, or one you may not read')
  }
  t.is(
    (await cms.count({ collection: 'tickets', where: { title: { equals: 'Renamed' } } })).totalDocs,
    0,
  )
  const trusted = await cms.find({ collection: 'tickets', sort: '-secretNote' })
  t.deepEqual(
    trusted.docs.map((d) => d.title),
    ['T3', 'T2', 'T1'],
  )
})
