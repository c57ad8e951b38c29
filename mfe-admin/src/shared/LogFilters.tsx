import { Button, Field, Input, makeStyles, Select, tokens } from '@fluentui/react-components';
import type { FormEvent, ReactNode } from 'react';
import { ACCESS_OPERATION_LABELS, type AccessOperation } from '@formularze/domain/schemas/access-audit';
import type { FilterBox } from './log-filter';

const useStyles = makeStyles({
  filters: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalL },
});

export interface LogFiltersProps {
  /** Names the form, e.g. 'Filtry dziennika'. */
  label: string;
  /** The operations the log may be filtered by. */
  operations: readonly AccessOperation[];
  box(name: 'operation' | 'from' | 'to'): FilterBox;
  onSubmit(event: FormEvent): void;
  /** The log's own boxes, before the operation and the period. */
  children: ReactNode;
  /** After "Filtruj" (e.g. the export). */
  actions?: ReactNode;
}

/** A log's filters: its own boxes, the operation, the period in days and "Filtruj". */
export function LogFilters({ label, operations, box, onSubmit, children, actions }: LogFiltersProps) {
  const styles = useStyles();
  return (
    <form className={styles.filters} aria-label={label} onSubmit={onSubmit}>
      {children}
      <Field label="Operacja">
        <Select {...box('operation')}>
          <option value="">Wszystkie</option>
          {operations.map((operation) => (
            <option key={operation} value={operation}>
              {ACCESS_OPERATION_LABELS[operation]}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Od dnia">
        <Input type="date" {...box('from')} />
      </Field>
      <Field label="Do dnia">
        <Input type="date" {...box('to')} />
      </Field>
      <Button type="submit" appearance="primary">
        Filtruj
      </Button>
      {actions}
    </form>
  );
}
