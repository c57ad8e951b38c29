import { Title2 } from '@fluentui/react-components';
import { useEffect } from 'react';
import { EmptyTable } from 'shared-ui/components';
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
  }, [shell]);

  return (
    <section>
      <Title2 as="h2">Wyniki</Title2>
      <EmptyTable label="Wyniki" columns={COLUMNS} emptyText="Brak wyników" />
    </section>
  );
}
