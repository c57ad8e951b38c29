import {
  FluentProvider,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
} from '@fluentui/react-components';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { themeFor } from 'shared-ui/theme';
import { ScrollableTable } from '../ScrollableTable';

describe('ScrollableTable', () => {
  it('puts the table in a region named after it that the keyboard can reach and scroll', async () => {
    render(
      <FluentProvider theme={themeFor({ theme: 'light', fontLevel: 2 })}>
        <ScrollableTable aria-label="Wyniki" size="small">
          <TableHeader>
            <TableRow>
              <TableHeaderCell>Projekt</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            <TableRow>
              <TableCell>Projekt demonstracyjny</TableCell>
            </TableRow>
          </TableBody>
        </ScrollableTable>
      </FluentProvider>,
    );
    const region = screen.getByRole('region', { name: 'Tabela: Wyniki' });
    const table = within(region).getByRole('table', { name: 'Wyniki' });
    expect(within(table).getByRole('cell')).toHaveTextContent('Projekt demonstracyjny');
    await userEvent.tab();
    expect(region).toHaveFocus();
  });
});
