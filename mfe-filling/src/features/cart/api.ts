import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from 'shared-ui/api-client';
import {
  cartItem,
  cartItemList,
  priceList,
  type CartItem,
  type CartItemPayload,
  type NewCartItemPayload,
} from '@formularze/domain/schemas/cart';
import { pagedResponse } from '@formularze/domain/schemas/paging';

const orderPage = pagedResponse(cartItem);

export const priceListQuery = (client: ApiClient) =>
  queryOptions({
    queryKey: ['cart', 'price-list'],
    queryFn: async () => priceList.parse((await client.get('/api/cart/price_list')).data),
  });

export const cartQuery = (client: ApiClient) =>
  queryOptions({
    queryKey: ['cart', 'items'],
    queryFn: async () => cartItemList.parse((await client.get('/api/cart')).data),
  });

/** Every page of the orders list shares this key's prefix. */
export const ORDERS_KEY = ['cart', 'orders'] as const;

export const ordersQuery = (client: ApiClient, { page, pageSize }: { page: number; pageSize: number }) =>
  queryOptions({
    queryKey: [...ORDERS_KEY, page, pageSize],
    queryFn: async () =>
      orderPage.parse((await client.get('/api/orders', { params: { page, pageSize } })).data),
  });

export async function addToCart(client: ApiClient, payload: NewCartItemPayload): Promise<CartItem> {
  return cartItem.parse((await client.post('/api/cart', payload)).data);
}

export async function updateCartItem(
  client: ApiClient,
  id: number,
  payload: CartItemPayload,
): Promise<CartItem> {
  return cartItem.parse((await client.put(`/api/cart/${id}`, payload)).data);
}

export async function removeCartItem(client: ApiClient, id: number): Promise<void> {
  await client.delete(`/api/cart/${id}`);
}

export async function buyCartItem(client: ApiClient, id: number): Promise<CartItem> {
  return cartItem.parse((await client.put(`/api/cart/${id}/buy`)).data);
}
