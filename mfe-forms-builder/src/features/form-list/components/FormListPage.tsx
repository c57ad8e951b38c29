import { Button, makeStyles, Title2, tokens } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons/svg/add';
import { useEffect } from 'react';
import { EmptyTable } from 'shared-ui/components';
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
      <EmptyTable label="Formularze" columns={COLUMNS} emptyText="Brak formularzy" />
    </section>
  );
}
