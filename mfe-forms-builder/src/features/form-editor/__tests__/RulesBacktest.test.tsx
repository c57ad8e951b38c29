import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FormRule } from '@formularze/domain/schemas/form-template';
import type { FormDetails } from '@formularze/domain/schemas/forms';
import type { RulesBacktest } from '@formularze/domain/schemas/rules-backtest';
import { apiFailure } from 'shared-ui/testing';
import { BACKTEST_BUTTON, smsDifferenceText } from '../components/RulesBacktest';
import { aFormDetails, api, layoutOfRows, renderEditorAt } from './editor-fixtures';

const layout = layoutOfRows([
  {
    id: 'pain',
    type: 'NUMBER',
    label: 'Ból',
    numberType: 'INTEGER',
    fieldRules: [{ operator: 'GREATER_THAN', arg1: 7, text: 'Silny ból', weight: 5 }],
  },
]);
const urgent: FormRule = {
  operator: 'GREATER_THAN',
  arg1: 4,
  text: 'Pilny kontakt',
  smsMessage: 'Alert {suma_punktow}',
  smsPhone: '+48600700800',
};

const aForm = (overrides: Partial<FormDetails> = {}) =>
  aFormDetails(layout, {
    description: null,
    status: 'PAUSED',
    edition: 2,
    formGroup: { id: 3, name: 'Ból' },
    bag: { id: 4 },
    numberOfUsers: 2,
    numberOfUsersActiveNow: 2,
    filledFormCount: 120,
    allowDrafting: false,
    formRules: [urgent],
    ...overrides,
  });

const result: RulesBacktest = {
  period: '90',
  since: '2026-09-06T10:00:00.000Z',
  activeFormId: 5,
  filledForms: 120,
  formRules: [
    {
      position: 0,
      active: {
        operator: 'GREATER_THAN',
        arg1: 6,
        arg2: null,
        text: 'Pilny kontakt',
        sendsSms: true,
        filledForms: 10,
        smsAlerts: 10,
      },
      draft: {
        operator: 'GREATER_THAN',
        arg1: 4,
        arg2: null,
        text: 'Pilny kontakt',
        sendsSms: true,
        filledForms: 47,
        smsAlerts: 47,
      },
    },
  ],
  fieldRules: [{ fieldId: 'pain', position: 0, active: 12, draft: 12 }],
  total: {
    active: { filledForms: 10, smsAlerts: 10 },
    draft: { filledForms: 47, smsAlerts: 47 },
    difference: { filledForms: 37, smsAlerts: 37 },
  },
  changed: {
    content: [
      {
        filledFormId: 812,
        formId: 4,
        person: { id: 30, name: 'Anna Adamska' },
        completedAt: '2026-11-20T09:30:00.000Z',
        active: { score: 5, color: null, text: null, smsAlert: false },
        draft: { score: 5, color: '#ff0000', text: 'Pilny kontakt', smsAlert: true },
      },
    ],
    totalElements: 37,
  },
  unevaluableFields: [{ fieldId: 'mood', label: 'Nastrój', activeType: 'DICTIONARY', draftType: null }],
  histogram: [
    { from: 0, to: 5, active: 73, draft: 73 },
    { from: 5, to: 10, active: 47, draft: 47 },
  ],
  thresholds: [{ threshold: 4, upward: 21, downward: 0 }],
};

const renderEditor = (path = '/forms/edit/5') => renderEditorAt(path);

const section = () => screen.getByRole('region', { name: 'Reguły na wcześniejszych odpowiedziach' });

beforeEach(() => {
  jest.clearAllMocks();
  api.get.mockImplementation(async (url: string) => {
    if (url === '/api/forms/5') return { data: aForm() };
    if (url === '/api/forms/6') return { data: aForm({ id: 6, status: 'ACTIVE' }) };
    if (url === '/api/form_layouts/saved_fields') return { data: [] };
    throw new Error(`unexpected GET ${url}`);
  });
  api.post.mockResolvedValue({ data: result });
});

describe('RulesBacktest in the form editor', () => {
  it("sends the editor's template and rules with the chosen period, from the keyboard, without saving", async () => {
    const user = userEvent.setup();
    renderEditor();
    await screen.findByRole('button', { name: BACKTEST_BUTTON });
    await user.selectOptions(within(section()).getByRole('combobox', { name: 'Okres' }), 'Ostatnie 365 dni');
    screen.getByRole('button', { name: BACKTEST_BUTTON }).focus();
    await user.keyboard('{Enter}');

    expect(api.post).toHaveBeenCalledTimes(1);
    expect(api.post).toHaveBeenCalledWith('/api/forms/5/rules/backtest', {
      layoutElementObject: layout,
      formRules: [expect.objectContaining({ operator: 'GREATER_THAN', arg1: 4, smsPhone: '+48600700800' })],
      period: '365',
    });
    expect(api.put).not.toHaveBeenCalled();
  });

  it('shows the difference in alerts, the rules, the changed filled forms with links, the fields left out and both distributions', async () => {
    const user = userEvent.setup();
    renderEditor();
    await user.click(await screen.findByRole('button', { name: BACKTEST_BUTTON }));

    expect(
      await within(section()).findByText(
        /\+37 alertów SMS w ostatnich 90 dniach \(teraz 10, po zmianie 47\)/,
      ),
    ).toBeInTheDocument();
    expect(
      within(section()).getByText(/obejmą 47 wypełnień zamiast 10. Sprawdzono 120 wypełnień/),
    ).toBeInTheDocument();
    expect(within(section()).getByText(/„Nastrój” \(usunięte\)/)).toBeInTheDocument();

    const rules = screen.getByRole('table', { name: 'Reguły formularza teraz i po zmianie' });
    expect(within(rules).getAllByRole('row')[1]!.textContent).toBe(
      '1> 6 (Pilny kontakt)1010> 4 (Pilny kontakt)4747',
    );

    const changed = screen.getByRole('table', { name: 'Wypełnienia ze zmienionym wynikiem' });
    expect(within(changed).getByRole('link', { name: 'Anna Adamska' })).toHaveAttribute(
      'href',
      '/formdata/812',
    );
    expect(within(changed).getByText('5.00 → 5.00')).toBeInTheDocument();
    expect(within(changed).getByText('nie → tak')).toBeInTheDocument();
    expect(within(section()).getByText('Ostatnie 1 z 37.')).toBeInTheDocument();

    const distribution = screen.getByRole('table', { name: 'Rozkład wyników przed zmianą i po niej' });
    expect(
      within(distribution)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'PunktyWypełnienia terazWypełnienia po zmianie',
      '0.00 – poniżej 5.007373',
      '5.00 – 10.004747',
    ]);
    const thresholds = screen.getByRole('table', { name: 'Pacjenci przekraczający progi reguł' });
    expect(within(thresholds).getAllByRole('row')[1]!.textContent).toBe('4.00210');
  });

  it('says what the API refused, and is not offered for an active form or in the preview', async () => {
    const user = userEvent.setup();
    api.post.mockRejectedValue(
      apiFailure(404, { message: 'Nie znaleziono formularza', code: 'form-not-found' }),
    );
    const view = renderEditor();
    await user.click(await screen.findByRole('button', { name: BACKTEST_BUTTON }));
    expect(await within(section()).findByText('Nie znaleziono formularza')).toBeInTheDocument();
    view.unmount();

    for (const path of ['/forms/edit/6', '/forms/display/5']) {
      const other = renderEditor(path);
      await screen.findByRole('button', { name: 'Powrót' });
      expect(screen.queryByRole('button', { name: BACKTEST_BUTTON })).not.toBeInTheDocument();
      other.unmount();
    }
  });
});

describe('smsDifferenceText', () => {
  it('says the difference with its sign and Polish plural, or that there is none', () => {
    expect(smsDifferenceText(37, '90')).toBe('+37 alertów SMS w ostatnich 90 dniach');
    expect(smsDifferenceText(-2, '30')).toBe('−2 alerty SMS w ostatnich 30 dniach');
    expect(smsDifferenceText(1, 'all')).toBe('+1 alert SMS we wszystkich wypełnieniach');
    expect(smsDifferenceText(0, '365')).toBe('Bez zmian w liczbie alertów SMS w ostatnich 365 dniach');
  });
});
