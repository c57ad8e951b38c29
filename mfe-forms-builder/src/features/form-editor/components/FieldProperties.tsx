import {
  Button,
  Checkbox,
  Field,
  Input,
  makeStyles,
  Radio,
  RadioGroup,
  Select,
  Subtitle2,
  Text,
  Textarea,
  tokens,
} from '@fluentui/react-components';
import { memo } from 'react';
import {
  FILE_TYPES,
  MAX_DECIMAL_DIGITS,
  NUMBER_TYPE_MISSING_MESSAGE,
  type LABEL_TYPES,
} from '@formularze/domain/schemas/form-template';
import { FIELD_TYPE_LABELS, fieldName } from '../field-types';
import { fieldIssues } from '../field-validation';
import type { FieldDraft } from '../template-editing';
import { DictionaryEditor, FieldRulesEditor } from './config';
import { NumberField } from './NumberField';

const useStyles = makeStyles({
  panel: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  section: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    border: 'none',
    margin: 0,
    padding: 0,
  },
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  error: { color: tokens.colorPaletteRedForeground1 },
});

const FILE_TYPE_LABELS: Record<(typeof FILE_TYPES)[number], string> = {
  Document: 'Dokumenty',
  Image: 'Obrazy',
  Movie: 'Filmy',
  Any: 'Dowolne',
};
const LABEL_TYPE_LABELS: Record<(typeof LABEL_TYPES)[number], string> = { text: 'Tekst', file: 'Plik' };

export interface FieldPropertiesProps {
  field: FieldDraft;
  readOnly: boolean;
  onChange(fieldId: string, patch: Partial<FieldDraft>): void;
}

/** §3 field configuration and §4 field-editor behaviour for the selected field, with the §5 messages. */
export const FieldProperties = memo(function FieldProperties({
  field,
  readOnly,
  onChange,
}: FieldPropertiesProps) {
  const styles = useStyles();
  const issues = fieldIssues(field);
  const change = (patch: Partial<FieldDraft>) => onChange(field.id, patch);
  const isLabel = field.type === 'LABEL';
  const typeName = FIELD_TYPE_LABELS[field.type];
  return (
    <div className={styles.panel}>
      <Text>
        Pole „{fieldName(field)}” · typ: {typeName}
      </Text>
      <Field label="Etykieta">
        <Input
          value={field.label ?? ''}
          disabled={readOnly}
          onChange={(_e, data) => change({ label: data.value })}
        />
      </Field>
      {isLabel ? (
        <LabelConfiguration field={field} readOnly={readOnly} change={change} />
      ) : (
        <Field label="Podpowiedź" hint="Tekst pomocniczy lub przykład wypełnienia">
          <Input
            value={field.text ?? ''}
            disabled={readOnly}
            onChange={(_e, data) => change({ text: data.value })}
          />
        </Field>
      )}

      {(field.type === 'TEXT' || field.type === 'TEXTAREA') && (
        <fieldset className={styles.section}>
          <NumberField
            label="Liczba znaków"
            required
            value={field.size}
            disabled={readOnly}
            validationMessage={issues.size}
            onChange={(size) => change({ size })}
          />
          {field.type === 'TEXT' && (
            <NumberField
              label="Liczba wierszy"
              required
              hint="Powyżej 1 pole jest wielowierszowe (pokazuje od 2 do 4 wierszy)"
              value={field.maxRows}
              disabled={readOnly}
              validationMessage={issues.maxRows}
              onChange={(maxRows) => change({ maxRows })}
            />
          )}
        </fieldset>
      )}

      {field.type === 'NUMBER' && <NumberConfiguration field={field} readOnly={readOnly} change={change} />}

      {field.type === 'FILE' && (
        <fieldset className={styles.section}>
          <NumberField
            label="Maksymalna liczba plików"
            required
            digitsOnly
            value={field.maxNumberOfFiles}
            disabled={readOnly}
            validationMessage={issues.maxNumberOfFiles}
            onChange={(maxNumberOfFiles) => change({ maxNumberOfFiles })}
          />
          <Field label="Rodzaj plików">
            <Select
              value={field.fileType ?? 'Any'}
              disabled={readOnly}
              onChange={(_e, data) => change({ fileType: data.value as FieldDraft['fileType'] })}
            >
              {FILE_TYPES.map((type) => (
                <option key={type} value={type}>
                  {FILE_TYPE_LABELS[type]}
                </option>
              ))}
            </Select>
          </Field>
        </fieldset>
      )}

      {field.type === 'DICTIONARY' && (
        <fieldset className={styles.section}>
          <Subtitle2 as="h4">Słownik</Subtitle2>
          <DictionaryEditor value={field} onChange={change} disabled={readOnly} />
          {issues.dictionary && (
            <Text role="alert" className={styles.error}>
              {issues.dictionary}
            </Text>
          )}
        </fieldset>
      )}

      {!isLabel && (
        <fieldset className={styles.section}>
          <Checkbox
            label="Pole wymagane"
            checked={field.required ?? false}
            disabled={readOnly}
            onChange={(_e, data) => change({ required: Boolean(data.checked) })}
          />
          <Checkbox
            label="Możliwość dodania notatki"
            checked={field.noteEnabled ?? false}
            disabled={readOnly}
            onChange={(_e, data) => change({ noteEnabled: Boolean(data.checked) })}
          />
          <Checkbox
            label="Pokaż w widoku tabeli"
            checked={field.showInTableView ?? false}
            disabled={readOnly}
            onChange={(_e, data) => change({ showInTableView: Boolean(data.checked) })}
          />
        </fieldset>
      )}

      {(field.type === 'NUMBER' || field.type === 'DICTIONARY') && (
        <fieldset className={styles.section}>
          <Subtitle2 as="h4">Reguły punktacji pola</Subtitle2>
          <FieldRulesEditor
            value={field.fieldRules ?? []}
            onChange={(fieldRules) => change({ fieldRules })}
            disabled={readOnly}
          />
        </fieldset>
      )}
    </div>
  );
});

interface ConfigurationProps {
  field: FieldDraft;
  readOnly: boolean;
  change(patch: Partial<FieldDraft>): void;
}

/** §4: the number type is chosen first; 'Cofnij' resets it with min, max and digits. */
function NumberConfiguration({ field, readOnly, change }: ConfigurationProps) {
  const styles = useStyles();
  const issues = fieldIssues(field);
  if (!field.numberType) {
    return (
      <Field label="Typ liczby" required validationMessage={NUMBER_TYPE_MISSING_MESSAGE}>
        <div className={styles.row}>
          <Button
            disabled={readOnly}
            onClick={() => change({ numberType: 'INTEGER', decimalDigitNumber: null })}
          >
            Liczba całkowita
          </Button>
          <Button
            disabled={readOnly}
            onClick={() => change({ numberType: 'DECIMAL', decimalDigitNumber: 2 })}
          >
            Liczba dziesiętna
          </Button>
        </div>
      </Field>
    );
  }
  return (
    <fieldset className={styles.section}>
      <div className={styles.row}>
        <Text>Typ liczby: {field.numberType === 'INTEGER' ? 'całkowita' : 'dziesiętna'}</Text>
        <Button
          size="small"
          disabled={readOnly}
          onClick={() =>
            change({ numberType: null, minValue: null, maxValue: null, decimalDigitNumber: null })
          }
        >
          Cofnij
        </Button>
      </div>
      {field.numberType === 'DECIMAL' && (
        <NumberField
          label="Liczba miejsc po przecinku"
          digitsOnly
          value={field.decimalDigitNumber}
          disabled={readOnly}
          onChange={(digits) =>
            change({ decimalDigitNumber: digits === null ? null : Math.min(digits, MAX_DECIMAL_DIGITS) })
          }
        />
      )}
      <NumberField
        label="Wartość minimalna"
        value={field.minValue}
        disabled={readOnly}
        validationMessage={issues.minValue}
        onChange={(minValue) => change({ minValue })}
      />
      <NumberField
        label="Wartość maksymalna"
        value={field.maxValue}
        disabled={readOnly}
        validationMessage={issues.maxValue}
        onChange={(maxValue) => change({ maxValue })}
      />
    </fieldset>
  );
}

/** §4: a label's type (text or file) is chosen once. */
function LabelConfiguration({ field, readOnly, change }: ConfigurationProps) {
  const styles = useStyles();
  return (
    <fieldset className={styles.section}>
      {field.labelType ? (
        <Text>Rodzaj etykiety: {LABEL_TYPE_LABELS[field.labelType].toLowerCase()}</Text>
      ) : (
        <Field label="Rodzaj etykiety" hint="Wybiera się go raz.">
          <RadioGroup
            disabled={readOnly}
            onChange={(_e, data) => change({ labelType: data.value as FieldDraft['labelType'] })}
          >
            <Radio value="text" label={LABEL_TYPE_LABELS.text} />
            <Radio value="file" label={LABEL_TYPE_LABELS.file} />
          </RadioGroup>
        </Field>
      )}
      <Field label="Treść etykiety">
        <Textarea
          value={field.text ?? ''}
          disabled={readOnly}
          onChange={(_e, data) => change({ text: data.value })}
        />
      </Field>
    </fieldset>
  );
}
