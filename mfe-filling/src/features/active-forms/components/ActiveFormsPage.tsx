import { Title2 } from '@fluentui/react-components';
import { useEffect } from 'react';
import { useShell } from 'shared-ui/remote';
import { useStackStyles } from 'shared-ui/components';
import {
  ActiveFormsSection,
  ArchiveSection,
  DraftsSection,
  FutureSlotsSection,
  OpenSlotsSection,
} from './ActiveFormsSections';

/** `/forms/active`: everything the person may fill, will fill, filled before or left as a draft. */
export function ActiveFormsPage() {
  const stack = useStackStyles();
  const shell = useShell();
  useEffect(() => shell.page.setTitle('Formularze'), [shell]);
  return (
    <div className={stack.xxl}>
      <Title2 as="h2">Formularze</Title2>
      <ActiveFormsSection />
      <OpenSlotsSection />
      <FutureSlotsSection />
      <ArchiveSection />
      <DraftsSection />
    </div>
  );
}
