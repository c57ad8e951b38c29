/** Test kits: prices, the cart and orders. */
export { cartRoutes as cartPlugin } from './cart-routes';
