import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FhirQuestionnaireImport } from '@formularze/domain/schemas/fhir';
import { aFakeApiClient, aPerson, renderInRemote } from 'shared-ui/testing';
import { FhirImportDialog } from '../components/FhirImportDialog';

const api = aFakeApiClient();

const QUESTIONNAIRE = {
  resourceType: 'Questionnaire',
  status: 'active',
  title: 'PHQ-2',
  item: [{ linkId: '/44250-9', type: 'choice', text: 'Little interest or pleasure in doing things' }],
};

const IMPORTED: FhirQuestionnaireImport = {
  form: { id: 41, edition: 1, bag: { id: 41 } },
  name: 'PHQ-2',
  mapped: [
    {
      linkId: '/44250-9',
      fhirType: 'choice',
      fieldType: 'DICTIONARY',
      text: 'Little interest or pleasure in doing things',
    },
    { linkId: '/55758-7', fhirType: 'integer', fieldType: null, text: 'Total score' },
  ],
  issues: [
    {
      severity: 'information',
      code: 'informational',
      diagnostics: 'Pole wyliczane (np. suma punktów) pominięto',
      expression: ['/55758-7'],
    },
  ],
};

function renderDialog() {
  const onClose = jest.fn();
  const onImported = jest.fn();
  const navigate = jest.fn();
  renderInRemote('mfe-forms-builder', <FhirImportDialog onClose={onClose} onImported={onImported} />, {
    path: '/forms',
    person: aPerson('ROLE_OWNER'),
    shell: { navigate },
    api,
  });
  return { onClose, onImported, navigate };
}

beforeEach(() => {
  jest.clearAllMocks();
  api.post.mockResolvedValue({ data: IMPORTED });
});

describe('FhirImportDialog', () => {
  it('imports a pasted Questionnaire, shows what was mapped and what was not, and opens the draft', async () => {
    const user = userEvent.setup();
    const { onImported, navigate } = renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Importuj z FHIR' });
    const importButton = within(dialog).getByRole('button', { name: 'Importuj' });
    expect(importButton).toBeDisabled();
    const pasted = within(dialog).getByRole('textbox', { name: 'Albo wklej JSON kwestionariusza' });
    await user.click(pasted);
    await user.paste(JSON.stringify(QUESTIONNAIRE));
    await user.click(importButton);

    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith('/api/fhir/Questionnaire/$import', QUESTIONNAIRE),
    );
    expect(await screen.findByText(/Utworzono szkic „PHQ-2”: 1 z 2 elementów/)).toBeInTheDocument();
    const mapped = screen.getByRole('region', { name: 'Zaimportowane pola' });
    expect(within(mapped).getByText(/Little interest .* choice → DICTIONARY/)).toBeInTheDocument();
    const skipped = screen.getByRole('region', { name: 'Czego nie przeniesiono' });
    expect(within(skipped).getByText(/Uwaga \(\/55758-7\): Pole wyliczane/)).toBeInTheDocument();
    expect(onImported).toHaveBeenCalledWith(IMPORTED);

    await user.click(screen.getByRole('button', { name: 'Otwórz szkic' }));
    expect(navigate).toHaveBeenCalledWith('/forms/edit/41');
  });

  it('reads the Questionnaire from a chosen file, through a labelled file input', async () => {
    const user = userEvent.setup();
    renderDialog();
    const file = new File([JSON.stringify(QUESTIONNAIRE)], 'phq-2.json', { type: 'application/json' });
    await user.upload(screen.getByLabelText('Plik JSON z kwestionariuszem'), file);
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Albo wklej JSON kwestionariusza' })).toHaveValue(
        JSON.stringify(QUESTIONNAIRE),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Importuj' }));
    await waitFor(() => expect(api.post).toHaveBeenCalledTimes(1));
  });

  it('says what is wrong with text that is not JSON of a Questionnaire, without calling the API', async () => {
    const user = userEvent.setup();
    renderDialog();
    const pasted = screen.getByRole('textbox', { name: 'Albo wklej JSON kwestionariusza' });
    await user.type(pasted, 'nie json');
    await user.click(screen.getByRole('button', { name: 'Importuj' }));
    expect(await screen.findByText('To nie jest poprawny JSON')).toBeInTheDocument();
    await user.clear(pasted);
    await user.click(pasted);
    await user.paste('{"resourceType":"Patient"}');
    await user.click(screen.getByRole('button', { name: 'Importuj' }));
    expect(await screen.findByText('Oczekiwano zasobu FHIR typu Questionnaire')).toBeInTheDocument();
    expect(api.post).not.toHaveBeenCalled();
  });

  it('takes the keyboard: focusable labelled controls, Escape closes it', async () => {
    const user = userEvent.setup();
    const { onClose } = renderDialog();
    const fileInput = screen.getByLabelText('Plik JSON z kwestionariuszem');
    const pasted = screen.getByRole('textbox', { name: 'Albo wklej JSON kwestionariusza' });
    for (const control of [fileInput, pasted]) {
      expect(control).not.toHaveAttribute('tabindex', '-1');
      control.focus();
      expect(control).toHaveFocus();
    }
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });
});
