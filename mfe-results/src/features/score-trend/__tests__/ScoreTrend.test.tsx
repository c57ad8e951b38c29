import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'shared-ui/routing';
import { aPerson, renderInRemote } from 'shared-ui/testing';
import { aFormResult, api } from '../../../test/results-fixtures';
import { ScoreTrend } from '../components/ScoreTrend';

const fillings = [
  aFormResult({
    formDataId: 31,
    completedAt: '2026-03-03T09:00:00.000Z',
    totalWeight: 22,
    text: 'Pilny kontakt',
  }),
  aFormResult({
    formDataId: 30,
    completedAt: '2026-03-01T09:00:00.000Z',
    totalWeight: 4.5,
    text: null,
    color: null,
  }),
  aFormResult({
    formDataId: 32,
    completedAt: '2026-03-05T09:00:00.000Z',
    totalWeight: 12,
    text: 'Obserwacja',
  }),
];

function answer() {
  api.post.mockResolvedValue({
    data: {
      form: { id: 8, name: 'Ankieta bólu', edition: 1, bag: { id: 8 }, group: null },
      fields: [],
      editions: [],
      content: fillings,
      totalElements: fillings.length,
      page: 0,
      pageSize: 500,
    },
  });
  api.get.mockResolvedValue({
    data: {
      formRules: [
        { operator: 'GREATER_THAN', arg1: 20, color: '#ff0000', text: 'Pilny kontakt' },
        { operator: 'BETWEEN', arg1: 10, arg2: 20, color: '#ffcc00', text: 'Obserwacja' },
      ],
    },
  });
}

function renderTrend(authorities = 'ROLE_EDITOR') {
  return renderInRemote(
    'mfe-results',
    <Routes>
      <Route path="/formdata/all/:formId/:personId" element={<ScoreTrend />} />
    </Routes>,
    { path: '/formdata/all/8/5', person: aPerson(authorities, { id: 7 }), api },
  );
}

beforeEach(() => {
  jest.clearAllMocks();
  answer();
});

describe('ScoreTrend', () => {
  it("asks for the person's sent fillings and the form's rules", async () => {
    renderTrend();
    await screen.findByRole('group', { name: 'Wykres sumy punktów w czasie' });
    expect(api.post).toHaveBeenCalledWith('/api/form_data/by_form_id_extended/8', {
      personId: 5,
      page: 0,
      pageSize: 500,
      sort: '-completedAt',
      q: [{ field: 'state', operator: 'is', value: 'COMPLETED' }],
    });
    expect(api.get).toHaveBeenCalledWith('/api/forms/8');
  });

  it('announces each point with its date and points, in time order, one tab stop for the chart', async () => {
    renderTrend();
    const chart = await screen.findByRole('group', { name: 'Wykres sumy punktów w czasie' });
    const points = within(chart).getAllByRole('img');
    expect(points.map((point) => point.getAttribute('aria-label'))).toEqual([
      '2026-03-01 10:00: 4.50 pkt',
      '2026-03-03 10:00: 22.00 pkt, Pilny kontakt',
      '2026-03-05 10:00: 12.00 pkt, Obserwacja',
    ]);
    expect(points.map((point) => point.getAttribute('tabindex'))).toEqual(['-1', '-1', '0']);
    expect(chart).toHaveAccessibleDescription('Strzałki w lewo i w prawo przechodzą między wypełnieniami.');
  });

  it('moves between points with the arrow keys, Home and End', async () => {
    renderTrend();
    const chart = await screen.findByRole('group', { name: 'Wykres sumy punktów w czasie' });
    await userEvent.tab();
    expect(document.activeElement).toHaveAccessibleName('Pokaż jako tabelę');
    await userEvent.tab();
    expect(document.activeElement).toHaveAttribute('aria-label', '2026-03-05 10:00: 12.00 pkt, Obserwacja');
    await userEvent.keyboard('{ArrowLeft}');
    expect(document.activeElement).toHaveAttribute(
      'aria-label',
      '2026-03-03 10:00: 22.00 pkt, Pilny kontakt',
    );
    // The focused point's value is also shown beside it.
    expect(within(chart).getAllByText('2026-03-03 10:00: 22.00 pkt, Pilny kontakt')).toHaveLength(1);
    await userEvent.keyboard('{Home}');
    expect(document.activeElement).toHaveAttribute('aria-label', '2026-03-01 10:00: 4.50 pkt');
    await userEvent.keyboard('{ArrowLeft}');
    expect(document.activeElement).toHaveAttribute('aria-label', '2026-03-01 10:00: 4.50 pkt');
    await userEvent.keyboard('{End}');
    expect(document.activeElement).toHaveAttribute('aria-label', '2026-03-05 10:00: 12.00 pkt, Obserwacja');
  });

  it("names the rules' coloured ranges in a legend", async () => {
    renderTrend();
    const legend = await screen.findByRole('list', { name: 'Zakresy punktów reguł formularza' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Pilny kontakt (powyżej 20.00 pkt)', 'Obserwacja (10.00–20.00 pkt)']);
  });

  it("offers the same data as a table ('Pokaż jako tabelę')", async () => {
    renderTrend();
    await userEvent.click(await screen.findByRole('button', { name: 'Pokaż jako tabelę' }));
    const table = screen.getByRole('table', { name: 'Suma punktów w czasie' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['2026-03-01 10:00', '4.50', '—'],
      ['2026-03-03 10:00', '22.00', 'Pilny kontakt'],
      ['2026-03-05 10:00', '12.00', 'Obserwacja'],
    ]);
    expect(screen.queryByRole('group', { name: 'Wykres sumy punktów w czasie' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Pokaż jako wykres' }));
    expect(await screen.findByRole('group', { name: 'Wykres sumy punktów w czasie' })).toBeInTheDocument();
  });

  it('is not shown to patients, who do not see points', async () => {
    const { container } = renderTrend('ROLE_USER');
    await waitFor(() => expect(container.querySelector('section')).toBeNull());
    expect(api.post).not.toHaveBeenCalled();
  });
});
