import {
  Body1,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Title2,
} from '@fluentui/react-components';
import { useEffect } from 'react';
import { useShell } from 'shared-ui/remote';

const COLUMNS = [
  'Projekt',
  'Formularz',
  'Komunikat',
  'Punkty',
  'ID szpitalne',
  'Data wypełnienia',
  'Wypełnił',
  'Odpowiedzi',
];

/** `/results`: the latest results of the organization's forms. */
export function ResultsPage() {
  const shell = useShell();
  useEffect(() => {
    shell.page.setTitle('Formularze');
    shell.breadcrumbs.set([{ label: 'Wyniki', path: '/results' }]);
  }, [shell]);

  return (
    <section>
      <Title2 as="h2">Wyniki</Title2>
      <Table aria-label="Wyniki">
        <TableHeader>
          <TableRow>
            {COLUMNS.map((column) => (
              <TableHeaderCell key={column}>{column}</TableHeaderCell>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          <TableRow>
            <TableCell colSpan={COLUMNS.length}>
              <Body1>Brak wyników</Body1>
            </TableCell>
          </TableRow>
        </TableBody>
      </Table>
    </section>
  );
}
