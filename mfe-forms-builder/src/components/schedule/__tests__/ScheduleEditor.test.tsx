import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { useState } from 'react';
import { PERIOD_END_MESSAGE, PERIOD_ORDER_MESSAGE } from '@formularze/domain/schemas/forms';
import { ScheduleEditor } from '../ScheduleEditor';
import { emptySchedule, type ScheduleDraft } from '../schedule-editing';

const DAY_NAMES = ['Poniedziałek', 'Wtorek', 'Środa', 'Czwartek', 'Piątek', 'Sobota', 'Niedziela'];

function renderEditor(initial: ScheduleDraft = emptySchedule(), { disabled = false } = {}) {
  const changes: ScheduleDraft[] = [];
  function Harness() {
    const [value, setValue] = useState(initial);
    return (
      <ScheduleEditor
        value={value}
        disabled={disabled}
        onChange={(next) => {
          changes.push(next);
          setValue(next);
        }}
      />
    );
  }
  render(
    <FluentProvider theme={webLightTheme}>
      <Harness />
    </FluentProvider>,
  );
  return { last: () => changes.at(-1) };
}

const weekly = (overrides: Partial<ScheduleDraft> = {}): ScheduleDraft => ({
  mode: 'one',
  startDate: '2026-03-01',
  endDate: '2026-03-31',
  days: ['MONDAY'],
  periods: { MONDAY: [{ startTime: '08:00', endTime: '10:00', allowEditMinutesAfterSave: 0 }] },
  ...overrides,
});

const dayGroup = (name: string) => screen.getByRole('group', { name });
const periodOf = (day: string, index: number) =>
  within(dayGroup(day)).getByRole('group', { name: `Okres ${index}` });

describe('ScheduleEditor', () => {
  it('offers the three fill modes, with nothing else until a schedule is chosen', () => {
    renderEditor();
    const modes = screen.getByRole('radiogroup', { name: 'Tryb wypełniania' });
    expect(within(modes).getAllByRole('radio')).toHaveLength(3);
    expect(within(modes).getByRole('radio', { name: /^Bez harmonogramu/ })).toBeChecked();
    expect(screen.queryByLabelText(/Data początkowa/)).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('a chosen fill mode starts from every day, 00:00–23:59, with the dates to fill in', async () => {
    const { last } = renderEditor();
    await userEvent.click(screen.getByRole('radio', { name: /^Jednokrotnie/ }));
    expect(last()).toMatchObject({ mode: 'one', days: ['EVERYDAY'] });
    expect(screen.getByRole('textbox', { name: /Data początkowa/ })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: /Data końcowa/ })).toHaveValue('');
    expect(screen.getByRole('checkbox', { name: 'Codziennie' })).toBeChecked();
    for (const day of DAY_NAMES) expect(screen.getByRole('checkbox', { name: day })).toBeChecked();
    const period = periodOf('Codziennie', 1);
    expect(within(period).getByLabelText(/Początek/)).toHaveValue('00:00');
    expect(within(period).getByLabelText(/Koniec/)).toHaveValue('23:59');
    expect(within(period).getByLabelText('Edycja po zapisie (minuty)')).toHaveValue(0);
  });

  it('unselecting one day of every day leaves the other six with the same period', async () => {
    const { last } = renderEditor(
      weekly({
        days: ['EVERYDAY'],
        periods: { EVERYDAY: [{ startTime: '07:00', endTime: '08:00', allowEditMinutesAfterSave: 5 }] },
      }),
    );
    await userEvent.click(screen.getByRole('checkbox', { name: 'Środa' }));
    expect(screen.getByRole('checkbox', { name: 'Codziennie' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Środa' })).not.toBeChecked();
    expect(screen.queryByRole('group', { name: 'Środa' })).not.toBeInTheDocument();
    for (const day of DAY_NAMES.filter((name) => name !== 'Środa')) {
      expect(within(periodOf(day, 1)).getByLabelText(/Początek/)).toHaveValue('07:00');
    }
    expect(last()?.days).toHaveLength(6);
  });

  it('selecting the remaining day collapses the week back to every day', async () => {
    const days = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY'] as const;
    const period = { startTime: '07:00', endTime: '08:00', allowEditMinutesAfterSave: 0 };
    renderEditor(
      weekly({ days: [...days], periods: Object.fromEntries(days.map((day) => [day, [period]])) }),
    );
    await userEvent.click(screen.getByRole('checkbox', { name: 'Niedziela' }));
    expect(screen.getByRole('checkbox', { name: 'Codziennie' })).toBeChecked();
    expect(screen.queryByRole('group', { name: 'Poniedziałek' })).not.toBeInTheDocument();
    expect(within(periodOf('Codziennie', 1)).getByLabelText(/Początek/)).toHaveValue('07:00');
  });

  it('takes dates typed as dd/mm/rrrr, and marks anything else "Nieprawidłowy format" once left', async () => {
    const { last } = renderEditor(weekly({ startDate: null, endDate: null }));
    const start = screen.getByRole('textbox', { name: /Data początkowa/ });
    await userEvent.type(start, '31/02/2026');
    expect(screen.queryByText('Nieprawidłowy format')).not.toBeInTheDocument();
    await userEvent.tab();
    expect(screen.getByText('Nieprawidłowy format')).toBeInTheDocument();
    expect(start).toHaveAttribute('aria-invalid', 'true');
    expect(last()?.startDate ?? null).toBeNull();

    await userEvent.clear(start);
    await userEvent.type(start, '02/03/2026');
    await userEvent.tab();
    expect(screen.queryByText('Nieprawidłowy format')).not.toBeInTheDocument();
    expect(last()?.startDate).toBe('2026-03-02');
  });

  it('moves an end date set before the start to the start', async () => {
    const { last } = renderEditor(weekly());
    const end = screen.getByRole('textbox', { name: /Data końcowa/ });
    await userEvent.clear(end);
    await userEvent.type(end, '15/02/2026');
    expect(last()?.endDate).toBe('2026-03-01');
    expect(end).toHaveValue('01/03/2026');
  });

  it('resets an end time before the start to the start when the field is left', async () => {
    const { last } = renderEditor(weekly());
    const end = within(periodOf('Poniedziałek', 1)).getByLabelText(/Koniec/);
    fireEvent.change(end, { target: { value: '07:30' } });
    expect(screen.getByText(PERIOD_END_MESSAGE)).toBeInTheDocument();
    fireEvent.blur(end);
    expect(end).toHaveValue('08:00');
    expect(screen.queryByText(PERIOD_END_MESSAGE)).not.toBeInTheDocument();
    expect(last()?.periods.MONDAY).toEqual([
      { startTime: '08:00', endTime: '08:00', allowEditMinutesAfterSave: 0 },
    ]);
  });

  it('adds periods with the count, and says when one starts before the previous ends', async () => {
    const { last } = renderEditor(weekly());
    const count = within(dayGroup('Poniedziałek')).getByRole('spinbutton', { name: /Liczba okresów/ });
    await userEvent.clear(count);
    expect(
      within(dayGroup('Poniedziałek')).queryByRole('group', { name: 'Okres 1' }),
    ).not.toBeInTheDocument();
    expect(screen.getByText('Dodaj co najmniej jeden okres.')).toBeInTheDocument();
    await userEvent.type(count, '2');
    const second = periodOf('Poniedziałek', 2);
    expect(within(second).getByLabelText(/Początek/)).toHaveValue('');
    fireEvent.change(within(periodOf('Poniedziałek', 1)).getByLabelText(/Początek/), {
      target: { value: '08:00' },
    });
    fireEvent.change(within(periodOf('Poniedziałek', 1)).getByLabelText(/Koniec/), {
      target: { value: '10:00' },
    });
    fireEvent.change(within(second).getByLabelText(/Początek/), { target: { value: '09:00' } });
    expect(within(second).getByText(PERIOD_ORDER_MESSAGE)).toBeInTheDocument();
    expect(last()?.periods.MONDAY).toHaveLength(2);
  });

  it('removes a chosen period', async () => {
    renderEditor(
      weekly({
        periods: {
          MONDAY: [
            { startTime: '08:00', endTime: '09:00', allowEditMinutesAfterSave: 0 },
            { startTime: '12:00', endTime: '13:00', allowEditMinutesAfterSave: 0 },
          ],
        },
      }),
    );
    await userEvent.click(within(periodOf('Poniedziałek', 1)).getByRole('button', { name: 'Usuń okres 1' }));
    expect(within(periodOf('Poniedziałek', 1)).getByLabelText(/Początek/)).toHaveValue('12:00');
    expect(
      within(dayGroup('Poniedziałek')).queryByRole('group', { name: 'Okres 2' }),
    ).not.toBeInTheDocument();
  });

  it('keeps the edit minutes a non-negative whole number, empty being 0', async () => {
    const { last } = renderEditor(weekly());
    const minutes = within(periodOf('Poniedziałek', 1)).getByLabelText('Edycja po zapisie (minuty)');
    await userEvent.clear(minutes);
    expect(minutes).toHaveValue(0);
    await userEvent.type(minutes, '15');
    expect(last()?.periods.MONDAY?.[0]?.allowEditMinutesAfterSave).toBe(15);
  });

  it('is used with the keyboard alone', async () => {
    const { last } = renderEditor(weekly());
    await userEvent.tab();
    expect(screen.getByRole('radio', { name: /^Jednokrotnie/ })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(last()?.mode).toBe('multi');
    await userEvent.tab();
    expect(screen.getByRole('textbox', { name: /Data początkowa/ })).toHaveFocus();
    await userEvent.tab();
    await userEvent.tab();
    expect(screen.getByRole('checkbox', { name: 'Codziennie' })).toHaveFocus();
    await userEvent.tab();
    await userEvent.tab();
    expect(screen.getByRole('checkbox', { name: 'Wtorek' })).toHaveFocus();
    await userEvent.keyboard(' ');
    expect(last()?.days).toEqual(['MONDAY', 'TUESDAY']);
  });

  it('changes nothing when disabled', () => {
    renderEditor(weekly(), { disabled: true });
    for (const radio of screen.getAllByRole('radio')) expect(radio).toBeDisabled();
    for (const checkbox of screen.getAllByRole('checkbox')) expect(checkbox).toBeDisabled();
    for (const box of screen.getAllByRole('textbox')) expect(box).toBeDisabled();
    expect(screen.getByRole('spinbutton', { name: /Liczba okresów/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Usuń okres 1' })).toBeDisabled();
    expect(within(periodOf('Poniedziałek', 1)).getByLabelText(/Początek/)).toBeDisabled();
  });
});
