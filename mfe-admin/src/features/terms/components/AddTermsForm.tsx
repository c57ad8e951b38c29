import { Button, Field, makeStyles, Subtitle1, tokens } from '@fluentui/react-components';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Controller, useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { apiErrorOf } from 'shared-ui/api-client';
import { DATE_PLACEHOLDER, DateInput, FileChooser, TextField } from 'shared-ui/components';
import { useApiClient, useShell } from 'shared-ui/remote';
import {
  addTermsFields,
  TERMS_ALERT_TIMEOUT_MS,
  TERMS_FILE_MAX_BYTES,
  TERMS_FILE_REQUIRED_MESSAGE,
  TERMS_FILE_TOO_LARGE_MESSAGE,
  TERMS_PDF_MESSAGE,
  termsErrorMessage,
} from '@formularze/domain/schemas/terms';
import { addTerms, organizationTermsQuery, type NewTerms } from '../api';

const useStyles = makeStyles({
  form: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    maxWidth: '480px',
  },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

/** The API's rules for the fields, and the PDF checked before it is sent. */
const addTermsForm = z.object({
  name: addTermsFields.def.shape.name,
  activeSince: addTermsFields.def.shape.activeSince,
  file: z
    .file({ error: TERMS_FILE_REQUIRED_MESSAGE })
    .check(
      z.maxSize(TERMS_FILE_MAX_BYTES, TERMS_FILE_TOO_LARGE_MESSAGE),
      z.mime(['application/pdf'], TERMS_PDF_MESSAGE),
    ),
});

export const TERMS_ADDED_MESSAGE = 'Dodano regulamin.';

const DATE_CONFLICT = 'terms-date-conflict';

export interface AddTermsFormProps {
  onCancel(): void;
}

/** Name, PDF and start day of new terms; all three required. */
export function AddTermsForm({ onCancel }: AddTermsFormProps) {
  const styles = useStyles();
  const shell = useShell();
  const client = useApiClient();
  const queryClient = useQueryClient();
  const formElement = useRef<HTMLFormElement>(null);
  const {
    control,
    handleSubmit,
    reset,
    setError,
    clearErrors,
    getFieldState,
    formState: { errors },
  } = useForm<z.input<typeof addTermsForm>, unknown, NewTerms>({
    resolver: zodResolver(addTermsForm),
    // No file until one is chosen.
    defaultValues: { name: '', activeSince: '' },
  });
  // A date conflict was judged against the list as it was: once the list changes (the conflicting
  // terms removed), the next try asks again instead of the old message staying.
  const { data: listedTerms } = useQuery(organizationTermsQuery(client));
  useEffect(() => {
    if (getFieldState('activeSince').error?.type === DATE_CONFLICT) clearErrors('activeSince');
  }, [listedTerms, getFieldState, clearErrors]);

  const add = useMutation({
    mutationFn: (terms: NewTerms) => addTerms(client, terms),
    onSuccess: () => {
      // The native reset empties the file input, which holds its file outside React's state.
      formElement.current?.reset();
      reset();
      shell.alerts.show({ text: TERMS_ADDED_MESSAGE, timeoutMs: TERMS_ALERT_TIMEOUT_MS });
      return queryClient.invalidateQueries({ queryKey: organizationTermsQuery(client).queryKey });
    },
    onError: (error) => {
      const body = apiErrorOf(error);
      if (body?.code === 'terms-date-conflict') {
        setError(
          'activeSince',
          { type: DATE_CONFLICT, message: termsErrorMessage(body.code)! },
          { shouldFocus: true },
        );
        return;
      }
      if (body?.code === 'validation' && body.fields) {
        for (const [field, message] of Object.entries(body.fields)) {
          setError(field === 'termFile' ? 'file' : (field as 'name' | 'activeSince'), { message });
        }
        return;
      }
      shell.alerts.show({
        text: `Błąd dodawania regulaminu, (${body?.message ?? 'brak połączenia z serwerem'})`,
        isError: true,
        timeoutMs: TERMS_ALERT_TIMEOUT_MS,
      });
    },
  });

  return (
    <form
      ref={formElement}
      className={styles.form}
      noValidate
      aria-labelledby="add-terms-heading"
      onSubmit={handleSubmit((values) => add.mutate(values))}
    >
      <Subtitle1 as="h3" id="add-terms-heading">
        Dodaj regulamin
      </Subtitle1>
      <TextField control={control} name="name" label="Nazwa regulaminu" required />
      <Controller
        control={control}
        name="file"
        render={({ field }) => (
          <Field
            label="Plik PDF"
            required
            hint="Dokument PDF, najwyżej 10 MB."
            validationMessage={errors.file?.message}
          >
            {(fieldProps) => (
              <FileChooser
                buttonLabel="Wybierz plik PDF"
                accept="application/pdf,.pdf"
                chosen={(field.value as File | undefined)?.name ?? null}
                inputProps={{ ...fieldProps, ref: field.ref, name: field.name }}
                // The hint and the error reach the button, where keyboard users are.
                aria-describedby={fieldProps['aria-describedby']}
                onBlur={field.onBlur}
                onFiles={([file]) => field.onChange(file)}
              />
            )}
          </Field>
        )}
      />
      <Controller
        control={control}
        name="activeSince"
        render={({ field, fieldState }) => (
          <Field
            label="Data rozpoczęcia obowiązywania"
            required
            hint={DATE_PLACEHOLDER}
            validationMessage={fieldState.error?.message}
          >
            <DateInput
              ref={field.ref}
              name={field.name}
              value={field.value || null}
              onChange={(day) => field.onChange(day ?? '')}
              onBlur={field.onBlur}
            />
          </Field>
        )}
      />
      <div className={styles.actions}>
        <Button appearance="primary" type="submit" disabled={add.isPending}>
          Dodaj
        </Button>
        <Button onClick={onCancel}>Anuluj</Button>
      </div>
    </form>
  );
}
