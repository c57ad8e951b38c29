import { Body1, Button, Checkbox, Field, makeStyles, Subtitle2, tokens } from '@fluentui/react-components';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { apiErrorOf } from 'shared-ui/api-client';
import {
  AccessListDialog,
  ConfirmDialog,
  DateInput,
  peopleMatching,
  PersonSearchBox,
} from 'shared-ui/components';
import { useApiClient, useShell } from 'shared-ui/remote';
import { displayName } from '@formularze/domain/schemas';
import {
  EXPIRED_FORM_ASSIGNMENT_QUESTION,
  type AllowedUser,
  type FormListItem,
} from '@formularze/domain/schemas/forms';
import { allowedUsersQuery, formListKey, saveAllowedUsers } from '../api';
import {
  changedEntries,
  changeEnd,
  changeStart,
  deselect,
  entryOf,
  organizationToday,
  resetEnd,
  select,
  type AccessContext,
  type AccessEntry,
} from '../access-entries';

const useStyles = makeStyles({
  person: {
    display: 'grid',
    gridTemplateColumns: 'minmax(12rem, 2fr) repeat(2, minmax(9rem, 1fr)) auto',
    alignItems: 'end',
    gap: tokens.spacingHorizontalM,
    paddingBlock: tokens.spacingVerticalXS,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
});

export interface FormAccessDialogProps {
  form: FormListItem;
  onClose(): void;
}

const isDoctor = (user: AllowedUser) => user.roles.some((role) => role.includes('ROLE_EDITOR'));

/**
 * The form access panel (§2): who may fill the form and from when to when. Owners also see the
 * doctors; the API lists only patients to editors.
 */
export function FormAccessDialog({ form, onClose }: FormAccessDialogProps) {
  const styles = useStyles();
  const shell = useShell();
  const client = useApiClient();
  const queryClient = useQueryClient();
  const users = useQuery(allowedUsersQuery(client, form.id));
  const [edited, setEdited] = useState<ReadonlyMap<number, AccessEntry>>(new Map());
  const [search, setSearch] = useState('');
  const [awaitingConfirmation, setAwaitingConfirmation] = useState<AccessEntry | null>(null);

  const context: AccessContext = useMemo(
    () => ({ today: organizationToday(), defaultAssignmentDuration: form.defaultAssignmentDuration }),
    [form.defaultAssignmentDuration],
  );
  const expired = Boolean(form.schedule?.endDate && form.schedule.endDate < context.today);
  const original = useMemo(() => (users.data ?? []).map(entryOf), [users.data]);
  const changes = changedEntries(original, edited);

  const save = useMutation({
    mutationFn: () => saveAllowedUsers(client, form.id, changes),
    onSuccess: (saved) => {
      queryClient.setQueryData(allowedUsersQuery(client, form.id).queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: formListKey });
      shell.alerts.show({ text: `Zapisano dostęp do formularza ${form.name}` });
      onClose();
    },
    onError: (error) =>
      shell.alerts.show({
        text: apiErrorOf(error)?.message ?? 'Nie udało się zapisać dostępu do formularza',
        isError: true,
      }),
  });

  const entryFor = (user: AllowedUser) => edited.get(user.userId) ?? entryOf(user);
  const update = (entry: AccessEntry) => setEdited((current) => new Map(current).set(entry.userId, entry));
  const toggle = (entry: AccessEntry, checked: boolean) => {
    if (!checked) update(deselect(entry));
    else if (expired) setAwaitingConfirmation(entry);
    else update(select(entry, context));
  };

  const shown = peopleMatching(users.data ?? [], search);
  const sections = [
    { title: 'Pacjenci', people: shown.filter((user) => !isDoctor(user)) },
    { title: 'Lekarze', people: shown.filter(isDoctor) },
  ].filter((section) => section.people.length > 0);

  return (
    <AccessListDialog
      title={`Dostęp do formularza ${form.name}`}
      query={users}
      texts={{ loading: 'Wczytywanie użytkowników', loadError: 'Nie udało się pobrać użytkowników' }}
      canSave={changes.length > 0 && !save.isPending}
      onSave={() => save.mutate()}
      onClose={onClose}
      overlay={
        <ConfirmDialog
          open={awaitingConfirmation !== null}
          title="Formularz przedawniony"
          confirmLabel="Dodaj"
          onCancel={() => setAwaitingConfirmation(null)}
          onConfirm={() => {
            if (awaitingConfirmation) update(select(awaitingConfirmation, context));
            setAwaitingConfirmation(null);
          }}
        >
          {EXPIRED_FORM_ASSIGNMENT_QUESTION}
        </ConfirmDialog>
      }
    >
      {users.data && <PersonSearchBox value={search} onChange={setSearch} />}
      {users.data && sections.length === 0 && <Body1>Brak użytkowników</Body1>}
      {sections.map(({ title, people }) => (
        <section key={title} aria-label={title}>
          <Subtitle2 as="h3">{title}</Subtitle2>
          {people.map((user) => {
            const entry = entryFor(user);
            const name = displayName(user);
            return (
              <div key={user.userId} className={styles.person}>
                <Checkbox
                  checked={entry.selected}
                  onChange={(_event, data) => toggle(entry, data.checked === true)}
                  label={user.mail || user.phone ? `${name} (${user.mail ?? user.phone})` : name}
                />
                <Field label="Od">
                  <DateInput
                    aria-label={`Dostęp od, ${name}`}
                    disabled={!entry.selected}
                    value={entry.validSince}
                    onChange={(validSince) => validSince && update(changeStart(entry, validSince, context))}
                  />
                </Field>
                <Field label="Do">
                  <DateInput
                    aria-label={`Dostęp do, ${name}`}
                    disabled={!entry.selected}
                    value={entry.validTo}
                    onChange={(validTo) => update(changeEnd(entry, validTo ?? ''))}
                  />
                </Field>
                <Button
                  disabled={!entry.selected || entry.validTo === null}
                  aria-label={`Bez daty końcowej, ${name}`}
                  onClick={() => update(resetEnd(entry))}
                >
                  Wyczyść
                </Button>
              </div>
            );
          })}
        </section>
      ))}
    </AccessListDialog>
  );
}
