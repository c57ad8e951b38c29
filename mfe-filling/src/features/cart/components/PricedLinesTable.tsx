import { makeStyles, mergeClasses, TableCell, TableRow, tokens } from '@fluentui/react-components';
import { ColumnsTable } from 'shared-ui/components';
import { formatMoney, TEST_TYPE_LABELS, type CartItem } from '@formularze/domain/schemas/cart';

const useStyles = makeStyles({
  amount: { textAlign: 'end' },
  total: { fontWeight: tokens.fontWeightSemibold },
});

const COLUMNS = ['Test', 'Liczba sztuk', 'Cena netto za sztukę', 'VAT', 'Wartość brutto'] as const;

/** The kits of an item with their prices, and the totals with VAT underneath. */
export function PricedLinesTable({
  item,
  label,
}: {
  item: Pick<CartItem, 'lines' | 'totals'>;
  label: string;
}) {
  const styles = useStyles();
  const money = (minorUnits: number) => formatMoney(minorUnits, item.totals.currency);
  return (
    <ColumnsTable aria-label={label} size="small" columns={COLUMNS}>
      {item.lines.map((line) => (
        <TableRow key={line.testType}>
          <TableCell>{TEST_TYPE_LABELS[line.testType]}</TableCell>
          <TableCell className={styles.amount}>{line.amount}</TableCell>
          <TableCell className={styles.amount}>{money(line.unitPrice)}</TableCell>
          <TableCell className={styles.amount}>
            {money(line.vat)} ({line.vatRate}%)
          </TableCell>
          <TableCell className={styles.amount}>{money(line.gross)}</TableCell>
        </TableRow>
      ))}
      <TableRow>
        <TableCell colSpan={2} className={styles.total}>
          Razem (netto {money(item.totals.net)}, VAT {money(item.totals.vat)})
        </TableCell>
        <TableCell colSpan={3} className={mergeClasses(styles.amount, styles.total)}>
          Do zapłaty: {money(item.totals.gross)}
        </TableCell>
      </TableRow>
    </ColumnsTable>
  );
}
