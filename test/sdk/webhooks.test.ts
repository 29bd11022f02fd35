/**
 * The SDK's webhook verifier (sdk/webhooks.ts) against an independent signer, the `standardwebhooks` package:
 * events built around documents read through the SDK verify and come back typed; a tampered body, a wrong
 * secret, a stale or future timestamp, a missing header each fail with their reason; one valid signature
 * among several is enough.
 */
import test from 'ava'
import { Webhook } from 'standardwebhooks'
import exampleConfig from '../../cms.config.ts'
import type { Config } from '../../server/config/types.ts'
import {
  createClient,
  isWebhookEvent,
  verifyWebhook,
  WebhookVerificationError,
  type WebhookEvent,
  type WebhookEventOf,
  type WebhookEventType,
} from '../../sdk/index.ts'
import { useServer } from '../helpers/http.ts'

const config: Config = { ...exampleConfig, email: { sendEmail: () => {} } }
const s = useServer(test, config, async (cms) => {
  await cms.config.seed!(cms)
})

const SECRET = `whsec_${Buffer.from('a-32-byte-secret-for-the-tests!!').toString('base64')}`
const OTHER = `whsec_${Buffer.from('another-secret-of-32-bytes-here!').toString('base64')}`

/** A delivery as the CMS sends it, signed by the independent implementation. */
function sign(body: string, options: { secret?: string; at?: Date; id?: string } = {}) {
  const id = options.id ?? 'msg_2Qz1'
  const at = options.at ?? new Date()
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(options.secret ?? SECRET).sign(id, at, body),
  }
}

async function refusal(promise: Promise<unknown>): Promise<WebhookVerificationError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  if (!(error instanceof WebhookVerificationError)) throw new Error(`Not refused: ${String(error)}`)
  return error
}

/** A `posts.published` event around the first seeded post, read through the SDK at depth 0. */
async function postEvent() {
  const cms = createClient({ baseUrl: s.url, fetch: s.fetch })
  await cms.auth('users').login({ email: 'admin@example.com', password: 'admin-password' })
  const { docs } = await cms.collection('posts').find({ depth: 0, limit: 1 })
  const post = docs[0]
  const event: WebhookEventOf<'posts.published'> = {
    type: 'posts.published',
    timestamp: new Date().toISOString(),
    data: { collection: 'posts', id: post.id, doc: post },
  }
  return { post, body: JSON.stringify(event) }
}

test('an event signed by standardwebhooks verifies and comes back typed (Headers, a record, bytes)', async (t) => {
  const { post, body } = await postEvent()
  const headers = sign(body)
  // The independent implementation accepts its own signature: the two agree on the format.
  t.notThrows(() => new Webhook(SECRET).verify(body, headers))

  const event: WebhookEvent = await verifyWebhook(SECRET, new Headers(headers), body)
  t.is(event.type, 'posts.published')
  if (!isWebhookEvent(event, 'posts.published')) return t.fail('not narrowed')
  const title: string | null | undefined = event.data.doc.title
  const id: number = event.data.id
  // @ts-expect-error the doc is a Post, not `any`: it has no such field
  t.is(event.data.doc.noSuchField, undefined)
  t.is(title, post.title)
  t.is(id, post.id)
  t.deepEqual(event.data.doc, post)

  // A plain record with other casing, and the body as bytes.
  const upper = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toUpperCase(), v]))
  const again = await verifyWebhook(SECRET, upper, new TextEncoder().encode(body))
  t.deepEqual(again, event)

  // @ts-expect-error posts have no trash: no such event type
  const none: WebhookEventOf<'posts.trashed'> | undefined = undefined
  t.is(none, undefined)

  // A switch on type narrows too.
  const type: WebhookEventType = event.type
  switch (event.type) {
    case 'posts.published':
      t.is(event.data.collection, 'posts')
      break
    default:
      t.fail(`unexpected ${type}`)
  }
})

test('a global event verifies; its data names the global', async (t) => {
  const body = JSON.stringify({
    type: 'globals.site-settings.updated',
    timestamp: new Date().toISOString(),
    data: { global: 'site-settings', doc: { siteName: 'Example' } },
  })
  const event = await verifyWebhook(SECRET, sign(body), body)
  if (!isWebhookEvent(event, 'globals.site-settings.updated')) return t.fail('not narrowed')
  t.is(event.data.global, 'site-settings')
})

test('a tampered body, a wrong secret and a bad signature are refused as invalid-signature', async (t) => {
  const { body } = await postEvent()
  const headers = sign(body)
  const tampered = body.replace('"posts.published"', '"posts.deleted"')
  t.is((await refusal(verifyWebhook(SECRET, headers, tampered))).reason, 'invalid-signature')
  t.is((await refusal(verifyWebhook(OTHER, headers, body))).reason, 'invalid-signature')
  t.is(
    (await refusal(verifyWebhook(SECRET, { ...headers, 'webhook-id': 'msg_other' }, body))).reason,
    'invalid-signature',
  )
  const garbled = { ...headers, 'webhook-signature': 'v1,not*base64 v2,abc v1,' }
  t.is((await refusal(verifyWebhook(SECRET, garbled, body))).reason, 'invalid-signature')
  // The independent implementation refuses the same deliveries.
  t.throws(() => new Webhook(SECRET).verify(tampered, headers))
  t.throws(() => new Webhook(OTHER).verify(body, headers))
})

test('one valid signature among several is enough (secret rotation); none valid is refused', async (t) => {
  const { body } = await postEvent()
  const at = new Date()
  const mine = sign(body, { at })
  const theirs = sign(body, { at, secret: OTHER })
  const both = `${theirs['webhook-signature']} ${mine['webhook-signature']}`
  const event = await verifyWebhook(SECRET, { ...mine, 'webhook-signature': both }, body)
  t.is(event.type, 'posts.published')
  t.is(
    (await verifyWebhook(OTHER, { ...mine, 'webhook-signature': both }, body)).type,
    'posts.published',
  )
  const third = `whsec_${Buffer.from('a-third-secret-nobody-signs-with').toString('base64')}`
  t.is(
    (await refusal(verifyWebhook(third, { ...mine, 'webhook-signature': both }, body))).reason,
    'invalid-signature',
  )
})

test('a stale or future timestamp is refused, within the tolerance accepted', async (t) => {
  const { body } = await postEvent()
  const now = Date.now()
  const old = sign(body, { at: new Date(now - 6 * 60_000) })
  t.is((await refusal(verifyWebhook(SECRET, old, body))).reason, 'timestamp-too-old')
  const future = sign(body, { at: new Date(now + 6 * 60_000) })
  t.is((await refusal(verifyWebhook(SECRET, future, body))).reason, 'timestamp-too-new')
  // Four minutes either way is within the 5 minutes; a tolerance of 60 s refuses it; `now` moves the clock.
  const recent = sign(body, { at: new Date(now - 4 * 60_000) })
  t.is((await verifyWebhook(SECRET, recent, body)).type, 'posts.published')
  t.is(
    (await refusal(verifyWebhook(SECRET, recent, body, { toleranceSeconds: 60 }))).reason,
    'timestamp-too-old',
  )
  t.is((await verifyWebhook(SECRET, old, body, { now: now - 6 * 60_000 })).type, 'posts.published')
  const bad = { ...sign(body), 'webhook-timestamp': '2026-01-01T00:00:00Z' }
  t.is((await refusal(verifyWebhook(SECRET, bad, body))).reason, 'invalid-timestamp')
})

test('a missing header is refused, naming it; so are a bad secret and a body that is no event', async (t) => {
  const { body } = await postEvent()
  const headers = sign(body)
  for (const name of ['webhook-id', 'webhook-timestamp', 'webhook-signature'] as const) {
    const { [name]: _, ...rest } = headers
    const error = await refusal(verifyWebhook(SECRET, rest, body))
    t.is(error.reason, 'missing-header')
    t.is(error.header, name)
    t.true(error.message.includes(name))
    const empty = await refusal(verifyWebhook(SECRET, new Headers({ ...rest, [name]: '' }), body))
    t.is(empty.header, name)
  }
  t.is((await refusal(verifyWebhook('whsec_%%%', headers, body))).reason, 'invalid-secret')
  const text = 'not json'
  t.is((await refusal(verifyWebhook(SECRET, sign(text), text))).reason, 'invalid-body')
  const array = '[1,2]'
  t.is((await refusal(verifyWebhook(SECRET, sign(array), array))).reason, 'invalid-body')
})
