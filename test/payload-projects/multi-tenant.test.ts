/**
 * Issue 55: Payload 3.x's `examples/multi-tenant` (test/fixtures/payload-projects/multi-tenant, unchanged: it
 * writes `postgresAdapter({ pool: { connectionString: process.env.POSTGRES_URL } })`, unset here, so the run's
 * DATABASE_URL applies) with the real `@payloadcms/plugin-multi-tenant`: its own seed runs at start (SEED_DB), a
 * tenant admin sees and writes only its tenant's pages, the project's unique-slug hook answers 400, and GraphQL
 * lists in Payload's naming.
 */
import test from 'ava'
import { startProject } from './project.ts'

test('examples/multi-tenant: its seed, tenant scoping by the real plugin, its hooks, GraphQL', async (t) => {
  const project = await startProject('multi-tenant', { SEED_DB: 'true' })
  try {
    // The seed's users have the password 'demo' (the Local API takes it, as Payload's does).
    const login = await project.call('POST', '/users/login', {
      email: 'tenant1@payloadcms.com',
      password: 'demo',
    })
    t.is(login.status, 200, JSON.stringify(login.body))
    const token: string = login.body.token
    t.deepEqual(
      login.body.user.tenants.map((r: { roles: string[] }) => r.roles),
      [['tenant-admin']],
    )
    const tenant1 = login.body.user.tenants[0].tenant.id
    const mine = await project.call('GET', '/pages?depth=0', undefined, token)
    t.deepEqual(
      mine.body.docs.map((d: { title: string; tenant: number }) => [d.title, d.tenant]),
      [['Page for Tenant 1', tenant1]],
    )
    const about = await project.call(
      'POST',
      '/pages',
      { title: 'About', slug: 'about', tenant: tenant1 },
      token,
    )
    t.is(about.status, 201, JSON.stringify(about.body))
    t.is(about.body.doc.tenant.name, 'Tenant 1')
    // The project's ensureUniqueSlug hook: a slug is unique per tenant.
    const taken = await project.call(
      'POST',
      '/pages',
      { title: 'Again', slug: 'home', tenant: tenant1 },
      token,
    )
    t.is(taken.status, 400)
    t.is(
      taken.body.errors[0].data.errors[0].message,
      'A page with the slug home already exists. Slug must be unique per tenant.',
    )
    // Another tenant's page: the plugin's access refuses it.
    const other = await project.call(
      'POST',
      '/pages',
      { title: 'Elsewhere', slug: 'x', tenant: tenant1 + 1 },
      token,
    )
    t.is(other.status, 403)
    const admin = await project.call('POST', '/users/login', {
      email: 'demo@payloadcms.com',
      password: 'demo',
    })
    const all = await project.graphql(
      '{ Pages(sort: "title") { totalDocs docs { title } } }',
      admin.body.token,
    )
    t.is(all.body.data.Pages.totalDocs, 4)
    const scoped = await project.graphql('{ Pages { totalDocs } }', token)
    t.is(scoped.body.data.Pages.totalDocs, 2)
  } finally {
    await project.stop()
  }
})
