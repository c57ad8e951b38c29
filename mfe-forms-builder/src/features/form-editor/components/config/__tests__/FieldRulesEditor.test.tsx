import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  FIELD_RULE_EFFECT_MESSAGE,
  REQUIRED_MESSAGE,
  RULE_ARG2_MESSAGE,
  WEIGHT_MESSAGE,
} from '@formularze/domain/schemas/form-template';
import { FieldRulesEditor } from '../FieldRulesEditor';
import type { FieldRuleDraft } from '../rule-validation';
import { renderControlled } from './harness';

function renderEditor(
  initial: FieldRuleDraft[] = [],
  props: { disabled?: boolean; showValidation?: boolean } = {},
) {
  return renderControlled(initial, ({ value, onChange }) => (
    <FieldRulesEditor value={value} onChange={onChange} {...props} />
  ));
}

describe('FieldRulesEditor', () => {
  it('adds a rule and reports it with the arguments typed, commas read as dots', async () => {
    const user = userEvent.setup();
    const { lastValue } = renderEditor();
    expect(screen.getByText('Brak reguł')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Dodaj regułę' }));
    const rule = screen.getByRole('group', { name: 'Reguła 1' });
    await user.click(within(rule).getByRole('combobox', { name: /Operator/ }));
    await user.click(screen.getByRole('option', { name: 'Większe niż' }));
    const value = within(rule).getByRole('textbox', { name: /Wartość/ });
    await user.type(value, '2,5');
    expect(value).toHaveValue('2.5');
    await user.type(within(rule).getByRole('textbox', { name: 'Tekst' }), 'Wysoka gorączka');
    await user.type(within(rule).getByRole('textbox', { name: /Waga/ }), '3');

    expect(lastValue()).toEqual([
      { operator: 'GREATER_THAN', arg1: 2.5, arg2: null, color: null, text: 'Wysoka gorączka', weight: 3 },
    ]);
  });

  it('offers the four operators in Polish and asks for the second argument of BETWEEN', async () => {
    const user = userEvent.setup();
    const { lastValue } = renderEditor([
      { operator: 'GREATER_THAN', arg1: 1, arg2: null, color: '#ff0000', text: '', weight: null },
    ]);
    const rule = screen.getByRole('group', { name: 'Reguła 1' });
    await user.click(within(rule).getByRole('combobox', { name: /Operator/ }));
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['Większe niż', 'Mniejsze niż', 'Równe', 'Pomiędzy']);
    await user.click(screen.getByRole('option', { name: 'Pomiędzy' }));

    const to = within(rule).getByRole('textbox', { name: /Do/ });
    expect(within(rule).getByRole('textbox', { name: /Od/ })).toHaveValue('1');
    await user.click(to);
    await user.tab();
    expect(within(rule).getByText(RULE_ARG2_MESSAGE)).toBeInTheDocument();

    await user.type(to, '7');
    expect(within(rule).queryByText(RULE_ARG2_MESSAGE)).not.toBeInTheDocument();
    expect(lastValue()?.[0]).toMatchObject({ operator: 'BETWEEN', arg1: 1, arg2: 7 });
  });

  it('clears the second argument when another operator is chosen', async () => {
    const user = userEvent.setup();
    const { lastValue } = renderEditor([
      { operator: 'BETWEEN', arg1: 1, arg2: 4, color: '#ff0000', text: '', weight: null },
    ]);
    await user.click(screen.getByRole('combobox', { name: /Operator/ }));
    await user.click(screen.getByRole('option', { name: 'Równe' }));
    expect(screen.queryByRole('textbox', { name: /Do/ })).not.toBeInTheDocument();
    expect(lastValue()?.[0]).toMatchObject({ operator: 'EQUALS', arg1: 1, arg2: null });
  });

  it('shows what a rule lacks once the person leaves it, not before', async () => {
    const user = userEvent.setup();
    const { lastValue } = renderEditor();
    await user.click(screen.getByRole('button', { name: 'Dodaj regułę' }));
    expect(screen.queryByText(FIELD_RULE_EFFECT_MESSAGE)).not.toBeInTheDocument();
    // A new rule has no operator yet (§5: the operator is required).
    expect(screen.getByRole('combobox', { name: /Operator/ })).toHaveTextContent('Wybierz operator');
    expect(lastValue()?.[0]).toMatchObject({ operator: null });

    await user.click(screen.getByRole('textbox', { name: /Wartość/ }));
    await user.tab();
    const operator = screen.getByRole('group', { name: 'Reguła 1' }).querySelector('[role="combobox"]')!;
    expect(operator.closest('.fui-Field')).toHaveTextContent(REQUIRED_MESSAGE);
    expect(screen.getAllByText(REQUIRED_MESSAGE)).toHaveLength(2);
    expect(screen.getByText(FIELD_RULE_EFFECT_MESSAGE)).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Kolor' }));
    expect(screen.queryByText(FIELD_RULE_EFFECT_MESSAGE)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Wybierz kolor')).toHaveValue('#d13438');
  });

  it('shows every message when asked to (after a save attempt)', () => {
    renderEditor([{ operator: 'LESS_THAN', arg1: 3, arg2: null, color: null, text: '', weight: -2 }], {
      showValidation: true,
    });
    expect(screen.getByText(FIELD_RULE_EFFECT_MESSAGE)).toBeInTheDocument();
    expect(screen.getByText(WEIGHT_MESSAGE)).toBeInTheDocument();
  });

  it('keeps text that is not a number on screen with a message', async () => {
    const user = userEvent.setup();
    const { lastValue } = renderEditor();
    await user.click(screen.getByRole('button', { name: 'Dodaj regułę' }));
    await user.type(screen.getByRole('textbox', { name: /Wartość/ }), '1,2,3');
    expect(screen.getByRole('textbox', { name: /Wartość/ })).toHaveValue('1.2.3');
    expect(screen.getByText('Podaj liczbę')).toBeInTheDocument();
    expect(lastValue()?.[0]?.arg1).toBeNaN();
  });

  it('removes a rule', async () => {
    const user = userEvent.setup();
    const { lastValue } = renderEditor([
      { operator: 'EQUALS', arg1: 1, arg2: null, color: '#ff0000', text: 'a', weight: null },
      { operator: 'EQUALS', arg1: 2, arg2: null, color: null, text: 'b', weight: null },
    ]);
    await user.click(screen.getByRole('button', { name: 'Usuń: Reguła 1' }));
    expect(lastValue()).toEqual([
      { operator: 'EQUALS', arg1: 2, arg2: null, color: null, text: 'b', weight: null },
    ]);
    expect(screen.getByRole('textbox', { name: /Wartość/ })).toHaveValue('2');
    expect(screen.queryByRole('group', { name: 'Reguła 2' })).not.toBeInTheDocument();
  });

  it('changes nothing in display mode', () => {
    renderEditor([{ operator: 'EQUALS', arg1: 1, arg2: null, color: null, text: 'a', weight: null }], {
      disabled: true,
    });
    expect(screen.getByRole('button', { name: 'Dodaj regułę' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Usuń: Reguła 1' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: /Wartość/ })).toBeDisabled();
  });
});
