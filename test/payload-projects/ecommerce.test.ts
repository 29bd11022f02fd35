/**
 * Issue 55: Payload 3.x's `templates/ecommerce` (test/fixtures/payload-projects/ecommerce, its sources unchanged but
 * the database adapter line) moves in with Payload's real ecommerce, form-builder and seo plugins (and `stripe`,
 * which the ecommerce plugin's Stripe adapter imports). The first user becomes an admin (the template's hook); a
 * product with variants is made from variant types whose options are an orderable join, kept in order per type
 * and reordered through `POST /api/reorder`; a customer signs up, fills a cart through the plugin's endpoint and
 * keeps an address only they read; GraphQL lists in Payload's naming. The Stripe payment routes are not called:
 * they talk to api.stripe.com, which this machine cannot reach.
 */
import test from 'ava'
import { startProject } from './project.ts'

const ORDER = '_variantOptions_options_order'

test('templates/ecommerce: first admin, products with ordered variant options, a customer cart and address, GraphQL', async (t) => {
  const project = await startProject('ecommerce')
  const { call } = project
  try {
    const first = await project.firstUser()
    // ensureFirstUserIsAdmin: the first user is an admin as well as a customer.
    t.deepEqual([...first.user.roles].sort(), ['admin', 'customer'])
    const admin: string = first.token

    const size = await call('POST', '/variantTypes', { label: 'Size', name: 'size' }, admin)
    t.is(size.status, 201, JSON.stringify(size.body))
    const option: Record<string, { id: number; [ORDER]: string }> = {}
    for (const [label, value] of [
      ['Small', 's'],
      ['Medium', 'm'],
      ['Large', 'l'],
    ]) {
      const made = await call(
        'POST',
        '/variantOptions',
        { label, value, variantType: size.body.doc.id },
        admin,
      )
      t.is(made.status, 201, JSON.stringify(made.body))
      option[value] = made.body.doc
    }
    t.deepEqual(
      ['s', 'm', 'l'].map((v) => option[v][ORDER]),
      ['a0', 'a1', 'a2'],
    )
    // The admin drags Large to the top of the size's options.
    const moved = await call(
      'POST',
      '/reorder',
      {
        collectionSlug: 'variantOptions',
        orderableFieldName: ORDER,
        docsToMove: [option.l.id],
        newKeyWillBe: 'less',
        target: { id: option.s.id, key: option.s[ORDER] },
      },
      admin,
    )
    t.is(moved.status, 200, JSON.stringify(moved.body))
    const sizes = await call('GET', `/variantTypes/${size.body.doc.id}?depth=1`)
    t.deepEqual(
      sizes.body.options.docs.map((o: { value: string }) => o.value),
      ['l', 's', 'm'],
    )

    const product = await call(
      'POST',
      '/products',
      {
        title: 'Tee',
        enableVariants: true,
        variantTypes: [size.body.doc.id],
        priceInUSDEnabled: true,
        priceInUSD: 2500,
        inventory: 10,
        _status: 'published',
      },
      admin,
    )
    t.is(product.status, 201, JSON.stringify(product.body))
    t.is(product.body.doc.slug, 'tee')
    const variant = await call(
      'POST',
      '/variants',
      {
        product: product.body.doc.id,
        options: [option.m.id],
        priceInUSDEnabled: true,
        priceInUSD: 2600,
        inventory: 5,
        _status: 'published',
      },
      admin,
    )
    t.is(variant.status, 201, JSON.stringify(variant.body))
    // The plugin titles a variant after its product and options.
    t.is(variant.body.doc.title, 'Tee — Medium')

    // Anyone reads the published product at depth 2, its variants joined.
    const read = await call('GET', `/products/${product.body.doc.id}?depth=2`)
    t.is(read.status, 200)
    t.deepEqual(
      read.body.variants.docs.map((v: { title: string; priceInUSD: number }) => [
        v.title,
        v.priceInUSD,
      ]),
      [['Tee — Medium', 2600]],
    )
    t.is(read.body.variantTypes[0].name, 'size')

    const signup = await call('POST', '/users', {
      name: 'Casey',
      email: 'casey@example.com',
      password: 'a-long-test-password',
    })
    t.is(signup.status, 201, JSON.stringify(signup.body))
    const login = await call('POST', '/users/login', {
      email: 'casey@example.com',
      password: 'a-long-test-password',
    })
    const casey: string = login.body.token
    // A customer cannot make themselves an admin, nor make products.
    t.is((await call('POST', '/products', { title: 'Mine' }, casey)).status, 403)

    const cart = await call(
      'POST',
      '/carts',
      { currency: 'USD', customer: signup.body.doc.id, items: [] },
      casey,
    )
    t.is(cart.status, 201, JSON.stringify(cart.body))
    const added = await call(
      'POST',
      `/carts/${cart.body.doc.id}/add-item`,
      { item: { product: product.body.doc.id, variant: variant.body.doc.id }, quantity: 2 },
      casey,
    )
    t.is(added.status, 200, JSON.stringify(added.body))
    // The plugin's hook prices the cart from the variant: 2 × 2600.
    t.is(added.body.cart.subtotal, 5200)
    t.like(added.body.cart.items[0], { product: product.body.doc.id, quantity: 2 })

    const address = await call(
      'POST',
      '/addresses',
      {
        firstName: 'Casey',
        lastName: 'Doe',
        addressLine1: '1 Road',
        city: 'Town',
        postalCode: '12345',
        country: 'US',
      },
      casey,
    )
    t.is(address.status, 201, JSON.stringify(address.body))
    // The plugin sets the customer from the caller.
    t.is(address.body.doc.customer.id ?? address.body.doc.customer, signup.body.doc.id)
    const own = await call('GET', '/addresses?depth=0', undefined, casey)
    t.is(own.body.totalDocs, 1)
    const other = await call('POST', '/users', {
      email: 'other@example.com',
      password: 'a-long-test-password',
    })
    t.is(other.status, 201)
    const otherLogin = await call('POST', '/users/login', {
      email: 'other@example.com',
      password: 'a-long-test-password',
    })
    const theirs = await call('GET', '/addresses?depth=0', undefined, otherLogin.body.token)
    t.is(theirs.body.totalDocs, 0, "another customer does not read Casey's address")

    const listed = await project.graphql(
      '{ Products { docs { title slug variants { docs { title } } } } }',
    )
    t.deepEqual(listed.body, {
      data: {
        Products: {
          docs: [{ title: 'Tee', slug: 'tee', variants: { docs: [{ title: 'Tee — Medium' }] } }],
        },
      },
    })
  } finally {
    await project.stop()
  }
})
