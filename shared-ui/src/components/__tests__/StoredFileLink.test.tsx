import type { ApiClient } from 'shared-ui/api-client';
import { openStoredFile } from '../StoredFileLink';

const clientAnswering = (get: () => Promise<unknown>) => ({ get: jest.fn(get) }) as unknown as ApiClient;
const tab = { location: { href: '' }, close: jest.fn() };

/** The type of the blob an object URL was made of, by call order. */
const objectUrlTypes = () => (URL.createObjectURL as jest.Mock).mock.calls.map(([blob]: [Blob]) => blob.type);

beforeEach(() => {
  jest.clearAllMocks();
  tab.location.href = '';
  jest.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
  Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:plik'), revokeObjectURL: jest.fn() });
});

describe('openStoredFile', () => {
  it('fetches the file with the session and shows a safe type in the tab opened by the click', async () => {
    const client = clientAnswering(async () => ({ data: new Blob(['%PDF-']) }));

    await openStoredFile(client, { id: 'a b', name: 'wynik.pdf', mimeType: 'application/pdf' });

    expect(client.get).toHaveBeenCalledWith('/api/form_data/serve_file/a%20b', { responseType: 'blob' });
    expect(window.open).toHaveBeenCalledWith('', '_blank');
    expect(tab.location.href).toBe('blob:plik');
    expect(objectUrlTypes()).toEqual(['application/pdf']);
  });

  it('saves a type that could run script in the app instead of opening it', async () => {
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      expect([this.download, this.href]).toEqual(['strona.html', 'blob:plik']);
    });
    const client = clientAnswering(async () => ({ data: new Blob(['<script>']) }));

    await openStoredFile(client, { id: 'h', name: 'strona.html', mimeType: 'text/html' });

    expect(window.open).not.toHaveBeenCalled();
    expect(click).toHaveBeenCalledTimes(1);
    expect(objectUrlTypes()).toEqual(['application/octet-stream']);
  });

  it('closes the tab again when the file cannot be fetched', async () => {
    const client = clientAnswering(async () => {
      throw new Error('HTTP 404');
    });

    await expect(
      openStoredFile(client, { id: 'x', name: 'zdjecie.png', mimeType: 'image/png' }),
    ).rejects.toThrow('HTTP 404');
    expect(tab.close).toHaveBeenCalled();
  });
});
