import { makeStyles, Title2, tokens } from '@fluentui/react-components';
import { useEffect } from 'react';
import { useShell } from 'shared-ui/remote';
import {
  ActiveFormsSection,
  ArchiveSection,
  DraftsSection,
  FutureSlotsSection,
  OpenSlotsSection,
} from './ActiveFormsSections';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXL },
});

/** `/forms/active`: everything the person may fill, will fill, filled before or left as a draft. */
export function ActiveFormsPage() {
  const styles = useStyles();
  const shell = useShell();
  useEffect(() => shell.page.setTitle('Formularze'), [shell]);
  return (
    <div className={styles.page}>
      <Title2 as="h2">Formularze</Title2>
      <ActiveFormsSection />
      <OpenSlotsSection />
      <FutureSlotsSection />
      <ArchiveSection />
      <DraftsSection />
    </div>
  );
}
