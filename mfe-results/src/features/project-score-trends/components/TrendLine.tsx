import { makeStyles, tokens } from '@fluentui/react-components';
import { formatPoints } from '@formularze/domain/schemas/display-format';
import type { TrendLinePoint } from '@formularze/domain/schemas/score-trends';
import { linearScale } from '../../../components/linear-scale';

const WIDTH = 96;
const HEIGHT = 28;
const MARGIN = 3;

const useStyles = makeStyles({
  // In em, so the line grows with the font level.
  line: { width: '6em', height: '1.75em', display: 'block' },
  path: { fill: 'none', stroke: tokens.colorBrandForeground1, strokeWidth: '2px' },
  latest: { fill: tokens.colorBrandForeground1 },
});

/** A patient's latest scores as a small line, oldest on the left; its name reads the scores out. */
export function TrendLine({ points }: { points: readonly TrendLinePoint[] }) {
  const styles = useStyles();
  const scores = points.map((point) => point.score);
  const x = linearScale(
    { min: 0, max: Math.max(1, points.length - 1) },
    { min: MARGIN, max: WIDTH - MARGIN },
  );
  const y = linearScale(
    { min: Math.min(...scores), max: Math.max(...scores) },
    { min: HEIGHT - MARGIN, max: MARGIN },
  );
  // A single score, or scores that never change, sit in the middle.
  const flat = Math.min(...scores) === Math.max(...scores);
  const at = (score: number, index: number) =>
    `${x(index).toFixed(1)},${(flat ? HEIGHT / 2 : y(score)).toFixed(1)}`;
  const last = scores.length - 1;
  const [lastX, lastY] = at(scores[last]!, last).split(',');
  return (
    <svg
      className={styles.line}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      preserveAspectRatio="none"
      role="img"
      aria-label={`Przebieg: ${scores.map(formatPoints).join(' → ')} pkt`}
    >
      <polyline className={styles.path} points={scores.map(at).join(' ')} vectorEffect="non-scaling-stroke" />
      <circle className={styles.latest} cx={lastX} cy={lastY} r={2.5} />
    </svg>
  );
}
