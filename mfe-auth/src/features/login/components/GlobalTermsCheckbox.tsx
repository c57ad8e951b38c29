import { Checkbox, Field } from '@fluentui/react-components';

export const TOS_REQUIRED = 'Wymagane zaakceptowanie regulaminu serwisu';

/** Shown only when the platform requires its terms to be accepted at login. */
export function GlobalTermsCheckbox({
  accepted,
  showError,
  onChange,
}: {
  accepted: boolean;
  showError: boolean;
  onChange(accepted: boolean): void;
}) {
  return (
    <Field required validationMessage={showError && !accepted ? TOS_REQUIRED : undefined}>
      <Checkbox
        label="Akceptuję regulamin serwisu"
        checked={accepted}
        onChange={(_event, data) => onChange(data.checked === true)}
      />
    </Field>
  );
}
