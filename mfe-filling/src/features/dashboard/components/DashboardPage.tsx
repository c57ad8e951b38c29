import { Body1, Button, makeStyles, Title2, tokens } from '@fluentui/react-components';
import { useEffect } from 'react';
import { useShell } from 'shared-ui/remote';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: tokens.spacingVerticalL },
});

/** `/`: what the user has to do today. */
export function DashboardPage() {
  const styles = useStyles();
  const shell = useShell();
  useEffect(() => {
    shell.page.setTitle('Start');
  }, [shell]);

  return (
    <section className={styles.page}>
      <Title2 as="h2">Dzisiejsze akcje</Title2>
      <Body1>Brak akcji</Body1>
      <Button appearance="primary" onClick={() => shell.navigate('/forms/active')}>
        Formularze
      </Button>
    </section>
  );
}
