import { screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Route, Routes } from 'shared-ui/routing';
import { aPerson, renderInRemote } from 'shared-ui/testing';
import { api } from './results-fixtures';

/**
 * `element` mounted at each of `routes`, opened at `path` for a person with `authorities` (id 7 unless
 * given), calling the fixtures' fake API client.
 */
export function renderAtRoutes(
  routes: readonly string[],
  element: ReactElement,
  path: string,
  authorities: string,
  personId = 7,
) {
  return renderInRemote(
    'mfe-results',
    <Routes>
      {routes.map((route) => (
        <Route key={route} path={route} element={element} />
      ))}
    </Routes>,
    { path, person: aPerson(authorities, { id: personId }), api },
  );
}

/** The column headers of the first table on screen, in order. */
export const columnNames = () =>
  within(screen.getAllByRole('rowgroup')[0]!)
    .getAllByRole('columnheader')
    .map((header) => header.textContent);
