/**
 * The contract's top-level `webhooks` (server/contracts/openapi/webhooks.ts): one signed POST per event type of
 * the config, and envelope schemas that accept an event built around a document read through REST (depth 0, as
 * the outbox delivers it) and refuse a wrong one.
 */
import test from 'ava'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import SwaggerParser from '@apidevtools/swagger-parser'
import exampleConfig from '../../cms.config.ts'
import type { Config } from '../../server/config/types.ts'
import { defineConfig } from '../../server/config/define-config.ts'
import { sanitizeConfig } from '../../server/config/sanitize.ts'
import { eventTypes } from '../../server/config/events.ts'
import { compileOpenAPI } from '../../server/contracts/openapi.ts'
import { seededBearer, useServer } from '../helpers/http.ts'

const config: Config = { ...exampleConfig, email: { sendEmail: () => {} } }
const s = useServer(test, config, async (cms) => {
  await cms.config.seed!(cms)
})

type Doc = Record<string, any>
const webhooksOf = (doc: Doc) => doc.webhooks as Record<string, { post: Doc }>

/**
 * An Ajv over the contract: validates a value against a named component schema (`WebhookEvent`'s `oneOf` as
 * such: Ajv's discriminator keyword takes no `mapping`, which the generators use).
 */
function validator(doc: Doc) {
  const ajv = new Ajv2020({ strict: false })
  addFormats.default(ajv)
  ajv.addSchema(doc, 'contract')
  return (name: string, value: unknown) => {
    const validate = ajv.getSchema(`contract#/components/schemas/${name}`)
    if (!validate) throw new Error(`No schema ${name}`)
    return validate(value) ? true : JSON.stringify(validate.errors)
  }
}

/** Drafts, a trash, an auth collection with a login limit and a versioned global. */
const hooked = defineConfig({
  collections: [
    {
      slug: 'members',
      auth: { maxLoginAttempts: 3 },
      fields: [{ name: 'name', type: 'text' }],
    },
    {
      slug: 'articles',
      versions: { drafts: true },
      trash: true,
      fields: [{ name: 'title', type: 'text', required: true }],
    },
    { slug: 'tags', auth: true, fields: [{ name: 'label', type: 'text' }] },
  ],
  globals: [
    { slug: 'home', versions: { drafts: true }, fields: [{ name: 'headline', type: 'text' }] },
  ],
})

test('the example contract declares one webhook per event type of the config, each a signed POST', async (t) => {
  const doc = compileOpenAPI(s.cms.config) as Doc
  const expected = eventTypes(s.cms.config).map((e) => e.type)
  t.deepEqual(Object.keys(webhooksOf(doc)), expected)
  t.true(expected.includes('posts.published'))
  t.true(expected.includes('pages.trashed'))
  t.true(expected.includes('globals.site-settings.updated'))

  const ids = new Set<string>()
  for (const item of Object.values(doc.paths as Record<string, Doc>))
    for (const op of Object.values(item)) ids.add(op.operationId)
  for (const [type, item] of Object.entries(webhooksOf(doc))) {
    const op = item.post
    t.false(ids.has(op.operationId), `${type}: operationId ${op.operationId} is not unique`)
    ids.add(op.operationId)
    t.regex(op.operationId, /^on[A-Z][A-Za-z0-9]*$/)
    t.deepEqual(
      op.parameters.map((p: Doc) => [p.name, p.in, p.required]),
      [
        ['webhook-id', 'header', true],
        ['webhook-timestamp', 'header', true],
        ['webhook-signature', 'header', true],
      ],
    )
    t.true(op.requestBody.required)
    t.deepEqual(Object.keys(op.responses), ['2XX'])
  }
  t.is(webhooksOf(doc)['posts.created'].post.operationId, 'onPostCreated')
  t.is(webhooksOf(doc)['globals.site-settings.updated'].post.operationId, 'onSiteSettingUpdated')
  const union = doc.components.schemas.WebhookEvent
  t.deepEqual(Object.keys(union.discriminator.mapping), expected)
  t.is(union.oneOf.length, expected.length)
  await t.notThrowsAsync(SwaggerParser.validate(structuredClone(doc) as never))
})

test('a config with drafts, a trash, a login limit and a versioned global: exactly its events', async (t) => {
  const doc = compileOpenAPI(sanitizeConfig(hooked)) as Doc
  t.deepEqual(Object.keys(webhooksOf(doc)), [
    'members.created',
    'members.updated',
    'members.deleted',
    'members.loginLocked',
    'articles.created',
    'articles.updated',
    'articles.published',
    'articles.unpublished',
    'articles.trashed',
    'articles.restored',
    'articles.deleted',
    'tags.created',
    'tags.updated',
    'tags.deleted',
    'tags.loginLocked',
    'globals.home.updated',
    'globals.home.published',
    'globals.home.unpublished',
  ])
  t.deepEqual(
    Object.keys(webhooksOf(doc)),
    eventTypes(sanitizeConfig(hooked)).map((e) => e.type),
  )
  // The data's id is the collection's (a positive integer here).
  const valid = validator(doc)
  const article = {
    type: 'articles.trashed',
    timestamp: '2026-01-02T03:04:05.000Z',
    data: {
      collection: 'articles',
      id: 7,
      doc: {
        id: 7,
        title: 'T',
        createdAt: '2026-01-02T03:04:05.000Z',
        updatedAt: '2026-01-02T03:04:05.000Z',
      },
    },
  }
  t.true(valid('ArticleTrashedEvent', article))
  t.true(valid('WebhookEvent', article))
  t.not(valid('WebhookEvent', { ...article, data: { ...article.data, id: '7' } }), true)
  t.not(valid('WebhookEvent', { ...article, type: 'tags.trashed' }), true)
  t.true(
    valid('WebhookEvent', {
      type: 'globals.home.published',
      timestamp: '2026-01-02T03:04:05.000Z',
      data: { global: 'home', doc: { headline: 'Hi', globalType: 'home' } },
    }),
  )
  await t.notThrowsAsync(SwaggerParser.validate(structuredClone(doc) as never))
})

test('an envelope around a document read through REST at depth 0 validates; a wrong one is refused', async (t) => {
  const doc = compileOpenAPI(s.cms.config) as Doc
  const valid = validator(doc)
  const auth = await seededBearer(s)('admin')
  const { docs } = (await s.request('GET', '/api/posts?depth=0&limit=1', { headers: auth })).body
  t.is(docs.length, 1)
  const post = (await s.request('GET', `/api/posts/${docs[0].id}?depth=0`, { headers: auth })).body
  t.is(typeof post.title, 'string')
  const event = {
    type: 'posts.published',
    timestamp: new Date().toISOString(),
    data: { collection: 'posts', id: post.id, doc: post },
  }
  t.true(valid('PostPublishedEvent', event))
  t.true(valid('WebhookEvent', event))
  t.true(valid('WebhookEvent', { ...event, type: 'posts.deleted' }))

  // Wrong: a type the collection does not emit, another collection's name, a string id, a bad document, a
  // timestamp that is not a date-time, a missing data and an unknown key.
  t.not(valid('WebhookEvent', { ...event, type: 'posts.trashed' }), true)
  t.not(valid('WebhookEvent', { ...event, data: { ...event.data, collection: 'pages' } }), true)
  t.not(valid('WebhookEvent', { ...event, data: { ...event.data, id: String(post.id) } }), true)
  t.not(
    valid('WebhookEvent', { ...event, data: { ...event.data, doc: { ...post, title: 7 } } }),
    true,
  )
  t.not(valid('WebhookEvent', { ...event, timestamp: 'yesterday' }), true)
  t.not(valid('WebhookEvent', { type: event.type, timestamp: event.timestamp }), true)
  t.not(valid('PostPublishedEvent', { ...event, extra: 1 }), true)

  const settings = (await s.request('GET', '/api/globals/site-settings?depth=0', { headers: auth }))
    .body
  t.true(
    valid('WebhookEvent', {
      type: 'globals.site-settings.updated',
      timestamp: new Date().toISOString(),
      data: { global: 'site-settings', doc: settings },
    }),
  )
  t.not(
    valid('WebhookEvent', {
      type: 'globals.site-settings.updated',
      timestamp: new Date().toISOString(),
      data: { collection: 'site-settings', id: 1, doc: settings },
    }),
    true,
  )
})
