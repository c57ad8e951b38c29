import type { ReactElement } from 'react';
import { Route, Routes } from 'shared-ui/routing';
import type { FormLayout, TemplateField } from '@formularze/domain/schemas/form-template';
import type { FormDetails } from '@formularze/domain/schemas/forms';
import { aFakeApiClient, aPerson, renderInRemote } from 'shared-ui/testing';
import { FormEditorPage } from '../components/FormEditorPage';

/** The API as the editor sees it in tests: one fake client, answers set per test. */
export const api = aFakeApiClient();

/** A form's layout of these rows of fields, top to bottom. */
export const layoutOfRows = (...rows: TemplateField[][]): FormLayout => ({
  type: 'FORM',
  children: rows.map((children) => ({ type: 'ROW', children })),
});

/** A draft form 5 of `layout` with no users, fillings or rules; fields can be overridden. */
export function aFormDetails(layout: FormLayout, overrides: Partial<FormDetails> = {}): FormDetails {
  return {
    id: 5,
    name: 'Ankieta bólu',
    description: 'Co tydzień',
    status: 'DRAFT',
    edition: 1,
    formGroup: null,
    bag: { id: 5 },
    numberOfUsers: 0,
    numberOfUsersActiveNow: 0,
    filledFormCount: 0,
    defaultAssignmentDuration: 14,
    layoutId: 5,
    allowDrafting: true,
    schedule: null,
    layoutElementObject: layout,
    formRules: [],
    welcomeFarewellMessages: false,
    welcomeSmsMessage: null,
    welcomeEmailMessage: null,
    farewellSmsMessage: null,
    farewellEmailMessage: null,
    fillReminders: [],
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/**
 * The editor's routes (new, edit, display) at `path` for an owner, inside `wrap` when given;
 * returns the shell's alerts, navigation, title and breadcrumbs.
 */
export function renderEditorAt(
  path: string,
  wrap: (routes: ReactElement) => ReactElement = (routes) => routes,
) {
  const show = jest.fn(() => 'alert');
  const navigate = jest.fn();
  const setTitle = jest.fn();
  const set = jest.fn();
  const view = renderInRemote(
    'mfe-forms-builder',
    wrap(
      <Routes>
        <Route path="/forms/add" element={<FormEditorPage />} />
        <Route path="/forms/edit/:formId" element={<FormEditorPage />} />
        <Route path="/forms/display/:formId" element={<FormEditorPage />} />
      </Routes>,
    ),
    {
      path,
      person: aPerson('ROLE_OWNER'),
      shell: {
        alerts: { show, dismiss: jest.fn() },
        navigate,
        page: { setTitle },
        breadcrumbs: { set, push: jest.fn() },
      },
      api,
    },
  );
  return { ...view, show, navigate, setTitle, breadcrumbs: set };
}
