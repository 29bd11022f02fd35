import test from 'ava'
import { defineConfig } from '../../server/config/define-config.ts'
import type { CmsRequest } from '../../server/config/types.ts'
import { dialectName, rejectsWith, useCms } from '../helpers/db.ts'

/** A side write from an afterChange hook, in one of three styles, then an optional failure. */
const config = defineConfig({
  collections: [
    {
      slug: 'orders',
      fields: [
        { name: 'ref', type: 'text', required: true },
        {
          name: 'style',
          type: 'select',
          options: ['with-req', 'awaited-no-req', 'fire-and-forget'],
        },
        { name: 'fail', type: 'checkbox' },
      ],
      hooks: {
        afterChange: [
          async ({ doc, req }) => {
            const d = doc as { ref: string; style: string; fail?: boolean }
            const r = req as CmsRequest
            const data = { event: `created ${d.ref}` }
            if (d.style === 'with-req') await r.cms.create({ collection: 'audit', data, req: r })
            if (d.style === 'awaited-no-req') await r.cms.create({ collection: 'audit', data })
            if (d.style === 'fire-and-forget')
              void r.cms.create({ collection: 'audit', data }).catch(() => {})
            if (d.fail) throw new Error('afterChange failed')
          },
        ],
      },
    },
    { slug: 'audit', fields: [{ name: 'event', type: 'text', required: true }] },
  ],
})
const state = useCms(test, config)
const audits = async (ref: string) =>
  (await state.cms.count({ collection: 'audit', where: { event: { equals: `created ${ref}` } } }))
    .totalDocs
const orders = async (ref: string) =>
  (await state.cms.count({ collection: 'orders', where: { ref: { equals: ref } } })).totalDocs
const settle = () => new Promise((r) => setTimeout(r, 50))
/** `count()` once it reaches `want`, or its last value after two seconds (a side write left running in the background). */
async function eventually(count: () => Promise<number>, want: number): Promise<number> {
  const deadline = Date.now() + 2000
  let n = await count()
  while (n !== want && Date.now() < deadline) {
    await settle()
    n = await count()
  }
  return n
}

test.serial('a hook writing with req joins the transaction: both commit together', async (t) => {
  await state.cms.create({ collection: 'orders', data: { ref: 'A', style: 'with-req' } })
  t.is(await orders('A'), 1)
  t.is(await audits('A'), 1)
})

test.serial(
  'a hook writing with req, then a failing afterChange: both writes roll back',
  async (t) => {
    const error = await t.throwsAsync(
      state.cms.create({ collection: 'orders', data: { ref: 'B', style: 'with-req', fail: true } }),
    )
    t.is(error?.message, 'afterChange failed')
    t.is(await orders('B'), 0)
    t.is(await audits('B'), 0)
  },
)

test.serial(
  'fire and forget without req: the side write runs in its own transaction and stays after a rollback',
  async (t) => {
    await t.throwsAsync(
      state.cms.create({
        collection: 'orders',
        data: { ref: 'C', style: 'fire-and-forget', fail: true },
      }),
    )
    // The side write runs on a connection of its own (a pool opens one for it on MariaDB and PostgreSQL).
    t.is(await eventually(() => audits('C'), 1), 1)
    t.is(await orders('C'), 0)
  },
)

test.serial('a validation error rolls back every earlier write of the operation', async (t) => {
  await rejectsWith(
    t,
    state.cms.create({ collection: 'orders', data: { style: 'with-req' } }),
    'ValidationError',
    400,
  )
  t.is(
    await state.cms
      .count({ collection: 'audit', where: { event: { equals: 'created undefined' } } })
      .then((r) => r.totalDocs),
    0,
  )
})

if (dialectName !== 'sqlite') {
  test.serial(
    'awaited without req (MySQL, PostgreSQL: a pool): the side write commits on its own and stays after a rollback',
    async (t) => {
      await t.throwsAsync(
        state.cms.create({
          collection: 'orders',
          data: { ref: 'D', style: 'awaited-no-req', fail: true },
        }),
      )
      t.is(await orders('D'), 0)
      t.is(await audits('D'), 1)
    },
  )
} else {
  test.serial(
    'awaited without req (SQLite, one writer): reported as an error instead of hanging, nothing written',
    async (t) => {
      const db = state.cms.db as unknown as { nestedWaitMs: number }
      db.nestedWaitMs = 200
      const error = await t.throwsAsync(
        state.cms.create({ collection: 'orders', data: { ref: 'E', style: 'awaited-no-req' } }),
      )
      t.regex(error?.message ?? '', /Pass `req` to join the transaction/)
      await settle()
      t.is(await orders('E'), 0)
      t.is(await audits('E'), 0, 'the abandoned side write never runs')
    },
  )
}
