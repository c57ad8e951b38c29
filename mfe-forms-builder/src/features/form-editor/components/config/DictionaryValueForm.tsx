import { Button, Field, Input, makeStyles, Subtitle2, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import type { DictionaryValue } from '@formularze/domain/schemas/form-template';
import { ColorField } from './ColorField';
import { DecimalInput } from './DecimalInput';
import { decimalText } from './numbers';
import {
  dictionaryEntryValue,
  dictionaryValueErrors,
  hasErrors,
  type DictionaryType,
} from './rule-validation';
import { borderedColumn } from '../bordered-column';

const useStyles = makeStyles({
  root: borderedColumn,
  inputs: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(9rem, 1fr))',
    gap: tokens.spacingHorizontalS,
  },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS },
});

export interface DictionaryValueFormProps {
  /** The group's name and heading, e.g. 'Podaj pierwszą wartość słownika'. */
  title: string;
  type: DictionaryType;
  /** The entry being edited; none: a new one. */
  entry?: DictionaryValue;
  /** The values of the other entries (a value may appear once). */
  others: readonly string[];
  submitLabel: string;
  onSubmit(entry: DictionaryValue): void;
  onCancel?(): void;
  disabled?: boolean;
}

/** A dictionary value with its weight, colour and text (§3 Dictionary value), added or edited. */
export function DictionaryValueForm({
  title,
  type,
  entry,
  others,
  submitLabel,
  onSubmit,
  onCancel,
  disabled,
}: DictionaryValueFormProps) {
  const styles = useStyles();
  const [value, setValue] = useState(() => (entry ? dictionaryEntryValue(entry, type) : ''));
  const [weight, setWeight] = useState<number | null>(entry?.weight ?? null);
  const [color, setColor] = useState<string | null>(entry?.color ?? null);
  const [text, setText] = useState(entry?.text ?? '');
  const [attempted, setAttempted] = useState(false);
  const errors = dictionaryValueErrors({ value, weight }, type, others);
  const shown = attempted ? errors : {};

  const submit = () => {
    setAttempted(true);
    if (hasErrors(errors)) return;
    const trimmed = value.trim();
    onSubmit({
      stringValue: type === 'string' ? trimmed : null,
      intValue: type === 'number' ? Number(trimmed) : null,
      weight,
      color,
      text: text.trim() === '' ? null : text,
    });
    if (!entry) {
      setValue('');
      setWeight(null);
      setColor(null);
      setText('');
      setAttempted(false);
    }
  };

  return (
    <div role="group" aria-label={title} className={styles.root}>
      <Subtitle2 as="h4">{title}</Subtitle2>
      <div className={styles.inputs}>
        <Field label="Wartość" required validationMessage={shown.value}>
          <Input
            inputMode={type === 'number' ? 'decimal' : 'text'}
            value={value}
            maxLength={500}
            disabled={disabled}
            onChange={(_event, data) => setValue(type === 'number' ? decimalText(data.value) : data.value)}
          />
        </Field>
        <DecimalInput
          label="Waga"
          value={weight}
          disabled={disabled}
          validationMessage={shown.weight}
          onChange={setWeight}
        />
        <Field label="Tekst">
          <Input
            value={text}
            maxLength={1000}
            disabled={disabled}
            onChange={(_event, data) => setText(data.value)}
          />
        </Field>
      </div>
      <ColorField label="Kolor" value={color} disabled={disabled} onChange={setColor} />
      <div className={styles.actions}>
        <Button appearance="primary" disabled={disabled} onClick={submit}>
          {submitLabel}
        </Button>
        {onCancel && (
          <Button disabled={disabled} onClick={onCancel}>
            Anuluj
          </Button>
        )}
      </div>
    </div>
  );
}
