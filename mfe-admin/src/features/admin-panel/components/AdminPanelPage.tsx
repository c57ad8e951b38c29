import { Body1, Button, makeStyles, Spinner, Title2, tokens } from '@fluentui/react-components';
import { useEffect } from 'react';
import { useShell } from 'shared-ui/remote';
import { Navigate } from 'shared-ui/routing';
import { ownerToken, useOwnerCheck, useOwnerLogout } from '../api';

const useStyles = makeStyles({
  header: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM },
  grow: { flexGrow: 1 },
});

/** `/admin-panel`: guarded by the super-admin check; its tools arrive with the administration area. */
export function AdminPanelPage() {
  const styles = useStyles();
  const shell = useShell();
  const check = useOwnerCheck();
  const logout = useOwnerLogout();

  useEffect(() => shell.page.setTitle('Panel administracyjny'), [shell]);

  if (!ownerToken.get() || check.isError || logout.isSuccess)
    return <Navigate to="/admin-panel/login" replace />;
  if (!check.data) return <Spinner label="Sprawdzanie uprawnień" />;

  return (
    <section>
      <div className={styles.header}>
        <Title2 as="h2" className={styles.grow}>
          Panel administracyjny
        </Title2>
        <Button onClick={() => logout.mutate()}>Wyloguj się</Button>
      </div>
      <Body1>Zalogowano jako {check.data.email}.</Body1>
    </section>
  );
}
