import { Radio, RadioGroup, Field } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { useShell } from 'shared-ui/remote';
import type { RegistrationMode } from '@formularze/domain/schemas/registration';
import { CreateOrganizationForm } from './CreateOrganizationForm';
import { JoinOrganizationForm } from './JoinOrganizationForm';

/** `/register`: join an organization as a patient (the default) or found one as its owner. */
export function RegisterPage() {
  const shell = useShell();
  const [mode, setMode] = useState<RegistrationMode>('join');
  useEffect(() => shell.page.setTitle('Rejestracja'), [shell]);

  const modeSwitch = (
    <Field label="Rodzaj rejestracji">
      <RadioGroup
        layout="horizontal"
        value={mode}
        onChange={(_event, data) => setMode(data.value as RegistrationMode)}
      >
        <Radio value="join" label="Dołącz do organizacji" />
        <Radio value="create" label="Załóż organizację" />
      </RadioGroup>
    </Field>
  );

  // Each mode is its own form: switching starts with empty fields and a new captcha.
  return mode === 'join' ? (
    <JoinOrganizationForm modeSwitch={modeSwitch} />
  ) : (
    <CreateOrganizationForm modeSwitch={modeSwitch} />
  );
}
