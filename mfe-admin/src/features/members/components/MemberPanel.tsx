import {
  Body1,
  Button,
  Link,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Spinner,
  Subtitle2,
  tokens,
} from '@fluentui/react-components';
import { ArrowResetRegular } from '@fluentui/react-icons/svg/arrow-reset';
import { CheckmarkCircleRegular } from '@fluentui/react-icons/svg/checkmark-circle';
import { DeleteRegular } from '@fluentui/react-icons/svg/delete';
import { DocumentRegular } from '@fluentui/react-icons/svg/document';
import { EditRegular } from '@fluentui/react-icons/svg/edit';
import { KeyRegular } from '@fluentui/react-icons/svg/key';
import { MailRegular } from '@fluentui/react-icons/svg/mail';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiErrorOf } from 'shared-ui/api-client';
import { ConfirmDialog } from 'shared-ui/components';
import { useApiClient, useShell } from 'shared-ui/remote';
import { useNavigate } from 'shared-ui/routing';
import {
  activeFormsWarning,
  mayManageMember,
  memberRoleOf,
  PASSWORD_RESET_ERROR_MESSAGE,
  PASSWORD_RESET_MESSAGE,
  PERSON_ACTIVATED_MESSAGE,
  PERSON_REMOVED_MESSAGE,
  WELCOME_SENT_MESSAGE,
} from '@formularze/domain/schemas/members';
import { ADMIN_ROUTES, displayName, pathTo, RESULTS_ROUTES } from '@formularze/domain/schemas';
import { formatDate, formatDateTime } from '@formularze/domain/schemas/display-format';
import { PersonAccessDialog } from './PersonAccessDialog';
import {
  activatePerson,
  allMembersKey,
  memberActiveFormsQuery,
  removePerson,
  resendWelcome,
  resetPersonPassword,
  type MembersListPage,
} from '../api';

const useStyles = makeStyles({
  panel: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    paddingBlock: tokens.spacingVerticalS,
  },
  details: {
    display: 'grid',
    gridTemplateColumns: 'max-content 1fr',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalXS,
    margin: 0,
  },
  pair: { display: 'contents' },
  term: { color: tokens.colorNeutralForeground3 },
  value: { margin: 0 },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  terms: { margin: 0, paddingInlineStart: tokens.spacingHorizontalL },
});

type Person = MembersListPage['content'][number];

export interface MemberPanelProps {
  person: Person;
  /** The signed-in user's id: nobody removes themselves. */
  myId: number | undefined;
}

/** One member's details and what the signed-in user may do with them. */
export function MemberPanel({ person, myId }: MemberPanelProps) {
  const styles = useStyles();
  const shell = useShell();
  const client = useApiClient();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<'remove' | 'activate' | null>(null);
  const [accessOpen, setAccessOpen] = useState(false);
  const has = (key: Parameters<typeof shell.permissions.has>[0]) => shell.permissions.has(key);
  const name = displayName(person);
  const patient = memberRoleOf(person.user.authorities) === 'ROLE_USER';
  const canManage = has('editor:editPerson') && mayManageMember(has, person.user.authorities);
  // §6: password reset, the welcome message and accepted terms of patients are the owner's.
  const ownerOfPatient = patient && has('admin:setAdminRole');
  // Projects (membership) and forms (own grants) are assigned together in one dialog.
  const canAssignAccess = has('admin:addGroup') && has('form:activate');

  const failed = (text: string) => () => shell.alerts.show({ text, isError: true });
  const refresh = () => queryClient.invalidateQueries({ queryKey: allMembersKey });
  const remove = useMutation({
    mutationFn: () => removePerson(client, person.id),
    onSuccess: () => {
      shell.alerts.show({ text: PERSON_REMOVED_MESSAGE });
      return refresh();
    },
    onError: (error) =>
      shell.alerts.show({
        text: apiErrorOf(error)?.message ?? 'Nie udało się usunąć użytkownika',
        isError: true,
      }),
    onSettled: () => setConfirming(null),
  });
  const activate = useMutation({
    mutationFn: () => activatePerson(client, person.id),
    onSuccess: () => {
      shell.alerts.show({ text: PERSON_ACTIVATED_MESSAGE });
      return refresh();
    },
    onError: failed('Nie udało się aktywować użytkownika'),
    onSettled: () => setConfirming(null),
  });
  const resetPassword = useMutation({
    mutationFn: () => resetPersonPassword(client, person.id),
    onSuccess: () => shell.alerts.show({ text: PASSWORD_RESET_MESSAGE }),
    onError: failed(PASSWORD_RESET_ERROR_MESSAGE),
  });
  const welcome = useMutation({
    mutationFn: () => resendWelcome(client, person.id),
    onSuccess: () => shell.alerts.show({ text: WELCOME_SENT_MESSAGE }),
    onError: failed('Nie udało się wysłać wiadomości powitalnej'),
  });

  // §6: removing a patient warns of the active forms they still belong to.
  const activeForms = useQuery({
    ...memberActiveFormsQuery(client, person.id),
    enabled: confirming === 'remove' && patient,
  });

  const details: [string, string | null][] = [
    ['Adres email', person.mail],
    ['Numer telefonu', person.phone],
    ['Identyfikator', person.hospitalIdentifier],
    ['Dodano', formatDateTime(person.createdAt)],
  ];

  return (
    <section className={styles.panel} aria-label={`Szczegóły: ${name}`}>
      <dl className={styles.details}>
        {details
          .filter(([, value]) => value)
          .map(([term, value]) => (
            <div key={term} className={styles.pair}>
              <dt className={styles.term}>{term}</dt>
              <dd className={styles.value}>{value}</dd>
            </div>
          ))}
      </dl>
      {ownerOfPatient && person.acceptedTerms && (
        <section aria-label={`Zaakceptowane regulaminy: ${name}`}>
          <Subtitle2 as="h4">Zaakceptowane regulaminy</Subtitle2>
          {person.acceptedTerms.length === 0 ? (
            <Body1>Brak zaakceptowanych regulaminów.</Body1>
          ) : (
            <ul className={styles.terms}>
              {person.acceptedTerms.map(({ terms }) => (
                <li key={terms.id}>
                  <Link href={terms.link} target="_blank" rel="noreferrer">
                    {terms.name}
                  </Link>{' '}
                  (od {formatDate(terms.activeSince)})
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      <div className={styles.actions}>
        {canManage && (
          <Button
            icon={<EditRegular />}
            onClick={() => navigate(pathTo(ADMIN_ROUTES.editPerson, { personId: person.id }))}
          >
            Edytuj
          </Button>
        )}
        {canManage && !person.user.activated && (
          <Button icon={<CheckmarkCircleRegular />} onClick={() => setConfirming('activate')}>
            Aktywuj
          </Button>
        )}
        {ownerOfPatient && (
          <>
            <Button
              icon={<ArrowResetRegular />}
              disabled={resetPassword.isPending}
              onClick={() => resetPassword.mutate()}
            >
              Resetuj hasło
            </Button>
            <Button icon={<MailRegular />} disabled={welcome.isPending} onClick={() => welcome.mutate()}>
              Wyślij ponownie wiadomość powitalną
            </Button>
          </>
        )}
        {canAssignAccess && (
          <Button icon={<KeyRegular />} onClick={() => setAccessOpen(true)}>
            Uprawnienia do projektów i formularzy
          </Button>
        )}
        <Button
          icon={<DocumentRegular />}
          onClick={() => shell.navigate(pathTo(RESULTS_ROUTES.personForms, { personId: person.id }))}
        >
          Wypełnione formularze
        </Button>
        {canManage && person.id !== myId && (
          <Button icon={<DeleteRegular />} onClick={() => setConfirming('remove')}>
            Usuń
          </Button>
        )}
      </div>
      {accessOpen && (
        <PersonAccessDialog personId={person.id} personName={name} onClose={() => setAccessOpen(false)} />
      )}
      <ConfirmDialog
        open={confirming === 'activate'}
        title="Aktywować użytkownika?"
        confirmLabel="Aktywuj"
        busy={activate.isPending}
        onConfirm={() => activate.mutate()}
        onCancel={() => setConfirming(null)}
      >
        Użytkownik {name} będzie mógł się zalogować.
      </ConfirmDialog>
      <ConfirmDialog
        open={confirming === 'remove'}
        title="Usunąć użytkownika?"
        confirmLabel="Usuń"
        busy={remove.isPending}
        onConfirm={() => remove.mutate()}
        onCancel={() => setConfirming(null)}
      >
        <div className={styles.panel}>
          {patient && activeForms.isPending && (
            <Spinner size="tiny" label="Sprawdzanie aktywnych formularzy" />
          )}
          {activeForms.data && activeForms.data.length > 0 && (
            <MessageBar intent="warning">
              <MessageBarBody>{activeFormsWarning(activeForms.data.map((form) => form.name))}</MessageBarBody>
            </MessageBar>
          )}
          <Body1>
            Użytkownik {name} zostanie usunięty z organizacji i nie będzie mógł się zalogować. Wypełnione
            przez niego dane pozostaną.
          </Body1>
        </div>
      </ConfirmDialog>
    </section>
  );
}
