import test from 'ava'
import exampleConfig from '../../cms.config.ts'
import type { Config } from '../../server/config/types.ts'
import { collectionNames } from '../../server/config/names.ts'
import { executeAccess } from '../../server/local/access.ts'
import { createLocalReq } from '../../server/local/request.ts'
import { useServer } from '../helpers/http.ts'

/**
 * Access-control sweep of the example app: for every collection and operation, as an anonymous visitor, a
 * member and an admin, on REST and GraphQL, the outcome equals what the access functions allow, with the Local
 * layer (overrideAccess: false) as the oracle. No path skips them.
 */
const config: Config = { ...exampleConfig, email: { sendEmail: () => {} } }
const s = useServer(test, config, async (cms) => {
  await cms.config.seed!(cms)
})

const roles = ['anonymous', 'member', 'admin'] as const
type Role = (typeof roles)[number]
const credentials: Record<Exclude<Role, 'anonymous'>, [string, string]> = {
  member: ['alice@example.com', 'alice-password'],
  admin: ['admin@example.com', 'admin-password'],
}

async function session(role: Role) {
  if (role === 'anonymous') return { headers: {} as Record<string, string>, user: null }
  const r = await s.request('POST', '/api/users/login', {
    body: { email: credentials[role][0], password: credentials[role][1] },
  })
  return {
    headers: { authorization: `Bearer ${r.body.token}` },
    user: { ...r.body.user, collection: 'users' },
  }
}

/** What the access function says for this user: allowed, narrowed by a Where, or denied (401/403). */
async function decision(
  slug: string,
  operation: 'read' | 'create' | 'update' | 'delete',
  user: unknown,
) {
  const req = createLocalReq(s.cms, { user: user as never })
  try {
    return await executeAccess(s.cms.collection(slug).access[operation], { req }, false)
  } catch (error) {
    return (error as { status: number }).status
  }
}

test.serial(
  'REST and GraphQL reads, creates, updates and deletes follow the access functions for every role',
  async (t) => {
    let checks = 0
    for (const role of roles) {
      const { headers, user } = await session(role)
      for (const c of s.cms.config.collections) {
        const { graphQLPlural: plural } = collectionNames(c)
        // --- read: the same ids as the Local layer scoped to this user, on REST and GraphQL
        const read = await decision(c.slug, 'read', user)
        const rest = await s.request('GET', `/api/${c.slug}`, {
          query: { limit: '0', depth: '0' },
          headers,
        })
        const gql = await s.request('POST', '/api/graphql', {
          body: { query: `{ ${plural}(limit: 0) { docs { id } } }` },
          headers,
        })
        if (typeof read === 'number') {
          t.is(rest.status, read, `${role} GET /api/${c.slug}`)
          t.is(gql.body.errors?.[0]?.extensions?.status, read, `${role} GraphQL ${plural}`)
        } else {
          const local = await s.cms.find({
            collection: c.slug,
            limit: 0,
            depth: 0,
            overrideAccess: false,
            user: user as never,
          })
          const ids = local.docs.map((d) => d.id)
          t.deepEqual(
            rest.body.docs.map((d: { id: number }) => d.id),
            ids,
            `${role} GET /api/${c.slug}`,
          )
          t.deepEqual(
            gql.body.data[plural].docs.map((d: { id: number }) => d.id),
            ids,
            `${role} GraphQL ${plural}`,
          )
        }
        checks += 2

        // --- update and delete of one existing document
        const [target] = (await s.cms.find({ collection: c.slug, limit: 1, sort: 'id', depth: 0 }))
          .docs
        if (target) {
          for (const op of ['update', 'delete'] as const) {
            const access = await decision(c.slug, op, user)
            let expected: number
            if (typeof access === 'number') expected = access
            else if (access === true) expected = 200
            else
              expected = (
                await s.cms.count({
                  collection: c.slug,
                  where: { and: [{ id: { equals: target.id } }, access] },
                })
              ).totalDocs
                ? 200
                : 403
            // A probe the access layer must stop before anything happens: an empty update, a delete of a copy.
            if (op === 'update') {
              const r = await s.request('PATCH', `/api/${c.slug}/${target.id}`, {
                body: {},
                headers,
              })
              t.is(r.status, expected, `${role} PATCH /api/${c.slug}/${target.id}`)
            } else if (expected !== 200) {
              const r = await s.request('DELETE', `/api/${c.slug}/${target.id}`, { headers })
              t.is(r.status, expected, `${role} DELETE /api/${c.slug}/${target.id}`)
              t.truthy(
                await s.cms.findByID({ collection: c.slug, id: target.id, disableErrors: true }),
                'still there',
              )
            }
            checks++
          }
        }
        // --- create: allowed or refused before validation runs
        const create = await decision(c.slug, 'create', user)
        // With drafts an empty body is a valid draft: publishing one without its required fields is not.
        const drafts = Boolean(c.versions && c.versions.drafts)
        const r = await s.request('POST', `/api/${c.slug}`, {
          body: drafts ? { _status: 'published' } : {},
          headers,
          invalid: 'an incomplete body: access must answer before validation',
        })
        if (typeof create === 'number') t.is(r.status, create, `${role} POST /api/${c.slug}`)
        else t.is(r.status, 400, `${role} POST /api/${c.slug} reaches validation`)
        checks++
      }
    }
    t.log(
      `${checks} checks over ${s.cms.config.collections.length} collections × ${roles.length} roles`,
    )
  },
)
