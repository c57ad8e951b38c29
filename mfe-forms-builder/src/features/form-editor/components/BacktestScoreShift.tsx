import {
  makeStyles,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  tokens,
} from '@fluentui/react-components';
import { ScrollableTable } from 'shared-ui/components';
import { formatPoints } from '@formularze/domain/schemas/display-format';
import type { BacktestScoreBin } from '@formularze/domain/schemas/rules-backtest';

const BAR_WIDTH = 12;
const GROUP_GAP = 8;
const HEIGHT = 120;

const useStyles = makeStyles({
  layout: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalXXL },
  // In em, so the chart grows with the font level.
  figure: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, margin: 0 },
  chart: { height: '8em', maxWidth: '100%' },
  active: { fill: tokens.colorNeutralBackground5, stroke: tokens.colorNeutralStroke1, strokeWidth: '1px' },
  draft: { fill: tokens.colorBrandBackground, stroke: tokens.colorNeutralStroke1, strokeWidth: '1px' },
  table: { width: 'auto' },
});

/** `from`–`to` in points; the last bin includes its upper end. */
const rangeOf = (bin: BacktestScoreBin, last: boolean) =>
  `${formatPoints(bin.from)} – ${last ? '' : 'poniżej '}${formatPoints(bin.to)}`;

/**
 * The scores of the past filled forms under the edition in force and under the draft: bars side
 * by side in each bin, and the same counts as a table, which is what assistive technology reads
 * (the drawing is hidden from it).
 */
export function BacktestScoreShift({ bins }: { bins: readonly BacktestScoreBin[] }) {
  const styles = useStyles();
  if (bins.length === 0) return <Text>Brak wypełnień do przedstawienia.</Text>;
  const highest = Math.max(1, ...bins.flatMap((bin) => [bin.active, bin.draft]));
  const height = (count: number) => (count / highest) * HEIGHT;
  const groupWidth = 2 * BAR_WIDTH + GROUP_GAP;
  return (
    <div className={styles.layout}>
      <figure className={styles.figure} aria-hidden="true">
        <svg className={styles.chart} viewBox={`0 0 ${bins.length * groupWidth} ${HEIGHT}`}>
          {bins.map((bin, index) => (
            <g key={bin.from}>
              <rect
                className={styles.active}
                x={index * groupWidth}
                y={HEIGHT - height(bin.active)}
                width={BAR_WIDTH}
                height={height(bin.active)}
              />
              <rect
                className={styles.draft}
                x={index * groupWidth + BAR_WIDTH}
                y={HEIGHT - height(bin.draft)}
                width={BAR_WIDTH}
                height={height(bin.draft)}
              />
            </g>
          ))}
        </svg>
        <Text size={200}>W każdym przedziale lewy słupek: teraz, prawy: po zmianie.</Text>
      </figure>
      <ScrollableTable
        size="small"
        className={styles.table}
        aria-label="Rozkład wyników przed zmianą i po niej"
      >
        <TableHeader>
          <TableRow>
            <TableHeaderCell>Punkty</TableHeaderCell>
            <TableHeaderCell>Wypełnienia teraz</TableHeaderCell>
            <TableHeaderCell>Wypełnienia po zmianie</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {bins.map((bin, index) => (
            <TableRow key={bin.from}>
              <TableCell>{rangeOf(bin, index === bins.length - 1)}</TableCell>
              <TableCell>{bin.active}</TableCell>
              <TableCell>{bin.draft}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </ScrollableTable>
    </div>
  );
}
