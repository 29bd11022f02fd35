/**
 * Payload's `test/auth` spec, continued: the `collection` of user documents, field read access on `me`, and the
 * lock after failed logins sent in parallel. Ledger: docs/payload-specs/auth.md.
 */
import test from 'ava'
import { useServer } from '../helpers/http.ts'
import { authSpecConfig } from './auth-config.ts'

type Doc = Record<string, any>
const password = 'test-password-1'
const s = useServer(test, authSpecConfig)
const login = (email: string, pw = password) =>
  s.request<Doc>('POST', '/api/users/login', { body: { email, password: pw } })

test.serial('user documents carry their collection: create, findByID, find, update', async (t) => {
  const created = await s.cms.create({
    collection: 'users',
    data: { email: 'collection@example.com', password },
  })
  t.is(created.collection, 'users')
  t.is((await s.cms.findByID({ collection: 'users', id: created.id })).collection, 'users')
  const found = await s.cms.find({ collection: 'users', where: { id: { equals: created.id } } })
  t.is(found.docs[0].collection, 'users')
  const updated = await s.cms.update({
    collection: 'users',
    id: created.id,
    data: { nickname: 'n' },
  })
  t.is(updated.collection, 'users')
})

test.serial('me answers the user as field read access allows it', async (t) => {
  await s.cms.create({
    collection: 'users',
    data: { email: 'insecure@example.com', password, roles: ['admin'], adminOnly: 'admin secret' },
  })
  let token = (await login('insecure@example.com')).body.token
  let me = await s.request<Doc>('GET', '/api/users/me', {
    headers: { authorization: `JWT ${token}` },
  })
  t.is(me.body.user.adminOnly, 'admin secret')
  const user = me.body.user
  await s.cms.update({ collection: 'users', id: user.id, data: { roles: ['editor'] } })
  token = (await login('insecure@example.com')).body.token
  me = await s.request<Doc>('GET', '/api/users/me', { headers: { authorization: `JWT ${token}` } })
  t.is(me.status, 200)
  t.false('adminOnly' in me.body.user)
})

test.serial('failed logins in parallel lock the account all the same', async (t) => {
  await s.cms.create({ collection: 'users', data: { email: 'parallel@example.com', password } })
  const attempts = await Promise.all(
    Array.from({ length: 5 }, () => login('parallel@example.com', 'wrong-password')),
  )
  for (const r of attempts) t.is(r.status, 401)
  const locked = await login('parallel@example.com')
  t.is(locked.status, 401)
  t.is(locked.body.errors[0].name, 'LockedAuth')
})
