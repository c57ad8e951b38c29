import {
  Badge,
  Body1,
  makeStyles,
  Spinner,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Title2,
  tokens,
} from '@fluentui/react-components';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import {
  AppLink,
  EmptyTable,
  ErrorPanel,
  Pagination,
  ScrollableTable,
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
  page: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    padding: tokens.spacingHorizontalL,
  },
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
  const styles = useStyles();
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
    <div className={styles.page}>
      <Title2 as="h2">Zamówienia</Title2>
      {orders.isPending ? (
        <Spinner label="Wczytywanie zamówień" />
      ) : orders.isError ? (
        <ErrorPanel
          title="Nie udało się wczytać zamówień"
          message="Spróbuj ponownie później."
          onRetry={() => void orders.refetch()}
        />
      ) : orders.data.totalElements === 0 ? (
        <>
          <EmptyTable label={TABLE_LABEL} columns={COLUMNS} emptyText="Nie masz jeszcze zamówień." />
          <Body1>
            <AppLink inline to={pathTo(FILLING_ROUTES.testKit)}>
              Zamów zestawy testowe
            </AppLink>
          </Body1>
        </>
      ) : (
        <>
          <ScrollableTable aria-label={TABLE_LABEL}>
            <TableHeader>
              <TableRow>
                {COLUMNS.map((column) => (
                  <TableHeaderCell key={column}>{column}</TableHeaderCell>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {orders.data.content.map((order) => (
                <OrderRow key={order.id} order={order} />
              ))}
            </TableBody>
          </ScrollableTable>
          <Pagination
            page={paging.page}
            pageSize={paging.pageSize}
            totalElements={orders.data.totalElements}
            pageSizes={ORDER_PAGE_SIZES}
            onPageChange={paging.setPage}
            onPageSizeChange={paging.setPageSize}
            label="Strony listy zamówień"
          />
        </>
      )}
    </div>
  );
}
