import { TableCell, TableRow } from '@fluentui/react-components';
import { render, screen, within } from '@testing-library/react';
import { ColumnsTable } from '../ColumnsTable';

describe('ColumnsTable', () => {
  it('shows a header cell per column above the rows it is given', () => {
    render(
      <ColumnsTable aria-label="Zamówienia" columns={['Numer', 'Kwota']}>
        <TableRow>
          <TableCell>Z/1</TableCell>
          <TableCell>12,00 zł</TableCell>
        </TableRow>
      </ColumnsTable>,
    );
    const table = screen.getByRole('table', { name: 'Zamówienia' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Numer', 'Kwota']);
    const [header, row] = within(table).getAllByRole('row');
    expect(within(header!).queryAllByRole('cell')).toHaveLength(0);
    expect(
      within(row!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Z/1', '12,00 zł']);
  });

  it('shows a text that several columns share once per column, as distinct cells', () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <ColumnsTable aria-label="Reguły" columns={['Teraz', 'Wypełnienia', 'Po zmianie', 'Wypełnienia']}>
        <TableRow>
          <TableCell>&gt; 6</TableCell>
          <TableCell>3</TableCell>
          <TableCell>&gt; 8</TableCell>
          <TableCell>1</TableCell>
        </TableRow>
      </ColumnsTable>,
    );
    expect(
      within(screen.getByRole('table', { name: 'Reguły' }))
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Teraz', 'Wypełnienia', 'Po zmianie', 'Wypełnienia']);
    expect(error).not.toHaveBeenCalled();
    error.mockRestore();
  });
});
