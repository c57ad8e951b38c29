import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
} from '@fluentui/react-components';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';

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
 * Asks before the user leaves a page with unsaved changes: closing or reloading the tab (the
 * browser's own prompt, `beforeunload`), any navigation of the page (single-spa's
 * before-routing-event, which can cancel it while our dialog asks), and the page's own
 * navigations (`confirmLeave`). React Router's `useBlocker` needs a data router, and the areas
 * run in a `BrowserRouter` beside the shell's router: single-spa sees every navigation of both.
 */
export function useUnsavedChangesPrompt(dirty: boolean): {
  confirmLeave(): Promise<boolean>;
  dialog: ReactNode;
} {
  const [pending, setPending] = useState<((leave: boolean) => void) | null>(null);
  const dirtyRef = useRef(dirty);
  useEffect(() => {
    dirtyRef.current = dirty;
  }, [dirty]);
  /** Set once the user chose to leave: the navigation that follows must not ask again. */
  const leaving = useRef(false);

  const confirmLeave = useCallback(
    () =>
      dirtyRef.current ? new Promise<boolean>((resolve) => setPending(() => resolve)) : Promise.resolve(true),
    [],
  );

  useEffect(() => {
    if (!dirty) return;
    leaving.current = false;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need the return value set to show their prompt.
      event.returnValue = true;
    };
    const onBeforeRouting = (event: Event) => {
      const { newUrl, oldUrl, cancelNavigation } = (event as CustomEvent<BeforeRoutingDetail>).detail ?? {};
      if (!cancelNavigation || leaving.current || samePage(newUrl, oldUrl)) return;
      cancelNavigation(confirmLeave().then((leave) => !leave));
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    window.addEventListener(BEFORE_ROUTING_EVENT, onBeforeRouting);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      window.removeEventListener(BEFORE_ROUTING_EVENT, onBeforeRouting);
    };
  }, [dirty, confirmLeave]);

  const answer = (leave: boolean) => {
    leaving.current = leave;
    pending?.(leave);
    setPending(null);
  };

  const dialog = (
    <Dialog open={pending !== null} onOpenChange={(_event, data) => !data.open && answer(false)}>
      <DialogSurface aria-describedby={undefined}>
        <DialogBody>
          <DialogTitle>Niezapisane zmiany</DialogTitle>
          <DialogContent>{UNSAVED_CHANGES_MESSAGE}</DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={() => answer(false)}>
              Zostań na stronie
            </Button>
            <Button onClick={() => answer(true)}>Opuść stronę</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
  return { confirmLeave, dialog };
}

/** A change of the query or hash only (or none at all) stays on the page. */
function samePage(newUrl: string | undefined, oldUrl: string | undefined): boolean {
  if (!newUrl || !oldUrl) return true;
  return new URL(newUrl, window.location.href).pathname === new URL(oldUrl, window.location.href).pathname;
}
