import type { ReactElement } from 'react';
import { aFakeApiClient, aPerson, renderInRemote } from 'shared-ui/testing';
import {
  formatMoney,
  priceElements,
  type CartElement,
  type CartItem,
  type DeliveryInfo,
  type PriceListEntry,
} from '@formularze/domain/schemas/cart';

/** The API as the screens see it: one fake client, answers set per test. */
export const api = aFakeApiClient();

/** Renders a cart screen at `path` for a patient; returns the shell's alerts, navigation and title. */
export function renderCartScreen(ui: ReactElement, path: string) {
  const show = jest.fn(() => 'alert');
  const navigate = jest.fn();
  const setTitle = jest.fn();
  renderInRemote('mfe-filling', ui, {
    path,
    person: aPerson('ROLE_USER'),
    shell: { alerts: { show, dismiss: jest.fn() }, navigate, page: { setTitle } },
    api,
  });
  return { show, navigate, setTitle };
}

export const PRICES: PriceListEntry[] = [
  {
    testType: 'SMELLTASTE_TEST',
    name: 'Węch i smak',
    description: 'Próbki zapachowe i smakowe',
    unitPrice: 12000,
    vatRate: 8,
    currency: 'PLN',
  },
  {
    testType: 'SMELL_TEST',
    name: 'Węch',
    description: 'Próbki zapachowe',
    unitPrice: 7000,
    vatRate: 8,
    currency: 'PLN',
  },
  {
    testType: 'TASTE_TEST',
    name: 'Smak',
    description: 'Próbki smakowe',
    unitPrice: 6000,
    vatRate: 8,
    currency: 'PLN',
  },
];

export const FULL_ADDRESS: DeliveryInfo = {
  name: 'Maria Wiśniewska',
  street: 'Jasna 1A/3',
  zipCode: '00-950',
  city: 'Warszawa',
};

/** A cart item priced like the server does it. */
export function aCartItem({
  id = 1,
  elements = [{ testType: 'SMELLTASTE_TEST', amount: 2 }],
  deliveryInfo = FULL_ADDRESS,
  orderedAt = null,
}: {
  id?: number;
  elements?: CartElement[];
  deliveryInfo?: DeliveryInfo;
  orderedAt?: string | null;
} = {}): CartItem {
  return {
    id,
    status: orderedAt ? 'ORDERED' : 'IN_CART',
    elements,
    deliveryInfo,
    billingInfo: { name: 'Maria Wiśniewska' },
    ...priceElements(elements, PRICES),
    createdAt: '2026-06-10T10:00:00.000Z',
    orderedAt,
  };
}

/** An amount in złoty as Testing Library reads it (it turns the non-breaking space into a space). */
export const zloty = (grosze: number) => formatMoney(grosze, 'PLN').replace(/\s/g, ' ');
