import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiErrorOf } from 'shared-ui/api-client';
import { useApiClient, useShell } from 'shared-ui/remote';
import { FILLING_ROUTES, pathTo } from '@formularze/domain/schemas';
import { PURCHASE_DELAY_MS, type CartItemPayload } from '@formularze/domain/schemas/cart';
import { buyCartItem, cartQuery, ORDERS_KEY, updateCartItem } from '../api';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Buys a cart item (§2): unsaved edits of it are saved first, then it is bought, and after
 * PURCHASE_DELAY_MS of 'Dokonywanie zakupu' the orders open. `isPending` covers all of it.
 */
export function usePurchase(itemId: number) {
  const shell = useShell();
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (unsavedChanges: CartItemPayload | null) => {
      if (unsavedChanges) await updateCartItem(client, itemId, unsavedChanges);
      const order = await buyCartItem(client, itemId);
      await pause(PURCHASE_DELAY_MS);
      return order;
    },
    onSuccess: () => {
      shell.navigate(pathTo(FILLING_ROUTES.orders));
      // After leaving: refetched here, the cart would flash empty before the orders open.
      void queryClient.invalidateQueries({ queryKey: cartQuery(client).queryKey });
      void queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
    },
    onError: (error) =>
      shell.alerts.show({
        text: `Zakup nie powiódł się (${apiErrorOf(error)?.message ?? 'brak połączenia z serwerem'})`,
        isError: true,
      }),
  });
}
