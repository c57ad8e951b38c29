import { Button, Field, makeStyles, Textarea, tokens } from '@fluentui/react-components';
import { useLayoutEffect, useRef } from 'react';
import { insertIntoText, SMS_LENGTH, SMS_PLACEHOLDERS, smsLength, type SmsPlaceholder } from './sms';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  placeholders: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
});

export const SMS_TOO_LONG_MESSAGE = `Wiadomość jest dłuższa niż jeden SMS (${SMS_LENGTH} znaków)`;

export interface SmsMessageFieldProps {
  label: string;
  value: string | null | undefined;
  onChange(text: string): void;
  onBlur?(): void;
  /** The placeholders offered for insertion (all of §5 by default). */
  placeholders?: readonly SmsPlaceholder[];
  maxLength?: number;
  validationMessage?: string | undefined;
  disabled?: boolean;
}

/**
 * An SMS text (§5 "Rules"): buttons insert the placeholders at the caret, and the estimated length
 * of the message as sent is shown against one SMS, with a warning above it.
 */
export function SmsMessageField({
  label,
  value,
  onChange,
  onBlur,
  placeholders = SMS_PLACEHOLDERS,
  maxLength,
  validationMessage,
  disabled,
}: SmsMessageFieldProps) {
  const styles = useStyles();
  const text = value ?? '';
  const textarea = useRef<HTMLTextAreaElement>(null);
  const pendingCaret = useRef<number | null>(null);
  const length = smsLength(text);

  useLayoutEffect(() => {
    const caret = pendingCaret.current;
    if (caret === null || !textarea.current) return;
    pendingCaret.current = null;
    textarea.current.focus();
    textarea.current.setSelectionRange(caret, caret);
  });

  const insert = (token: string) => {
    const element = textarea.current;
    const inserted = insertIntoText(
      text,
      token,
      element?.selectionStart ?? text.length,
      element?.selectionEnd ?? text.length,
    );
    if (maxLength !== undefined && inserted.text.length > maxLength) return;
    pendingCaret.current = inserted.caret;
    onChange(inserted.text);
  };

  const warning = length > SMS_LENGTH;
  return (
    <div className={styles.root}>
      <Field
        label={label}
        hint={`Długość SMS: ${length}/${SMS_LENGTH} znaków (pola wstawiane liczone z ich najdłuższą wartością)`}
        validationMessage={validationMessage ?? (warning ? SMS_TOO_LONG_MESSAGE : undefined)}
        validationState={validationMessage ? 'error' : warning ? 'warning' : 'none'}
      >
        <Textarea
          ref={textarea}
          value={text}
          maxLength={maxLength}
          disabled={disabled}
          resize="vertical"
          onBlur={onBlur}
          onChange={(_event, data) => onChange(data.value)}
        />
      </Field>
      <div role="group" aria-label={`Wstaw pole do: ${label}`} className={styles.placeholders}>
        {placeholders.map((placeholder) => (
          <Button
            key={placeholder.token}
            size="small"
            disabled={disabled}
            aria-label={`Wstaw ${placeholder.token} (${placeholder.description})`}
            onClick={() => insert(placeholder.token)}
          >
            {placeholder.token}
          </Button>
        ))}
      </div>
    </div>
  );
}
