import {
  ALREADY_ORDERED_MESSAGE,
  CART_ITEM_NOT_FOUND_MESSAGE,
  INCOMPLETE_ADDRESS_MESSAGE,
} from '@formularze/domain/schemas/cart';
import { AppError } from '../core/errors';

/** The refusals of the cart; the screens show their messages. */
export const cartItemNotFound = () => new AppError(404, CART_ITEM_NOT_FOUND_MESSAGE, 'cart-item-not-found');
export const alreadyOrdered = () => new AppError(409, ALREADY_ORDERED_MESSAGE, 'cart-item-already-ordered');
export const incompleteAddress = () =>
  new AppError(409, INCOMPLETE_ADDRESS_MESSAGE, 'incomplete-delivery-address');

/** A kit type the price list does not offer (named at its `elements.N.testType`). */
export const KIT_NOT_OFFERED_MESSAGE = 'Ten zestaw nie jest w sprzedaży';
