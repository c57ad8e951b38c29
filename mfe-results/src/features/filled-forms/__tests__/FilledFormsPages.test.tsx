import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import { Route, Routes } from 'shared-ui/routing';
import type { FormListItem } from '@formularze/domain/schemas/forms';
import type { PersonFormsOverview } from '@formularze/domain/schemas/person-overview';
import { aPerson, renderInRemote } from 'shared-ui/testing';
import { api } from '../../../test/results-fixtures';
import { FilledFormsPage } from '../components/FilledFormsPage';
import { PersonFormsPage } from '../components/PersonFormsPage';

const survey: FormListItem = {
  id: 8,
  name: 'Ankieta bólu',
  description: null,
  status: 'ACTIVE',
  edition: 2,
  formGroup: { id: 4, name: 'Kardiologia' },
  bag: { id: 3 },
  numberOfUsers: 12,
  numberOfUsersActiveNow: 10,
  filledFormCount: 30,
  defaultAssignmentDuration: 10,
  layoutId: 8,
  allowDrafting: false,
  schedule: null,
};

const overview: PersonFormsOverview = {
  person: { id: 5, name: 'Maria Wiśniewska' },
  forms: [
    {
      form: { id: 8, name: 'Ankieta bólu', edition: 2, bag: { id: 3 }, status: 'ACTIVE' },
      group: { id: 4, name: 'Kardiologia' },
      answerCount: 4,
      lastCompletedAt: '2026-03-02T09:05:00.000Z',
    },
    {
      form: { id: 3, name: 'Ankieta bólu', edition: 1, bag: { id: 3 }, status: 'PREVIOUS_VERSION' },
      group: { id: 4, name: 'Kardiologia' },
      answerCount: 0,
      lastCompletedAt: null,
    },
  ],
};

function renderAt(path: string) {
  return renderInRemote(
    'mfe-results',
    <Routes>
      <Route path="/filled-forms" element={<FilledFormsPage />} />
      <Route path="/filled-forms/all/user/:personId" element={<PersonFormsPage />} />
    </Routes>,
    { path, person: aPerson('ROLE_EDITOR', { id: 7 }), api },
  );
}

beforeEach(() => {
  jest.clearAllMocks();
  Object.keys(Cookies.get()).forEach((name) => Cookies.remove(name, { path: '/' }));
});

describe('FilledFormsPage', () => {
  it("lists the organization's forms without actions, each leading to its results", async () => {
    api.get.mockResolvedValue({ data: { content: [survey], totalElements: 1, page: 0, pageSize: 100 } });
    renderAt('/filled-forms');
    const link = await screen.findByRole('link', { name: 'Wyniki formularza Ankieta bólu' });
    expect(link).toHaveAttribute('href', '/formdata/all/8');
    expect(api.get).toHaveBeenCalledWith('/api/v2/forms', {
      params: { page: 0, pageSize: 100, sortBy: 'name' },
    });
    const headers = within(screen.getAllByRole('rowgroup')[0]!).getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual([
      'Nazwa',
      'Projekt',
      'Status',
      'Użytkownicy',
      'Odpowiedzi',
    ]);
    expect(screen.queryByRole('button', { name: /Opcje formularza/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Odpowiedzi' }));
    await waitFor(() =>
      expect(api.get).toHaveBeenLastCalledWith('/api/v2/forms', {
        params: { page: 0, pageSize: 100, sortBy: 'answerCount' },
      }),
    );
  });
});

describe('PersonFormsPage', () => {
  it("lists a person's form editions with answer counts leading to their fillings", async () => {
    api.get.mockResolvedValue({ data: overview });
    renderAt('/filled-forms/all/user/5');
    expect(await screen.findByText('Formularze użytkownika: Maria Wiśniewska')).toBeInTheDocument();
    expect(api.get).toHaveBeenCalledWith('/api/form_data/person_overview/5');
    expect(screen.getByRole('link', { name: 'Odpowiedzi: 4, Ankieta bólu, wersja 2' })).toHaveAttribute(
      'href',
      '/formdata/all/8/5',
    );
    expect(screen.getByRole('link', { name: 'Odpowiedzi: 0, Ankieta bólu, wersja 1' })).toHaveAttribute(
      'href',
      '/formdata/all/3/5',
    );
    expect(screen.getByText('Poprzednia wersja')).toBeInTheDocument();
  });
});
