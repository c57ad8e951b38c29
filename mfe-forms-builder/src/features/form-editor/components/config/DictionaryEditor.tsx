import {
  Body1,
  Button,
  Caption1,
  Checkbox,
  Dropdown,
  Field,
  Input,
  makeStyles,
  Option,
  Radio,
  RadioGroup,
  Spinner,
  Switch,
  tokens,
} from '@fluentui/react-components';
import { ArrowDownRegular } from '@fluentui/react-icons/svg/arrow-down';
import { ArrowUpRegular } from '@fluentui/react-icons/svg/arrow-up';
import { DeleteRegular } from '@fluentui/react-icons/svg/delete';
import { EditRegular } from '@fluentui/react-icons/svg/edit';
import { useQuery } from '@tanstack/react-query';
import { useLayoutEffect, useRef, useState } from 'react';
import { useApiClient } from 'shared-ui/remote';
import type { Dictionary, DictionaryValue, TemplateField } from '@formularze/domain/schemas/form-template';
import { countOf } from '@formularze/domain/schemas/plural';
import { savedFieldsQuery } from '../../api';
import { DictionaryValueForm } from './DictionaryValueForm';
import { dictionaryEntryValue, type DictionaryType } from './rule-validation';

/** The part of a DICTIONARY field this editor changes (§3 Field configuration). */
export type DictionarySettings = Pick<
  TemplateField,
  | 'dictionary'
  | 'allowMultipleAnswers'
  | 'allowAlternativeAnswer'
  | 'alternativeAnswerLabel'
  | 'saveDictionaryGlobally'
>;

export interface DictionaryEditorProps {
  value: DictionarySettings;
  /** The whole of `DictionarySettings` after a change (usable as the field's patch). */
  onChange(next: DictionarySettings): void;
  /** Display mode: the values are shown, nothing can be changed and no saved dictionary is fetched. */
  disabled?: boolean;
}

const TYPE_LABELS: Record<DictionaryType, string> = { string: 'Tekst', number: 'Liczba' };

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column' },
  item: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    paddingBlock: tokens.spacingVerticalXS,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  description: { flexGrow: 1, display: 'flex', flexDirection: 'column', minWidth: 0 },
  swatch: {
    inlineSize: '16px',
    blockSize: '16px',
    flexShrink: 0,
    borderRadius: tokens.borderRadiusSmall,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
  },
});

/** Stable keys for entries (they have no id), so a moved value keeps its row and its focus. */
function useEntryKeys() {
  const keys = useRef(new WeakMap<DictionaryValue, string>());
  const next = useRef(0);
  return (entry: DictionaryValue) => {
    let key = keys.current.get(entry);
    if (!key) {
      next.current += 1;
      key = `wartosc-${next.current}`;
      keys.current.set(entry, key);
    }
    return key;
  };
}

/**
 * A dictionary field's answers (§4 "Field editor behaviour"): a prompt for the first value (or a
 * saved dictionary of the organization to start from), then values added, edited, moved up or down
 * and removed; multiple answers or an alternative answer (never both), and whether the dictionary
 * is kept for other forms.
 */
export function DictionaryEditor({ value, onChange, disabled = false }: DictionaryEditorProps) {
  const styles = useStyles();
  const entries = value.dictionary?.dictionaryValues ?? [];
  const [chosenType, setChosenType] = useState<DictionaryType>(value.dictionary?.type ?? 'string');
  const type = value.dictionary?.type ?? chosenType;
  const [editing, setEditing] = useState<number | null>(null);
  const keyOf = useEntryKeys();
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const focusAfterMove = useRef<{ key: string; direction: 'up' | 'down' } | null>(null);

  // After a move the value's row is re-rendered elsewhere: keep the focus on its move button (the
  // other one once it reached the end of the list), so the keyboard can go on moving it.
  useLayoutEffect(() => {
    const pending = focusAfterMove.current;
    if (!pending) return;
    focusAfterMove.current = null;
    const other = pending.direction === 'up' ? 'down' : 'up';
    [pending.direction, other]
      .map((way) => buttons.current.get(`${pending.key}:${way}`))
      .find((button) => button && !button.disabled)
      ?.focus();
  });

  const setEntries = (dictionaryValues: DictionaryValue[]) =>
    onChange({ ...value, dictionary: dictionaryValues.length ? { type, dictionaryValues } : null });
  const valuesOf = (except: number | null) =>
    entries.filter((_entry, index) => index !== except).map((entry) => dictionaryEntryValue(entry, type));
  const move = (index: number, direction: 'up' | 'down') => {
    const target = direction === 'up' ? index - 1 : index + 1;
    const moved = entries[index];
    const other = entries[target];
    if (!moved || !other) return;
    const next = [...entries];
    next[index] = other;
    next[target] = moved;
    setEntries(next);
    setEditing(null);
    focusAfterMove.current = { key: keyOf(moved), direction };
  };
  const buttonRef = (key: string) => (element: HTMLButtonElement | null) => {
    if (element) buttons.current.set(key, element);
    else buttons.current.delete(key);
  };

  return (
    <section aria-label="Słownik" className={styles.root}>
      {entries.length === 0 ? (
        <>
          <RadioGroup
            aria-label="Typ wartości słownika"
            layout="horizontal"
            value={chosenType}
            disabled={disabled}
            onChange={(_event, data) => setChosenType(data.value as DictionaryType)}
          >
            <Radio value="string" label={TYPE_LABELS.string} />
            <Radio value="number" label={TYPE_LABELS.number} />
          </RadioGroup>
          <DictionaryValueForm
            key={`pierwsza-${type}`}
            title="Podaj pierwszą wartość słownika"
            type={type}
            others={[]}
            submitLabel="Dodaj wartość"
            disabled={disabled}
            onSubmit={(entry) => setEntries([entry])}
          />
          {!disabled && (
            <SavedDictionaryPicker
              onPick={(dictionary) => {
                setChosenType(dictionary.type);
                onChange({ ...value, dictionary });
              }}
            />
          )}
        </>
      ) : (
        <>
          <Body1>Typ wartości: {TYPE_LABELS[type]}</Body1>
          <ol aria-label="Wartości słownika" className={styles.list}>
            {entries.map((entry, index) => {
              const key = keyOf(entry);
              const shown = dictionaryEntryValue(entry, type);
              const name = `„${shown}”`;
              if (editing === index) {
                return (
                  <li key={key}>
                    <DictionaryValueForm
                      title={`Edycja wartości ${name}`}
                      type={type}
                      entry={entry}
                      others={valuesOf(index)}
                      submitLabel="Zapisz wartość"
                      disabled={disabled}
                      onSubmit={(edited) => {
                        setEntries(entries.map((current, at) => (at === index ? edited : current)));
                        setEditing(null);
                      }}
                      onCancel={() => setEditing(null)}
                    />
                  </li>
                );
              }
              const details = [
                typeof entry.weight === 'number' ? `waga: ${entry.weight}` : null,
                entry.text ? `tekst: ${entry.text}` : null,
              ].filter(Boolean);
              return (
                <li key={key} className={styles.item}>
                  {entry.color ? (
                    <span
                      className={styles.swatch}
                      style={{ backgroundColor: entry.color }}
                      role="img"
                      aria-label={`kolor ${entry.color}`}
                    />
                  ) : (
                    <span className={styles.swatch} aria-hidden />
                  )}
                  <span className={styles.description}>
                    <Body1>{shown}</Body1>
                    {details.length > 0 && <Caption1>{details.join(', ')}</Caption1>}
                  </span>
                  <Button
                    appearance="subtle"
                    icon={<EditRegular />}
                    aria-label={`Edytuj wartość ${name}`}
                    disabled={disabled}
                    onClick={() => setEditing(index)}
                  />
                  <Button
                    ref={buttonRef(`${key}:up`)}
                    appearance="subtle"
                    icon={<ArrowUpRegular />}
                    aria-label={`Przesuń wartość ${name} w górę`}
                    disabled={disabled || index === 0}
                    onClick={() => move(index, 'up')}
                  />
                  <Button
                    ref={buttonRef(`${key}:down`)}
                    appearance="subtle"
                    icon={<ArrowDownRegular />}
                    aria-label={`Przesuń wartość ${name} w dół`}
                    disabled={disabled || index === entries.length - 1}
                    onClick={() => move(index, 'down')}
                  />
                  <Button
                    appearance="subtle"
                    icon={<DeleteRegular />}
                    aria-label={`Usuń wartość ${name}`}
                    disabled={disabled}
                    onClick={() => {
                      setEditing(null);
                      setEntries(entries.filter((_entry, at) => at !== index));
                    }}
                  />
                </li>
              );
            })}
          </ol>
          {editing === null && (
            <DictionaryValueForm
              key={`nowa-${type}`}
              title="Nowa wartość słownika"
              type={type}
              others={valuesOf(null)}
              submitLabel="Dodaj wartość"
              disabled={disabled}
              onSubmit={(entry) => setEntries([...entries, entry])}
            />
          )}
        </>
      )}
      <Checkbox
        label="Wiele odpowiedzi"
        checked={value.allowMultipleAnswers ?? false}
        disabled={disabled}
        onChange={(_event, data) => {
          const allowMultipleAnswers = data.checked === true;
          onChange({
            ...value,
            allowMultipleAnswers,
            // An alternative answer is offered only when one answer is chosen (§4).
            allowAlternativeAnswer: allowMultipleAnswers ? false : value.allowAlternativeAnswer,
          });
        }}
      />
      {!value.allowMultipleAnswers && (
        <Checkbox
          label="Odpowiedź alternatywna"
          checked={value.allowAlternativeAnswer ?? false}
          disabled={disabled}
          onChange={(_event, data) => onChange({ ...value, allowAlternativeAnswer: data.checked === true })}
        />
      )}
      {!value.allowMultipleAnswers && value.allowAlternativeAnswer && (
        <Field label="Etykieta odpowiedzi alternatywnej" hint="Np. „Inne”">
          <Input
            value={value.alternativeAnswerLabel ?? ''}
            maxLength={500}
            disabled={disabled}
            onChange={(_event, data) => onChange({ ...value, alternativeAnswerLabel: data.value })}
          />
        </Field>
      )}
      <Switch
        label="Zapisz słownik globalnie"
        checked={value.saveDictionaryGlobally ?? false}
        disabled={disabled}
        onChange={(_event, data) => onChange({ ...value, saveDictionaryGlobally: data.checked })}
      />
    </section>
  );
}

const valueCount = (count: number) => countOf(count, { one: 'wartość', few: 'wartości', many: 'wartości' });

/** §4: a new dictionary field may start from a dictionary the organization saved. */
function SavedDictionaryPicker({ onPick }: { onPick(dictionary: Dictionary): void }) {
  const client = useApiClient();
  const saved = useQuery(savedFieldsQuery(client));
  if (saved.isPending) return <Spinner size="tiny" label="Wczytywanie zapisanych słowników" />;
  if (saved.isError) {
    return (
      <Body1 role="alert">
        Nie udało się pobrać zapisanych słowników.{' '}
        <Button appearance="transparent" onClick={() => void saved.refetch()}>
          Spróbuj ponownie
        </Button>
      </Body1>
    );
  }
  if (saved.data.length === 0) return null;
  return (
    <Field label="Użyj zapisanego słownika">
      <Dropdown
        placeholder="Wybierz zapisany słownik"
        onOptionSelect={(_event, data) => {
          const field = saved.data.find((candidate) => String(candidate.id) === data.optionValue);
          if (field) onPick(field.dictionary);
        }}
      >
        {saved.data.map((field) => (
          <Option key={field.id} value={String(field.id)} text={field.label}>
            {`${field.label} (${valueCount(field.dictionary.dictionaryValues.length)})`}
          </Option>
        ))}
      </Dropdown>
    </Field>
  );
}
