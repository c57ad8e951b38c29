import { Field, makeStyles, Select, Subtitle2, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { Controller, type Control, type FieldValues } from 'react-hook-form';
import {
  DESCRIPTION_MAX_LENGTH,
  formatZipCode,
  GENDER_LABELS,
  GENDERS,
  STREET_HINT,
  type addressFormValues,
  type Gender,
} from '@formularze/domain/schemas/profile';
import { TextField } from './TextField';

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(240px, 1fr))',
    gap: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    // A neighbour's hint must not stretch a field's input (the row is as tall as its tallest field).
    alignItems: 'start',
  },
});

/** The fields of a form laid out side by side, as many a row as fit. */
export function FormGrid({ children }: { children: ReactNode }) {
  const styles = useStyles();
  return <div className={styles.grid}>{children}</div>;
}

/** What a person's profile and an organization's member record edit alike. */
interface PersonDetailsValues {
  gender: '' | Gender;
  description: string;
  address: ReturnType<typeof addressFormValues>;
}

export interface PersonDetailsFieldProps<T extends FieldValues> {
  /** The control of a form whose values hold `gender`, `description` and `address` as the profile does. */
  control: Control<T>;
  disabled?: boolean;
}

// The fields' names are fixed; the form's own values type only has to contain them.
const detailsControl = <T extends FieldValues>(control: Control<T>) =>
  control as unknown as Control<PersonDetailsValues>;

/** 'Płeć': not given, or one of the genders. */
export function GenderField<T extends FieldValues>({ control, disabled }: PersonDetailsFieldProps<T>) {
  return (
    <Controller
      control={detailsControl(control)}
      name="gender"
      render={({ field }) => (
        <Field label="Płeć">
          <Select
            value={field.value}
            onChange={(_event, data) => field.onChange(data.value)}
            onBlur={field.onBlur}
            disabled={disabled}
          >
            <option value="">—</option>
            {GENDERS.map((gender) => (
              <option key={gender} value={gender}>
                {GENDER_LABELS[gender]}
              </option>
            ))}
          </Select>
        </Field>
      )}
    />
  );
}

/** 'Opis', as long as the profile allows. */
export function DescriptionField<T extends FieldValues>({ control, disabled }: PersonDetailsFieldProps<T>) {
  return (
    <TextField
      control={detailsControl(control)}
      name="description"
      label="Opis"
      hint={`Najwyżej ${DESCRIPTION_MAX_LENGTH} znaków.`}
      disabled={disabled}
      multiline
      maxLength={DESCRIPTION_MAX_LENGTH}
    />
  );
}

export interface AddressFieldsProps<T extends FieldValues> extends PersonDetailsFieldProps<T> {
  /** Lets the browser fill the street and zip code from the person's own address. */
  autoComplete?: boolean;
  /** Rewrites the address phone as it is typed. */
  phoneFormat?: (typed: string) => string;
}

/** 'Adres': its heading and the six fields of a person's address. */
export function AddressFields<T extends FieldValues>({
  control,
  disabled,
  autoComplete = false,
  phoneFormat,
}: AddressFieldsProps<T>) {
  const details = detailsControl(control);
  return (
    <>
      <Subtitle2 as="h3">Adres</Subtitle2>
      <FormGrid>
        <TextField control={details} name="address.name" label="Nazwa" disabled={disabled} />
        <TextField
          control={details}
          name="address.street"
          label="Ulica"
          hint={STREET_HINT}
          disabled={disabled}
          autoComplete={autoComplete ? 'street-address' : undefined}
        />
        <TextField
          control={details}
          name="address.zipCode"
          label="Kod pocztowy"
          format={formatZipCode}
          disabled={disabled}
          inputMode="numeric"
          placeholder="00-000"
          autoComplete={autoComplete ? 'postal-code' : undefined}
        />
        <TextField control={details} name="address.city" label="Miasto" disabled={disabled} />
        <TextField control={details} name="address.post" label="Poczta" disabled={disabled} />
        <TextField
          control={details}
          name="address.phone"
          label="Telefon (adres)"
          disabled={disabled}
          type="tel"
          format={phoneFormat}
        />
      </FormGrid>
    </>
  );
}
