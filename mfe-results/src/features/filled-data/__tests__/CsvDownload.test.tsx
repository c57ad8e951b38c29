import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aPerson, renderInRemote } from 'shared-ui/testing';
import { api, apiFailure } from '../../../test/results-fixtures';
import { CsvDownload } from '../components/CsvDownload';

describe('FHIR export beside the CSV', () => {
  const createObjectURL = jest.fn(() => 'blob:fhir');
  let saved: { download: string; href: string } | null = null;
  beforeEach(() => {
    jest.clearAllMocks();
    saved = null;
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved = { download: this.download, href: this.href };
    });
    api.get.mockResolvedValue({ data: new Blob(['{"resourceType":"Bundle"}']) });
  });
  afterEach(() => jest.restoreAllMocks());

  function renderDownload() {
    return renderInRemote('mfe-results', <CsvDownload formId={8} personId={5} />, {
      path: '/formdata/all/8/5',
      person: aPerson('ROLE_OWNER'),
      api,
    });
  }

  it('saves the filter as a FHIR Bundle, with the same choices as the CSV', async () => {
    renderDownload();
    expect(screen.getByRole('group', { name: 'Eksport wyników' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Z danymi osobowymi' }));
    await userEvent.click(screen.getByRole('button', { name: 'Pobierz FHIR' }));
    await waitFor(() =>
      expect(api.get).toHaveBeenCalledWith(
        '/api/fhir/QuestionnaireResponse?formId=8&includePersonalData=true&includeMissingData=false&personId=5',
        { responseType: 'blob' },
      ),
    );
    await waitFor(() => expect(saved?.download).toBe('wyniki-fhir.json'));
  });

  it('says when the FHIR download failed', async () => {
    api.get.mockRejectedValue(apiFailure(500));
    const { shell } = renderDownload();
    const show = jest.spyOn(shell.alerts, 'show');
    await userEvent.click(screen.getByRole('button', { name: 'Pobierz FHIR' }));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith({ text: 'Nie udało się pobrać pliku FHIR', isError: true }),
    );
  });
});
