import * as z from 'zod/mini';
import { pagingQuery } from './paging';
import { ZIP_FORMAT_MESSAGE, zipCodeIssue } from './profile';

/**
 * Test-kit ordering (§2 "Cart and test kits", §3 "Cart item", §7 "Cart", §9 purchase delay). A
 * patient picks kits on `/test-kit` (`POST /api/cart`), completes the delivery address and buys in
 * `/shopping-cart` (`PUT /api/cart/{id}`, `PUT /api/cart/{id}/buy`), and sees what was bought on
 * `/orders` (`GET /api/orders`). Amounts of money are integers in the currency's minor unit
 * (grosze); prices are net, VAT is added per line.
 */

export const TEST_TYPES = ['SMELLTASTE_TEST', 'SMELL_TEST', 'TASTE_TEST'] as const;
export const testType = z.enum(TEST_TYPES);
export type TestType = z.infer<typeof testType>;

export const TEST_TYPE_LABELS: Record<TestType, string> = {
  SMELLTASTE_TEST: 'Węch i smak',
  SMELL_TEST: 'Węch',
  TASTE_TEST: 'Smak',
};

/** §4: 'Dokonywanie zakupu' stays on screen this long after the purchase before `/orders` opens (§9). */
export const PURCHASE_DELAY_MS = 500;

export const MIN_KIT_AMOUNT = 1;
export const MAX_KIT_AMOUNT = 99;
export const AMOUNT_MESSAGE = `Podaj liczbę sztuk od ${MIN_KIT_AMOUNT} do ${MAX_KIT_AMOUNT}`;
export const NO_ELEMENTS_MESSAGE = 'Wybierz co najmniej jeden test';
export const DUPLICATE_TEST_TYPE_MESSAGE = 'Każdy rodzaj testu może wystąpić tylko raz';
export const INCOMPLETE_ADDRESS_MESSAGE = 'Uzupełnij dane adresowe';
export const ALREADY_ORDERED_MESSAGE = 'Ta pozycja koszyka została już zamówiona';
export const CART_ITEM_NOT_FOUND_MESSAGE = 'Nie znaleziono pozycji koszyka';
export const PURCHASE_IN_PROGRESS_MESSAGE = 'Dokonywanie zakupu';

const text = (max: number) =>
  z.string().check(z.trim(), z.maxLength(max, `To pole może mieć najwyżej ${max} znaków`));

export const cartElement = z.object({
  testType,
  amount: z
    .number(AMOUNT_MESSAGE)
    .check(
      z.int(AMOUNT_MESSAGE),
      z.minimum(MIN_KIT_AMOUNT, AMOUNT_MESSAGE),
      z.maximum(MAX_KIT_AMOUNT, AMOUNT_MESSAGE),
    ),
});
export type CartElement = z.infer<typeof cartElement>;

export const cartElements = z.array(cartElement).check(
  z.minLength(1, NO_ELEMENTS_MESSAGE),
  z.refine<CartElement[]>(
    (elements) => new Set(elements.map((element) => element.testType)).size === elements.length,
    DUPLICATE_TEST_TYPE_MESSAGE,
  ),
);

/** Where the kits go. Parts may stay empty in the cart; buying needs them all (`isDeliveryComplete`). */
export const deliveryInfo = z.object({
  name: text(200),
  street: text(200),
  zipCode: z.string().check(
    z.trim(),
    z.refine<string>((zipCode) => zipCodeIssue(zipCode) === null, ZIP_FORMAT_MESSAGE),
  ),
  city: text(100),
});
export type DeliveryInfo = z.infer<typeof deliveryInfo>;

/** Who the invoice is made out to. */
export const billingInfo = z.object({ name: text(200) });
export type BillingInfo = z.infer<typeof billingInfo>;

/** `PUT /api/cart/{id}`: the whole item as edited in the cart. */
export const cartItemPayload = z.object({ elements: cartElements, deliveryInfo, billingInfo });
export type CartItemPayload = z.infer<typeof cartItemPayload>;

/** `POST /api/cart`: without delivery or billing data the server fills them from the profile. */
export const newCartItemPayload = z.object({
  elements: cartElements,
  deliveryInfo: z.optional(deliveryInfo),
  billingInfo: z.optional(billingInfo),
});
export type NewCartItemPayload = z.infer<typeof newCartItemPayload>;

export function isDeliveryComplete(delivery: DeliveryInfo): boolean {
  return [delivery.name, delivery.street, delivery.zipCode, delivery.city].every(
    (part) => part.trim() !== '',
  );
}

/* ------------------------------------------------------------------ prices */

/** The price of one kit: the first (current) price of the product. */
export const kitPrice = z.object({
  testType,
  /** Net, in the currency's minor unit. */
  unitPrice: z.number(),
  /** Percent, e.g. 8. */
  vatRate: z.number(),
  /** ISO 4217, e.g. PLN. */
  currency: z.string(),
});
export type KitPrice = z.infer<typeof kitPrice>;

/** `GET /api/cart/price_list`: every kit, in the order the test-kit page shows them. */
export const priceListEntry = z.extend(kitPrice, { name: z.string(), description: z.string() });
export type PriceListEntry = z.infer<typeof priceListEntry>;
export const priceList = z.array(priceListEntry);

export const pricedLine = z.extend(kitPrice, {
  amount: z.number(),
  net: z.number(),
  vat: z.number(),
  gross: z.number(),
});
export type PricedLine = z.infer<typeof pricedLine>;

export const cartTotals = z.object({
  net: z.number(),
  vat: z.number(),
  gross: z.number(),
  currency: z.string(),
});
export type CartTotals = z.infer<typeof cartTotals>;

/**
 * The elements priced with `prices`: net = unit price × amount, VAT rounded per line to the
 * minor unit. All kits share one currency; a price list mixing currencies is a data error.
 */
export function priceElements(
  elements: readonly CartElement[],
  prices: readonly KitPrice[],
): { lines: PricedLine[]; totals: CartTotals } {
  const lines = elements.map((element): PricedLine => {
    const price = prices.find((candidate) => candidate.testType === element.testType);
    if (!price) throw new Error(`No price for ${element.testType}`);
    const net = price.unitPrice * element.amount;
    const vat = Math.round((net * price.vatRate) / 100);
    return { ...price, amount: element.amount, net, vat, gross: net + vat };
  });
  const currencies = new Set(lines.map((line) => line.currency));
  if (currencies.size > 1) {
    throw new Error(`Kits priced in several currencies: ${[...currencies].join(', ')}`);
  }
  const sum = (part: 'net' | 'vat' | 'gross') => lines.reduce((total, line) => total + line[part], 0);
  return {
    lines,
    totals: {
      net: sum('net'),
      vat: sum('vat'),
      gross: sum('gross'),
      currency: lines[0]?.currency ?? prices[0]?.currency ?? 'PLN',
    },
  };
}

/** An amount in minor units as Polish users read it, e.g. `129,60 zł`. */
export function formatMoney(minorUnits: number, currency: string): string {
  return new Intl.NumberFormat('pl-PL', { style: 'currency', currency }).format(minorUnits / 100);
}

/* ------------------------------------------------------------- cart items */

export const CART_ITEM_STATUSES = ['IN_CART', 'ORDERED'] as const;
export const cartItemStatus = z.enum(CART_ITEM_STATUSES);
export type CartItemStatus = z.infer<typeof cartItemStatus>;
export const CART_ITEM_STATUS_LABELS: Record<CartItemStatus, string> = {
  IN_CART: 'W koszyku',
  ORDERED: 'Przyjęte do realizacji',
};

/** A cart item (`GET /api/cart`) or, once bought, an order (`GET /api/orders`, priced as bought). */
export const cartItem = z.object({
  id: z.number(),
  status: cartItemStatus,
  elements: z.array(z.object({ testType, amount: z.number() })),
  deliveryInfo: z.object({ name: z.string(), street: z.string(), zipCode: z.string(), city: z.string() }),
  billingInfo: z.object({ name: z.string() }),
  lines: z.array(pricedLine),
  totals: cartTotals,
  createdAt: z.string(),
  /** When it was bought; null while in the cart. */
  orderedAt: z.nullable(z.string()),
});
export type CartItem = z.infer<typeof cartItem>;
export const cartItemList = z.array(cartItem);

/** `/api/cart/{id}`: ids are PostgreSQL integers. */
export const cartItemParams = z.object({
  id: z.coerce.number().check(z.int(), z.positive(), z.maximum(2_147_483_647)),
});

/** `GET /api/orders`: newest first unless asked otherwise. */
export const ordersListQuery = pagingQuery(['orderedAt']);
export const ORDER_PAGE_SIZES = [10, 25, 50] as const;
export const DEFAULT_ORDER_PAGE_SIZE = 10;
