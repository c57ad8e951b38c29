import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UNSAVED_CHANGES_MESSAGE } from 'shared-ui/components';
import { Route, Routes } from 'shared-ui/routing';
import { ProjectAddPage, ProjectEditPage } from '../components/ProjectFormPage';
import { aCardiologyProject, aProject, api, apiFailure, renderAs } from './projects-fixtures';

const cardiology = aCardiologyProject({ welcomeEmailMessage: null, enableAllFormAccess: true });

/** The two routes as the results area maps them; elsewhere (the list, /) nothing of theirs shows. */
function renderAt(path: string, authorities = 'ROLE_OWNER') {
  return renderAs(
    authorities,
    <Routes>
      <Route path="/form_group/add" element={<ProjectAddPage />} />
      <Route path="/form_group/edit/:groupId" element={<ProjectEditPage />} />
      <Route path="*" element={null} />
    </Routes>,
    path,
  );
}

const saveButton = () => screen.getByRole('button', { name: 'Zapisz' });

beforeEach(() => {
  jest.clearAllMocks();
  api.get.mockResolvedValue({ data: [aProject({ id: 2, name: 'Onkologia' }), cardiology] });
  api.post.mockResolvedValue({ data: aProject({ id: 8, name: 'Pediatria' }) });
  api.put.mockResolvedValue({ data: cardiology });
});

describe('new project', () => {
  it('enables saving only once the name has a non-blank character', async () => {
    renderAt('/form_group/add');
    const name = await screen.findByRole('textbox', { name: /Nazwa/ });
    expect(saveButton()).toBeDisabled();
    await userEvent.type(name, '   ');
    expect(saveButton()).toBeDisabled();
    await userEvent.type(name, 'P');
    expect(saveButton()).toBeEnabled();
  });

  it('saves the project with blank texts as none, says so and returns to the list', async () => {
    const { show } = renderAt('/form_group/add');
    await userEvent.type(await screen.findByRole('textbox', { name: /Nazwa/ }), '  Pediatria ');
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Numer telefonu nadawcy SMS' }),
      '+48 500 100 200',
    );
    await userEvent.type(screen.getByRole('textbox', { name: 'Powitalny SMS' }), 'Witamy');
    await userEvent.click(
      screen.getByRole('checkbox', { name: 'Członkowie projektu mogą wypełniać wszystkie jego formularze' }),
    );
    await userEvent.click(saveButton());
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith('/api/form_group', {
        name: 'Pediatria',
        internalDescription: null,
        smsPhone: '+48500100200',
        welcomeSmsMessage: 'Witamy',
        welcomeEmailMessage: null,
        enableAllFormAccess: true,
      }),
    );
    expect(show).toHaveBeenCalledWith({ text: 'Zapisano projekt' });
    await waitFor(() => expect(window.location.pathname).toBe('/groups'));
    expect(screen.queryByText(UNSAVED_CHANGES_MESSAGE)).not.toBeInTheDocument();
  });

  it('refuses a phone number that is not one', async () => {
    renderAt('/form_group/add');
    await userEvent.type(await screen.findByRole('textbox', { name: /Nazwa/ }), 'Pediatria');
    await userEvent.type(screen.getByRole('textbox', { name: 'Numer telefonu nadawcy SMS' }), '12');
    await userEvent.click(saveButton());
    expect(await screen.findByText('Nieprawidłowy numer telefonu')).toBeInTheDocument();
    expect(api.post).not.toHaveBeenCalled();
  });

  it("shows the API's refusal and stays on the page", async () => {
    api.post.mockRejectedValue(apiFailure(400, { message: 'Nazwa może mieć najwyżej 200 znaków' }));
    const { show } = renderAt('/form_group/add');
    await userEvent.type(await screen.findByRole('textbox', { name: /Nazwa/ }), 'Pediatria');
    await userEvent.click(saveButton());
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith({ text: 'Nazwa może mieć najwyżej 200 znaków', isError: true }),
    );
    expect(window.location.pathname).toBe('/form_group/add');
  });

  it('sends people without form-group-add-page:view to /', async () => {
    renderAt('/form_group/add', 'ROLE_USER');
    await waitFor(() => expect(window.location.pathname).toBe('/'));
    expect(screen.queryByRole('textbox', { name: /Nazwa/ })).not.toBeInTheDocument();
  });
});

describe('editing a project', () => {
  it('shows the saved settings and sends the changed ones', async () => {
    const { show } = renderAt('/form_group/edit/4');
    const name = await screen.findByRole('textbox', { name: /Nazwa/ });
    expect(name).toHaveValue('Kardiologia');
    expect(screen.getByRole('textbox', { name: 'Opis wewnętrzny' })).toHaveValue('Pacjenci po zawale');
    expect(
      screen.getByRole('checkbox', { name: 'Członkowie projektu mogą wypełniać wszystkie jego formularze' }),
    ).toBeChecked();
    await userEvent.type(screen.getByRole('textbox', { name: 'Powitalny e-mail' }), 'Dzień dobry');
    await userEvent.click(saveButton());
    await waitFor(() =>
      expect(api.put).toHaveBeenCalledWith('/api/form_group/4', {
        name: 'Kardiologia',
        internalDescription: 'Pacjenci po zawale',
        smsPhone: '+48500100200',
        welcomeSmsMessage: 'Witamy w programie',
        welcomeEmailMessage: 'Dzień dobry',
        enableAllFormAccess: true,
      }),
    );
    expect(show).toHaveBeenCalledWith({ text: 'Zaktualizowano projekt' });
    await waitFor(() => expect(window.location.pathname).toBe('/groups'));
  });

  it('says when the project is not there', async () => {
    renderAt('/form_group/edit/99');
    expect(await screen.findByText('Nie znaleziono projektu')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Zapisz' })).not.toBeInTheDocument();
  });

  it('asks before leaving with unsaved changes, and returns to the list when told to', async () => {
    renderAt('/form_group/edit/4');
    await userEvent.type(await screen.findByRole('textbox', { name: /Nazwa/ }), ' 2');
    await userEvent.click(screen.getByRole('button', { name: 'Anuluj' }));
    expect(await screen.findByText(UNSAVED_CHANGES_MESSAGE)).toBeInTheDocument();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Zostań na stronie', hidden: true }, { timeout: 3000 }),
    );
    expect(window.location.pathname).toBe('/form_group/edit/4');
    await waitFor(() => expect(screen.queryByText(UNSAVED_CHANGES_MESSAGE)).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: 'Anuluj' }));
    await userEvent.click(
      await screen.findByRole('button', { name: 'Opuść stronę', hidden: true }, { timeout: 3000 }),
    );
    await waitFor(() => expect(window.location.pathname).toBe('/groups'));
    expect(api.put).not.toHaveBeenCalled();
  });

  it("holds the shell's navigation while it asks", async () => {
    renderAt('/form_group/edit/4');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Opis wewnętrzny' }), '!');
    const cancelNavigation = jest.fn();
    fireEvent(
      window,
      new CustomEvent('single-spa:before-routing-event', {
        detail: {
          oldUrl: 'http://localhost/form_group/edit/4',
          newUrl: 'http://localhost/results',
          cancelNavigation,
        },
      }),
    );
    expect(cancelNavigation).toHaveBeenCalledWith(expect.any(Promise));
    await userEvent.click(
      await screen.findByRole('button', { name: 'Zostań na stronie', hidden: true }, { timeout: 3000 }),
    );
    await expect(cancelNavigation.mock.calls[0][0]).resolves.toBe(true);
  });

  it('returns to the list at once when nothing changed', async () => {
    renderAt('/form_group/edit/4');
    await userEvent.click(await screen.findByRole('button', { name: 'Anuluj' }));
    await waitFor(() => expect(window.location.pathname).toBe('/groups'));
    expect(screen.queryByText(UNSAVED_CHANGES_MESSAGE)).not.toBeInTheDocument();
  });
});
