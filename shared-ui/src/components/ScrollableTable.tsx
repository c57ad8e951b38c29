import { makeStyles, mergeClasses, Table, tokens, type TableProps } from '@fluentui/react-components';

const CELLS = '& .fui-TableCell, & .fui-TableHeaderCell';

const useStyles = makeStyles({
  region: {
    overflowX: 'auto',
    // The region takes keyboard focus so that arrow keys scroll it; the ring shows where they act.
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` },
  },
  table: {
    // Fluent shares the width evenly between columns, which breaks long words letter by letter
    // ('demonstrac yjny') as soon as a column is narrower than its longest word. Each column takes
    // the width of its content instead, words break only between them, and a table wider than its
    // region scrolls sideways inside it, at any window width and font size.
    tableLayout: 'auto',
    [CELLS]: { overflowWrap: 'normal', wordBreak: 'normal' },
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
