import test from 'ava'
import { defineConfig } from '../../server/config/define-config.ts'
import { isAdmin, requireAdmin } from '../../server/orders/admin-gate.ts'
import {
  cancellationService,
  orderModel,
  OrderStateError,
} from '../../server/orders/cancellation.ts'
import { orderPolicy } from '../../server/orders/policy.ts'
import { orderJson, orderTotal } from '../../server/orders/representation.ts'
import { createLocalReq } from '../../server/local/request.ts'
import { rejectsWith, useCms } from '../helpers/db.ts'

const member = { id: 7, collection: 'users', roles: ['member'] }
const admin = { id: 1, collection: 'users', roles: ['admin'] }

test('ownership policy: the owner may view and cancel; nobody else, whatever their role', (t) => {
  t.true(orderPolicy.view(member, { user: 7 }))
  t.true(orderPolicy.cancel(member, { user: { id: 7 } }))
  t.false(orderPolicy.view(member, { user: 8 }))
  t.false(orderPolicy.cancel(admin, { user: 7 }), 'an admin is not the owner')
  t.false(orderPolicy.view(null, { user: 7 }))
})

test('admin gate: model-less, by role only', (t) => {
  t.true(isAdmin(admin))
  t.false(isAdmin(member))
  t.false(isAdmin(null))
  t.notThrows(() => requireAdmin(admin))
  t.is(t.throws(() => requireAdmin(member))?.name, 'Forbidden')
})

test('representation: one shape; total is the sum of quantity × unit price, omitted for cancelled orders', (t) => {
  t.is(
    orderTotal([
      { product: 'a', quantity: 3, unit_price: 0.1 },
      { product: 'b', quantity: 1, unit_price: 2 },
    ]),
    2.3,
  )
  const doc = {
    id: 5,
    user: 7,
    status: 'pending',
    items: [{ id: 'x', product: 'a', quantity: 2, unit_price: 1.5 }],
    total_amount: 3,
    createdAt: 'c',
    updatedAt: 'u',
  }
  t.deepEqual(orderJson(doc), {
    id: 5,
    user_id: 7,
    status: 'pending',
    items: [{ product: 'a', quantity: 2, unit_price: 1.5 }],
    total_amount: 3,
    created_at: 'c',
    updated_at: 'u',
  })
  t.false('total_amount' in orderJson({ ...doc, status: 'cancelled' }))
})

const state = useCms(
  test,
  defineConfig({
    collections: [
      { slug: 'users', auth: true, fields: [] },
      {
        slug: 'orders',
        fields: [
          { name: 'user', type: 'relationship', relationTo: 'users', required: true },
          {
            name: 'status',
            type: 'select',
            options: ['pending', 'paid', 'shipped', 'cancelled'],
            defaultValue: 'pending',
          },
          {
            name: 'items',
            type: 'array',
            fields: [
              { name: 'product', type: 'text' },
              { name: 'quantity', type: 'number' },
              { name: 'unit_price', type: 'number' },
            ],
          },
          { name: 'total_amount', type: 'number' },
          { name: 'paidAt', type: 'date' },
        ],
      },
    ],
  }),
  async (cms) => {
    const user = await cms.create({
      collection: 'users',
      data: { email: 'owner@example.com', password: 'owner-password' },
    })
    return { user }
  },
)

test('cancellation service: asks the order, raises a state error (409) for shipped and cancelled orders', async (t) => {
  const { cms, data } = state
  t.true(orderModel.isCancellable('pending'))
  t.true(orderModel.isCancellable('paid'))
  t.false(orderModel.isCancellable('shipped'))
  const req = createLocalReq(cms, {})
  const pending = await cms.create({
    collection: 'orders',
    data: { user: data.user.id, status: 'pending' },
  })
  const cancelled = await cancellationService.cancel(cms, 'orders', pending as never, req)
  t.is(cancelled.status, 'cancelled')
  const error = await rejectsWith(
    t,
    cancellationService.cancel(
      cms,
      'orders',
      { id: pending.id as number, status: 'cancelled' },
      req,
    ),
    'OrderStateError',
    409,
  )
  t.true(error instanceof OrderStateError)
  // A stale view of the order does not get past the conditional update.
  const shipped = await cms.create({
    collection: 'orders',
    data: { user: data.user.id, status: 'shipped' },
  })
  await rejectsWith(
    t,
    cancellationService.cancel(cms, 'orders', { id: shipped.id as number, status: 'pending' }, req),
    'OrderStateError',
    409,
  )
  t.is((await cms.findByID({ collection: 'orders', id: shipped.id })).status, 'shipped')
})
