import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Checkbox, makeStyles, Spinner, Title2, tokens } from '@fluentui/react-components';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type * as z from 'zod/mini';
import { apiErrorOf } from 'shared-ui/api-client';
import { ErrorPanel, TextField, useUnsavedChangesGuard } from 'shared-ui/components';
import { useApiClient, usePageTrail, useShell } from 'shared-ui/remote';
import { Navigate, useParams } from 'shared-ui/routing';
import { FILLING_ROUTES, pathTo, RESULTS_ROUTES } from '@formularze/domain/schemas';
import {
  PROJECT_NAME_MAX_LENGTH,
  PROJECT_NOT_FOUND_MESSAGE,
  PROJECT_TEXT_MAX_LENGTH,
  projectPayload,
  type Project,
  type ProjectPayload,
} from '@formularze/domain/schemas/projects';
import { allProjectsKey, createProject, projectQuery, updateProject } from '../api';
import { PROJECTS_TITLE } from './ProjectsPage';

const useStyles = makeStyles({
  page: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    padding: tokens.spacingHorizontalL,
  },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxWidth: '40rem' },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
});

const LIST_PATH = pathTo(RESULTS_ROUTES.projects);
/** Both project pages sit under 'Projekty'. */
const PROJECTS_TRAIL = { label: PROJECTS_TITLE, path: LIST_PATH };

type ProjectFormValues = z.input<typeof projectPayload>;

function formValuesOf(project: Project | null): ProjectFormValues {
  return {
    name: project?.name ?? '',
    internalDescription: project?.internalDescription ?? '',
    smsPhone: project?.smsPhone ?? '',
    welcomeSmsMessage: project?.welcomeSmsMessage ?? '',
    welcomeEmailMessage: project?.welcomeEmailMessage ?? '',
    enableAllFormAccess: project?.enableAllFormAccess ?? false,
  };
}

/** Blank optional texts are stored as "none", so the list shows a dash rather than an empty cell. */
const blankToNull = (text: string | null | undefined) => (text?.trim() ? text : null);

function payloadOf(values: ProjectPayload): ProjectPayload {
  return {
    name: values.name,
    internalDescription: blankToNull(values.internalDescription),
    smsPhone: blankToNull(values.smsPhone),
    welcomeSmsMessage: blankToNull(values.welcomeSmsMessage),
    welcomeEmailMessage: blankToNull(values.welcomeEmailMessage),
    enableAllFormAccess: values.enableAllFormAccess ?? false,
  };
}

/** `/form_group/add`. Without form-group-add-page:view the user is sent to / (§2). */
export function ProjectAddPage() {
  const styles = useStyles();
  const shell = useShell();
  usePageTrail('Nowy projekt', PROJECTS_TRAIL);
  if (!shell.permissions.has('form-group-add-page:view'))
    return <Navigate to={pathTo(FILLING_ROUTES.dashboard)} replace />;
  return (
    <div className={styles.page}>
      <Title2 as="h2">Nowy projekt</Title2>
      <ProjectForm project={null} />
    </div>
  );
}

/** `/form_group/edit/{groupId}`, with the same permission as adding (§2). */
export function ProjectEditPage() {
  const styles = useStyles();
  const shell = useShell();
  const client = useApiClient();
  const id = Number(useParams().groupId);
  const allowed = shell.permissions.has('form-group-add-page:view');
  const project = useQuery({
    ...projectQuery(client, id),
    enabled: allowed && Number.isInteger(id) && id > 0,
  });
  usePageTrail('Edycja projektu', PROJECTS_TRAIL);
  if (!allowed) return <Navigate to={pathTo(FILLING_ROUTES.dashboard)} replace />;
  return (
    <div className={styles.page}>
      <Title2 as="h2">Edycja projektu</Title2>
      {project.isPending && <Spinner label="Wczytywanie projektu" />}
      {project.isError && (
        <ErrorPanel
          title="Nie udało się pobrać projektu"
          message="Spróbuj ponownie później."
          onRetry={() => void project.refetch()}
        />
      )}
      {project.data === null && (
        <ErrorPanel title={PROJECT_NOT_FOUND_MESSAGE} message="Projekt mógł zostać usunięty." />
      )}
      {project.data && <ProjectForm project={project.data} />}
    </div>
  );
}

/** A project's settings (§3); only the name is required (§5). Saving or cancelling returns to the list. */
function ProjectForm({ project }: { project: Project | null }) {
  const styles = useStyles();
  const shell = useShell();
  const client = useApiClient();
  const queryClient = useQueryClient();
  const {
    control,
    handleSubmit,
    formState: { isDirty },
  } = useForm<ProjectFormValues, unknown, ProjectPayload>({
    resolver: zodResolver(projectPayload),
    defaultValues: formValuesOf(project),
  });
  const name = useWatch({ control, name: 'name' });
  // Once saved, the page leaves for the list without asking (the effect below runs after the prompt's).
  const [saved, setSaved] = useState(false);
  const { confirmLeave, dialog } = useUnsavedChangesGuard(isDirty && !saved);

  const save = useMutation({
    mutationFn: async (payload: ProjectPayload) => {
      if (project) await updateProject(client, project.id, payload);
      else await createProject(client, payload);
    },
    onSuccess: () => {
      shell.alerts.show({ text: project ? 'Zaktualizowano projekt' : 'Zapisano projekt' });
      setSaved(true);
      return queryClient.invalidateQueries({ queryKey: allProjectsKey });
    },
    onError: (error) =>
      shell.alerts.show({
        text: apiErrorOf(error)?.message ?? 'Nie udało się zapisać projektu',
        isError: true,
      }),
  });

  useEffect(() => {
    if (saved) shell.navigate(LIST_PATH);
  }, [saved, shell]);

  const cancel = async () => {
    if (await confirmLeave()) shell.navigate(LIST_PATH);
  };

  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={handleSubmit((values) => save.mutate(payloadOf(values)))}
    >
      <TextField control={control} name="name" label="Nazwa" required maxLength={PROJECT_NAME_MAX_LENGTH} />
      <TextField
        control={control}
        name="internalDescription"
        label="Opis wewnętrzny"
        hint="Widoczny tylko dla personelu"
        multiline
        maxLength={PROJECT_TEXT_MAX_LENGTH}
      />
      <TextField
        control={control}
        name="smsPhone"
        label="Numer telefonu nadawcy SMS"
        type="tel"
        inputMode="tel"
        autoComplete="off"
      />
      <TextField
        control={control}
        name="welcomeSmsMessage"
        label="Powitalny SMS"
        hint="Wysyłany osobom dodanym do projektu. Jeden SMS mieści około 140 znaków."
        multiline
        maxLength={PROJECT_TEXT_MAX_LENGTH}
      />
      <TextField
        control={control}
        name="welcomeEmailMessage"
        label="Powitalny e-mail"
        hint="Wysyłany osobom dodanym do projektu"
        multiline
        maxLength={PROJECT_TEXT_MAX_LENGTH}
      />
      <Controller
        control={control}
        name="enableAllFormAccess"
        render={({ field }) => (
          <Checkbox
            ref={field.ref}
            name={field.name}
            checked={field.value === true}
            onBlur={field.onBlur}
            onChange={(_event, data) => field.onChange(data.checked === true)}
            label="Członkowie projektu mogą wypełniać wszystkie jego formularze"
          />
        )}
      />
      <div className={styles.actions}>
        <Button type="submit" appearance="primary" disabled={!name?.trim() || save.isPending || saved}>
          Zapisz
        </Button>
        <Button onClick={() => void cancel()}>Anuluj</Button>
      </div>
      {dialog}
    </form>
  );
}
