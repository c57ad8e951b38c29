import { Button, Link, Spinner, Text } from '@fluentui/react-components';
import { useMutation, useQuery } from '@tanstack/react-query';
import { termsDocument, type CurrentPerson } from '@formularze/domain/schemas';
import { ActionsDialog } from 'shared-ui/components';
import { useShellRuntime } from '../frame/shell-context';

export const TERMS_PROMPT =
  'Prosimy zaakceptować regulamin serwisu. Brak akceptacji uniemożliwi korzystanie z serwisu.';

/** Whether the person must accept the organization's current terms before using the app. */
export function mustAcceptTerms(person: Pick<CurrentPerson, 'authorities'>): boolean {
  return person.authorities.includes('ROLE_USER_NO_ACCEPTED_TERMS');
}

/** The organization's current terms: accept them, or log out. Nothing else is reachable meanwhile. */
export function TermsModal({ organizationId }: { organizationId: number }) {
  const { api, session, alerts } = useShellRuntime();
  const terms = useQuery({
    queryKey: ['current-terms', organizationId],
    queryFn: async () =>
      termsDocument.parse((await api.get(`/api/organizations/${organizationId}/current-terms`)).data),
  });
  const accept = useMutation({
    mutationFn: async (termsId: number) => {
      await api.put(`/api/organizations/terms/${termsId}/accept`);
      await session.refetch();
    },
    onError: () => alerts.show({ text: 'Nie udało się zaakceptować regulaminu', isError: true }),
  });
  // Neither Escape nor a click beside it gets past the terms: only accepting them or logging out does.
  return (
    <ActionsDialog
      open
      modalType="alert"
      title="Regulamin serwisu"
      describedBy="terms-prompt"
      onDismiss={() => {}}
      actions={
        <>
          <Button appearance="secondary" onClick={() => void session.logout()}>
            Wyloguj
          </Button>
          <Button
            appearance="primary"
            disabled={!terms.data || accept.isPending}
            onClick={() => terms.data && accept.mutate(terms.data.id)}
          >
            Akceptuję regulamin
          </Button>
        </>
      }
    >
      <Text as="p" id="terms-prompt" block>
        {TERMS_PROMPT}
      </Text>
      {terms.isPending && <Spinner size="tiny" label="Wczytywanie regulaminu" />}
      {terms.data && (
        <Link href={terms.data.link} target="_blank" rel="noopener">
          {terms.data.name} (PDF)
        </Link>
      )}
      {terms.isError && <Text block>Nie udało się wczytać regulaminu. Spróbuj ponownie później.</Text>}
    </ActionsDialog>
  );
}
