import {
  Body1,
  Button,
  Field,
  makeStyles,
  SpinButton,
  Text,
  Title2,
  Title3,
  tokens,
} from '@fluentui/react-components';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiErrorOf } from 'shared-ui/api-client';
import { AppLink, loadingTexts, QueryContent, usePageStyles } from 'shared-ui/components';
import { useApiClient, useShell } from 'shared-ui/remote';
import { FILLING_ROUTES, pathTo } from '@formularze/domain/schemas';
import {
  formatMoney,
  MAX_KIT_AMOUNT,
  priceElements,
  type CartElement,
  type PriceListEntry,
  type TestType,
} from '@formularze/domain/schemas/cart';
import { addToCart, cartQuery, priceListQuery } from '../api';

const useStyles = makeStyles({
  kits: {
    display: 'grid',
    // A card is at least 18em wide, or the whole width where that is less (a phone at the largest font).
    gridTemplateColumns: 'repeat(auto-fill, minmax(min(18em, 100%), 1fr))',
    gap: tokens.spacingHorizontalL,
    margin: 0,
    padding: 0,
    listStyleType: 'none',
  },
  kit: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalL,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  price: { fontWeight: tokens.fontWeightSemibold },
  summary: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalL },
});

export const ADDED_TO_CART_MESSAGE = 'Dodano do koszyka';

/** A typed or stepped amount, kept within 0..99 (0: this kit is not ordered). */
function amountOf(value: number | null | undefined, displayValue: string | undefined): number {
  const chosen = value ?? Number.parseInt(displayValue ?? '', 10);
  return Number.isFinite(chosen) ? Math.min(Math.max(Math.trunc(chosen), 0), MAX_KIT_AMOUNT) : 0;
}

function KitCard({
  kit,
  amount,
  onAmountChange,
}: {
  kit: PriceListEntry;
  amount: number;
  onAmountChange(amount: number): void;
}) {
  const styles = useStyles();
  const unit = priceElements([{ testType: kit.testType, amount: 1 }], [kit]).totals;
  const headingId = `kit-${kit.testType}`;
  return (
    <li className={styles.kit} aria-labelledby={headingId}>
      <Title3 as="h3" id={headingId}>
        {kit.name}
      </Title3>
      <Body1>{kit.description}</Body1>
      <Text className={styles.price}>
        {formatMoney(unit.gross, kit.currency)} za sztukę (w tym VAT {kit.vatRate}%)
      </Text>
      <Field label={`Liczba sztuk: ${kit.name}`}>
        <SpinButton
          value={amount}
          min={0}
          max={MAX_KIT_AMOUNT}
          onChange={(_event, data) => onAmountChange(amountOf(data.value, data.displayValue))}
        />
      </Field>
    </li>
  );
}

function KitPicker({ kits }: { kits: PriceListEntry[] }) {
  const styles = useStyles();
  const shell = useShell();
  const client = useApiClient();
  const queryClient = useQueryClient();
  const [amounts, setAmounts] = useState<Partial<Record<TestType, number>>>({});
  const elements: CartElement[] = kits
    .map((kit) => ({ testType: kit.testType, amount: amounts[kit.testType] ?? 0 }))
    .filter((element) => element.amount > 0);
  const { totals } = priceElements(elements, kits);

  const add = useMutation({
    mutationFn: () => addToCart(client, { elements }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: cartQuery(client).queryKey });
      shell.alerts.show({ text: ADDED_TO_CART_MESSAGE });
      shell.navigate(pathTo(FILLING_ROUTES.cart));
    },
    onError: (error) =>
      shell.alerts.show({
        text: `Nie udało się dodać do koszyka (${apiErrorOf(error)?.message ?? 'brak połączenia z serwerem'})`,
        isError: true,
      }),
  });

  return (
    <>
      <ul className={styles.kits} aria-label="Zestawy testowe">
        {kits.map((kit) => (
          <KitCard
            key={kit.testType}
            kit={kit}
            amount={amounts[kit.testType] ?? 0}
            onAmountChange={(amount) => setAmounts((current) => ({ ...current, [kit.testType]: amount }))}
          />
        ))}
      </ul>
      <div className={styles.summary}>
        <Text role="status" className={styles.price}>
          Razem: {formatMoney(totals.gross, totals.currency)}
        </Text>
        <Button
          appearance="primary"
          disabled={elements.length === 0 || add.isPending}
          onClick={() => add.mutate()}
        >
          Dodaj do koszyka
        </Button>
        <AppLink to={pathTo(FILLING_ROUTES.cart)}>Przejdź do koszyka</AppLink>
      </div>
    </>
  );
}

/** `/test-kit`: the kits with their descriptions and prices; the chosen amounts go to the cart. */
export function TestKitPage() {
  const pageStyles = usePageStyles();
  const shell = useShell();
  const client = useApiClient();
  const kits = useQuery(priceListQuery(client));

  useEffect(() => shell.page.setTitle('Zestawy testowe'), [shell]);

  return (
    <div className={pageStyles.page}>
      <Title2 as="h2">Zestawy testowe</Title2>
      <Body1>Wybierz, ile zestawów każdego rodzaju chcesz zamówić, i dodaj je do koszyka.</Body1>
      <QueryContent query={kits} texts={loadingTexts('zestawów testowych')}>
        {(loadedKits) => <KitPicker kits={loadedKits} />}
      </QueryContent>
    </div>
  );
}
