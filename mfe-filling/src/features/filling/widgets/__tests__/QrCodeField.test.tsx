import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QrCodeField } from '../QrCodeField';
import { renderWidget, useHeldValue } from './widget-fixtures';

function Harness({ onChange }: { onChange?: (value: string) => void }) {
  const [value, change] = useHeldValue('', onChange);
  return (
    <>
      <label htmlFor="field-kit">Kod zestawu</label>
      <QrCodeField inputId="field-kit" value={value} onChange={change} disabled={false} invalid={false} />
    </>
  );
}

const track = { stop: jest.fn() };

/** A device with a back camera; `getUserMedia` answers with `answer`. */
function withCamera(answer: () => Promise<unknown>) {
  const getUserMedia = jest.fn(answer);
  Object.defineProperty(navigator, 'mediaDevices', {
    value: { getUserMedia, enumerateDevices: async () => [{ kind: 'videoinput' }] },
    configurable: true,
  });
  return getUserMedia;
}

/** The browser's detector, seeing `codes` in successive frames (null: nothing in that frame). */
function withBarcodeDetector(codes: (string | null)[]) {
  const detect = jest.fn(async () => {
    const code = codes.length > 1 ? codes.shift() : codes[0];
    return code ? [{ rawValue: code }] : [];
  });
  class BarcodeDetector {
    static getSupportedFormats = async () => ['qr_code', 'ean_13'];
    detect = detect;
  }
  Object.assign(globalThis, { BarcodeDetector });
  return detect;
}

const input = () => screen.getByRole('textbox', { name: 'Kod zestawu' });

beforeEach(() => {
  jest.clearAllMocks();
  jest.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
});

afterEach(() => {
  Reflect.deleteProperty(navigator, 'mediaDevices');
  Reflect.deleteProperty(globalThis, 'BarcodeDetector');
});

describe('QrCodeField', () => {
  it('takes a typed code, and offers no scanning on a device without a camera', async () => {
    const onChange = jest.fn();
    renderWidget(<Harness onChange={onChange} />);

    await userEvent.type(input(), 'KIT-42');

    expect(onChange).toHaveBeenLastCalledWith('KIT-42');
    expect(input()).toHaveValue('KIT-42');
    expect(screen.queryByRole('button', { name: 'Skanuj kod' })).toBeNull();
    expect(input()).toHaveAccessibleDescription('Wpisz treść kodu QR.');
  });

  it('reads a code with the camera, fills it, closes the view and turns the camera off', async () => {
    const getUserMedia = withCamera(async () => ({ getTracks: () => [track] }));
    const detect = withBarcodeDetector([null, 'KIT-2026-0042']);
    renderWidget(<Harness />);

    await userEvent.click(await screen.findByRole('button', { name: 'Skanuj kod' }));

    const dialog = await screen.findByRole('dialog', { name: 'Skanowanie kodu QR' });
    expect(dialog).toBeVisible();
    expect(dialog).toHaveAccessibleDescription(
      'Skieruj aparat na kod QR. Okno zamknie się samo, gdy kod zostanie odczytany.',
    );
    expect(getUserMedia).toHaveBeenCalledWith({ video: { facingMode: 'environment' }, audio: false });
    await waitFor(() => expect(input()).toHaveValue('KIT-2026-0042'));
    expect(detect).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(track.stop).toHaveBeenCalled();
    expect(screen.getByRole('status')).toHaveTextContent('Odczytano kod: KIT-2026-0042');
    expect(input()).toHaveFocus();
  });

  it('explains a refused camera in Polish; cancelling leaves the typed code', async () => {
    withCamera(async () => {
      throw Object.assign(new Error('Permission denied'), { name: 'NotAllowedError' });
    });
    renderWidget(<Harness />);
    await userEvent.type(input(), 'ABC');

    await userEvent.click(await screen.findByRole('button', { name: 'Skanuj kod' }));

    const dialog = await screen.findByRole('dialog', { name: 'Skanowanie kodu QR' });
    expect(await screen.findByText(/Nie udzielono zgody na użycie aparatu/)).toBeVisible();
    expect(dialog).toContainElement(
      screen.getByText(/Zezwól na nią w ustawieniach przeglądarki albo wpisz kod/),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Anuluj' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(input()).toHaveValue('ABC');
    expect(screen.getByRole('button', { name: 'Skanuj kod' })).toHaveFocus();
  });
});
