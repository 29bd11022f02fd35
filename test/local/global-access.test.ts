import test from 'ava'
import { defineConfig } from '../../server/index.ts'
import { rejectsWith } from '../helpers/db.ts'
import { useServer } from '../helpers/http.ts'

/**
 * A global whose access returns a Where: it is evaluated against the stored global, on update (a non-matching or
 * never-saved global is 403, or 401 anonymous, and nothing is written) and on read (no match reads as empty).
 */
const notInMaintenance = { maintenanceMode: { equals: false } }
const config = defineConfig({
  collections: [{ slug: 'users', auth: true, fields: [{ name: 'name', type: 'text' }] }],
  globals: [
    {
      slug: 'site',
      access: {
        read: ({ req }) => (req.user ? true : notInMaintenance),
        update: () => notInMaintenance,
      },
      fields: [
        { name: 'siteName', type: 'text' },
        { name: 'maintenanceMode', type: 'checkbox', defaultValue: false },
      ],
    },
  ],
  email: { sendEmail: () => {} },
})

const s = useServer(test, config, async (cms) => {
  const user = await cms.create({
    collection: 'users',
    data: { email: 'u@example.com', password: 'user-password' },
  })
  return { user }
})

let token: string | undefined
async function auth(): Promise<Record<string, string>> {
  const body = { email: 'u@example.com', password: 'user-password' }
  token ??= (await s.request('POST', '/api/users/login', { body })).body.token
  return { authorization: `Bearer ${token}` }
}
const stored = () => s.cms.findGlobal({ slug: 'site' }) as Promise<Record<string, unknown>>
const asUser = () => ({ user: s.data.user as never, overrideAccess: false })

test.serial(
  'never saved: the Where matches nothing; an update is 403 (401 anonymous), writes nothing',
  async (t) => {
    await rejectsWith(
      t,
      s.cms.updateGlobal({ slug: 'site', data: { siteName: 'A' }, ...asUser() }),
      'Forbidden',
      403,
    )
    const anon = s.cms.updateGlobal({
      slug: 'site',
      data: { siteName: 'A' },
      overrideAccess: false,
    })
    await rejectsWith(t, anon, 'UnauthorizedError', 401)
    t.is(
      (
        await s.request('POST', '/api/globals/site', {
          body: { siteName: 'A' },
          headers: await auth(),
        })
      ).status,
      403,
    )
    const anonymous = await s.request('POST', '/api/globals/site', { body: { siteName: 'A' } })
    t.is(anonymous.status, 401)
    t.truthy(anonymous.headers.get('www-authenticate'))
    t.is((await stored()).siteName, undefined)
    t.is((await stored()).createdAt, undefined, 'no row was written')
    // A read with a Where of an unsaved global reads as empty.
    t.deepEqual(await s.cms.findGlobal({ slug: 'site', overrideAccess: false }), {
      globalType: 'site',
    } as never)
  },
)

test.serial(
  'a matching stored global is written; once it no longer matches, updates are refused',
  async (t) => {
    await s.cms.updateGlobal({ slug: 'site', data: { siteName: 'Start', maintenanceMode: false } })
    const local = await s.cms.updateGlobal({
      slug: 'site',
      data: { siteName: 'Local' },
      ...asUser(),
    })
    t.is(local.siteName, 'Local')
    const rest = await s.request('POST', '/api/globals/site', {
      body: { siteName: 'Rest' },
      headers: await auth(),
    })
    t.is(rest.status, 200)
    t.is(rest.body.result.siteName, 'Rest')

    // Anonymous readers see the global while it matches their read Where.
    t.is((await s.request('GET', '/api/globals/site')).body.siteName, 'Rest')
    t.is((await s.cms.findGlobal({ slug: 'site', overrideAccess: false })).siteName, 'Rest')

    // The access is decided on what is stored, not on the incoming data: this write is allowed and turns it on.
    const on = await s.request('POST', '/api/globals/site', {
      body: { maintenanceMode: true },
      headers: await auth(),
    })
    t.is(on.status, 200)
    t.is((await stored()).maintenanceMode, true)

    const off = { siteName: 'Nope', maintenanceMode: false }
    await rejectsWith(
      t,
      s.cms.updateGlobal({ slug: 'site', data: off, ...asUser() }),
      'Forbidden',
      403,
    )
    const denied = await s.request('POST', '/api/globals/site', {
      body: off,
      headers: await auth(),
    })
    t.is(denied.status, 403)
    t.is((await s.request('POST', '/api/globals/site', { body: { siteName: 'Nope' } })).status, 401)
    t.like(await stored(), { siteName: 'Rest', maintenanceMode: true })

    // Reads agree: the anonymous read Where no longer matches, so the global reads as empty.
    t.deepEqual(Object.keys((await s.request('GET', '/api/globals/site')).body), ['globalType'])
    t.is(
      (await s.request('GET', '/api/globals/site', { headers: await auth() })).body.siteName,
      'Rest',
    )

    // GraphQL decides the same way: the update is refused with nothing written, the anonymous read is empty.
    const gql = async (query: string, headers: Record<string, string> = {}) =>
      (await s.request('POST', '/api/graphql', { body: { query }, headers })).body
    const mutation = await gql(
      'mutation { updateSite(data: { siteName: "Gql" }) { siteName } }',
      await auth(),
    )
    t.is(mutation.errors?.[0]?.extensions?.code, 'FORBIDDEN')
    t.is(mutation.data?.updateSite ?? null, null)
    t.is((await stored()).siteName, 'Rest')
    t.deepEqual((await gql('{ Site { siteName maintenanceMode } }')).data.Site, {
      siteName: null,
      maintenanceMode: null,
    })
    t.is((await gql('{ Site { siteName } }', await auth())).data.Site.siteName, 'Rest')
  },
)
