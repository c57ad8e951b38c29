import { Input, makeStyles, TableCell } from '@fluentui/react-components';
import { DateInput } from 'shared-ui/components';
import type { FilterColumn, ResultFilterState } from './result-filter';

const useStyles = makeStyles({ input: { width: '100%', minWidth: '6em' } });

const INPUT_TYPES = { text: 'search', number: 'text' } as const;

export interface FilterCellProps {
  column: FilterColumn;
  /** The column's name: the box is labelled 'Filtruj: {label}'. */
  label: string;
  filter: ResultFilterState;
}

/** One column's box in a results table's filter row. */
export function FilterCell({ column, label, filter }: FilterCellProps) {
  const styles = useStyles();
  const name = `Filtruj: ${label}`;
  if (column.kind === 'day') {
    // The product's dd/mm/rrrr box: the filter holds the day it makes (YYYY-MM-DD), or nothing yet.
    return (
      <TableCell>
        <DateInput
          className={styles.input}
          size="small"
          aria-label={name}
          value={filter.typed[column.field] || null}
          onChange={(day) => filter.change(column, day ?? '')}
        />
      </TableCell>
    );
  }
  return (
    <TableCell>
      <Input
        className={styles.input}
        size="small"
        type={INPUT_TYPES[column.kind]}
        inputMode={column.kind === 'number' ? 'decimal' : undefined}
        aria-label={name}
        value={filter.typed[column.field] ?? ''}
        onChange={(_event, data) => filter.change(column, data.value)}
      />
    </TableCell>
  );
}
