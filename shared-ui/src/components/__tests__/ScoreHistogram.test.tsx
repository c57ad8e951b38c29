import { FluentProvider } from '@fluentui/react-components';
import { render, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { themeFor } from 'shared-ui/theme';
import { ScoreHistogram } from '../ScoreHistogram';

const inTheme = (ui: ReactElement) =>
  render(<FluentProvider theme={themeFor({ theme: 'high-contrast', fontLevel: 2 })}>{ui}</FluentProvider>);

describe('ScoreHistogram', () => {
  it('reads out each bin with every series as a table, the drawing hidden from assistive technology', () => {
    const { container } = inTheme(
      <ScoreHistogram
        bins={[
          { from: 0, to: 5, counts: [3, 1] },
          { from: 5, to: 10, counts: [0, 2] },
        ]}
        series={['Teraz', 'Po zmianie']}
        label="Rozkład"
        empty="Brak"
        legend="Lewy słupek: teraz, prawy: po zmianie."
      />,
    );
    const table = screen.getByRole('table', { name: 'Rozkład' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['PunktyTerazPo zmianie', '0.00 – poniżej 5.0031', '5.00 – 10.0002']);
    const figure = container.querySelector('figure')!;
    expect(figure).toHaveAttribute('aria-hidden', 'true');
    // One bar per series in each bin, the highest count the full height.
    const bars = [...figure.querySelectorAll('rect')];
    expect(bars.map((bar) => bar.getAttribute('height'))).toEqual(['120', '40', '0', '80']);
    expect(screen.getByText('Lewy słupek: teraz, prawy: po zmianie.')).toBeInTheDocument();
  });

  it('says so when there is nothing to draw', () => {
    inTheme(<ScoreHistogram bins={[]} series={['Pacjenci']} label="Rozkład" empty="Brak wyników." />);
    expect(screen.getByText('Brak wyników.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
