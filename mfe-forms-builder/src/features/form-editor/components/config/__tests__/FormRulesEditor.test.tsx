import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FORM_RULE_EFFECT_MESSAGE, SMS_PHONE_MESSAGE } from '@formularze/domain/schemas/form-template';
import { FormRulesEditor } from '../FormRulesEditor';
import type { FormRuleDraft } from '../rule-validation';
import { SMS_TOO_LONG_MESSAGE } from '../SmsMessageField';
import { renderControlled } from './harness';

const rule = (overrides: Partial<FormRuleDraft> = {}): FormRuleDraft => ({
  operator: 'GREATER_THAN',
  arg1: 10,
  arg2: null,
  color: null,
  text: '',
  smsMessage: '',
  smsPhone: '',
  ...overrides,
});

function renderEditor(initial: FormRuleDraft[] = [rule()]) {
  return renderControlled(initial, ({ value, onChange }) => (
    <FormRulesEditor value={value} onChange={onChange} />
  ));
}

describe('FormRulesEditor', () => {
  it('accepts an SMS alone as the effect of a rule', async () => {
    const user = userEvent.setup();
    const { lastValue } = renderEditor();
    const sms = screen.getByRole('textbox', { name: /Treść SMS/ });
    await user.click(sms);
    await user.tab();
    expect(screen.getByText(FORM_RULE_EFFECT_MESSAGE)).toBeInTheDocument();

    await user.type(sms, 'Wynik poza normą');
    expect(screen.queryByText(FORM_RULE_EFFECT_MESSAGE)).not.toBeInTheDocument();
    expect(lastValue()?.[0]?.smsMessage).toBe('Wynik poza normą');
  });

  it('keeps only digits and plus in the phone, and adds the plus when the field is left', async () => {
    const user = userEvent.setup();
    const { lastValue } = renderEditor();
    const phone = screen.getByRole('textbox', { name: /Numer telefonu do SMS/ });
    await user.type(phone, '48 600-100-200');
    expect(phone).toHaveValue('48600100200');
    await user.tab();
    expect(phone).toHaveValue('+48600100200');
    expect(lastValue()?.[0]?.smsPhone).toBe('+48600100200');
  });

  it('says when the phone is too short to dial', async () => {
    const user = userEvent.setup();
    renderEditor();
    const phone = screen.getByRole('textbox', { name: /Numer telefonu do SMS/ });
    await user.type(phone, '123');
    await user.tab();
    expect(screen.getByText(SMS_PHONE_MESSAGE)).toBeInTheDocument();
  });

  it('inserts a placeholder at the caret and counts it at its longest', async () => {
    const user = userEvent.setup();
    const { lastValue } = renderEditor([rule({ smsMessage: 'Dzień dobry !' })]);
    const sms = screen.getByRole<HTMLTextAreaElement>('textbox', { name: /Treść SMS/ });
    expect(screen.getByText(/Długość SMS: 13\/140 znaków/)).toBeInTheDocument();

    sms.setSelectionRange(12, 12);
    await user.click(screen.getByRole('button', { name: 'Wstaw {imie} (imię)' }));
    expect(sms).toHaveValue('Dzień dobry {imie}!');
    expect(sms).toHaveFocus();
    expect(sms.selectionStart).toBe(18);
    expect(screen.getByText(/Długość SMS: 33\/140 znaków/)).toBeInTheDocument();
    expect(lastValue()?.[0]?.smsMessage).toBe('Dzień dobry {imie}!');

    const insertions = within(screen.getByRole('group', { name: 'Wstaw pole do: Treść SMS' }))
      .getAllByRole('button')
      .map((button) => button.textContent);
    expect(insertions).toEqual(['{imie}', '{nazwisko}', '{identyfikator}', '{telefon}', '{suma_punktow}']);
  });

  it('warns when the message is longer than one SMS', () => {
    renderEditor([rule({ smsMessage: `${'a'.repeat(125)}{nazwisko}` })]);
    expect(screen.getByText(/Długość SMS: 155\/140 znaków/)).toBeInTheDocument();
    expect(screen.getByText(SMS_TOO_LONG_MESSAGE)).toBeInTheDocument();
  });

  it('reports a text pasted at once', () => {
    const { lastValue } = renderEditor();
    fireEvent.change(screen.getByRole('textbox', { name: /Treść SMS/ }), {
      target: { value: 'Kontakt {telefon}' },
    });
    expect(lastValue()?.[0]?.smsMessage).toBe('Kontakt {telefon}');
    expect(screen.getByText(/Długość SMS: 20\/140 znaków/)).toBeInTheDocument();
  });
});
