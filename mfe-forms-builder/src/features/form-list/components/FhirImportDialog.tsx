import {
  Button,
  Field,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Textarea,
  tokens,
} from '@fluentui/react-components';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type ChangeEvent } from 'react';
import { apiErrorOf } from 'shared-ui/api-client';
import { ActionsDialog } from 'shared-ui/components';
import { useApiClient, useShell } from 'shared-ui/remote';
import { FORMS_BUILDER_ROUTES, pathTo } from '@formularze/domain/schemas';
import {
  FHIR_IMPORT_INVALID_JSON_MESSAGE,
  FHIR_IMPORT_NOT_QUESTIONNAIRE_MESSAGE,
  type FhirQuestionnaireImport,
} from '@formularze/domain/schemas/fhir';
import { importQuestionnaire } from '../api';

const useStyles = makeStyles({
  stack: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  report: { margin: 0, paddingInlineStart: tokens.spacingHorizontalXL },
});

const SEVERITY_LABELS: Record<string, string> = {
  fatal: 'Błąd',
  error: 'Błąd',
  warning: 'Pominięto',
  information: 'Uwaga',
};

/** The text typed or read from the file, as JSON of a Questionnaire, or the reason it is not one. */
function parseQuestionnaire(text: string): { value: unknown } | { problem: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { problem: FHIR_IMPORT_INVALID_JSON_MESSAGE };
  }
  if ((value as { resourceType?: unknown } | null)?.resourceType !== 'Questionnaire') {
    return { problem: FHIR_IMPORT_NOT_QUESTIONNAIRE_MESSAGE };
  }
  return { value };
}

/** A chosen file's text (FileReader: older browsers' File has no `text()`). */
function textOf(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsText(file);
  });
}

function importProblem(error: unknown): string {
  const body = apiErrorOf(error);
  if (!body) return 'Nie udało się zaimportować kwestionariusza. Spróbuj ponownie.';
  const fields = Object.entries(body.fields ?? {}).map(([path, message]) => `${path}: ${message}`);
  return fields.length
    ? `Kwestionariusz nie jest poprawnym zasobem FHIR R4 (${fields.join('; ')})`
    : body.message;
}

export interface FhirImportDialogProps {
  onClose(): void;
  /** After an import: the list shows the new draft. */
  onImported?(result: FhirQuestionnaireImport): void;
}

/**
 * "Importuj z FHIR": a FHIR R4 Questionnaire from a file or pasted as JSON becomes a new draft form;
 * the dialog then shows what was mapped and what was not (ADR 416) and opens the draft in the editor.
 */
export function FhirImportDialog({ onClose, onImported }: FhirImportDialogProps) {
  const styles = useStyles();
  const client = useApiClient();
  const shell = useShell();
  const fileId = useId();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const importing = useMutation({
    mutationFn: (questionnaire: unknown) => importQuestionnaire(client, questionnaire),
    onSuccess: (result) => onImported?.(result),
    onError: (error) => setProblem(importProblem(error)),
  });
  const result = importing.data;

  const readFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    setText(await textOf(file));
    setProblem(null);
  };

  const submit = () => {
    const parsed = parseQuestionnaire(text);
    if ('problem' in parsed) {
      setProblem(parsed.problem);
      return;
    }
    setProblem(null);
    importing.mutate(parsed.value);
  };

  const mapped = result?.mapped.filter((item) => item.fieldType !== null) ?? [];

  return (
    <ActionsDialog
      open
      title="Importuj z FHIR"
      onDismiss={onClose}
      contentClassName={styles.stack}
      actions={
        <>
          {!result && (
            <Button appearance="primary" disabled={!text.trim() || importing.isPending} onClick={submit}>
              Importuj
            </Button>
          )}
          {result && (
            <Button
              appearance="primary"
              onClick={() =>
                shell.navigate(
                  shell.permissions.has('form:edit')
                    ? pathTo(FORMS_BUILDER_ROUTES.formEdit, { formId: result.form.id })
                    : pathTo(FORMS_BUILDER_ROUTES.formDisplay, { formId: result.form.id }),
                )
              }
            >
              Otwórz szkic
            </Button>
          )}
          <Button onClick={onClose}>{result ? 'Zamknij' : 'Anuluj'}</Button>
        </>
      }
    >
      {!result && (
        <>
          <p>
            Kwestionariusz FHIR R4 (zasób Questionnaire w formacie JSON) stanie się nowym szkicem formularza.
          </p>
          <div>
            <label htmlFor={fileId}>Plik JSON z kwestionariuszem</label>
            <br />
            <input
              id={fileId}
              type="file"
              accept="application/json,application/fhir+json,.json"
              onChange={(event) => void readFile(event)}
            />
          </div>
          <Field
            label="Albo wklej JSON kwestionariusza"
            validationState={problem ? 'error' : 'none'}
            validationMessage={problem ?? undefined}
          >
            <Textarea
              value={text}
              resize="vertical"
              rows={8}
              onChange={(_event, data) => {
                setText(data.value);
                setProblem(null);
              }}
            />
          </Field>
        </>
      )}
      {result && (
        <>
          <MessageBar intent="success">
            <MessageBarBody>
              Utworzono szkic „{result.name}”: {mapped.length} z {result.mapped.length} elementów
              kwestionariusza stało się polami formularza.
            </MessageBarBody>
          </MessageBar>
          <section aria-labelledby={`${fileId}-mapped`}>
            <h3 id={`${fileId}-mapped`}>Zaimportowane pola</h3>
            <ul className={styles.report}>
              {mapped.map((item) => (
                <li key={item.linkId}>
                  {item.text ?? item.linkId} — {item.fhirType} → {item.fieldType}
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby={`${fileId}-issues`}>
            <h3 id={`${fileId}-issues`}>Czego nie przeniesiono</h3>
            {result.issues.length === 0 ? (
              <p>Przeniesiono wszystko.</p>
            ) : (
              <ul className={styles.report}>
                {result.issues.map((issue, index) => (
                  <li key={index}>
                    {SEVERITY_LABELS[issue.severity] ?? issue.severity} ({issue.expression.join(', ')}):{' '}
                    {issue.diagnostics}
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </ActionsDialog>
  );
}
