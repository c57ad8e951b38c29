import { Input, makeStyles, TableCell } from '@fluentui/react-components';
import type { FilterColumn, ResultFilterState } from './result-filter';

const useStyles = makeStyles({ input: { width: '100%', minWidth: '6em' } });

const INPUT_TYPES = { text: 'search', number: 'text', day: 'date' } as const;

export interface FilterCellProps {
  column: FilterColumn;
  /** The column's name: the box is labelled 'Filtruj: {label}'. */
  label: string;
  filter: ResultFilterState;
}

/** One column's box in a results table's filter row. */
export function FilterCell({ column, label, filter }: FilterCellProps) {
  const styles = useStyles();
  return (
    <TableCell>
      <Input
        className={styles.input}
        size="small"
        type={INPUT_TYPES[column.kind]}
        inputMode={column.kind === 'number' ? 'decimal' : undefined}
        aria-label={`Filtruj: ${label}`}
        value={filter.typed[column.field] ?? ''}
        onChange={(_event, data) => filter.change(column, data.value)}
      />
    </TableCell>
  );
}
