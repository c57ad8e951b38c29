import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PersonAccess, PersonFormAccess } from '@formularze/domain/schemas/projects';
import { MemberPanel } from '../components/MemberPanel';
import { apiFailure } from 'shared-ui/testing';
import { aMember, api, renderAs } from './members-fixtures';
import {
  ACCESS_SAVE_ERROR_MESSAGE,
  ACCESS_SAVED_MESSAGE,
  PersonAccessDialog,
} from '../components/PersonAccessDialog';

const aForm = (id: number, name: string, overrides: Partial<PersonFormAccess> = {}): PersonFormAccess => ({
  id,
  name,
  status: 'ACTIVE',
  granted: false,
  grantedByProject: false,
  ...overrides,
});

const LONG_NAME = 'Rehabilitacja kardiologiczna po zawale';

/** Kardiologia lets its members fill every form, and the person is a member; Neurologia does neither. */
const access: PersonAccess = {
  projects: [
    {
      id: 4,
      name: LONG_NAME,
      enableAllFormAccess: true,
      member: true,
      forms: [
        aForm(41, 'Ankieta bólu', { grantedByProject: true }),
        aForm(42, 'Skala Borga', { grantedByProject: true, granted: true }),
      ],
    },
    {
      id: 5,
      name: 'Neurologia',
      enableAllFormAccess: false,
      member: false,
      forms: [aForm(51, 'Skala Rankina', { granted: true }), aForm(52, 'Test MoCA', { status: 'DRAFT' })],
    },
    {
      id: 6,
      name: 'Pediatria',
      enableAllFormAccess: true,
      member: false,
      forms: [aForm(61, 'Siatki centylowe')],
    },
  ],
  formsWithoutProject: [aForm(71, 'Wywiad wstępny')],
};

function renderDialog() {
  const onClose = jest.fn();
  const view = renderAs(
    'owner',
    <PersonAccessDialog personId={5} personName="Maria Wiśniewska" onClose={onClose} />,
    '/persons',
  );
  return { ...view, onClose };
}

async function openedDialog() {
  return within(
    await screen.findByRole('dialog', { name: 'Uprawnienia do projektów i formularzy: Maria Wiśniewska' }),
  );
}

/** The cells of a form's row: name, own grant, access from the project. */
function rowOf(dialog: ReturnType<typeof within>, form: string) {
  return within(dialog.getByRole('row', { name: new RegExp(form) }));
}

beforeEach(() => {
  jest.clearAllMocks();
  api.get.mockResolvedValue({ data: access });
  api.post.mockResolvedValue({ data: [4, 5] });
  api.put.mockResolvedValue({ data: '' });
});

describe('PersonAccessDialog', () => {
  it("shows per project the membership, each form's own grant and the access the project gives", async () => {
    renderDialog();
    const dialog = await openedDialog();
    expect(api.get).toHaveBeenCalledWith('/api/form_group/person_access/5');

    expect(await dialog.findByRole('checkbox', { name: `Członek projektu ${LONG_NAME}` })).toBeChecked();
    expect(dialog.getByRole('checkbox', { name: 'Członek projektu Neurologia' })).not.toBeChecked();

    const pain = rowOf(dialog, 'Ankieta bólu');
    expect(pain.getByRole('checkbox', { name: 'Dostęp do formularza Ankieta bólu' })).not.toBeChecked();
    expect(pain.getByRole('cell', { name: 'Tak' })).toBeInTheDocument();
    const borg = rowOf(dialog, 'Skala Borga');
    expect(borg.getByRole('checkbox', { name: 'Dostęp do formularza Skala Borga' })).toBeChecked();
    const rankin = rowOf(dialog, 'Skala Rankina');
    expect(rankin.getByRole('checkbox', { name: 'Dostęp do formularza Skala Rankina' })).toBeChecked();
    expect(rankin.getByRole('cell', { name: 'Nie' })).toBeInTheDocument();
    expect(rowOf(dialog, 'Test MoCA').getByText('(Szkic)')).toBeInTheDocument();

    // The project column is read-only: nothing there to change.
    expect(pain.getAllByRole('checkbox')).toHaveLength(1);
    expect(dialog.getByRole('region', { name: 'Formularze bez projektu' })).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Zapisz' })).toBeDisabled();
  });

  it('cuts project names after 25 characters, keeping the full name in the title', async () => {
    renderDialog();
    const dialog = await openedDialog();
    const heading = await dialog.findByRole('heading', { name: LONG_NAME });
    expect(heading).toHaveTextContent(/^Rehabilitacja kardiologic…$/);
    expect(heading).toHaveAttribute('title', LONG_NAME);
    expect(dialog.getByRole('heading', { name: 'Neurologia' })).toHaveTextContent(/^Neurologia$/);
  });

  it('joining a project that opens all its forms shows that access at once', async () => {
    renderDialog();
    const dialog = await openedDialog();
    const pediatrics = await dialog.findByRole('checkbox', { name: 'Członek projektu Pediatria' });
    expect(rowOf(dialog, 'Siatki centylowe').getByRole('cell', { name: 'Nie' })).toBeInTheDocument();
    await userEvent.click(pediatrics);
    expect(rowOf(dialog, 'Siatki centylowe').getByRole('cell', { name: 'Tak' })).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('checkbox', { name: `Członek projektu ${LONG_NAME}` }));
    expect(rowOf(dialog, 'Ankieta bólu').getByRole('cell', { name: 'Nie' })).toBeInTheDocument();
  });

  it('saves the memberships as the full list of projects and the changed form grants, then says so', async () => {
    const { show, onClose } = renderDialog();
    const dialog = await openedDialog();
    await userEvent.click(await dialog.findByRole('checkbox', { name: 'Członek projektu Neurologia' }));
    await userEvent.click(dialog.getByRole('checkbox', { name: 'Dostęp do formularza Ankieta bólu' }));
    await userEvent.click(dialog.getByRole('checkbox', { name: 'Dostęp do formularza Skala Rankina' }));
    await userEvent.click(dialog.getByRole('checkbox', { name: 'Dostęp do formularza Wywiad wstępny' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Zapisz' }));

    await waitFor(() => expect(show).toHaveBeenCalledWith({ text: ACCESS_SAVED_MESSAGE }));
    expect(api.post).toHaveBeenCalledWith('/api/form_group/person_to_groups/5', [4, 5]);
    expect(api.put).toHaveBeenCalledWith('/api/forms/person_to_forms/5', { allow: [41, 71], disallow: [51] });
    expect(onClose).toHaveBeenCalled();
  });

  it('sends only form grants when no membership changed', async () => {
    renderDialog();
    const dialog = await openedDialog();
    await userEvent.click(await dialog.findByRole('checkbox', { name: 'Dostęp do formularza Skala Borga' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Zapisz' }));
    await waitFor(() =>
      expect(api.put).toHaveBeenCalledWith('/api/forms/person_to_forms/5', { allow: [], disallow: [42] }),
    );
    expect(api.post).not.toHaveBeenCalled();
  });

  it('has nothing to save once a change is undone', async () => {
    renderDialog();
    const dialog = await openedDialog();
    const neurology = await dialog.findByRole('checkbox', { name: 'Członek projektu Neurologia' });
    await userEvent.click(neurology);
    expect(dialog.getByRole('button', { name: 'Zapisz' })).toBeEnabled();
    await userEvent.click(neurology);
    expect(dialog.getByRole('button', { name: 'Zapisz' })).toBeDisabled();
  });

  it('says when saving failed and stays open', async () => {
    api.put.mockRejectedValue(apiFailure(400, { message: 'Nie znaleziono formularza' }));
    const { show, onClose } = renderDialog();
    const dialog = await openedDialog();
    await userEvent.click(await dialog.findByRole('checkbox', { name: 'Dostęp do formularza Ankieta bólu' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Zapisz' }));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith({ text: ACCESS_SAVE_ERROR_MESSAGE, isError: true }),
    );
    expect(onClose).not.toHaveBeenCalled();
  });

  it('closes without saving on Anuluj', async () => {
    const { onClose } = renderDialog();
    const dialog = await openedDialog();
    await userEvent.click(dialog.getByRole('button', { name: 'Anuluj' }));
    expect(onClose).toHaveBeenCalled();
    expect(api.put).not.toHaveBeenCalled();
    expect(api.post).not.toHaveBeenCalled();
  });
});

describe('the person panel on /persons', () => {
  const patient = aMember({ id: 5, firstName: 'Maria', surname: 'Wiśniewska' });

  it('opens the dialog, which closes back to the members list', async () => {
    renderAs('owner', <MemberPanel person={patient} myId={1} />, '/persons');
    await userEvent.click(screen.getByRole('button', { name: 'Uprawnienia do projektów i formularzy' }));
    const dialog = await openedDialog();
    await dialog.findByRole('checkbox', { name: 'Członek projektu Neurologia' });
    await userEvent.click(dialog.getByRole('button', { name: 'Anuluj' }));
    await waitFor(() =>
      expect(
        screen.queryByRole('dialog', { name: 'Uprawnienia do projektów i formularzy: Maria Wiśniewska' }),
      ).not.toBeInTheDocument(),
    );
    expect(window.location.pathname).toBe('/persons');
  });
});
