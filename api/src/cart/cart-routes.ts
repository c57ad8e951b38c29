import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { apiError } from '@formularze/domain/schemas';
import {
  cartItem,
  cartItemList,
  cartItemParams,
  cartItemPayload,
  newCartItemPayload,
  ordersListQuery,
  priceList,
} from '@formularze/domain/schemas/cart';
import { pagedResponse, pageRequest } from '@formularze/domain/schemas/paging';
import type { Clock } from '../core/clock';
import { signedInPerson } from '../auth/session-guard';
import type { Database } from '../db/schema';
import { cartItemNotFound } from './cart-errors';
import {
  addCartItem,
  buyCartItem,
  listCart,
  listOrders,
  listPriceList,
  removeCartItem,
  updateCartItem,
  type CartCaller,
} from './cart-repository';

const tags = ['cart'];
/** Picking kits: the test-kit page's permission; the cart and orders have their own (§2, §6). */
const testKits = { permission: 'test-kit:page' } as const;
const cart = { permission: 'shopping-cart:page' } as const;
const orders = { permission: 'orders-page:view' } as const;
const refusals = { 400: apiError, 404: apiError, 409: apiError };

/** The signed-in person's own cart; without an organization there is none. */
function cartCaller(request: FastifyRequest): CartCaller {
  const { userId, organizationId } = signedInPerson(request);
  if (organizationId === null) throw cartItemNotFound();
  return { userId, organizationId };
}

/**
 * Test-kit ordering (§7 "Cart" and the paths it leaves open): the price list, the caller's cart
 * items (add, edit, remove, buy) and their orders. Every item is its owner's alone.
 */
export const cartRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database>; clock: Clock }> = async (
  app,
  { db, clock },
) => {
  app.get(
    '/api/cart/price_list',
    { config: { access: testKits }, schema: { tags, response: { 200: priceList } } },
    async () => listPriceList(db),
  );

  app.get(
    '/api/cart',
    { config: { access: cart }, schema: { tags, response: { 200: cartItemList } } },
    async (request) => listCart(db, cartCaller(request)),
  );

  app.post(
    '/api/cart',
    {
      config: { access: testKits },
      schema: { tags, body: newCartItemPayload, response: { 201: cartItem, 400: apiError } },
    },
    async (request, reply) => {
      const caller = cartCaller(request);
      const added = await addCartItem(db, { caller, payload: request.body });
      request.log.info({ userId: caller.userId, cartItemId: added.id }, 'cart item added');
      return reply.status(201).send(added);
    },
  );

  app.put(
    '/api/cart/:id',
    {
      config: { access: cart },
      schema: {
        tags,
        params: cartItemParams,
        body: cartItemPayload,
        response: { 200: cartItem, ...refusals },
      },
    },
    async (request) =>
      updateCartItem(db, {
        caller: cartCaller(request),
        id: request.params.id,
        payload: request.body,
        now: clock(),
      }),
  );

  app.delete(
    '/api/cart/:id',
    {
      config: { access: cart },
      schema: { tags, params: cartItemParams, response: { 204: z.undefined(), ...refusals } },
    },
    async (request, reply) => {
      const caller = cartCaller(request);
      await removeCartItem(db, { caller, id: request.params.id });
      request.log.info({ userId: caller.userId, cartItemId: request.params.id }, 'cart item removed');
      return reply.status(204).send();
    },
  );

  app.put(
    '/api/cart/:id/buy',
    {
      config: { access: cart },
      schema: { tags, params: cartItemParams, response: { 200: cartItem, ...refusals } },
    },
    async (request) => {
      const caller = cartCaller(request);
      const order = await buyCartItem(db, { caller, id: request.params.id, now: clock() });
      request.log.info(
        { userId: caller.userId, cartItemId: order.id, total: order.totals.gross },
        'kits bought',
      );
      return order;
    },
  );

  app.get(
    '/api/orders',
    {
      config: { access: orders },
      schema: {
        tags,
        querystring: ordersListQuery,
        response: { 200: pagedResponse(cartItem), 400: apiError },
      },
    },
    async (request) =>
      listOrders(db, { caller: cartCaller(request), page: pageRequest(request.query, '-orderedAt') }),
  );
};
