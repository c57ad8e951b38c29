import { makeStyles, TableCell, TableRow, Text, tokens } from '@fluentui/react-components';
import { formatPoints } from '@formularze/domain/schemas/display-format';
import { ColumnsTable } from './ColumnsTable';

const BAR_WIDTH = 12;
const GROUP_GAP = 8;
const HEIGHT = 120;

const useStyles = makeStyles({
  layout: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalXXL },
  figure: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, margin: 0 },
  // In em, so the chart grows with the font level.
  chart: { height: '8em', maxWidth: '100%' },
  earlier: { fill: tokens.colorNeutralBackground5, stroke: tokens.colorNeutralStroke1, strokeWidth: '1px' },
  latest: { fill: tokens.colorBrandBackground, stroke: tokens.colorNeutralStroke1, strokeWidth: '1px' },
  table: { width: 'auto' },
});

/** A range of points and, per series, how many fall in it. */
export interface HistogramBin {
  from: number;
  to: number;
  counts: readonly number[];
}

export interface ScoreHistogramProps {
  /** Bins from the lowest score up; the last includes its upper end. */
  bins: readonly HistogramBin[];
  /** The column heading of each series, e.g. ['Liczba pacjentów']; the last is drawn in the brand colour. */
  series: readonly string[];
  /** Names the table. */
  label: string;
  /** Said instead of the chart when there are no bins. */
  empty: string;
  /** Tells sighted users which bar is which when there are several series. */
  legend?: string;
}

/** `from`–`to` in points; the last bin includes its upper end. */
const rangeOf = (bin: HistogramBin, last: boolean) =>
  `${formatPoints(bin.from)} – ${last ? '' : 'poniżej '}${formatPoints(bin.to)}`;

/**
 * A distribution of scores: bars side by side in each bin, and the same counts as a table, which is
 * what assistive technology reads (the drawing is hidden from it).
 */
export function ScoreHistogram({ bins, series, label, empty, legend }: ScoreHistogramProps) {
  const styles = useStyles();
  if (bins.length === 0) return <Text>{empty}</Text>;
  const highest = Math.max(1, ...bins.flatMap((bin) => bin.counts));
  const height = (count: number) => (count / highest) * HEIGHT;
  const groupWidth = series.length * BAR_WIDTH + GROUP_GAP;
  return (
    <div className={styles.layout}>
      <figure className={styles.figure} aria-hidden="true">
        <svg className={styles.chart} viewBox={`0 0 ${bins.length * groupWidth} ${HEIGHT}`}>
          {bins.map((bin, index) => (
            <g key={bin.from}>
              {bin.counts.map((count, position) => (
                <rect
                  key={series[position]}
                  className={position === series.length - 1 ? styles.latest : styles.earlier}
                  x={index * groupWidth + position * BAR_WIDTH}
                  y={HEIGHT - height(count)}
                  width={BAR_WIDTH}
                  height={height(count)}
                />
              ))}
            </g>
          ))}
        </svg>
        {legend && <Text size={200}>{legend}</Text>}
      </figure>
      <ColumnsTable size="small" className={styles.table} aria-label={label} columns={['Punkty', ...series]}>
        {bins.map((bin, index) => (
          <TableRow key={bin.from}>
            <TableCell>{rangeOf(bin, index === bins.length - 1)}</TableCell>
            {bin.counts.map((count, position) => (
              <TableCell key={series[position]}>{count}</TableCell>
            ))}
          </TableRow>
        ))}
      </ColumnsTable>
    </div>
  );
}
