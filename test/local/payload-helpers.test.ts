/**
 * Issue 55, blocker 2: Payload's helpers that reach the database, through `payload` as a project imports them:
 * a transaction a handler opens and commits or kills (plugin-search's reindex, ecommerce's checkout), slugField's
 * generated slug, the admin gate, permissions, executeAccess, createLocalReq and a free filename.
 */
import test from 'ava'
import {
  canAccessAdmin,
  commitTransaction,
  createLocalReq,
  executeAccess,
  Forbidden,
  getAccessResults,
  initTransaction,
  killTransaction,
  slugField,
  UnauthorizedError,
} from 'payload'
import { getSafeFileName } from 'payload/internal'
import { defineConfig } from '../../server/index.ts'
import { useCms } from '../helpers/db.ts'

/** The transaction id each write of `notes` ran under, as its beforeChange hook saw it. */
const seen = new Map<unknown, unknown>()

const state = useCms(
  test,
  defineConfig({
    admin: { user: 'users' },
    collections: [
      { slug: 'users', auth: true, fields: [] },
      { slug: 'editors', auth: true, fields: [] },
      {
        slug: 'notes',
        hooks: {
          beforeChange: [
            ({ req, data }) => (
              seen.set((data as { title?: string }).title, req.transactionID),
              data
            ),
          ],
        },
        fields: [{ name: 'title', type: 'text' }],
      },
      { slug: 'pages', fields: [{ name: 'title', type: 'text' }, slugField()] },
      { slug: 'files', fields: [{ name: 'filename', type: 'text' }] },
      // multi-tenant's tenants array: an index on a row's relationship has no column, and is accepted.
      {
        slug: 'members',
        fields: [
          {
            name: 'tenants',
            type: 'array',
            fields: [{ name: 'tenant', type: 'relationship', relationTo: 'files', index: true }],
          },
          { name: 'tags', type: 'text', hasMany: true, index: true },
        ],
      },
    ],
  }),
)

test('initTransaction opens a transaction that Local calls with the req join; kill rolls it back, commit keeps it', async (t) => {
  const { cms } = state
  const req = await createLocalReq({}, cms)
  t.true(await initTransaction(req))
  t.is(typeof req.transactionID, 'string')
  // Whoever opened it commits: a second init on the same req is not in charge.
  t.false(await initTransaction(req))
  const killed = await cms.create({ collection: 'notes', data: { title: 'killed' }, req })
  await killTransaction(req)
  t.is(req.transactionID, undefined)
  t.is(req.transaction, undefined)
  t.truthy(killed.id)
  // Read back by title: SQLite may give the rolled-back id to the next row another test writes.
  t.is(
    (await cms.find({ collection: 'notes', where: { title: { equals: 'killed' } } })).totalDocs,
    0,
  )

  t.true(await initTransaction(req))
  await cms.create({ collection: 'notes', data: { title: 'kept' }, req })
  await commitTransaction(req)
  t.is(req.transactionID, undefined)
  const kept = await cms.find({ collection: 'notes', where: { title: { equals: 'kept' } } })
  t.is(kept.totalDocs, 1)
})

test('an operation’s own transaction is named by req.transactionID while it runs, and not after', async (t) => {
  const { cms } = state
  const req = await createLocalReq({}, cms)
  await cms.create({ collection: 'notes', data: { title: 'probe' }, req })
  t.is(typeof seen.get('probe'), 'string')
  t.is(req.transactionID, undefined)
  // Inside a transaction the handler opened, the hook sees that one.
  await initTransaction(req)
  const opened = req.transactionID
  t.is(typeof opened, 'string')
  await cms.create({ collection: 'notes', data: { title: 'probe 2' }, req })
  await commitTransaction(req)
  t.is(seen.get('probe 2'), opened)
  t.not(seen.get('probe 2'), seen.get('probe'))
})

test('slugField generates the slug from the title on create, and again on update while generateSlug is set', async (t) => {
  const { cms } = state
  const page = await cms.create({ collection: 'pages', data: { title: 'Hello Ported World' } })
  t.is(page.slug, 'hello-ported-world')
  t.false(page.generateSlug)
  const own = await cms.create({ collection: 'pages', data: { title: 'x', slug: 'Mine Here' } })
  t.is(own.slug, 'mine-here')
  const renamed = await cms.update({
    collection: 'pages',
    id: page.id,
    data: { title: 'Renamed Page', generateSlug: true },
  })
  t.is(renamed.slug, 'renamed-page')
  // The slug is unique, as slugField makes it.
  const taken = await t.throwsAsync(
    cms.create({ collection: 'pages', data: { title: 'Renamed Page' } }),
  )
  t.regex(taken.message, /slug/)
})

test('canAccessAdmin: the first user’s sign-up, then only users of admin.user', async (t) => {
  const { cms } = state
  const anonymous = await createLocalReq({}, cms)
  await t.notThrowsAsync(canAccessAdmin({ req: anonymous }))
  const user = await cms.create({
    collection: 'users',
    data: { email: 'gate@example.com', password: 'gate-password-1' },
  })
  await t.throwsAsync(canAccessAdmin({ req: anonymous }), { instanceOf: UnauthorizedError })
  const member = await createLocalReq({ user: { ...user, collection: 'users' } }, cms)
  await t.notThrowsAsync(canAccessAdmin({ req: member }))
  const editor = await cms.create({
    collection: 'editors',
    data: { email: 'ed@example.com', password: 'editor-password-1' },
  })
  const other = await createLocalReq({ user: { ...editor, collection: 'editors' } }, cms)
  await t.throwsAsync(canAccessAdmin({ req: other }), { instanceOf: UnauthorizedError })
  // getAccessResults is the caller's permissions, as GET /api/access answers them.
  t.deepEqual(await getAccessResults({ req: member }), await cms.access({ req: member }))
})

test('executeAccess runs one access function; a denial is a 403 unless errors are off', async (t) => {
  const { cms } = state
  const req = await createLocalReq({}, cms)
  const where = { title: { equals: 'x' } }
  t.deepEqual(await executeAccess({ req }, () => where), where)
  await t.throwsAsync(
    executeAccess({ req }, () => false),
    { instanceOf: Forbidden },
  )
  t.false(await executeAccess({ req, disableErrors: true }, () => false))
  // Without a function: a logged-in user passes, anyone else is refused.
  await t.throwsAsync(executeAccess({ req }), { instanceOf: Forbidden })
})

test('getSafeFileName numbers a filename the collection already has', async (t) => {
  const { cms } = state
  const req = await createLocalReq({}, cms)
  await cms.create({ collection: 'files', data: { filename: 'photo.jpg' } })
  await cms.create({ collection: 'files', data: { filename: 'photo-1.jpg' } })
  t.is(
    await getSafeFileName({ collectionSlug: 'files', desiredFilename: 'photo.jpg', req }),
    'photo-2.jpg',
  )
  t.is(
    await getSafeFileName({ collectionSlug: 'files', desiredFilename: 'other.jpg', req }),
    'other.jpg',
  )
})

test('an index on a row’s field or a hasMany field starts on every database and its queries answer', async (t) => {
  const { cms } = state
  const file = await cms.create({ collection: 'files', data: { filename: 'tenant.txt' } })
  await cms.create({
    collection: 'members',
    data: { tenants: [{ tenant: file.id }], tags: ['a', 'b'] },
  })
  const byTenant = await cms.find({
    collection: 'members',
    where: { 'tenants.tenant': { equals: file.id } },
    depth: 0,
  })
  t.is(byTenant.totalDocs, 1)
  const byTag = await cms.find({ collection: 'members', where: { tags: { in: ['b'] } } })
  t.is(byTag.totalDocs, 1)
})
