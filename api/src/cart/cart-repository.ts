import type { Kysely, Selectable, Transaction } from 'kysely';
import {
  isDeliveryComplete,
  priceElements,
  TEST_TYPE_LABELS,
  type CartItem,
  type CartItemPayload,
  type KitPrice,
  type NewCartItemPayload,
  type PriceListEntry,
} from '@formularze/domain/schemas/cart';
import type { PageRequest, Paged } from '@formularze/domain/schemas/paging';
import type { CartItemsTable, Database } from '../db/schema';
import { InvalidFieldsError } from '../core/errors';
import { alreadyOrdered, cartItemNotFound, incompleteAddress, KIT_NOT_OFFERED_MESSAGE } from './cart-errors';

type Db = Kysely<Database> | Transaction<Database>;

/** A patient acting on their own cart: nobody reads or changes another person's items. */
export interface CartCaller {
  userId: number;
  organizationId: number;
}

/** `GET /api/cart/price_list`: the kits in the test-kit page's order. */
export async function listPriceList(db: Db): Promise<PriceListEntry[]> {
  const rows = await db.selectFrom('test_kit_prices').selectAll().orderBy('position').execute();
  return rows.map((row) => ({
    testType: row.test_type,
    name: TEST_TYPE_LABELS[row.test_type],
    description: row.description,
    unitPrice: row.unit_price,
    vatRate: row.vat_rate,
    currency: row.currency,
  }));
}

async function currentPrices(db: Db): Promise<KitPrice[]> {
  return (await listPriceList(db)).map(({ testType, unitPrice, vatRate, currency }) => ({
    testType,
    unitPrice,
    vatRate,
    currency,
  }));
}

/**
 * Today's prices, once every kit of `elements` has one: the enum admits every kit type, but only
 * those on the price list are sold (an item naming another could never be priced or shown).
 */
async function pricesOfOffered(db: Db, elements: CartItemPayload['elements']): Promise<KitPrice[]> {
  const prices = await currentPrices(db);
  const unpriced: Record<string, string> = {};
  elements.forEach((element, index) => {
    if (!prices.some((price) => price.testType === element.testType)) {
      unpriced[`elements.${index}.testType`] = KIT_NOT_OFFERED_MESSAGE;
    }
  });
  if (Object.keys(unpriced).length > 0) throw new InvalidFieldsError(unpriced);
  return prices;
}

type CartItemRow = Selectable<CartItemsTable>;

/** Items in the cart are priced with today's prices, orders with the prices they were bought at. */
function toCartItem(row: CartItemRow, prices: readonly KitPrice[]): CartItem {
  return {
    id: row.id,
    status: row.status,
    elements: row.elements,
    deliveryInfo: row.delivery_info,
    billingInfo: row.billing_info,
    ...priceElements(row.elements, row.ordered_prices ?? prices),
    createdAt: row.created_at.toISOString(),
    orderedAt: row.ordered_at?.toISOString() ?? null,
  };
}

/** The caller's item, whatever its status; someone else's is as missing as one that never existed. */
async function ownItem(db: Db, caller: CartCaller, id: number, { forUpdate = false } = {}) {
  const row = await db
    .selectFrom('cart_items')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', caller.userId)
    .where('organization_id', '=', caller.organizationId)
    .$if(forUpdate, (query) => query.forUpdate())
    .executeTakeFirst();
  if (!row) throw cartItemNotFound();
  return row;
}

async function itemInCart(db: Db, caller: CartCaller, id: number, options?: { forUpdate: boolean }) {
  const row = await ownItem(db, caller, id, options);
  if (row.status !== 'IN_CART') throw alreadyOrdered();
  return row;
}

/** `GET /api/cart`: what the caller has not bought yet, newest first. */
export async function listCart(db: Kysely<Database>, caller: CartCaller): Promise<CartItem[]> {
  const rows = await db
    .selectFrom('cart_items')
    .selectAll()
    .where('user_id', '=', caller.userId)
    .where('organization_id', '=', caller.organizationId)
    .where('status', '=', 'IN_CART')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const prices = await currentPrices(db);
  return rows.map((row) => toCartItem(row, prices));
}

/**
 * The delivery and billing data a new item starts with: the profile's address, addressed to its
 * name or else to the person; the invoice in the person's name.
 */
async function profileDefaults(
  db: Kysely<Database>,
  caller: CartCaller,
): Promise<Pick<CartItemPayload, 'deliveryInfo' | 'billingInfo'>> {
  const person = await db
    .selectFrom('users')
    .select(['first_name', 'surname', 'address'])
    .where('id', '=', caller.userId)
    .executeTakeFirstOrThrow();
  const fullName = [person.first_name, person.surname].filter(Boolean).join(' ');
  const address = person.address ?? {};
  return {
    deliveryInfo: {
      name: address.name?.trim() || fullName,
      street: address.street ?? '',
      zipCode: address.zipCode ?? '',
      city: address.city ?? '',
    },
    billingInfo: { name: fullName },
  };
}

/** `POST /api/cart`: a new item; missing delivery or billing data comes from the profile. */
export async function addCartItem(
  db: Kysely<Database>,
  { caller, payload }: { caller: CartCaller; payload: NewCartItemPayload },
): Promise<CartItem> {
  const prices = await pricesOfOffered(db, payload.elements);
  const defaults = await profileDefaults(db, caller);
  const row = await db
    .insertInto('cart_items')
    .values({
      organization_id: caller.organizationId,
      user_id: caller.userId,
      elements: JSON.stringify(payload.elements),
      delivery_info: JSON.stringify(payload.deliveryInfo ?? defaults.deliveryInfo),
      billing_info: JSON.stringify(payload.billingInfo ?? defaults.billingInfo),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toCartItem(row, prices);
}

/** `PUT /api/cart/{id}`: the elements, delivery and billing data of an item still in the cart. */
export async function updateCartItem(
  db: Kysely<Database>,
  { caller, id, payload, now }: { caller: CartCaller; id: number; payload: CartItemPayload; now: Date },
): Promise<CartItem> {
  const prices = await pricesOfOffered(db, payload.elements);
  const row = await db.transaction().execute(async (trx) => {
    await itemInCart(trx, caller, id, { forUpdate: true });
    return trx
      .updateTable('cart_items')
      .set({
        elements: JSON.stringify(payload.elements),
        delivery_info: JSON.stringify(payload.deliveryInfo),
        billing_info: JSON.stringify(payload.billingInfo),
        updated_at: now,
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  return toCartItem(row, prices);
}

/** `DELETE /api/cart/{id}`: removes an item still in the cart; orders stay. */
export async function removeCartItem(
  db: Kysely<Database>,
  { caller, id }: { caller: CartCaller; id: number },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await itemInCart(trx, caller, id, { forUpdate: true });
    await trx.deleteFrom('cart_items').where('id', '=', id).execute();
  });
}

/**
 * `PUT /api/cart/{id}/buy`: the item becomes an order, with today's prices kept on it. Refused
 * while the delivery address is incomplete, and for an item already bought (also when two
 * purchases race: the row is locked).
 */
export async function buyCartItem(
  db: Kysely<Database>,
  { caller, id, now }: { caller: CartCaller; id: number; now: Date },
): Promise<CartItem> {
  return db.transaction().execute(async (trx) => {
    const item = await itemInCart(trx, caller, id, { forUpdate: true });
    if (!isDeliveryComplete(item.delivery_info)) throw incompleteAddress();
    const prices = (await currentPrices(trx)).filter((price) =>
      item.elements.some((element) => element.testType === price.testType),
    );
    const row = await trx
      .updateTable('cart_items')
      .set({ status: 'ORDERED', ordered_at: now, ordered_prices: JSON.stringify(prices), updated_at: now })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return toCartItem(row, prices);
  });
}

/** `GET /api/orders`: the caller's bought items, latest purchase first unless asked otherwise. */
export async function listOrders(
  db: Kysely<Database>,
  { caller, page }: { caller: CartCaller; page: PageRequest<'orderedAt'> },
): Promise<Paged<CartItem>> {
  const mine = db
    .selectFrom('cart_items')
    .where('user_id', '=', caller.userId)
    .where('organization_id', '=', caller.organizationId)
    .where('status', '=', 'ORDERED');
  const rows = await mine
    .selectAll()
    .orderBy('ordered_at', page.sort.descending ? 'desc' : 'asc')
    .orderBy('id', page.sort.descending ? 'desc' : 'asc')
    .limit(page.pageSize)
    .offset(page.page * page.pageSize)
    .execute();
  const { total } = await mine.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  return {
    // Orders carry the prices they were bought at.
    content: rows.map((row) => toCartItem(row, [])),
    totalElements: Number(total),
    page: page.page,
    pageSize: page.pageSize,
  };
}
