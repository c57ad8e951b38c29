import { Spinner, Title2 } from '@fluentui/react-components';
import { useQuery } from '@tanstack/react-query';
import { ErrorPanel, usePageStyles } from 'shared-ui/components';
import { useApiClient, usePageTrail, useShell } from 'shared-ui/remote';
import { Navigate, useParams } from 'shared-ui/routing';
import { ADMIN_ROUTES, displayName, FILLING_ROUTES, pathTo } from '@formularze/domain/schemas';
import { memberQuery } from '../api';
import { MEMBERS_TITLE } from './MembersPage';
import { PersonForm } from './PersonForm';

/** Every person page sits under 'Członkowie organizacji'. */
const MEMBERS_TRAIL = { label: MEMBERS_TITLE, path: pathTo(ADMIN_ROUTES.members) };

/** `/person/add`. */
export function AddPersonPage() {
  const styles = usePageStyles();
  usePageTrail('Dodaj użytkownika', MEMBERS_TRAIL);
  return (
    <div className={styles.page}>
      <Title2 as="h2">Dodaj użytkownika</Title2>
      <PersonForm />
    </div>
  );
}

/**
 * `/persons/{personId}`. The shell's route guard sends editors without user management to /; the
 * page does the same should the permission go while it is open (the organization's flag turned off).
 */
export function EditPersonPage() {
  const styles = usePageStyles();
  const shell = useShell();
  const client = useApiClient();
  const id = Number(useParams().personId);
  const allowed = shell.permissions.has('editor:editPerson');
  const person = useQuery({ ...memberQuery(client, id), enabled: allowed && Number.isInteger(id) && id > 0 });
  const name = person.data ? displayName(person.data) || `Użytkownik ${person.data.id}` : null;
  usePageTrail(name, MEMBERS_TRAIL);
  if (!allowed) return <Navigate to={pathTo(FILLING_ROUTES.dashboard)} replace />;
  return (
    <div className={styles.page}>
      <Title2 as="h2">Edycja użytkownika{name ? `: ${name}` : ''}</Title2>
      {person.isSuccess ? (
        // A new person (after "Edytuj dane" of a duplicate) starts a fresh form.
        <PersonForm key={person.data.id} person={person.data} />
      ) : person.isError || !person.isFetching ? (
        <ErrorPanel
          title="Nie znaleziono użytkownika"
          message="Użytkownik nie istnieje lub nie należy do Twojej organizacji."
          onRetry={() => void person.refetch()}
        />
      ) : (
        <Spinner label="Wczytywanie użytkownika" />
      )}
    </div>
  );
}
