import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import {
  UNSAFE_createBrowserHistory as createBrowserHistory,
  unstable_HistoryRouter as HistoryRouter,
} from 'react-router-dom';

/** Answers whether the page may be left for `pathname` now; may ask the user first. */
export type LeaveGuard = (pathname: string) => boolean | Promise<boolean>;

type BrowserHistory = ReturnType<typeof createBrowserHistory>;

interface LeaveGuards {
  add(guard: LeaveGuard): () => void;
}

const LeaveGuardsContext = createContext<LeaveGuards | null>(null);

/**
 * A browser router whose own navigations (an area's links and `navigate()` calls) first ask the
 * leave guards of the screen on view. A plain `BrowserRouter` moves its screen at once, before
 * anyone could ask, and React Router's `useBlocker` works only in a data router. Navigations from
 * outside the area (the shell's menu and breadcrumbs, back and forward) are single-spa's: see
 * `useUnsavedChangesGuard`.
 */
export function GuardedBrowserRouter({ children }: { children: ReactNode }) {
  const [{ history, guards }] = useState(() => guardedHistory());
  return (
    <LeaveGuardsContext.Provider value={guards}>
      <HistoryRouter history={history}>{children}</HistoryRouter>
    </LeaveGuardsContext.Provider>
  );
}

function guardedHistory(): { history: BrowserHistory; guards: LeaveGuards } {
  const active = new Set<LeaveGuard>();
  const base = createBrowserHistory({ v5Compat: true });
  const guarded =
    (move: BrowserHistory['push']): BrowserHistory['push'] =>
    (to, state) => {
      const pathname = base.createURL(to).pathname;
      const answers = Array.from(active, (guard) => guard(pathname));
      // A screen without unsaved edits answers at once: the navigation stays synchronous.
      if (answers.every((answer) => answer === true)) return move(to, state);
      void Promise.all(answers).then((leave) => leave.every(Boolean) && move(to, state));
    };
  const history: BrowserHistory = Object.create(base, {
    push: { value: guarded(base.push) },
    replace: { value: guarded(base.replace) },
  });
  return {
    history,
    guards: {
      add(guard) {
        active.add(guard);
        return () => active.delete(guard);
      },
    },
  };
}

/**
 * Registers `guard` with the area's router for as long as the component is mounted; the latest
 * `guard` is asked. Outside a `GuardedBrowserRouter` (a test's memory router) nothing is guarded.
 */
export function useLeaveGuard(guard: LeaveGuard): void {
  const guards = useContext(LeaveGuardsContext);
  const latest = useRef(guard);
  useEffect(() => {
    latest.current = guard;
  }, [guard]);
  useEffect(() => guards?.add((pathname) => latest.current(pathname)), [guards]);
}
