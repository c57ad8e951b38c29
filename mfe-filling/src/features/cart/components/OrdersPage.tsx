import { Badge, Body1, makeStyles, TableCell, TableRow, Title2, tokens } from '@fluentui/react-components';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  AppLink,
  LoadedTable,
  loadingTexts,
  PaginationFor,
  usePageStyles,
  usePagingCookie,
} from 'shared-ui/components';
import { useApiClient, useSession, useShell } from 'shared-ui/remote';
import { FILLING_ROUTES, pathTo } from '@formularze/domain/schemas';
import {
  CART_ITEM_STATUS_LABELS,
  DEFAULT_ORDER_PAGE_SIZE,
  formatMoney,
  ORDER_PAGE_SIZES,
  type CartItem,
} from '@formularze/domain/schemas/cart';
import { ordersQuery } from '../api';
import { formatDateTime } from '@formularze/domain/schemas/display-format';
import { elementText } from '../order-display';

const useStyles = makeStyles({
  list: { margin: 0, paddingInlineStart: tokens.spacingHorizontalL },
  amount: { textAlign: 'end', whiteSpace: 'nowrap' },
});

const COLUMNS = ['Data zamówienia', 'Zestawy', 'Adres dostawy', 'Kwota brutto', 'Status'] as const;
const TABLE_LABEL = 'Twoje zamówienia';

function OrderRow({ order }: { order: CartItem }) {
  const styles = useStyles();
  const { name, street, zipCode, city } = order.deliveryInfo;
  return (
    <TableRow>
      <TableCell>{order.orderedAt && formatDateTime(order.orderedAt)}</TableCell>
      <TableCell>
        <ul className={styles.list}>
          {order.elements.map((element) => (
            <li key={element.testType}>{elementText(element)}</li>
          ))}
        </ul>
      </TableCell>
      <TableCell>
        {name}, {street}, {zipCode} {city}
      </TableCell>
      <TableCell className={styles.amount}>
        {formatMoney(order.totals.gross, order.totals.currency)}
      </TableCell>
      <TableCell>
        <Badge appearance="outline" color="informative">
          {CART_ITEM_STATUS_LABELS[order.status]}
        </Badge>
      </TableCell>
    </TableRow>
  );
}

/** `/orders`: what the person bought, latest first (also where a purchase ends). */
export function OrdersPage() {
  const pageStyles = usePageStyles();
  const shell = useShell();
  const client = useApiClient();
  const { person } = useSession();
  const paging = usePagingCookie(`orders-paging-${person?.id ?? 'guest'}`, {
    pageSizes: ORDER_PAGE_SIZES,
    defaultPageSize: DEFAULT_ORDER_PAGE_SIZE,
  });
  const orders = useQuery({
    ...ordersQuery(client, { page: paging.page, pageSize: paging.pageSize }),
    placeholderData: keepPreviousData,
  });

  useEffect(() => shell.page.setTitle('Zamówienia'), [shell]);

  return (
    <div className={pageStyles.page}>
      <Title2 as="h2">Zamówienia</Title2>
      <LoadedTable
        query={orders}
        rows={orders.data?.content}
        empty={orders.data?.totalElements === 0}
        label={TABLE_LABEL}
        columns={COLUMNS}
        texts={{
          ...loadingTexts('zamówień'),
          empty: 'Nie masz jeszcze zamówień.',
        }}
        afterEmpty={
          <Body1>
            <AppLink inline to={pathTo(FILLING_ROUTES.testKit)}>
              Zamów zestawy testowe
            </AppLink>
          </Body1>
        }
        renderRow={(order) => <OrderRow key={order.id} order={order} />}
      >
        <PaginationFor
          label="Strony listy zamówień"
          paging={paging}
          totalElements={orders.data?.totalElements ?? 0}
          pageSizes={ORDER_PAGE_SIZES}
        />
      </LoadedTable>
    </div>
  );
}
