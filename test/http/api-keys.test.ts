import test from 'ava'
import { Writable } from 'node:stream'
import { pino } from 'pino'
import { PayloadSDK } from '@payloadcms/sdk'
import { defineConfig } from '../../server/config/define-config.ts'
import type { Access } from '../../server/config/types.ts'
import { useServer } from '../helpers/http.ts'

/**
 * API keys (issue 20): `auth.useAPIKey` adds `enableAPIKey` and a write-only `apiKey` stored as its HMAC;
 * `Authorization: <slug> API-Key <key>` authenticates as the user on REST, GraphQL and Payload's own SDK, access
 * sees that user, disabling the key revokes it, and no log line carries it.
 */
const lines: string[] = []
const sink = new Writable({
  write(chunk, _enc, done) {
    lines.push(String(chunk))
    done()
  },
})
const KEY = 'k3y-0f-the-integration-5f0c1d2e-9a8b-4c7d'
const OTHER_KEY = 'another-key-of-the-integration-0123456789'

/** Only the user behind the request may read notes it owns; anonymous callers read nothing. */
const own: Access = ({ req }) => (req.user ? { owner: { equals: req.user.id } } : false)
const seen: { id?: unknown; collection?: unknown }[] = []

const s = useServer(
  test,
  defineConfig({
    collections: [
      {
        slug: 'bots',
        auth: { useAPIKey: true },
        access: {
          read: ({ req }) => {
            seen.push({ id: req.user?.id, collection: req.user?.collection })
            return Boolean(req.user)
          },
          update: ({ req, id }) => req.user?.id === id,
        },
        fields: [{ name: 'name', type: 'text' }],
      },
      {
        slug: 'notes',
        access: { read: own, create: ({ req }) => req.user?.collection === 'bots' },
        fields: [
          { name: 'text', type: 'text' },
          { name: 'owner', type: 'number' },
        ],
      },
      { slug: 'people', auth: true, fields: [] },
    ],
  }),
  async (cms) => {
    const bot = await cms.create({
      collection: 'bots',
      data: { email: 'bot@example.com', password: 'bot-password', name: 'indexer' },
    })
    const other = await cms.create({
      collection: 'bots',
      data: { email: 'other@example.com', password: 'other-password' },
    })
    await cms.create({ collection: 'notes', data: { text: 'mine', owner: bot.id } })
    await cms.create({ collection: 'notes', data: { text: 'theirs', owner: other.id } })
    return { bot: bot.id as number, other: other.id as number }
  },
  { logger: pino({ level: 'debug' }, sink) },
)

const apiKey = (key: string, slug = 'bots') => ({ authorization: `${slug} API-Key ${key}` })

test.serial(
  'a key set through REST is answered once, stored only as its HMAC, never read back',
  async (t) => {
    const login = await s.request('POST', '/api/bots/login', {
      body: { email: 'bot@example.com', password: 'bot-password' },
    })
    const set = await s.request('PATCH', `/api/bots/${s.data.bot}`, {
      headers: { authorization: `Bearer ${login.body.token}` },
      body: { enableAPIKey: true, apiKey: KEY },
    })
    t.is(set.status, 200)
    t.is(set.body.doc.apiKey, KEY, 'shown once, in the answer of the write that set it')
    t.is(set.body.doc.enableAPIKey, true)
    t.false('apiKeyIndex' in set.body.doc)

    const read = await s.request('GET', `/api/bots/${s.data.bot}`, { headers: apiKey(KEY) })
    t.is(read.status, 200)
    t.false('apiKey' in read.body, 'never on a later read')
    t.false('apiKeyIndex' in read.body)
    t.is(read.body.enableAPIKey, true)

    const [row] = await s.cms.db.all<{ apiKeyIndex: string }>(
      `SELECT ${s.cms.db.dialect.quote('apiKeyIndex')} FROM bots WHERE id = ?`,
      [s.data.bot],
    )
    t.regex(row.apiKeyIndex, /^[0-9a-f]{64}$/)
    t.false(JSON.stringify(await s.cms.db.all('SELECT * FROM bots', [])).includes(KEY))
  },
)

test.serial(
  'the API-Key header authenticates: me, access sees the user, writes as the user',
  async (t) => {
    const me = await s.request('GET', '/api/bots/me', { headers: apiKey(KEY) })
    t.is(me.status, 200)
    t.like(me.body, {
      user: { id: s.data.bot, name: 'indexer' },
      collection: 'bots',
      strategy: 'api-key',
    })
    t.false('token' in me.body)
    seen.length = 0
    await s.request('GET', '/api/bots', { headers: apiKey(KEY) })
    t.deepEqual(seen, [{ id: s.data.bot, collection: 'bots' }])

    const notes = await s.request('GET', '/api/notes', { headers: apiKey(KEY) })
    t.deepEqual(
      notes.body.docs.map((d: { text: string }) => d.text),
      ['mine'],
    )
    const created = await s.request('POST', '/api/notes', {
      headers: apiKey(KEY),
      body: { text: 'by key', owner: s.data.bot },
    })
    t.is(created.status, 201)
    // Anonymous: denied; a wrong key is a 401 naming no key.
    t.is((await s.request('POST', '/api/notes', { body: { text: 'x' } })).status, 401)
    const wrong = await s.request('GET', '/api/notes', { headers: apiKey(OTHER_KEY) })
    t.is(wrong.status, 401)
    t.is(wrong.body.errors[0].message, 'The API key is unknown or disabled.')
    const elsewhere = await s.request('GET', '/api/notes', { headers: apiKey(KEY, 'people') })
    t.is(elsewhere.status, 401)
    t.regex(elsewhere.body.errors[0].message, /"people" does not accept API keys/)
    // An API key has no session: refresh and logout say so.
    const refresh = await s.request('POST', '/api/bots/refresh-token', { headers: apiKey(KEY) })
    t.is(refresh.status, 403)
    t.regex(refresh.body.errors[0].message, /API key, which has no session/)
  },
)

test.serial(
  'GraphQL: the header authenticates, and a key set by a mutation is answered once',
  async (t) => {
    const gql = (query: string, headers: Record<string, string> = apiKey(KEY)) =>
      s.request('POST', '/api/graphql', { headers, body: { query } })
    const me = await gql('{ meBot { user { id name } strategy token } }')
    t.deepEqual(me.body.data.meBot, {
      user: { id: s.data.bot, name: 'indexer' },
      strategy: 'api-key',
      token: null,
    })
    const notes = await gql('{ Notes { docs { text } } }')
    t.deepEqual(notes.body.data.Notes.docs.map((d: { text: string }) => d.text).sort(), [
      'by key',
      'mine',
    ])
    const set = await gql(
      `mutation { updateBot(id: ${s.data.other}, data: { enableAPIKey: true, apiKey: "${OTHER_KEY}" }) { apiKey enableAPIKey } }`,
      apiKey(KEY),
    )
    // bots.update allows only the user itself: the other bot's key cannot be set by this one.
    t.is(set.body.data.updateBot, null)
    t.regex(set.body.errors[0].message, /not allowed/i)
    const mine = await s.cms.update({
      collection: 'bots',
      id: s.data.other,
      data: { enableAPIKey: true, apiKey: OTHER_KEY },
    })
    t.is(mine.apiKey, OTHER_KEY)
    const read = await gql(
      `{ Bot(id: ${s.data.other}) { apiKey enableAPIKey } }`,
      apiKey(OTHER_KEY),
    )
    t.deepEqual(read.body.data.Bot, { apiKey: null, enableAPIKey: true })
  },
)

test.serial(
  'Local: authenticateAPIKey and authenticateHeaders find the user; a bad key is refused at write',
  async (t) => {
    const user = await s.cms.authenticateAPIKey('bots', KEY)
    t.is(user?.id, s.data.bot)
    t.is(user?.collection, 'bots')
    const viaHeaders = await s.cms.authenticateHeaders({ headers: new Headers(apiKey(KEY)) })
    t.is(viaHeaders.identity?.strategy, 'api-key')
    t.is(await s.cms.authenticateAPIKey('bots', 'nope'), undefined)
    const short = await t.throwsAsync(
      s.cms.update({ collection: 'bots', id: s.data.bot, data: { apiKey: 'short' } }),
    )
    t.regex(short!.message, /invalid|32 to 256/i)
    const bad = await s.request('PATCH', `/api/bots/${s.data.bot}`, {
      headers: apiKey(KEY),
      body: { apiKey: 'has spaces in it and is long enough to pass length' },
      invalid: 'an API key with spaces',
    })
    t.is(bad.status, 400)
    const bulk = await s.cms
      .update({ collection: 'bots', where: { id: { exists: true } }, data: { apiKey: KEY } })
      .catch((e: Error) => e)
    t.regex((bulk as Error).message, /one user at a time/)
  },
)

test.serial("Payload's own SDK, unchanged, authenticates with the API-Key header", async (t) => {
  const sdk = new PayloadSDK({
    baseURL: `${s.url}/api`,
    fetch: s.fetch,
    baseInit: { headers: apiKey(KEY) },
  })
  const me = await sdk.me({ collection: 'bots' as never })
  t.is((me as { user: { id: number } }).user.id, s.data.bot)
  const notes = await sdk.find({ collection: 'notes' as never })
  t.true(notes.docs.length >= 1)
  t.true(notes.docs.every((d) => (d as { owner?: number }).owner === s.data.bot))
})

test.serial('disabling the key revokes it: 401; enabling it again restores it', async (t) => {
  const off = await s.request('PATCH', `/api/bots/${s.data.bot}`, {
    headers: apiKey(KEY),
    body: { enableAPIKey: false },
  })
  t.is(off.status, 200)
  t.is((await s.request('GET', '/api/bots/me', { headers: apiKey(KEY) })).status, 401)
  await s.cms.update({ collection: 'bots', id: s.data.bot, data: { enableAPIKey: true } })
  t.is((await s.request('GET', '/api/bots/me', { headers: apiKey(KEY) })).status, 200)
  // apiKey: null removes the key itself.
  await s.cms.update({ collection: 'bots', id: s.data.bot, data: { apiKey: null } })
  t.is((await s.request('GET', '/api/bots/me', { headers: apiKey(KEY) })).status, 401)
})

test.serial('the contract declares the API-Key scheme beside the bearer one', async (t) => {
  const doc = (await s.request('GET', '/api/openapi.json')).body
  t.like(doc.components.securitySchemes.apiKeyAuth, {
    type: 'apiKey',
    in: 'header',
    name: 'Authorization',
  })
  t.like(doc.components.securitySchemes.bearerAuth, { type: 'http', scheme: 'bearer' })
  t.true(doc.security.some((r: object) => 'apiKeyAuth' in r))
  t.like(doc.components.schemas.BotUpdateInput.properties.apiKey, { writeOnly: true })
})

test.serial('no log line carries a key (nor its HMAC)', async (t) => {
  const [row] = await s.cms.db.all<{ apiKeyIndex: string | null }>(
    `SELECT ${s.cms.db.dialect.quote('apiKeyIndex')} FROM bots WHERE id = ?`,
    [s.data.other],
  )
  const all = lines.join('\n')
  t.true(lines.length > 10)
  for (const secret of [KEY, OTHER_KEY, row.apiKeyIndex!]) t.false(all.includes(secret))
})
