import assert from 'node:assert/strict';
import { beforeEach, test } from 'node:test';
import {
  AMOUNT_MESSAGE,
  cartItem,
  cartItemList,
  DUPLICATE_TEST_TYPE_MESSAGE,
  INCOMPLETE_ADDRESS_MESSAGE,
  NO_ELEMENTS_MESSAGE,
  priceList,
  type CartItemPayload,
} from '@formularze/domain/schemas/cart';
import { pagedResponse } from '@formularze/domain/schemas/paging';
import { ZIP_FORMAT_MESSAGE } from '@formularze/domain/schemas/profile';
import { createOrganization, createUser, signInFromNewAddress } from '../../test/helpers';
import { expectApiError, type Headers, setupClockedApi } from '../../test/requests';
import { KIT_NOT_OFFERED_MESSAGE } from './cart-errors';

const START = new Date('2026-06-10T10:00:00Z');
let now = START;
const { db, app, call } = await setupClockedApi(() => now);

/** The test database is emptied before each test, the migration's price list with it. */
beforeEach(async () => {
  now = START;
  await db
    .insertInto('test_kit_prices')
    .values([
      {
        test_type: 'SMELLTASTE_TEST',
        description: 'Węch i smak',
        unit_price: 12000,
        vat_rate: 8,
        currency: 'PLN',
        position: 1,
      },
      {
        test_type: 'SMELL_TEST',
        description: 'Tylko węch',
        unit_price: 7000,
        vat_rate: 8,
        currency: 'PLN',
        position: 2,
      },
      {
        test_type: 'TASTE_TEST',
        description: 'Tylko smak',
        unit_price: 6050,
        vat_rate: 23,
        currency: 'PLN',
        position: 3,
      },
    ])
    .execute();
});

let people = 0;

/** A signed-in patient of `organizationId`, with an address on their profile when given. */
async function patient(organizationId: number, address?: Record<string, string | null>) {
  people += 1;
  const email = `patient${people}@cart.test`;
  const id = await createUser(db, {
    email,
    authorities: 'ROLE_USER',
    organizationId,
    firstName: 'Maria',
    surname: 'Wiśniewska',
  });
  if (address) {
    await db
      .updateTable('users')
      .set({ address: JSON.stringify(address) })
      .where('id', '=', id)
      .execute();
  }
  return signInFromNewAddress(app, { username: email });
}

async function addItem(
  headers: Headers,
  body: object = { elements: [{ testType: 'SMELL_TEST', amount: 2 }] },
) {
  const response = await call('POST', '/api/cart', headers, body);
  assert.equal(response.statusCode, 201, response.body);
  return cartItem.parse(response.json());
}

const complete: CartItemPayload = {
  elements: [
    { testType: 'SMELLTASTE_TEST', amount: 1 },
    { testType: 'TASTE_TEST', amount: 3 },
  ],
  deliveryInfo: { name: 'Maria Wiśniewska', street: 'Jasna 1A/3', zipCode: '00-950', city: 'Warszawa' },
  billingInfo: { name: 'Maria Wiśniewska' },
};

async function myCart(headers: Headers) {
  const response = await call('GET', '/api/cart', headers);
  assert.equal(response.statusCode, 200, response.body);
  return cartItemList.parse(response.json());
}

async function myOrders(headers: Headers, query = '') {
  const response = await call('GET', `/api/orders${query}`, headers);
  assert.equal(response.statusCode, 200, response.body);
  return pagedResponse(cartItem).parse(response.json());
}

test('the price list gives every kit with its Polish name, net price, VAT rate and currency, in order', async () => {
  const headers = await patient(await createOrganization(db));
  const response = await call('GET', '/api/cart/price_list', headers);
  assert.equal(response.statusCode, 200, response.body);
  assert.deepEqual(priceList.parse(response.json()), [
    {
      testType: 'SMELLTASTE_TEST',
      name: 'Węch i smak',
      description: 'Węch i smak',
      unitPrice: 12000,
      vatRate: 8,
      currency: 'PLN',
    },
    {
      testType: 'SMELL_TEST',
      name: 'Węch',
      description: 'Tylko węch',
      unitPrice: 7000,
      vatRate: 8,
      currency: 'PLN',
    },
    {
      testType: 'TASTE_TEST',
      name: 'Smak',
      description: 'Tylko smak',
      unitPrice: 6050,
      vatRate: 23,
      currency: 'PLN',
    },
  ]);
});

test('a new item is addressed from the profile and listed priced, with VAT rounded per line', async () => {
  const headers = await patient(await createOrganization(db), {
    name: null,
    street: 'Polna 5',
    zipCode: '31-000',
    city: 'Kraków',
    post: null,
    phone: null,
  });
  const added = await addItem(headers, { elements: complete.elements });
  assert.equal(added.status, 'IN_CART');
  assert.deepEqual(added.deliveryInfo, {
    name: 'Maria Wiśniewska',
    street: 'Polna 5',
    zipCode: '31-000',
    city: 'Kraków',
  });
  assert.deepEqual(added.billingInfo, { name: 'Maria Wiśniewska' });
  // 120,00 + 8% and 3 × 60,50 + 23% (41,745 rounded to 41,75).
  assert.deepEqual(
    added.lines.map(({ testType, net, vat, gross }) => ({ testType, net, vat, gross })),
    [
      { testType: 'SMELLTASTE_TEST', net: 12000, vat: 960, gross: 12960 },
      { testType: 'TASTE_TEST', net: 18150, vat: 4175, gross: 22325 },
    ],
  );
  assert.deepEqual(added.totals, { net: 30150, vat: 5135, gross: 35285, currency: 'PLN' });
  assert.equal(added.orderedAt, null);
  assert.deepEqual(await myCart(headers), [added]);
});

test('without an address on the profile the item starts with the name only', async () => {
  const headers = await patient(await createOrganization(db));
  const added = await addItem(headers);
  assert.deepEqual(added.deliveryInfo, { name: 'Maria Wiśniewska', street: '', zipCode: '', city: '' });
});

test('an item is edited, and removed from the cart', async () => {
  const headers = await patient(await createOrganization(db));
  const first = await addItem(headers);
  const second = await addItem(headers);
  const edited = await call('PUT', `/api/cart/${first.id}`, headers, {
    ...complete,
    deliveryInfo: { ...complete.deliveryInfo, city: '  Warszawa  ' },
  });
  assert.equal(edited.statusCode, 200, edited.body);
  const item = cartItem.parse(edited.json());
  assert.deepEqual(item.elements, complete.elements);
  assert.deepEqual(item.deliveryInfo, complete.deliveryInfo);
  // Newest first.
  assert.deepEqual(
    (await myCart(headers)).map((listed) => listed.id),
    [second.id, first.id],
  );

  assert.equal((await call('DELETE', `/api/cart/${second.id}`, headers)).statusCode, 204);
  assert.deepEqual(
    (await myCart(headers)).map((listed) => listed.id),
    [first.id],
  );
  expectApiError(await call('DELETE', `/api/cart/${second.id}`, headers), 404, 'cart-item-not-found');
});

test('invalid elements, amounts and zip codes are refused with Polish messages naming the field', async () => {
  const headers = await patient(await createOrganization(db));
  const cases: [object, string, string][] = [
    [{ elements: [] }, 'elements', NO_ELEMENTS_MESSAGE],
    [{ elements: [{ testType: 'SMELL_TEST', amount: 0 }] }, 'elements.0.amount', AMOUNT_MESSAGE],
    [{ elements: [{ testType: 'SMELL_TEST', amount: 100 }] }, 'elements.0.amount', AMOUNT_MESSAGE],
    [{ elements: [{ testType: 'SMELL_TEST', amount: 1.5 }] }, 'elements.0.amount', AMOUNT_MESSAGE],
    [
      {
        elements: [
          { testType: 'SMELL_TEST', amount: 1 },
          { testType: 'SMELL_TEST', amount: 2 },
        ],
      },
      'elements',
      DUPLICATE_TEST_TYPE_MESSAGE,
    ],
    [
      { ...complete, deliveryInfo: { ...complete.deliveryInfo, zipCode: '00950' } },
      'deliveryInfo.zipCode',
      ZIP_FORMAT_MESSAGE,
    ],
  ];
  for (const [body, field, message] of cases) {
    const response = await call('POST', '/api/cart', headers, body);
    const error = expectApiError(response, 400, 'validation');
    assert.equal(error.fields?.[field], message, JSON.stringify(body));
  }
  const unknownType = await call('POST', '/api/cart', headers, {
    elements: [{ testType: 'SIGHT_TEST', amount: 1 }],
  });
  assert.ok(expectApiError(unknownType, 400, 'validation').fields?.['elements.0.testType']);

  const item = await addItem(headers);
  const badEdit = await call('PUT', `/api/cart/${item.id}`, headers, {
    ...complete,
    elements: [{ testType: 'SMELL_TEST', amount: 0 }],
  });
  assert.equal(expectApiError(badEdit, 400, 'validation').fields?.['elements.0.amount'], AMOUNT_MESSAGE);
  assert.deepEqual(await myCart(headers), [item]);
});

test('a kit missing from the price list is refused at its field, on adding and on editing', async () => {
  const headers = await patient(await createOrganization(db));
  const item = await addItem(headers);
  await db.deleteFrom('test_kit_prices').where('test_type', '=', 'TASTE_TEST').execute();

  const added = await call('POST', '/api/cart', headers, complete);
  assert.deepEqual(expectApiError(added, 400, 'validation').fields, {
    'elements.1.testType': KIT_NOT_OFFERED_MESSAGE,
  });
  const edited = await call('PUT', `/api/cart/${item.id}`, headers, complete);
  assert.deepEqual(expectApiError(edited, 400, 'validation').fields, {
    'elements.1.testType': KIT_NOT_OFFERED_MESSAGE,
  });
  assert.deepEqual(await myCart(headers), [item]);
});

test('buying needs a complete delivery address', async () => {
  const headers = await patient(await createOrganization(db));
  const item = await addItem(headers);
  const refused = expectApiError(
    await call('PUT', `/api/cart/${item.id}/buy`, headers),
    409,
    'incomplete-delivery-address',
  );
  assert.equal(refused.message, INCOMPLETE_ADDRESS_MESSAGE);
  for (const part of ['name', 'street', 'zipCode', 'city'] as const) {
    const missing = { ...complete, deliveryInfo: { ...complete.deliveryInfo, [part]: '   ' } };
    assert.equal((await call('PUT', `/api/cart/${item.id}`, headers, missing)).statusCode, 200);
    expectApiError(
      await call('PUT', `/api/cart/${item.id}/buy`, headers),
      409,
      'incomplete-delivery-address',
    );
  }
  assert.equal((await myCart(headers)).length, 1);
  assert.equal((await myOrders(headers)).totalElements, 0);
});

test('a bought item leaves the cart for the orders, keeps its prices, and cannot be bought, edited or removed again', async () => {
  const headers = await patient(await createOrganization(db));
  const item = await addItem(headers);
  assert.equal((await call('PUT', `/api/cart/${item.id}`, headers, complete)).statusCode, 200);

  now = new Date('2026-06-11T08:30:00Z');
  const bought = await call('PUT', `/api/cart/${item.id}/buy`, headers);
  assert.equal(bought.statusCode, 200, bought.body);
  const order = cartItem.parse(bought.json());
  assert.equal(order.status, 'ORDERED');
  assert.equal(order.orderedAt, '2026-06-11T08:30:00.000Z');
  assert.deepEqual(order.totals, { net: 30150, vat: 5135, gross: 35285, currency: 'PLN' });

  assert.deepEqual(await myCart(headers), []);
  // A later price change does not touch what was bought.
  await db.updateTable('test_kit_prices').set({ unit_price: 99900 }).execute();
  assert.deepEqual((await myOrders(headers)).content, [order]);

  expectApiError(await call('PUT', `/api/cart/${item.id}/buy`, headers), 409, 'cart-item-already-ordered');
  expectApiError(
    await call('PUT', `/api/cart/${item.id}`, headers, complete),
    409,
    'cart-item-already-ordered',
  );
  expectApiError(await call('DELETE', `/api/cart/${item.id}`, headers), 409, 'cart-item-already-ordered');
});

test('orders are paged, latest purchase first', async () => {
  const headers = await patient(await createOrganization(db));
  const ids: number[] = [];
  for (const day of [11, 12, 13]) {
    const item = await addItem(headers, complete);
    now = new Date(`2026-06-${day}T09:00:00Z`);
    assert.equal((await call('PUT', `/api/cart/${item.id}/buy`, headers)).statusCode, 200);
    ids.push(item.id);
  }
  const firstPage = await myOrders(headers, '?page=0&pageSize=2');
  assert.deepEqual(
    firstPage.content.map((order) => order.id),
    [ids[2], ids[1]],
  );
  assert.equal(firstPage.totalElements, 3);
  const secondPage = await myOrders(headers, '?page=1&pageSize=2');
  assert.deepEqual(
    secondPage.content.map((order) => order.id),
    [ids[0]],
  );
  const oldestFirst = await myOrders(headers, '?sortBy=orderedAt');
  assert.deepEqual(
    oldestFirst.content.map((order) => order.id),
    ids,
  );
  expectApiError(await call('GET', '/api/orders?sortBy=price', headers), 400, 'validation');
});

test("another patient, of the same organization or another, neither sees nor touches someone's cart", async () => {
  const organizationId = await createOrganization(db);
  const owner = await patient(organizationId);
  const neighbour = await patient(organizationId);
  const stranger = await patient(await createOrganization(db, { name: 'Inna' }));
  const item = await addItem(owner, complete);
  const ordered = await addItem(owner, complete);
  assert.equal((await call('PUT', `/api/cart/${ordered.id}/buy`, owner)).statusCode, 200);

  for (const other of [neighbour, stranger]) {
    assert.deepEqual(await myCart(other), []);
    assert.equal((await myOrders(other)).totalElements, 0);
    expectApiError(await call('PUT', `/api/cart/${item.id}`, other, complete), 404, 'cart-item-not-found');
    expectApiError(await call('DELETE', `/api/cart/${item.id}`, other), 404, 'cart-item-not-found');
    expectApiError(await call('PUT', `/api/cart/${item.id}/buy`, other), 404, 'cart-item-not-found');
    expectApiError(await call('PUT', `/api/cart/${ordered.id}/buy`, other), 404, 'cart-item-not-found');
  }
  assert.deepEqual(
    (await myCart(owner)).map((listed) => listed.id),
    [item.id],
  );
});

test('staff have no cart: the calls are forbidden to them', async () => {
  const organizationId = await createOrganization(db);
  await createUser(db, { email: 'lekarz@cart.test', authorities: 'ROLE_EDITOR', organizationId });
  const doctor = await signInFromNewAddress(app, { email: 'lekarz@cart.test' });
  expectApiError(await call('GET', '/api/cart', doctor), 403, 'forbidden');
  expectApiError(await call('POST', '/api/cart', doctor, complete), 403, 'forbidden');
  expectApiError(await call('GET', '/api/orders', doctor), 403, 'forbidden');
  expectApiError(await call('GET', '/api/cart/price_list', doctor), 403, 'forbidden');
});
