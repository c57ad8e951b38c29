import { makeStyles, Text, Title2, tokens } from '@fluentui/react-components';
import { useEffect } from 'react';
import { AppLink } from 'shared-ui/components';
import { useShell } from 'shared-ui/remote';
import { AUTH_ROUTES, pathTo } from '@formularze/domain/schemas';

const useStyles = makeStyles({
  page: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    maxWidth: '420px',
    margin: '0 auto',
    paddingBlock: tokens.spacingVerticalXXL,
  },
});

/** `/password-reset-link-expired`. */
export function ResetLinkExpiredPage() {
  const styles = useStyles();
  const shell = useShell();
  useEffect(() => shell.page.setTitle('Link wygasł'), [shell]);
  return (
    <section className={styles.page}>
      <Title2 as="h2">Przepraszamy! Link do zmiany hasła wygasł.</Title2>
      <Text>Poproś o nowy link, aby ustawić hasło.</Text>
      <AppLink to={pathTo(AUTH_ROUTES.passwordReset)}>Wyślij nowy link</AppLink>
      <AppLink to={pathTo(AUTH_ROUTES.login)}>Wróć do logowania</AppLink>
    </section>
  );
}
