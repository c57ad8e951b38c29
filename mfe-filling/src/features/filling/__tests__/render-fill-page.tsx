import { waitFor } from '@testing-library/react';
import type { FilledForm } from '@formularze/domain/schemas/filled-data';
import type { TemplateField } from '@formularze/domain/schemas/form-template';
import type { FormTemplate, ScheduledForm } from '@formularze/domain/schemas/forms';
import { aFakeApiClient, aPerson, apiFailure as anApiFailure, renderInRemote } from 'shared-ui/testing';
import { aFilledForm } from '../../../shared/filled-data/__tests__/filled-form-fixture';
import { FillingRoutes } from '../../../FillingRoutes';

export { aFilledForm };

/** The API as the fill page sees it in tests: answers by path, calls recorded. */
export const api = aFakeApiClient();

/** A refusal of one of the fill page's calls: the API's message, and its code or field errors. */
export const apiFailure = (
  status: number,
  message: string,
  extra: { code?: string; fields?: Record<string, string> } = {},
) => anApiFailure(status, { message, ...extra });

/** The required text field most fill tests start their form with. */
export const NAME_FIELD: TemplateField = {
  id: 'name',
  type: 'TEXT',
  label: 'Imię',
  size: 50,
  maxRows: 1,
  required: true,
};

export function aTemplate(fields: TemplateField[][], overrides: Partial<FormTemplate> = {}): FormTemplate {
  return {
    layoutId: 1,
    layoutElementObject: { type: 'FORM', children: fields.map((children) => ({ type: 'ROW', children })) },
    name: 'Ankieta bólu',
    description: 'Proszę wypełnić rano',
    status: 'ACTIVE',
    allowDrafting: true,
    schedule: null,
    ...overrides,
  };
}

export function aSlot(overrides: Partial<ScheduledForm> = {}): ScheduledForm {
  return {
    id: 9,
    form: { id: 5, name: 'Ankieta bólu' },
    startDate: '2026-06-10T09:00:00.000Z',
    endDate: '2026-06-10T11:00:00.000Z',
    editableUntil: null,
    readyToFill: true,
    filledBy: null,
    ...overrides,
  };
}

interface Server {
  template: FormTemplate;
  filled?: FilledForm;
  slot?: ScheduledForm | Error;
}

/** Answers GETs from `server`, and saves with the saved form (id 42). */
export function serve({ template, filled, slot }: Server) {
  api.get.mockImplementation(async (url: string) => {
    if (url.startsWith('/api/form_template/')) return { data: template };
    if (url.startsWith('/api/forms/scheduled/') && slot) {
      if (slot instanceof Error) throw slot;
      return { data: slot };
    }
    if (url === '/api/form_data/upload/file_types') return { data: [] };
    if (url.startsWith('/api/form_data/') && filled) return { data: filled };
    throw apiFailure(404, 'Nie znaleziono');
  });
  api.post.mockImplementation(async (url: string) =>
    url.startsWith('/api/form_metadata')
      ? { data: { id: 77, form: { id: 5 }, createdAt: '2026-06-10T08:00:00.000Z' } }
      : { data: aFilledForm({ id: 42 }) },
  );
  api.put.mockResolvedValue({ data: aFilledForm({ id: 42 }) });
  api.delete.mockResolvedValue({ data: '' });
}

/** The body and draft flag of the one form data save made. */
export function savedPayload() {
  const call = [...api.post.mock.calls, ...api.put.mock.calls].find(([url]) =>
    /^\/api\/form_data\/(\d+)?$/.test(url as string),
  ) as [string, Record<string, unknown>, { params: { draft: string } }] | undefined;
  return call && { url: call[0], body: call[1], draft: call[2].params.draft };
}

export const PATIENT = 'ROLE_USER';
export const EDITOR = 'ROLE_EDITOR';

/** The fill page at `path` for a person with `authorities` (id 7 unless `personId` says otherwise). */
export function renderFillPage(path: string, authorities = PATIENT, personId = 7) {
  const show = jest.fn(() => 'alert');
  const navigate = jest.fn();
  const view = renderInRemote('mfe-filling', <FillingRoutes />, {
    path,
    person: aPerson(authorities, { id: personId }),
    shell: { alerts: { show, dismiss: jest.fn() }, navigate },
    api,
  });
  return { ...view, show, navigate };
}

/** Where a save led: the path and the router state the details page reads. */
export async function arrival(path: string | RegExp = /^\/formdata\/(z\/)?42(\/\d+)?$/) {
  await waitFor(() => expect(window.location.pathname).toMatch(path));
  return { path: window.location.pathname, state: (window.history.state as { usr?: unknown } | null)?.usr };
}
