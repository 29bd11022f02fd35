/**
 * Every collection the CMS adds on its own (issue 54): whatever a config gains that it did not declare
 * (`webhooks` with root `webhooks`, `payload-jobs` with `jobs`, and any later one) is closed by default, so a
 * logged-in member can neither list, read, create, update nor delete its documents, over REST or GraphQL, while
 * the admin (a trusted caller: update access `true` on users) can. A collection added later without a seed here
 * fails this test until it gets one.
 */
import test from 'ava'
import type { Config } from '../../server/config/types.ts'
import type { Cms } from '../../server/local/cms.ts'
import { passwords, securityConfig, seedSecurity } from '../fixtures/security.ts'
import { useServer } from '../helpers/http.ts'
import { systemOptions } from './read-sweep/system.ts'

const config: Config = { ...securityConfig, ...systemOptions, email: { sendEmail: () => {} } }
const declared = new Set((config.collections ?? []).map((c) => c.slug))

/** One document of each added collection, written by server code, and the bodies a create and an update send. */
const seeds: Record<
  string,
  {
    make: (cms: Cms) => Promise<unknown>
    body: Record<string, unknown>
    patch: Record<string, unknown>
  }
> = {
  'payload-jobs': {
    make: async (cms) => (await cms.jobs.queue({ task: 'note', input: { n: 1 } })).id,
    body: { taskSlug: 'note', input: {} },
    patch: { input: { n: 2 } },
  },
  // Payload's document locks (issue 57): with an auth collection, every config that locks documents has them.
  'payload-locked-documents': {
    make: async (cms) => {
      const [user] = (await cms.find({ collection: 'users' as never, limit: 1 })).docs as {
        id: number
      }[]
      const lock = await cms.create({
        collection: 'payload-locked-documents' as never,
        data: { globalSlug: 'settings', user: { relationTo: 'users', value: user.id } } as never,
      })
      return (lock as { id: unknown }).id
    },
    body: { globalSlug: 'other', user: { relationTo: 'users', value: 1 } },
    patch: { globalSlug: 'changed' },
  },
  webhooks: {
    make: async (cms) =>
      (
        (await cms.create({
          collection: 'webhooks' as never,
          data: { url: 'https://hooks.example.com/x', active: false } as never,
        })) as { id: unknown }
      ).id,
    body: { url: 'https://hooks.example.com/y', active: false },
    patch: { active: true },
  },
}

const s = useServer(test, config, async (cms) => {
  await seedSecurity(cms)
  const added = cms.config.collections.map((c) => c.slug).filter((slug) => !declared.has(slug))
  const ids: Record<string, unknown> = {}
  for (const slug of added) if (seeds[slug]) ids[slug] = await seeds[slug].make(cms)
  return { added, ids }
})

async function login(email: string, password: string) {
  const r = await s.request('POST', '/api/users/login', { body: { email, password } })
  return { authorization: `Bearer ${r.body.token}` }
}

test.serial(
  'the collections the CMS adds are the webhooks, the jobs queue and the document locks, each seeded here',
  (t) => {
    t.deepEqual([...s.data.added].sort(), ['payload-jobs', 'payload-locked-documents', 'webhooks'])
    for (const slug of s.data.added) t.truthy(seeds[slug], `a seed for ${slug}`)
  },
)

test.serial('a member can neither read nor write any of them, over REST or GraphQL', async (t) => {
  const member = await login('alice@example.com', passwords.alice)
  const admin = await login('admin@example.com', passwords.admin)
  for (const slug of s.data.added) {
    const id = s.data.ids[slug]
    const body = seeds[slug].body
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/${slug}`],
      ['GET', `/api/${slug}/${id}`],
      ['GET', `/api/${slug}/count`],
      ['POST', `/api/${slug}`, body],
      ['PATCH', `/api/${slug}/${id}`, seeds[slug].patch],
      ['DELETE', `/api/${slug}/${id}`],
    ]
    for (const [method, path, sent] of calls) {
      const res = await s.request(method, path, { headers: member, body: sent })
      t.is(res.status, 403, `${slug}: a member's ${method} ${path}`)
    }
    const one = await s.request('GET', `/api/${slug}/${id}`, { headers: admin })
    t.is(one.status, 200, `${slug}: the admin reads it`)
    const listed = await s.request('GET', `/api/${slug}`, { headers: admin })
    t.is(listed.body.totalDocs, 1, `${slug}: nothing was written by the member`)
    const type = s.cms.config.collectionsBySlug.get(slug)!
    const plural = (
      await s.request('POST', '/api/graphql', {
        headers: admin,
        body: { query: '{ __schema { queryType { fields { name } } } }' },
      })
    ).body.data.__schema.queryType.fields
      .map((f: { name: string }) => f.name)
      .find((n: string) => n.toLowerCase() === type.slug.replace(/-/g, '').toLowerCase())
    t.truthy(plural, `${slug}: a GraphQL list query`)
    const gql = await s.request('POST', '/api/graphql', {
      headers: member,
      body: { query: `{ ${plural} { docs { id } } }` },
    })
    t.truthy(gql.body.errors?.length, `${slug}: a member's GraphQL ${plural}`)
    t.falsy(gql.body.data?.[plural]?.docs?.length, `${slug}: no documents in GraphQL`)
  }
})
