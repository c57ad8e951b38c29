import { FirstLoginDialog } from '../../session/FirstLoginDialog';
import { IdleLogout } from '../../session/idle/IdleLogoutDialog';
import { mustAcceptTerms, TermsModal } from '../../session/TermsModal';
import { useObservable, useShellRuntime } from '../shell-context';

/** The dialogs over a signed-in page: terms to accept, first-login help and the idle logout. */
export function SessionOverlays() {
  const { session, config } = useShellRuntime();
  const { person } = useObservable(session);
  const { autoLogoutEnabled } = useObservable(config);
  if (!person) return null;
  const termsPending = mustAcceptTerms(person);
  return (
    <>
      {termsPending && person.organization && <TermsModal organizationId={person.organization.id} />}
      {!termsPending && person.firstLogin && <FirstLoginDialog person={person} />}
      <IdleLogout enabled={autoLogoutEnabled} onLogout={() => void session.logout()} />
    </>
  );
}
