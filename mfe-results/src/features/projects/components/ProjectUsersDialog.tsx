import { Body1, Checkbox, makeStyles } from '@fluentui/react-components';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiErrorOf } from 'shared-ui/api-client';
import { AccessListDialog, peopleMatching, PersonSearchBox } from 'shared-ui/components';
import { useApiClient, useShell } from 'shared-ui/remote';
import { displayName } from '@formularze/domain/schemas';
import { memberRoleOf, ROLE_LABELS } from '@formularze/domain/schemas/members';
import type { Project, ProjectUser } from '@formularze/domain/schemas/projects';
import { allProjectsKey, projectUsersQuery, saveProjectUsers } from '../api';

const useStyles = makeStyles({
  surface: { maxWidth: '40rem' },
  list: { display: 'flex', flexDirection: 'column', margin: 0, padding: 0, listStyleType: 'none' },
});

export interface ProjectUsersDialogProps {
  project: Project;
  onClose(): void;
}

/** 'Maria Wiśniewska (+48600100200) — Pacjent': enough to tell two people of the same name apart. */
function userLabel(user: ProjectUser) {
  const name = displayName(user);
  const contact = user.mail ?? user.phone;
  const role = ROLE_LABELS[memberRoleOf(user.roles.join(','))];
  return `${contact && contact !== name ? `${name} (${contact})` : name} — ${role}`;
}

/**
 * Who belongs to the project (§2 "manage users"): a filter and a checkbox per person. The server
 * lists whom the signed-in user may add (§6); only the changed people are sent.
 */
export function ProjectUsersDialog({ project, onClose }: ProjectUsersDialogProps) {
  const styles = useStyles();
  const shell = useShell();
  const client = useApiClient();
  const queryClient = useQueryClient();
  const users = useQuery(projectUsersQuery(client, project.id));
  const [edited, setEdited] = useState<ReadonlyMap<number, boolean>>(new Map());
  const [search, setSearch] = useState('');

  const changes = (users.data ?? [])
    .filter((user) => edited.has(user.userId) && edited.get(user.userId) !== user.selected)
    .map((user) => ({ userId: user.userId, selected: !user.selected }));

  const save = useMutation({
    mutationFn: () => saveProjectUsers(client, project.id, changes),
    onSuccess: () => {
      shell.alerts.show({ text: `Zapisano użytkowników projektu ${project.name}` });
      onClose();
    },
    onError: (error) =>
      shell.alerts.show({
        text: apiErrorOf(error)?.message ?? 'Nie udało się zapisać użytkowników projektu',
        isError: true,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: allProjectsKey }),
  });

  const shown = peopleMatching(users.data ?? [], search);

  return (
    <AccessListDialog
      title={`Użytkownicy projektu ${project.name}`}
      surfaceClassName={styles.surface}
      query={users}
      texts={{ loading: 'Wczytywanie użytkowników', loadError: 'Nie udało się pobrać użytkowników' }}
      canSave={changes.length > 0 && !save.isPending}
      onSave={() => save.mutate()}
      onClose={onClose}
    >
      {users.data && <PersonSearchBox value={search} onChange={setSearch} />}
      {users.data && shown.length === 0 && <Body1>Brak użytkowników</Body1>}
      {shown.length > 0 && (
        <ul className={styles.list} aria-label="Użytkownicy">
          {shown.map((user) => (
            <li key={user.userId}>
              <Checkbox
                checked={edited.get(user.userId) ?? user.selected}
                onChange={(_event, data) =>
                  setEdited((current) => new Map(current).set(user.userId, data.checked === true))
                }
                label={userLabel(user)}
              />
            </li>
          ))}
        </ul>
      )}
    </AccessListDialog>
  );
}
