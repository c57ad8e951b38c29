import { makeStyles, mergeClasses, Table, tokens, type TableProps } from '@fluentui/react-components';
import { NARROW_WINDOW } from './narrow-window';

const CELLS = '& .fui-TableCell, & .fui-TableHeaderCell';

const useStyles = makeStyles({
  region: {
    overflowX: 'auto',
    // The region takes keyboard focus so that arrow keys scroll it; the ring shows where they act.
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` },
  },
  table: {
    // Fluent shares the width evenly between columns: at the largest font a long word
    // ('demonstracyjny') is wider than its column and would run over the next one; it breaks
    // inside its cell instead.
    [CELLS]: { overflowWrap: 'anywhere' },
    [NARROW_WINDOW]: {
      // On a phone even columns would break every word letter by letter: each column takes the
      // width of its longest word and the table scrolls sideways inside its region.
      tableLayout: 'auto',
      [CELLS]: { overflowWrap: 'normal' },
    },
  },
});

export type ScrollableTableProps = TableProps & {
  /**
   * Names the table, and the region it scrolls in as 'Tabela: …' (a section around the table often
   * bears the table's own name).
   */
  'aria-label': string;
};

/**
 * A Fluent table in its own labelled region, which scrolls sideways when the table is wider than
 * the window, so the page itself never does. Every table of every area is one of these.
 */
export function ScrollableTable({ className, ...tableProps }: ScrollableTableProps) {
  const styles = useStyles();
  return (
    <div
      role="region"
      aria-label={`Tabela: ${tableProps['aria-label']}`}
      tabIndex={0}
      className={styles.region}
    >
      <Table {...tableProps} className={mergeClasses(styles.table, className)} />
    </div>
  );
}
