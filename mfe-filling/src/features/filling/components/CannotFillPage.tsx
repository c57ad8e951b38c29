import { Body1, Button, makeStyles, Title2, tokens } from '@fluentui/react-components';
import { useEffect } from 'react';
import { useShell } from 'shared-ui/remote';
import { FILLING_ROUTES, pathTo } from '@formularze/domain/schemas';
import { CANNOT_FILL_MESSAGE } from '@formularze/domain/schemas/filled-data';
import { FORM_STATUS_LABELS, type FormStatus } from '@formularze/domain/schemas/forms';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: tokens.spacingVerticalL },
});

/**
 * §2: the form cannot be filled (it failed to load, or it is not active: `formStatus`, e.g. paused);
 * the way back is the active forms list.
 */
export function CannotFillPage({ formStatus }: { formStatus?: FormStatus }) {
  const styles = useStyles();
  const shell = useShell();
  useEffect(() => shell.page.setTitle(CANNOT_FILL_MESSAGE), [shell]);
  return (
    <section className={styles.root} role="alert">
      <Title2 as="h1">{CANNOT_FILL_MESSAGE}</Title2>
      {formStatus && <Body1>Status formularza: {FORM_STATUS_LABELS[formStatus]}.</Body1>}
      <Button appearance="primary" onClick={() => shell.navigate(pathTo(FILLING_ROUTES.activeForms))}>
        Przejdź do aktywnych formularzy
      </Button>
    </section>
  );
}
