import {
  Body1,
  Caption1,
  Checkbox,
  makeStyles,
  Subtitle2,
  TableCell,
  TableRow,
  tokens,
} from '@fluentui/react-components';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { AccessListDialog, ColumnsTable, useStackStyles } from 'shared-ui/components';
import { useApiClient, useShell } from 'shared-ui/remote';
import { FORM_STATUS_LABELS } from '@formularze/domain/schemas/forms';
import {
  PROJECT_NAME_SHORT_LENGTH,
  type PersonAccess,
  type PersonFormAccess,
} from '@formularze/domain/schemas/projects';
import { personAccessQuery, savePersonAccess, type PersonAccessChanges } from '../person-access-api';

export const ACCESS_SAVED_MESSAGE = 'Edycja uprawnień do projektów i formularzy przebiegła pomyślnie.';
export const ACCESS_SAVE_ERROR_MESSAGE = 'Błąd edycji uprawnień do projektów i formularzy.';

const FORM_ACCESS_COLUMNS = ['Formularz', 'Dostęp do formularza', 'Dostęp z projektu'];

const useStyles = makeStyles({
  projectHeader: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalL,
  },
  note: { flexBasis: '100%', color: tokens.colorNeutralForeground3 },
});

/** §2: project names are cut after 25 characters; the full name stays in the title and for screen readers. */
function shortName(name: string) {
  return name.length > PROJECT_NAME_SHORT_LENGTH ? `${name.slice(0, PROJECT_NAME_SHORT_LENGTH)}…` : name;
}

type Choices = ReadonlyMap<number, boolean>;

/** Only what differs from the saved access is sent; memberships as the complete list of projects. */
function changesOf(access: PersonAccess, memberships: Choices, grants: Choices): PersonAccessChanges {
  const isMember = (project: PersonAccess['projects'][number]) =>
    memberships.get(project.id) ?? project.member;
  const membershipChanged = access.projects.some((project) => isMember(project) !== project.member);
  const forms = [...access.projects.flatMap((project) => project.forms), ...access.formsWithoutProject];
  const changed = forms.filter((form) => grants.has(form.id) && grants.get(form.id) !== form.granted);
  return {
    groupIds: membershipChanged ? access.projects.filter(isMember).map((project) => project.id) : null,
    forms: changed.length
      ? {
          allow: changed.filter((form) => !form.granted).map((form) => form.id),
          disallow: changed.filter((form) => form.granted).map((form) => form.id),
        }
      : null,
  };
}

export interface PersonAccessDialogProps {
  personId: number;
  /** The person's display name, for the title. */
  personName: string;
  onClose(): void;
}

/**
 * The person access dialog (§2): per project, membership and each form's own grant; a read-only
 * column shows the access membership gives when the project lets its members fill all its forms
 * (`enableAllFormAccess`). Forms in no project come last.
 */
export function PersonAccessDialog({ personId, personName, onClose }: PersonAccessDialogProps) {
  const styles = useStyles();
  const stack = useStackStyles();
  const shell = useShell();
  const client = useApiClient();
  const queryClient = useQueryClient();
  const access = useQuery(personAccessQuery(client, personId));
  const [memberships, setMemberships] = useState<Choices>(new Map());
  const [grants, setGrants] = useState<Choices>(new Map());

  const changes = access.data ? changesOf(access.data, memberships, grants) : null;
  const save = useMutation({
    mutationFn: (toSave: PersonAccessChanges) => savePersonAccess(client, personId, toSave),
    onSuccess: () => {
      shell.alerts.show({ text: ACCESS_SAVED_MESSAGE });
      onClose();
    },
    onError: () => shell.alerts.show({ text: ACCESS_SAVE_ERROR_MESSAGE, isError: true }),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: personAccessQuery(client, personId).queryKey }),
  });

  const formsTable = (
    label: string,
    forms: PersonFormAccess[],
    byProject: (form: PersonFormAccess) => boolean,
  ) =>
    forms.length === 0 ? (
      <Body1>Brak formularzy</Body1>
    ) : (
      <ColumnsTable size="small" aria-label={label} columns={FORM_ACCESS_COLUMNS}>
        {forms.map((form) => (
          <TableRow key={form.id}>
            <TableCell>
              {form.name} <Caption1>({FORM_STATUS_LABELS[form.status]})</Caption1>
            </TableCell>
            <TableCell>
              <Checkbox
                aria-label={`Dostęp do formularza ${form.name}`}
                checked={grants.get(form.id) ?? form.granted}
                onChange={(_event, data) =>
                  setGrants((current) => new Map(current).set(form.id, data.checked === true))
                }
              />
            </TableCell>
            <TableCell>{byProject(form) ? 'Tak' : 'Nie'}</TableCell>
          </TableRow>
        ))}
      </ColumnsTable>
    );

  return (
    <AccessListDialog
      title={`Uprawnienia do projektów i formularzy: ${personName}`}
      contentClassName={stack.xl}
      query={access}
      texts={{ loading: 'Wczytywanie uprawnień', loadError: 'Nie udało się pobrać uprawnień' }}
      canSave={!!changes && (!!changes.groupIds || !!changes.forms) && !save.isPending}
      onSave={() => changes && save.mutate(changes)}
      onClose={onClose}
    >
      {access.data?.projects.map((project) => {
        const member = memberships.get(project.id) ?? project.member;
        // Joining or leaving changes the project's grant at once; until then the server's word holds.
        const byProject = (form: PersonFormAccess) =>
          member === project.member ? form.grantedByProject : project.enableAllFormAccess && member;
        return (
          <section key={project.id} aria-label={`Projekt ${project.name}`}>
            <div className={styles.projectHeader}>
              <Subtitle2 as="h3" title={project.name} aria-label={project.name}>
                {shortName(project.name)}
              </Subtitle2>
              <Checkbox
                label="Członek projektu"
                aria-label={`Członek projektu ${project.name}`}
                checked={member}
                onChange={(_event, data) =>
                  setMemberships((current) => new Map(current).set(project.id, data.checked === true))
                }
              />
              {project.enableAllFormAccess && (
                <Caption1 className={styles.note}>
                  Członkowie projektu mają dostęp do wszystkich jego formularzy.
                </Caption1>
              )}
            </div>
            {formsTable(`Formularze projektu ${project.name}`, project.forms, byProject)}
          </section>
        );
      })}
      {access.data && access.data.formsWithoutProject.length > 0 && (
        <section aria-label="Formularze bez projektu">
          <Subtitle2 as="h3">Formularze bez projektu</Subtitle2>
          {formsTable('Formularze bez projektu', access.data.formsWithoutProject, () => false)}
        </section>
      )}
      {access.data && access.data.projects.length === 0 && access.data.formsWithoutProject.length === 0 && (
        <Body1>Organizacja nie ma jeszcze projektów ani formularzy.</Body1>
      )}
    </AccessListDialog>
  );
}
