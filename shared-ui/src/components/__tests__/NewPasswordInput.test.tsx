import { act, fireEvent, render, screen } from '@testing-library/react';
import { FluentProvider } from '@fluentui/react-components';
import { useState } from 'react';
import { themeFor } from 'shared-ui/theme';
import { NewPasswordInput } from '../NewPasswordInput';

function Harness({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <FluentProvider theme={themeFor({ theme: 'light', fontLevel: 0 })}>
      <NewPasswordInput label="Hasło" value={value} onChange={setValue} />
      <output data-testid="value">{value}</output>
    </FluentProvider>
  );
}

const type = (text: string) =>
  fireEvent.change(screen.getByLabelText('Hasło', { selector: 'input' }), { target: { value: text } });

describe('NewPasswordInput', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('removes spaces and says so for three seconds', () => {
    render(<Harness />);
    type('Ala ma');
    expect(screen.getByTestId('value')).toHaveTextContent(/^Alama$/);
    expect(screen.getByText('Spacja nie jest dozwolona.')).toBeInTheDocument();
    act(() => void jest.advanceTimersByTime(2999));
    expect(screen.getByText('Spacja nie jest dozwolona.')).toBeInTheDocument();
    act(() => void jest.advanceTimersByTime(1));
    expect(screen.queryByText('Spacja nie jest dozwolona.')).not.toBeInTheDocument();
  });

  it('lists the missing rules once typing has paused for a second', () => {
    render(<Harness />);
    type('abcdefgh');
    expect(screen.queryByText('Co najmniej jedna cyfra.')).not.toBeInTheDocument();
    act(() => void jest.advanceTimersByTime(1000));
    expect(screen.getByText('Co najmniej jedna cyfra.')).toBeInTheDocument();
    expect(screen.getByText('Co najmniej jedna wielka litera.')).toBeInTheDocument();
    expect(screen.queryByText('Długość znaków między 8, a 32.')).not.toBeInTheDocument();
  });

  it('shows the score on a meter', () => {
    render(<Harness />);
    type('Abcdef1@');
    expect(screen.getByRole('meter', { name: 'Siła hasła' })).toHaveAttribute('aria-valuenow', '5');
    type('abc');
    expect(screen.getByRole('meter', { name: 'Siła hasła' })).toHaveAttribute('aria-valuenow', '1');
  });
});
