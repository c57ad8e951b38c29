import {
  makeStyles,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  tokens,
} from '@fluentui/react-components';
import { nextSort, sortDirectionOf } from 'shared-ui/components';
import type { ResultSort, ResultSortKey } from '@formularze/domain/schemas/results';
import { FilterCell } from './FilterCell';
import type { FilterColumn, ResultFilterState } from './result-filter';

const useStyles = makeStyles({ filterRow: { backgroundColor: tokens.colorNeutralBackground2 } });

export interface ResultsHeaderColumn {
  id: string;
  label: string;
  sortKey?: ResultSortKey;
  filter?: FilterColumn;
}

export interface ResultsTableHeaderProps {
  columns: readonly ResultsHeaderColumn[];
  sort: ResultSort;
  /** A new order chosen by clicking a column. */
  onSort(sort: ResultSort): void;
  /** The order a column starts in when first clicked. */
  firstOrderOf(key: ResultSortKey): 'ascending' | 'descending';
  filter: ResultFilterState;
}

/** The sortable column headers of a results table and, under them, a filter box per filterable column. */
export function ResultsTableHeader({ columns, sort, onSort, firstOrderOf, filter }: ResultsTableHeaderProps) {
  const styles = useStyles();
  return (
    <TableHeader>
      <TableRow>
        {columns.map(({ id, label, sortKey }) =>
          sortKey ? (
            <TableHeaderCell
              key={id}
              sortDirection={sortDirectionOf(sort, sortKey)}
              onClick={() => onSort(nextSort(sort, sortKey, firstOrderOf(sortKey)))}
            >
              {label}
            </TableHeaderCell>
          ) : (
            <TableHeaderCell key={id}>{label}</TableHeaderCell>
          ),
        )}
      </TableRow>
      <TableRow className={styles.filterRow}>
        {columns.map((column) =>
          column.filter ? (
            <FilterCell key={column.id} column={column.filter} label={column.label} filter={filter} />
          ) : (
            <TableCell key={column.id} />
          ),
        )}
      </TableRow>
    </TableHeader>
  );
}
