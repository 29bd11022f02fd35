import test from 'ava'
import { pino } from 'pino'
import type { CollectionBeforeChangeHook, Config, PayloadRequest } from '../../server/index.ts'
import { useServer } from '../helpers/http.ts'

// What the hooks saw, per request: Payload's names on `req`, read where a ported hook reads them.
const seen: {
  api: unknown
  isCms: boolean
  logs: boolean
  data: unknown
  json: string
}[] = []

// Payload's website template's hook: a document created or updated without a publishedAt gets one, judged by
// what the caller sent (req.data), which only a REST write carries.
const populatePublishedAt: CollectionBeforeChangeHook = ({ data, operation, req }) => {
  if (operation === 'create' || operation === 'update') {
    if (req.data && !req.data.publishedAt)
      return { ...(data as Record<string, unknown>), publishedAt: new Date().toISOString() }
  }
  return data
}

const record: CollectionBeforeChangeHook = ({
  data,
  req,
}: {
  data?: unknown
  req: PayloadRequest
}) => {
  req.payload.logger.info({ collection: 'posts' }, 'beforeChange')
  seen.push({
    api: req.payloadAPI,
    isCms: req.payload === req.cms,
    logs: typeof req.payload.logger.info === 'function',
    data: req.data,
    // What a hook logging `req.data` writes: the body only, never the request (or the CMS and its secret).
    json: JSON.stringify(req.data ?? null),
  })
  return data
}

const config: Config = {
  secret: 'x'.repeat(40),
  collections: [
    {
      slug: 'posts',
      access: { create: () => true, read: () => true, update: () => true },
      hooks: { beforeChange: [record, populatePublishedAt] },
      fields: [
        { name: 'title', type: 'text' },
        { name: 'publishedAt', type: 'date' },
      ],
    },
  ],
}

const lines: Record<string, unknown>[] = []
const logger = pino(
  { level: 'info', base: undefined },
  { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
)
const s = useServer(test, config, undefined, { logger })

test.beforeEach(() => {
  seen.length = 0
})

test.serial(
  'a REST write: req.payload is the CMS with the server logger, req.data the body',
  async (t) => {
    const created = await s.request('POST', '/api/posts', { body: { title: 'Hello' } })
    t.is(created.status, 201)
    t.regex(created.body.doc.publishedAt, /^\d{4}-\d{2}-\d{2}T/)
    t.deepEqual(seen, [
      { api: 'REST', isCms: true, logs: true, data: { title: 'Hello' }, json: '{"title":"Hello"}' },
    ])
    t.is(s.cms.logger, logger) // the server's logger is the Local API's
    t.true(lines.some((l) => l.msg === 'beforeChange' && l.collection === 'posts'))
    t.false(JSON.stringify(lines).includes(config.secret!))

    // A publishedAt the caller sends is kept.
    const given = '2024-01-02T03:04:05.000Z'
    const kept = await s.request('POST', '/api/posts', {
      body: { title: 'Dated', publishedAt: given },
    })
    t.is(kept.body.doc.publishedAt, given)

    // An update carries its own body.
    const id = kept.body.doc.id
    const patched = await s.request('PATCH', `/api/posts/${id}`, { body: { title: 'Renamed' } })
    t.is(patched.status, 200)
    t.is(seen.at(-1)?.api, 'REST')
    t.deepEqual(seen.at(-1)?.data, { title: 'Renamed' })
    t.not(patched.body.doc.publishedAt, given) // no publishedAt in the body: the hook sets a new one, as Payload's
  },
)

test.serial('a GraphQL write: req.payloadAPI is GraphQL and there is no req.data', async (t) => {
  const r = await s.request('POST', '/api/graphql', {
    body: {
      query: 'mutation { createPost(data: { title: "Via GraphQL" }) { title publishedAt } }',
    },
  })
  t.is(r.status, 200)
  t.deepEqual(r.body.data.createPost, { title: 'Via GraphQL', publishedAt: null })
  t.deepEqual(seen, [{ api: 'GraphQL', isCms: true, logs: true, data: undefined, json: 'null' }])
})

test.serial(
  'a Local write: req.payload is the CMS, req.payloadAPI local, no req.data',
  async (t) => {
    const doc = await s.cms.create({ collection: 'posts', data: { title: 'Local' } })
    t.is(doc.publishedAt, null)
    t.deepEqual(seen, [{ api: 'local', isCms: true, logs: true, data: undefined, json: 'null' }])
    // A request made by hand with only `cms` gets Payload's names too.
    await s.cms.create({
      collection: 'posts',
      data: { title: 'Given req' },
      req: { cms: s.cms, user: null, context: {} },
    })
    t.is(seen.at(-1)?.api, 'local')
    t.true(seen.at(-1)?.isCms)
  },
)
