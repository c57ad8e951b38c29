import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { formatDisplayDate, parseDisplayDate, parseTime } from '../date-text';
import { DateInput } from '../DateInput';
import { TimeInput } from '../TimeInput';

describe('date and time text', () => {
  it('parses dd/MM/yyyy (and dots, dashes, ISO), refusing what is not a day of the calendar', () => {
    expect(parseDisplayDate('05/03/2026')).toBe('2026-03-05');
    expect(parseDisplayDate('5.3.2026')).toBe('2026-03-05');
    expect(parseDisplayDate('2026-03-05')).toBe('2026-03-05');
    expect(parseDisplayDate('29/02/2028')).toBe('2028-02-29');
    expect(parseDisplayDate('29/02/2026')).toBeNull();
    expect(parseDisplayDate('31/04/2026')).toBeNull();
    expect(parseDisplayDate('13/13/2026')).toBeNull();
    // An English browser's month-first order is not read as a day.
    expect(parseDisplayDate('12/31/2026')).toBeNull();
    expect(parseDisplayDate('jutro')).toBeNull();
    expect(parseDisplayDate('')).toBeNull();
  });

  it('shows a date as dd/MM/yyyy', () => {
    expect(formatDisplayDate('2026-03-05')).toBe('05/03/2026');
    expect(formatDisplayDate(null)).toBe('');
  });

  it('reads a time on a 24-hour clock, never AM/PM', () => {
    expect(parseTime('08:05')).toBe('08:05');
    expect(parseTime('8:05')).toBe('08:05');
    expect(parseTime('8.05')).toBe('08:05');
    expect(parseTime('2005')).toBe('20:05');
    expect(parseTime('23:59')).toBe('23:59');
    expect(parseTime('24:00')).toBeNull();
    expect(parseTime('08:60')).toBeNull();
    expect(parseTime('8:05 PM')).toBeNull();
    expect(parseTime('')).toBeNull();
  });
});

/** A page that keeps the day it is given, moving an end before `notBefore` to it. */
function Page({ notBefore, onDay }: { notBefore: string; onDay(day: string | null): void }) {
  const [day, setDay] = useState<string | null>('2026-03-05');
  return (
    <DateInput
      aria-label="Dostęp do"
      value={day}
      onChange={(typed) => {
        const next = typed && typed < notBefore ? notBefore : typed;
        setDay(next);
        onDay(next);
      }}
    />
  );
}

describe('DateInput', () => {
  it('is a text box typed as dd/mm/rrrr, not the browser’s date box', () => {
    render(<Page notBefore="2026-01-01" onDay={jest.fn()} />);
    const box = screen.getByRole('textbox', { name: 'Dostęp do' });
    expect(box).toHaveAttribute('type', 'text');
    expect(box).toHaveAttribute('placeholder', 'dd/mm/rrrr');
    expect(box).toHaveValue('05/03/2026');
  });

  it('hands on a day once the text makes one, keeping the text while it does not', async () => {
    const user = userEvent.setup();
    const onDay = jest.fn();
    render(<Page notBefore="2026-01-01" onDay={onDay} />);
    const box = screen.getByRole('textbox', { name: 'Dostęp do' });
    await user.clear(box);
    await user.type(box, '7.4.2026');
    expect(onDay).toHaveBeenLastCalledWith('2026-04-07');
    expect(box).toHaveValue('7.4.2026');
    await user.tab();
    expect(box).toHaveValue('07/04/2026');

    await user.clear(box);
    await user.type(box, '31/04/2026');
    expect(onDay).toHaveBeenLastCalledWith(null);
    expect(box).toHaveValue('31/04/2026');
    expect(box).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the day the page made of the typed one', async () => {
    const user = userEvent.setup();
    render(<Page notBefore="2026-06-01" onDay={jest.fn()} />);
    const box = screen.getByRole('textbox', { name: 'Dostęp do' });
    await user.clear(box);
    await user.type(box, '02/05/2026');
    expect(box).toHaveValue('01/06/2026');
  });
});

describe('TimeInput', () => {
  it('takes a 24-hour time typed as gg:mm and writes it as HH:MM', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    function Clock() {
      const [time, setTime] = useState('');
      return (
        <TimeInput
          aria-label="Początek"
          value={time}
          onChange={(next) => {
            setTime(next);
            onChange(next);
          }}
        />
      );
    }
    render(<Clock />);
    const box = screen.getByRole('textbox', { name: 'Początek' });
    expect(box).toHaveAttribute('placeholder', 'gg:mm');
    await user.type(box, '1730');
    expect(onChange).toHaveBeenLastCalledWith('17:30');
    await user.tab();
    expect(box).toHaveValue('17:30');
  });
});
