import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FORM_RULE_EFFECT_MESSAGE } from '@formularze/domain/schemas/form-template';
import {
  DEFAULT_FORM_SETTINGS,
  REMINDER_TOO_LONG_MESSAGE,
  type FormSettings,
} from '@formularze/domain/schemas/forms';
import { AdvancedSettings, type AdvancedSettingsProps } from '../AdvancedSettings';
import type { FormRuleDraft, ScheduleWindows } from '../rule-validation';
import { renderControlled } from './harness';

const defaults: FormSettings = { ...DEFAULT_FORM_SETTINGS, defaultAssignmentDuration: 10 };

/** Filled once a day, 08:00 to 09:30: reminders may start at most 90 minutes before the end. */
const schedule: ScheduleWindows = {
  one: true,
  multi: false,
  timePeriods: [
    { dayOfWeek: 'EVERYDAY', startTime: '08:00', endTime: '09:30', allowEditMinutesAfterSave: 0 },
  ],
};

function renderSettings(
  initial: FormSettings = defaults,
  props: Partial<Omit<AdvancedSettingsProps, 'value' | 'onChange'>> = {},
) {
  return renderControlled(initial, ({ value, onChange }) => (
    <AdvancedSettings value={value} onChange={onChange} schedule={schedule} {...props} />
  ));
}

async function expand(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('switch', { name: 'Ustawienia zaawansowane' }));
}

describe('AdvancedSettings', () => {
  it('is hidden behind its toggle', async () => {
    const user = userEvent.setup();
    renderSettings();
    expect(screen.queryByRole('switch', { name: 'Zezwalaj na zapis roboczy' })).not.toBeInTheDocument();
    await expand(user);
    expect(screen.getByRole('switch', { name: 'Zezwalaj na zapis roboczy' })).toBeInTheDocument();
  });

  it('follows the editor when it controls the toggle', async () => {
    const user = userEvent.setup();
    const onExpandedChange = jest.fn();
    renderSettings(defaults, { expanded: true, onExpandedChange });
    expect(screen.getByRole('switch', { name: 'Zezwalaj na zapis roboczy' })).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Ustawienia zaawansowane' }));
    expect(onExpandedChange).toHaveBeenCalledWith(false);
  });

  it('starts with 10 days of assignment and keeps it between 0 and 370', async () => {
    const user = userEvent.setup();
    const { lastValue } = renderSettings();
    await expand(user);
    const days = screen.getByRole('spinbutton', { name: /Domyślny czas przydziału/ });
    expect(days).toHaveValue(10);

    await user.clear(days);
    await user.type(days, '500');
    expect(days).toHaveValue(370);
    expect(lastValue()?.defaultAssignmentDuration).toBe(370);

    await user.clear(days);
    expect(lastValue()?.defaultAssignmentDuration).toBe(0);
    await user.tab();
    expect(days).toHaveValue(0);
  });

  it('allows drafts', async () => {
    const user = userEvent.setup();
    const { lastValue } = renderSettings();
    await expand(user);
    await user.click(screen.getByRole('switch', { name: 'Zezwalaj na zapis roboczy' }));
    expect(lastValue()?.allowDrafting).toBe(true);
  });

  it('edits the welcome and farewell messages once they are switched on', async () => {
    const user = userEvent.setup();
    const { lastValue } = renderSettings();
    await expand(user);
    expect(screen.queryByRole('textbox', { name: /Powitalna wiadomość SMS/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Wysyłaj wiadomości powitalne i pożegnalne' }));

    await user.type(screen.getByRole('textbox', { name: /Powitalna wiadomość SMS/ }), 'Witaj ');
    const welcome = screen.getByRole('group', { name: 'Wstaw pole do: Powitalna wiadomość SMS' });
    await user.click(within(welcome).getByRole('button', { name: 'Wstaw {imie} (imię)' }));
    await user.type(screen.getByRole('textbox', { name: 'Powitalna wiadomość e-mail' }), 'Dzień dobry');
    await user.type(screen.getByRole('textbox', { name: /Pożegnalna wiadomość SMS/ }), 'Dziękujemy');
    await user.type(screen.getByRole('textbox', { name: 'Pożegnalna wiadomość e-mail' }), 'Do widzenia');
    expect(lastValue()).toMatchObject({
      welcomeFarewellMessages: true,
      welcomeSmsMessage: 'Witaj {imie}',
      welcomeEmailMessage: 'Dzień dobry',
      farewellSmsMessage: 'Dziękujemy',
      farewellEmailMessage: 'Do widzenia',
    });
    // No points before anything is filled: the welcome SMS does not offer them, the farewell one does.
    expect(within(welcome).queryByRole('button', { name: /suma_punktow/ })).not.toBeInTheDocument();
    const farewell = screen.getByRole('group', { name: 'Wstaw pole do: Pożegnalna wiadomość SMS' });
    expect(within(farewell).getByRole('button', { name: /suma_punktow/ })).toBeInTheDocument();
  });

  it('adds reminders and refuses one longer than the shortest fill window', async () => {
    const user = userEvent.setup();
    const { lastValue } = renderSettings();
    await expand(user);
    expect(screen.getByText('Najkrótsze okno wypełnienia: 90 min')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Dodaj przypomnienie' }));
    const reminder = screen.getByRole('group', { name: 'Przypomnienie 1' });
    expect(lastValue()?.fillReminders).toEqual([{ notification: 1, timeBeforeEnd: 60 }]);

    const minutes = within(reminder).getByRole('spinbutton', { name: /Minut przed końcem/ });
    await user.clear(minutes);
    await user.type(minutes, '120');
    expect(within(reminder).getByText(REMINDER_TOO_LONG_MESSAGE)).toBeInTheDocument();
    expect(lastValue()?.fillReminders).toEqual([{ notification: 1, timeBeforeEnd: 120 }]);

    await user.clear(minutes);
    await user.type(minutes, '90');
    expect(within(reminder).queryByText(REMINDER_TOO_LONG_MESSAGE)).not.toBeInTheDocument();

    const count = within(reminder).getByRole('spinbutton', { name: /Liczba powiadomień/ });
    await user.clear(count);
    await user.type(count, '3');
    expect(lastValue()?.fillReminders).toEqual([{ notification: 3, timeBeforeEnd: 90 }]);

    await user.click(within(reminder).getByRole('button', { name: 'Usuń: Przypomnienie 1' }));
    expect(lastValue()?.fillReminders).toEqual([]);
  });

  it('does not bind reminders when the form is filled anytime', async () => {
    const user = userEvent.setup();
    renderSettings(
      { ...defaults, fillReminders: [{ notification: 1, timeBeforeEnd: 600 }] },
      { schedule: { ...schedule, one: false } },
    );
    await expand(user);
    expect(screen.queryByText(REMINDER_TOO_LONG_MESSAGE)).not.toBeInTheDocument();
  });

  it('says the hidden settings need attention when a reminder is too long', () => {
    renderSettings({ ...defaults, fillReminders: [{ notification: 1, timeBeforeEnd: 91 }] });
    expect(screen.getByText('Ustawienia zaawansowane wymagają poprawy')).toBeInTheDocument();
  });

  it('shows the form score rules and the schedule editor it is given', async () => {
    const user = userEvent.setup();
    const onFormRulesChange = jest.fn();
    const rules: FormRuleDraft[] = [
      { operator: 'GREATER_THAN', arg1: 5, arg2: null, color: null, text: '', smsMessage: '', smsPhone: '' },
    ];
    renderSettings(defaults, {
      formRules: rules,
      onFormRulesChange,
      showValidation: true,
      scheduleEditor: <p>Edytor harmonogramu</p>,
    });
    await expand(user);
    expect(screen.getByRole('region', { name: 'Harmonogram' })).toHaveTextContent('Edytor harmonogramu');
    const rule = screen.getByRole('group', { name: 'Reguła 1' });
    expect(within(rule).getByText(FORM_RULE_EFFECT_MESSAGE)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Dodaj regułę' }));
    expect(onFormRulesChange).toHaveBeenCalledWith([rules[0], expect.objectContaining({ arg1: null })]);
  });

  it('changes nothing in display mode', async () => {
    const user = userEvent.setup();
    renderSettings(
      { ...defaults, fillReminders: [{ notification: 1, timeBeforeEnd: 30 }] },
      { disabled: true },
    );
    await expand(user);
    expect(screen.getByRole('switch', { name: 'Zezwalaj na zapis roboczy' })).toBeDisabled();
    expect(screen.getByRole('spinbutton', { name: /Domyślny czas przydziału/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Dodaj przypomnienie' })).toBeDisabled();
  });
});
