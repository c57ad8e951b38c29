import { Button } from '@fluentui/react-components';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useLeaveGuard } from 'shared-ui/routing';
import { ActionsDialog } from './ActionsDialog';

/** The spec's question before unsaved data is left (profile, organization profile, project editor). */
export const UNSAVED_CHANGES_MESSAGE =
  'Edytowane dane nie zostały zapisane, czy mimo to chcesz opuścić stronę?';

/** single-spa's event before any route change in the page (shell menu, links, back button). */
const BEFORE_ROUTING_EVENT = 'single-spa:before-routing-event';
interface BeforeRoutingDetail {
  newUrl: string;
  oldUrl: string;
  cancelNavigation?: (cancel: boolean | Promise<boolean>) => void;
}

/**
 * Asks `question` before the user leaves a screen with unsaved changes, whichever way they go:
 * - the area's own links and `navigate()` calls, held by the area's router (`useLeaveGuard`);
 * - the shell's menu and breadcrumbs, back and forward: single-spa's before-routing-event, which
 *   can cancel the navigation while our dialog asks (the shell is another React tree, so a
 *   router blocker of the area would never see them);
 * - closing or reloading the tab: the browser's own prompt (`beforeunload`);
 * - the screen's own buttons (Anuluj): `confirmLeave()` before navigating.
 * Render `dialog` in the screen. A change of the query or hash alone stays on the screen.
 */
export function useUnsavedChangesGuard(
  isDirty: boolean,
  question: string = UNSAVED_CHANGES_MESSAGE,
): {
  confirmLeave(): Promise<boolean>;
  dialog: ReactNode;
} {
  const [pending, setPending] = useState<((leave: boolean) => void) | null>(null);
  const dirtyRef = useRef(isDirty);
  /** Set once the user chose to leave: the navigation that follows must not ask again. */
  const leaving = useRef(false);
  useEffect(() => {
    dirtyRef.current = isDirty;
    leaving.current = false;
  }, [isDirty]);

  const mustAsk = () => dirtyRef.current && !leaving.current;
  const confirmLeave = useCallback(
    () => (mustAsk() ? new Promise<boolean>((resolve) => setPending(() => resolve)) : Promise.resolve(true)),
    [],
  );

  useLeaveGuard(
    useCallback(
      // Answered at once when nothing is to be lost: the area's navigation is not delayed.
      (pathname: string) => pathname === window.location.pathname || !mustAsk() || confirmLeave(),
      [confirmLeave],
    ),
  );

  useEffect(() => {
    if (!isDirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need the return value set to show their prompt.
      event.returnValue = true;
    };
    const onBeforeRouting = (event: Event) => {
      const { newUrl, oldUrl, cancelNavigation } = (event as CustomEvent<BeforeRoutingDetail>).detail ?? {};
      if (!cancelNavigation || samePage(newUrl, oldUrl)) return;
      cancelNavigation(confirmLeave().then((leave) => !leave));
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    window.addEventListener(BEFORE_ROUTING_EVENT, onBeforeRouting);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      window.removeEventListener(BEFORE_ROUTING_EVENT, onBeforeRouting);
    };
  }, [isDirty, confirmLeave]);

  const answer = (leave: boolean) => {
    leaving.current = leave;
    pending?.(leave);
    setPending(null);
  };

  const dialog = (
    <ActionsDialog
      open={pending !== null}
      title="Niezapisane zmiany"
      onDismiss={() => answer(false)}
      actions={
        <>
          <Button appearance="primary" onClick={() => answer(false)}>
            Zostań na stronie
          </Button>
          <Button onClick={() => answer(true)}>Opuść stronę</Button>
        </>
      }
    >
      {question}
    </ActionsDialog>
  );
  return { confirmLeave, dialog };
}

/** A change of the query or hash only (or none at all) stays on the page. */
function samePage(newUrl: string | undefined, oldUrl: string | undefined): boolean {
  if (!newUrl || !oldUrl) return true;
  return new URL(newUrl, window.location.href).pathname === new URL(oldUrl, window.location.href).pathname;
}
