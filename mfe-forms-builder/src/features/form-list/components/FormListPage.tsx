import {
  Body1,
  Button,
  makeStyles,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Title2,
  tokens,
} from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { useEffect } from 'react';
import { useShell } from 'shared-ui/remote';

const COLUMNS = ['Nazwa', 'Projekt', 'Status', 'Użytkownicy', 'Odpowiedzi', 'Opcje'];

const useStyles = makeStyles({
  header: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM },
  grow: { flexGrow: 1 },
});

/** `/forms`: the organization's forms. */
export function FormListPage() {
  const styles = useStyles();
  const shell = useShell();
  useEffect(() => {
    shell.page.setTitle('Formularze');
    shell.breadcrumbs.set([{ label: 'Formularze', path: '/forms' }]);
  }, [shell]);

  return (
    <section>
      <div className={styles.header}>
        <Title2 as="h2" className={styles.grow}>
          Formularze
        </Title2>
        {shell.permissions.has('form:create') && (
          <Button appearance="primary" icon={<AddRegular />} onClick={() => shell.navigate('/forms/add')}>
            Nowy formularz
          </Button>
        )}
      </div>
      <Table aria-label="Formularze">
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
              <Body1>Brak formularzy</Body1>
            </TableCell>
          </TableRow>
        </TableBody>
      </Table>
    </section>
  );
}
