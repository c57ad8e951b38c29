import { Text, Title2 } from '@fluentui/react-components';
import { useEffect } from 'react';
import { AppLink, usePageStyles } from 'shared-ui/components';
import { useShell } from 'shared-ui/remote';
import { AUTH_ROUTES, pathTo } from '@formularze/domain/schemas';

/** `/password-reset-link-expired`. */
export function ResetLinkExpiredPage() {
  const styles = usePageStyles();
  const shell = useShell();
  useEffect(() => shell.page.setTitle('Link wygasł'), [shell]);
  return (
    <section className={styles.narrow}>
      <Title2 as="h2">Przepraszamy! Link do zmiany hasła wygasł.</Title2>
      <Text>Poproś o nowy link, aby ustawić hasło.</Text>
      <AppLink to={pathTo(AUTH_ROUTES.passwordReset)}>Wyślij nowy link</AppLink>
      <AppLink to={pathTo(AUTH_ROUTES.login)}>Wróć do logowania</AppLink>
    </section>
  );
}
