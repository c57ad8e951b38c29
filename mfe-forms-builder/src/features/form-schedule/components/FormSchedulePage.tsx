import {
  Button,
  makeStyles,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Spinner,
  Title2,
  tokens,
  Tooltip,
} from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiErrorOf } from 'shared-ui/api-client';
import { ErrorPanel } from 'shared-ui/components';
import { useApiClient, useShell } from 'shared-ui/remote';
import { useParams } from 'shared-ui/routing';
import { FORMS_BUILDER_ROUTES, pathTo } from '@formularze/domain/schemas';
import { SCHEDULE_INCOMPLETE_MESSAGE, type FormDetails } from '@formularze/domain/schemas/forms';
import {
  hasScheduleIssues,
  isScheduleComplete,
  ScheduleEditor,
  scheduleDraftOf,
  schedulePayloadOf,
} from '../../../components/schedule';
import { formScheduleQuery, payloadProblems, payloadWithSchedule } from '../api';
import { useSaveSchedule } from '../hooks/useSaveSchedule';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '60rem' },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM },
});

/** Why the schedule of `form` cannot be changed here, or null when it can (§4 statuses, §6). */
function readOnlyReason(form: FormDetails, canEdit: boolean): { title: string; text: string } | null {
  if (form.status === 'ACTIVE') {
    return {
      title: 'Formularz jest aktywny',
      text: 'Harmonogramu aktywnego formularza nie można zmienić. Wstrzymaj formularz na liście formularzy, a potem wróć tutaj.',
    };
  }
  if (form.status !== 'DRAFT' && form.status !== 'PAUSED') {
    return { title: 'Tylko do odczytu', text: 'Tego formularza nie można edytować.' };
  }
  if (!canEdit) {
    return { title: 'Tylko do odczytu', text: 'Nie masz uprawnień do zmiany tego formularza.' };
  }
  return null;
}

/** `/forms/schedule/{id}`: the schedule of one form, saved with the form's full payload (§2, §7). */
export function FormSchedulePage() {
  const { id } = useParams();
  const formId = Number(id);
  const client = useApiClient();
  const validId = Number.isSafeInteger(formId) && formId > 0;
  const form = useQuery({ ...formScheduleQuery(client, formId), enabled: validId });

  if (!validId || apiErrorOf(form.error)?.statusCode === 404) {
    return (
      <ErrorPanel title="Nie znaleziono formularza" message="Formularz nie istnieje albo został usunięty." />
    );
  }
  if (form.isError && !form.data) {
    return (
      <ErrorPanel
        title="Nie udało się pobrać formularza"
        message="Spróbuj ponownie później."
        onRetry={() => void form.refetch()}
      />
    );
  }
  if (!form.data) return <Spinner label="Wczytywanie formularza" />;
  // A new edition (after a save) starts from its own schedule.
  return <FormSchedule key={form.data.id} form={form.data} />;
}

function FormSchedule({ form }: { form: FormDetails }) {
  const styles = useStyles();
  const shell = useShell();
  const [draft, setDraft] = useState(() => scheduleDraftOf(form.schedule));
  const [problems, setProblems] = useState<string[]>([]);
  const save = useSaveSchedule(form);
  const readOnly = readOnlyReason(form, shell.permissions.has('form:edit'));
  const complete = isScheduleComplete(draft);
  const savable = complete && !hasScheduleIssues(draft);

  useEffect(() => shell.page.setTitle(`Harmonogram ${form.name}`), [shell, form.name]);

  const onSave = () => {
    const schedule = schedulePayloadOf(draft);
    const found = payloadProblems(payloadWithSchedule(form, schedule));
    setProblems(found);
    if (found.length === 0) save.mutate(schedule);
  };

  const saveButton = (
    <Button
      appearance="primary"
      disabled={readOnly !== null || save.isPending || (complete && !savable)}
      // Focusable while incomplete, so the keyboard reaches the reason in the tooltip.
      disabledFocusable={readOnly === null && !complete}
      onClick={onSave}
    >
      {save.isPending ? 'Zapisywanie…' : 'Zapisz'}
    </Button>
  );

  return (
    <section className={styles.page}>
      <Title2 as="h2">Harmonogram: {form.name}</Title2>
      {readOnly && (
        <MessageBar intent="warning" layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>{readOnly.title}</MessageBarTitle>
            {readOnly.text}
          </MessageBarBody>
        </MessageBar>
      )}
      <ScheduleEditor
        value={draft}
        disabled={readOnly !== null || save.isPending}
        onChange={(next) => {
          setDraft(next);
          setProblems([]);
        }}
      />
      {problems.length > 0 && (
        <MessageBar intent="error" layout="multiline" role="alert">
          <MessageBarBody>
            <MessageBarTitle>Nie można zapisać harmonogramu</MessageBarTitle>
            {problems.join(' ')}
          </MessageBarBody>
        </MessageBar>
      )}
      <div className={styles.actions}>
        <Button onClick={() => shell.navigate(pathTo(FORMS_BUILDER_ROUTES.formList))}>Powrót</Button>
        {readOnly === null && !complete ? (
          <Tooltip content={SCHEDULE_INCOMPLETE_MESSAGE} relationship="description">
            {saveButton}
          </Tooltip>
        ) : (
          saveButton
        )}
      </div>
    </section>
  );
}
