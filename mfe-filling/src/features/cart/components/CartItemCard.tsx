import {
  Body1,
  Button,
  makeStyles,
  mergeClasses,
  Spinner,
  Subtitle2,
  Text,
  Title3,
  tokens,
} from '@fluentui/react-components';
import { WarningRegular } from '@fluentui/react-icons/svg/warning';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm, useWatch, type FieldPath } from 'react-hook-form';
import * as z from 'zod/mini';
import { apiErrorOf } from 'shared-ui/api-client';
import { ConfirmDialog, TextField } from 'shared-ui/components';
import { useApiClient, useShell } from 'shared-ui/remote';
import {
  billingInfo,
  deliveryInfo,
  INCOMPLETE_ADDRESS_MESSAGE,
  isDeliveryComplete,
  PURCHASE_IN_PROGRESS_MESSAGE,
  type CartItem,
} from '@formularze/domain/schemas/cart';
import { formatZipCode, STREET_HINT } from '@formularze/domain/schemas/profile';
import { cartQuery, removeCartItem, updateCartItem } from '../api';
import { usePurchase } from '../hooks/usePurchase';
import { formatDateTime } from '@formularze/domain/schemas/display-format';
import { PricedLinesTable } from './PricedLinesTable';

const useStyles = makeStyles({
  item: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalL,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  // Status tokens: the high-contrast theme maps them to its own colours.
  incomplete: {
    border: `${tokens.strokeWidthThick} solid ${tokens.colorStatusWarningBorder2}`,
    backgroundColor: tokens.colorStatusWarningBackground1,
  },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  fieldset: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(16em, 1fr))',
    gap: tokens.spacingHorizontalM,
    margin: 0,
    padding: 0,
    border: 'none',
  },
  legend: { padding: 0, marginBottom: tokens.spacingVerticalS },
  tip: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    color: tokens.colorStatusWarningForeground3,
    fontWeight: tokens.fontWeightSemibold,
  },
  actions: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
});

export const CART_ITEM_SAVED_MESSAGE = 'Zapisano dane zamówienia';
export const CART_ITEM_REMOVED_MESSAGE = 'Usunięto pozycję z koszyka';

const addressForm = z.object({ deliveryInfo, billingInfo });
type AddressForm = z.infer<typeof addressForm>;

const failure = (what: string, error: unknown) =>
  `${what} (${apiErrorOf(error)?.message ?? 'brak połączenia z serwerem'})`;

/**
 * One cart item: its kits and prices, the editable delivery and billing data, and 'Kup', which
 * stays unavailable (the item highlighted, with a tip) while the delivery address is incomplete.
 */
export function CartItemCard({ item, position }: { item: CartItem; position: number }) {
  const styles = useStyles();
  const shell = useShell();
  const client = useApiClient();
  const queryClient = useQueryClient();
  const headingId = useId();
  const tipId = useId();
  const [confirmingRemoval, setConfirmingRemoval] = useState(false);
  const { control, handleSubmit, reset, setError, formState } = useForm<AddressForm>({
    resolver: zodResolver(addressForm),
    defaultValues: { deliveryInfo: item.deliveryInfo, billingInfo: item.billingInfo },
  });
  const complete = isDeliveryComplete(useWatch({ control, name: 'deliveryInfo' }));
  const payload = (values: AddressForm) => ({ elements: item.elements, ...values });

  const showFieldErrors = (error: unknown) => {
    const fields = apiErrorOf(error)?.fields;
    Object.entries(fields ?? {}).forEach(([field, message]) =>
      setError(field as FieldPath<AddressForm>, { message }),
    );
  };

  const save = useMutation({
    mutationFn: (values: AddressForm) => updateCartItem(client, item.id, payload(values)),
    onSuccess: (saved) => {
      reset({ deliveryInfo: saved.deliveryInfo, billingInfo: saved.billingInfo });
      shell.alerts.show({ text: CART_ITEM_SAVED_MESSAGE });
      return queryClient.invalidateQueries({ queryKey: cartQuery(client).queryKey });
    },
    onError: (error) => {
      showFieldErrors(error);
      shell.alerts.show({ text: failure('Nie udało się zapisać danych', error), isError: true });
    },
  });

  const purchase = usePurchase(item.id);

  const remove = useMutation({
    mutationFn: () => removeCartItem(client, item.id),
    onSuccess: () => {
      shell.alerts.show({ text: CART_ITEM_REMOVED_MESSAGE });
      return queryClient.invalidateQueries({ queryKey: cartQuery(client).queryKey });
    },
    onError: (error) =>
      shell.alerts.show({ text: failure('Nie udało się usunąć pozycji', error), isError: true }),
    onSettled: () => setConfirmingRemoval(false),
  });

  const busy = save.isPending || purchase.isPending || remove.isPending;
  const buy = handleSubmit((values) => purchase.mutate(formState.isDirty ? payload(values) : null));

  return (
    <section
      className={mergeClasses(styles.item, !complete && styles.incomplete)}
      aria-labelledby={headingId}
    >
      <Title3 as="h3" id={headingId}>
        Pozycja koszyka {position}
      </Title3>
      <Body1>Dodano {formatDateTime(item.createdAt)}</Body1>
      <PricedLinesTable item={item} label={`Zestawy testowe, pozycja ${position}`} />
      <form
        className={styles.form}
        noValidate
        aria-labelledby={headingId}
        onSubmit={handleSubmit((values) => save.mutate(values))}
      >
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>
            <Subtitle2>Dane dostawy</Subtitle2>
          </legend>
          <TextField
            control={control}
            name="deliveryInfo.name"
            label="Imię i nazwisko odbiorcy"
            autoComplete="name"
            required
          />
          <TextField
            control={control}
            name="deliveryInfo.street"
            label="Ulica i numer"
            hint={STREET_HINT}
            autoComplete="street-address"
            required
          />
          <TextField
            control={control}
            name="deliveryInfo.zipCode"
            label="Kod pocztowy"
            placeholder="00-000"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={6}
            format={formatZipCode}
            required
          />
          <TextField
            control={control}
            name="deliveryInfo.city"
            label="Miejscowość"
            autoComplete="address-level2"
            required
          />
        </fieldset>
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>
            <Subtitle2>Dane do faktury</Subtitle2>
          </legend>
          <TextField control={control} name="billingInfo.name" label="Nabywca (imię i nazwisko lub firma)" />
        </fieldset>
        {!complete && (
          <Text id={tipId} className={styles.tip}>
            <WarningRegular aria-hidden />
            {INCOMPLETE_ADDRESS_MESSAGE}
          </Text>
        )}
        <div className={styles.actions}>
          <Button type="submit" disabled={!formState.isDirty || busy}>
            Zapisz
          </Button>
          {/* Focusable while unavailable, so a screen reader finds it together with the tip. */}
          <Button
            appearance="primary"
            disabledFocusable={!complete || busy}
            aria-describedby={complete ? undefined : tipId}
            onClick={() => void buy()}
          >
            Kup
          </Button>
          <Button disabled={busy} onClick={() => setConfirmingRemoval(true)}>
            Usuń
          </Button>
          <div role="status">
            {purchase.isPending && <Spinner size="small" label={PURCHASE_IN_PROGRESS_MESSAGE} />}
          </div>
        </div>
      </form>
      <ConfirmDialog
        open={confirmingRemoval}
        title="Usunąć pozycję z koszyka?"
        confirmLabel="Usuń"
        busy={remove.isPending}
        onConfirm={() => remove.mutate()}
        onCancel={() => setConfirmingRemoval(false)}
      >
        Pozycja koszyka {position} zostanie usunięta razem z danymi dostawy.
      </ConfirmDialog>
    </section>
  );
}
