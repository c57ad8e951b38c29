import { Body1, makeStyles, Title2, tokens } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { AppLink, loadingTexts, QueryContent, usePageStyles } from 'shared-ui/components';
import { useApiClient, useShell } from 'shared-ui/remote';
import { FILLING_ROUTES, pathTo } from '@formularze/domain/schemas';
import { cartQuery } from '../api';
import { CartItemCard } from './CartItemCard';

const useStyles = makeStyles({
  links: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalL },
});

export const CART_TITLE = 'Koszyk zamówień';

/** `/shopping-cart`: the person's cart items, each completed and bought on its own. */
export function CartPage() {
  const styles = useStyles();
  const pageStyles = usePageStyles();
  const shell = useShell();
  const client = useApiClient();
  const cart = useQuery(cartQuery(client));

  useEffect(() => shell.page.setTitle(CART_TITLE), [shell]);

  return (
    <div className={pageStyles.page}>
      <Title2 as="h2">{CART_TITLE}</Title2>
      <QueryContent query={cart} texts={loadingTexts('koszyka')}>
        {(items) =>
          items.length === 0 ? (
            <Body1>
              Koszyk jest pusty.{' '}
              <AppLink inline to={pathTo(FILLING_ROUTES.testKit)}>
                Wybierz zestawy testowe
              </AppLink>
            </Body1>
          ) : (
            <>
              {items.map((item, index) => (
                <CartItemCard key={item.id} item={item} position={index + 1} />
              ))}
              <div className={styles.links}>
                <AppLink to={pathTo(FILLING_ROUTES.testKit)}>Dodaj kolejne zestawy</AppLink>
                <AppLink to={pathTo(FILLING_ROUTES.orders)}>Twoje zamówienia</AppLink>
              </div>
            </>
          )
        }
      </QueryContent>
    </div>
  );
}
