import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AttachedFile } from '../../attached-file';
import { SignatureField } from '../SignatureField';
import { anUploaded, api, renderWidget, useHeldValue } from './widget-fixtures';

const field = { id: 'sign', type: 'SIGN' as const, label: 'Podpis pacjenta' };

function Harness({
  initial = [],
  disabled = false,
  onChange,
}: {
  initial?: AttachedFile[];
  disabled?: boolean;
  onChange?: (files: AttachedFile[]) => void;
}) {
  const [files, change] = useHeldValue(initial, onChange);
  return (
    <SignatureField
      field={field}
      inputId="field-sign"
      files={files}
      onChange={change}
      disabled={disabled}
      invalidFileKeys={new Set()}
    />
  );
}

/*
 * jsdom has no canvas: drawing calls go to a context that does nothing, and the PNG encoder is
 * replaced by one answering a small PNG blob (or nothing, as a browser does when it cannot encode).
 */
const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);
let encodePng: (callback: BlobCallback) => void;
const inertContext = new Proxy({}, { get: () => () => undefined, set: () => true });

beforeEach(() => {
  jest.clearAllMocks();
  encodePng = (callback) => callback(new Blob([PNG_BYTES], { type: 'image/png' }));
  jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(inertContext as never);
  jest.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((callback) => encodePng(callback));
  Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:podpis'), revokeObjectURL: jest.fn() });
});

const sheet = () => screen.getByRole('img', { name: 'Miejsce na podpis: Podpis pacjenta' });

/** jsdom's Blob has no `arrayBuffer()`; its FileReader reads one. */
const bytesOf = (blob: Blob) =>
  new Promise<Uint8Array>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.readAsArrayBuffer(blob);
  });

/** A short stroke with the left mouse button, as signature_pad listens for it. */
async function drawStroke() {
  const canvas = sheet();
  // signature_pad starts listening once the field's effect has run.
  await waitFor(() => expect(canvas.style.touchAction).toBe('none'));
  fireEvent.mouseDown(canvas, { buttons: 1, clientX: 10, clientY: 10 });
  fireEvent.mouseMove(window, { buttons: 1, clientX: 60, clientY: 30 });
  fireEvent.mouseUp(window, { buttons: 0, clientX: 60, clientY: 30 });
}

describe('SignatureField', () => {
  it('explains the sheet and keeps approving and clearing off until something is drawn', async () => {
    renderWidget(<Harness />);

    expect(sheet()).toHaveAttribute('tabindex', '0');
    expect(sheet()).toHaveAccessibleDescription(
      expect.stringContaining('Podpisu nie można złożyć samą klawiaturą'),
    );
    expect(screen.getByRole('button', { name: 'Zatwierdź podpis' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Wyczyść' })).toBeDisabled();
  });

  it('turns an approved drawing into one pending PNG file named podpis.png, shown as the signature', async () => {
    const onChange = jest.fn();
    renderWidget(<Harness onChange={onChange} />);

    await drawStroke();
    await userEvent.click(screen.getByRole('button', { name: 'Zatwierdź podpis' }));

    expect(onChange).toHaveBeenCalledTimes(1);
    const [attached] = onChange.mock.calls[0]![0] as AttachedFile[];
    expect(attached).toMatchObject({ status: 'pending', progress: 0 });
    const file = (attached as Extract<AttachedFile, { file: File }>).file;
    expect([file.name, file.type]).toEqual(['podpis.png', 'image/png']);
    expect(await bytesOf(file)).toEqual(PNG_BYTES);
    expect(screen.getByRole('img', { name: 'Złożony podpis: Podpis pacjenta' })).toHaveAttribute(
      'src',
      'blob:podpis',
    );
    expect(screen.getByText('Zostanie przesłany przy zapisie formularza')).toBeVisible();
  });

  it('clears the drawing', async () => {
    renderWidget(<Harness />);
    await drawStroke();
    expect(screen.getByRole('button', { name: 'Zatwierdź podpis' })).toBeEnabled();

    await userEvent.click(screen.getByRole('button', { name: 'Wyczyść' }));

    expect(screen.getByRole('button', { name: 'Zatwierdź podpis' })).toBeDisabled();
  });

  it('says so when the browser cannot encode the image', async () => {
    encodePng = (callback) => callback(null);
    const onChange = jest.fn();
    renderWidget(<Harness onChange={onChange} />);
    await drawStroke();

    await userEvent.click(screen.getByRole('button', { name: 'Zatwierdź podpis' }));

    expect(screen.getByRole('alert')).toHaveTextContent('Nie udało się zapisać podpisu. Spróbuj ponownie.');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('shows a stored signature, fetched with the session, and replaces it when signed again', async () => {
    api.get.mockResolvedValue({ data: new Blob([PNG_BYTES]) });
    const onChange = jest.fn();
    const stored = {
      ...anUploaded('s-1', 'podpis.png'),
      uploaded: { id: 's-1', name: 'podpis.png', mimeType: 'image/png', size: 4 },
    };
    renderWidget(<Harness initial={[stored]} onChange={onChange} />);

    expect(await screen.findByRole('img', { name: 'Złożony podpis: Podpis pacjenta' })).toHaveAttribute(
      'src',
      'blob:podpis',
    );
    expect(api.get).toHaveBeenCalledWith('/api/form_data/serve_file/s-1', { responseType: 'blob' });

    await userEvent.click(screen.getByRole('button', { name: 'Podpisz ponownie' }));
    await drawStroke();
    await userEvent.click(screen.getByRole('button', { name: 'Zatwierdź podpis' }));

    const files = onChange.mock.calls.at(-1)![0] as AttachedFile[];
    expect(files).toHaveLength(1);
    expect(files[0]).toMatchObject({
      status: 'pending',
      file: expect.objectContaining({ name: 'podpis.png' }),
    });
  });

  it('offers no drawing on a disabled field', () => {
    renderWidget(<Harness disabled />);
    expect(screen.getByText('Brak podpisu')).toBeVisible();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
