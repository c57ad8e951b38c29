import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { LocationField } from '../LocationField';
import { renderWidget } from './widget-fixtures';

function Harness({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <label htmlFor="field-where">Miejsce zdarzenia</label>
      <LocationField
        inputId="field-where"
        value={value}
        onChange={setValue}
        disabled={false}
        invalid={false}
      />
    </>
  );
}

type PositionCallbacks = [PositionCallback, PositionErrorCallback];

/** A device whose position request waits until the test answers it. */
function fakeGeolocation() {
  const requests: PositionCallbacks[] = [];
  const getCurrentPosition = jest.fn((success: PositionCallback, failure: PositionErrorCallback) =>
    requests.push([success, failure]),
  );
  Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
  return requests;
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'geolocation');
});

const input = () => screen.getByRole('textbox', { name: 'Miejsce zdarzenia' });

describe('LocationField', () => {
  it("fills the device's position with 6 decimals and links it on the map", async () => {
    const requests = fakeGeolocation();
    renderWidget(<Harness />);

    await userEvent.click(screen.getByRole('button', { name: 'Pobierz lokalizację' }));
    expect(screen.getByText('Ustalanie lokalizacji…')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Pobierz lokalizację' })).toBeDisabled();
    const [success] = requests[0]!;
    act(() => success({ coords: { latitude: 52.22967561, longitude: 21.0122287 } } as GeolocationPosition));

    expect(await screen.findByDisplayValue('52.229676, 21.012229')).toBe(input());
    expect(screen.queryByText('Ustalanie lokalizacji…')).toBeNull();
    expect(screen.getByRole('link', { name: /Pokaż na mapie/ })).toHaveAttribute(
      'href',
      'https://www.openstreetmap.org/?mlat=52.229676&mlon=21.012229#map=17/52.229676/21.012229',
    );
  });

  it('explains a refused permission in Polish and leaves typing possible', async () => {
    const requests = fakeGeolocation();
    renderWidget(<Harness />);

    await userEvent.click(screen.getByRole('button', { name: 'Pobierz lokalizację' }));
    const [, failure] = requests[0]!;
    act(() => failure({ code: 1, message: 'User denied Geolocation' } as GeolocationPositionError));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Nie udzielono zgody na udostępnienie lokalizacji. Zezwól na nią w ustawieniach przeglądarki albo wpisz współrzędne.',
    );
    expect(input()).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Pobierz lokalizację' })).toBeEnabled();
  });

  it('offers no locating button where the browser has no geolocation', () => {
    renderWidget(<Harness />);
    expect(screen.queryByRole('button', { name: 'Pobierz lokalizację' })).toBeNull();
    expect(input()).toBeEnabled();
  });

  it("checks typed coordinates on leaving the field: 'Nieprawidłowe współrzędne' out of range", async () => {
    renderWidget(<Harness />);

    await userEvent.type(input(), '95.1, 21');
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
    await userEvent.tab();

    expect(screen.getByRole('alert')).toHaveTextContent('Nieprawidłowe współrzędne');
    expect(input()).toHaveAttribute('aria-invalid', 'true');
    expect(input()).toHaveAccessibleDescription(expect.stringContaining('Nieprawidłowe współrzędne'));
    expect(screen.queryByRole('link', { name: /Pokaż na mapie/ })).toBeNull();

    await userEvent.clear(input());
    await userEvent.type(input(), '52.2297, 21.0122');
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
    expect(input()).toHaveAttribute('aria-invalid', 'false');
    expect(screen.getByRole('link', { name: /Pokaż na mapie/ })).toBeVisible();
  });
});
