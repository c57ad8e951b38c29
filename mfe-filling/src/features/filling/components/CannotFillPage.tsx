import { Button, makeStyles, Title2, tokens } from '@fluentui/react-components';
import { useEffect } from 'react';
import { useShell } from 'shared-ui/remote';
import { CANNOT_FILL_MESSAGE } from 'shared-ui/schemas/filled-data';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: tokens.spacingVerticalL },
});

/** §2: the form cannot be filled (it failed to load); the way back is the active forms list. */
export function CannotFillPage() {
  const styles = useStyles();
  const shell = useShell();
  useEffect(() => shell.page.setTitle(CANNOT_FILL_MESSAGE), [shell]);
  return (
    <section className={styles.root} role="alert">
      <Title2 as="h1">{CANNOT_FILL_MESSAGE}</Title2>
      <Button appearance="primary" onClick={() => shell.navigate('/forms/active')}>
        Przejdź do aktywnych formularzy
      </Button>
    </section>
  );
}
