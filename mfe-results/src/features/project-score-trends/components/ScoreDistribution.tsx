import {
  makeStyles,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  tokens,
} from '@fluentui/react-components';
import { formatPoints } from '@formularze/domain/schemas/display-format';
import type { ScoreBin } from '@formularze/domain/schemas/score-trends';
import { linearScale } from '../../../components/linear-scale';

const BAR_WIDTH = 24;
const GAP = 4;
const HEIGHT = 120;

const useStyles = makeStyles({
  layout: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalXXL },
  // In em, so the chart grows with the font level.
  chart: { height: '8em', maxWidth: '100%' },
  bar: { fill: tokens.colorBrandBackground, stroke: tokens.colorNeutralStroke1, strokeWidth: '1px' },
  table: { width: 'auto' },
});

/** `from`–`to` in points; the last bin includes its upper end. */
const rangeOf = (bin: ScoreBin, last: boolean) =>
  `${formatPoints(bin.from)} – ${last ? '' : 'poniżej '}${formatPoints(bin.to)}`;

/**
 * The distribution of the patients' latest scores: a histogram, and the same counts as a table,
 * which is what assistive technology reads (the drawing is hidden from it).
 */
export function ScoreDistribution({ bins }: { bins: readonly ScoreBin[] }) {
  const styles = useStyles();
  if (bins.length === 0) return <Text>Brak wyników do przedstawienia.</Text>;
  const height = linearScale(
    { min: 0, max: Math.max(...bins.map((bin) => bin.patients)) },
    { min: 0, max: HEIGHT },
  );
  const width = bins.length * (BAR_WIDTH + GAP);
  return (
    <div className={styles.layout}>
      <svg className={styles.chart} viewBox={`0 0 ${width} ${HEIGHT}`} aria-hidden="true">
        {bins.map((bin, index) => (
          <rect
            key={bin.from}
            className={styles.bar}
            x={index * (BAR_WIDTH + GAP)}
            y={HEIGHT - height(bin.patients)}
            width={BAR_WIDTH}
            height={height(bin.patients)}
          />
        ))}
      </svg>
      <Table size="small" className={styles.table} aria-label="Rozkład ostatnich wyników">
        <TableHeader>
          <TableRow>
            <TableHeaderCell>Punkty</TableHeaderCell>
            <TableHeaderCell>Liczba pacjentów</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {bins.map((bin, index) => (
            <TableRow key={bin.from}>
              <TableCell>{rangeOf(bin, index === bins.length - 1)}</TableCell>
              <TableCell>{bin.patients}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
