/**
 * Issue 54, finding 4, the read half: what one request reads is bounded before it is decoded. A list (or a read by
 * id, or versions) whose documents exceed `limits.read.maxBytes` as stored is a 400 naming the limit, answered
 * before any document is parsed, localised or run through afterRead: a bounded-work property, counted by the
 * afterRead hook. A smaller page answers, and a trusted Local call is not charged.
 */
import test from 'ava'
import { defineConfig } from '../../server/index.ts'
import type { Config } from '../../server/config/types.ts'
import { useServer } from '../helpers/http.ts'

/** afterRead calls of `pages`: each is one document decoded into an answer. */
const decoded = { count: 0 }

const configWith = (limits: Config['limits']): Config =>
  defineConfig({
    secret: 'Tq8-read-cost-secret-of-32+-bytes-long',
    limits,
    collections: [
      {
        slug: 'pages',
        access: { read: () => true },
        hooks: {
          afterRead: [
            ({ doc }) => {
              decoded.count++
              return doc
            },
          ],
        },
        fields: [
          { name: 'title', type: 'text' },
          { name: 'rows', type: 'array', fields: [{ name: 'text', type: 'text' }] },
        ],
      },
    ],
  })

/** 12 pages of 200 rows: about 11 KB each as stored, 130 KB in all. */
async function seed(cms: { create: (args: never) => Promise<unknown> }) {
  const rows = Array.from({ length: 200 }, () => ({ text: 'x'.repeat(20) }))
  for (let i = 0; i < 12; i++)
    await cms.create({ collection: 'pages', data: { title: `p${i}`, rows } } as never)
}

const s = useServer(test, configWith({ read: { maxBytes: 60_000 } }), seed)
const defaults = useServer(test, configWith(undefined), seed)

test.serial(
  'a REST list past limits.read.maxBytes is a 400 naming the limit, before any document is decoded',
  async (t) => {
    decoded.count = 0
    const r = await s.request('GET', '/api/pages', { query: 'limit=12' })
    t.is(r.status, 400)
    t.is(r.body.errors[0].name, 'LimitExceeded')
    t.deepEqual(r.body.errors[0].data, { limit: 'limits.read.maxBytes', max: 60_000 })
    t.regex(r.body.errors[0].message, /exceed 60000 bytes as stored; ask for a smaller limit/)
    t.is(decoded.count, 0, 'no document was decoded')
    const page = await s.request('GET', '/api/pages', { query: 'limit=4' })
    t.is(page.status, 200)
    t.is(page.body.docs.length, 4)
    t.is(page.body.docs[0].rows.length, 200)
    const one = await s.request('GET', `/api/pages/${page.body.docs[0].id}`)
    t.is(one.status, 200)
    t.is(one.body.rows.length, 200)
  },
)

test.serial(
  'GraphQL: the same list ends in one LIMIT_EXCEEDED error, no partial answer',
  async (t) => {
    decoded.count = 0
    const r = await s.request('POST', '/api/graphql', {
      body: { query: '{ Pages(limit: 12) { docs { title rows { text } } } }' },
      headers: { accept: 'application/graphql-response+json' },
    })
    t.is(r.body.errors?.length, 1, JSON.stringify(r.body.errors))
    t.is(r.body.errors[0].extensions?.code, 'LIMIT_EXCEEDED')
    t.is(r.body.errors[0].extensions?.data?.limit, 'limits.read.maxBytes')
    t.falsy(r.body.data?.Pages)
    t.is(decoded.count, 0)
  },
)

test.serial(
  'a trusted Local call is not charged; the default (4 MiB) serves the whole list',
  async (t) => {
    const all = await s.cms.find({ collection: 'pages', limit: 12 })
    t.is(all.docs.length, 12)
    t.is(defaults.cms.config.limits.read.maxBytes, 4 * 1024 * 1024)
    const r = await defaults.request('GET', '/api/pages', { query: 'limit=12' })
    t.is(r.status, 200)
    t.is(r.body.docs.length, 12)
  },
)
