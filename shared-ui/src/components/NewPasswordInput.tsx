import { Field, makeStyles, mergeClasses, tokens, type FieldProps } from '@fluentui/react-components';
import { forwardRef, useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import {
  MAX_PASSWORD_SCORE,
  missingPasswordRules,
  passwordScore,
  SPACE_NOT_ALLOWED_MESSAGE,
  withoutSpaces,
} from '@formularze/domain/schemas/passwords';
import { PasswordInput } from './PasswordInput';

/** How long the space warning stays, and how long typing must pause before the missing rules show. */
export const SPACE_WARNING_MS = 3000;
export const MISSING_RULES_DELAY_MS = 1000;

const STRENGTH_LABELS = ['Bardzo słabe', 'Bardzo słabe', 'Słabe', 'Średnie', 'Dobre', 'Silne'];

const useStyles = makeStyles({
  meter: { display: 'flex', gap: tokens.spacingHorizontalXXS, marginBlockStart: tokens.spacingVerticalXS },
  segment: {
    flexGrow: 1,
    height: '6px',
    borderRadius: tokens.borderRadiusSmall,
    backgroundColor: tokens.colorNeutralBackground5,
    outline: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
  },
  filled: { backgroundColor: tokens.colorBrandBackground },
  rules: { margin: 0, paddingInlineStart: tokens.spacingHorizontalL },
});

export interface NewPasswordInputProps {
  label: string;
  value: string;
  onChange(value: string): void;
  onBlur?(): void;
  name?: string;
  required?: boolean;
  /** A message from the form's validation, shown when there is no more specific hint. */
  validationMessage?: FieldProps['validationMessage'];
}

/**
 * A new password with its strength: spaces are removed as they are typed (with a 3-second warning),
 * a five-step meter shows the score, and the rules still missing appear once typing pauses.
 */
export const NewPasswordInput = forwardRef<HTMLInputElement, NewPasswordInputProps>(function NewPasswordInput(
  { label, value, onChange, onBlur, name, required, validationMessage },
  ref,
) {
  const styles = useStyles();
  const meterId = useId();
  const [spaceWarning, setSpaceWarning] = useState(false);
  const [settledValue, setSettledValue] = useState(value);
  const spaceTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    const timer = setTimeout(() => setSettledValue(value), MISSING_RULES_DELAY_MS);
    return () => clearTimeout(timer);
  }, [value]);
  useEffect(() => () => clearTimeout(spaceTimer.current), []);

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const typed = event.target.value;
    const cleaned = withoutSpaces(typed);
    if (cleaned !== typed) {
      setSpaceWarning(true);
      clearTimeout(spaceTimer.current);
      spaceTimer.current = setTimeout(() => setSpaceWarning(false), SPACE_WARNING_MS);
    }
    onChange(cleaned);
  };

  const score = passwordScore(value);
  const missing = settledValue === value && value !== '' ? missingPasswordRules(value) : [];
  const hint = spaceWarning ? SPACE_NOT_ALLOWED_MESSAGE : undefined;

  return (
    <Field
      label={label}
      required={required}
      validationMessage={hint ?? (missing.length === 0 ? validationMessage : undefined)}
      validationState={hint ? 'warning' : undefined}
      hint={
        <>
          <div
            className={styles.meter}
            role="meter"
            id={meterId}
            aria-label="Siła hasła"
            aria-valuemin={0}
            aria-valuemax={MAX_PASSWORD_SCORE}
            aria-valuenow={score}
            aria-valuetext={STRENGTH_LABELS[score]}
          >
            {Array.from({ length: MAX_PASSWORD_SCORE }, (_, step) => (
              <span key={step} className={mergeClasses(styles.segment, step < score && styles.filled)} />
            ))}
          </div>
          {missing.length > 0 && (
            <ul className={styles.rules} aria-label="Brakujące wymagania hasła">
              {missing.map((rule) => (
                <li key={rule.id}>{rule.message}</li>
              ))}
            </ul>
          )}
        </>
      }
    >
      <PasswordInput
        ref={ref}
        name={name}
        value={value}
        onChange={handleChange}
        onBlur={onBlur}
        autoComplete="new-password"
        aria-describedby={meterId}
      />
    </Field>
  );
});
