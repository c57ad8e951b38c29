import { Button, makeStyles, TableCell, TableRow, Text, tokens } from '@fluentui/react-components';
import { useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { ColumnsTable } from 'shared-ui/components';
import { formatDateTime, formatDay, formatPoints } from '@formularze/domain/schemas/display-format';
import type { FormRule } from '@formularze/domain/schemas/form-template';
import { linearScale, type Range } from '../../../components/linear-scale';
import {
  chronological,
  niceTicks,
  pointsDomain,
  ruleBands,
  type RuleBand,
  type TrendPoint,
} from '../trend-geometry';

const useStyles = makeStyles({
  chart: {
    // In em, so the chart grows with the font level; the drawing follows the measured box.
    height: '20em',
    width: '100%',
    color: tokens.colorNeutralForeground1,
  },
  svg: { display: 'block', overflow: 'visible' },
  axis: { stroke: tokens.colorNeutralStroke1, strokeWidth: 1 },
  grid: { stroke: tokens.colorNeutralStroke2, strokeWidth: 1, strokeDasharray: '2 4' },
  label: { fill: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase200 },
  line: { fill: 'none', stroke: tokens.colorBrandForeground1, strokeWidth: 2 },
  point: {
    fill: tokens.colorNeutralBackground1,
    stroke: tokens.colorBrandForeground1,
    strokeWidth: 2,
    cursor: 'pointer',
    ':focus': { outline: 'none' },
    ':focus-visible': { stroke: tokens.colorStrokeFocus2, strokeWidth: 4 },
  },
  tooltipBox: {
    fill: tokens.colorNeutralBackground1,
    stroke: tokens.colorNeutralStroke1,
  },
  tooltipText: { fill: tokens.colorNeutralForeground1, fontSize: tokens.fontSizeBase300 },
  // Rule colours are the form's own: kept as chosen even where the system forces its colours.
  band: { forcedColorAdjust: 'none' },
  toolbar: { display: 'flex', justifyContent: 'flex-end', marginBlockEnd: tokens.spacingVerticalS },
  legend: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalL,
    listStyleType: 'none',
    paddingInlineStart: 0,
  },
  legendItem: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  swatch: {
    display: 'inline-block',
    width: '1em',
    height: '1em',
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    forcedColorAdjust: 'none',
  },
});

const TABLE_COLUMNS = ['Data wypełnienia', 'Punkty', 'Komunikat'] as const;

export interface ScoreTrendChartProps {
  points: readonly TrendPoint[];
  rules: readonly FormRule[];
}

/** What a point says to a screen reader and in its tooltip. */
export function pointLabel(point: TrendPoint): string {
  return `${formatDateTime(point.completedAt)}: ${formatPoints(point.points)} pkt${point.text ? `, ${point.text}` : ''}`;
}

function bandDescription(band: RuleBand): string {
  return band.label ? `${band.label} (${band.range})` : band.range;
}

/** The chart's box in pixels and the font size it is drawn with, followed as either changes. */
function useMeasuredBox() {
  const ref = useRef<HTMLDivElement>(null);
  // jsdom lays nothing out: a sensible default keeps the drawing meaningful there.
  const [box, setBox] = useState({ width: 640, height: 320, em: 16 });
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const em = Number.parseFloat(getComputedStyle(element).fontSize) || 16;
      const width = element.clientWidth || 640;
      const height = element.clientHeight || em * 20;
      setBox((current) =>
        current.width === width && current.height === height && current.em === em
          ? current
          : { width, height, em },
      );
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, box };
}

/**
 * Total points of a person's fillings over time, over the form rules' coloured ranges, with a
 * table of the same data one button away ('Pokaż jako tabelę').
 */
export function ScoreTrendChart({ points: unordered, rules }: ScoreTrendChartProps) {
  const styles = useStyles();
  const [asTable, setAsTable] = useState(false);
  const points = useMemo(() => chronological(unordered), [unordered]);
  const domain = useMemo(
    () =>
      pointsDomain(
        points.map((point) => point.points),
        rules,
      ),
    [points, rules],
  );
  const bands = useMemo(() => ruleBands(rules, domain), [rules, domain]);

  return (
    <div>
      <div className={styles.toolbar}>
        <Button
          appearance="secondary"
          aria-pressed={asTable}
          onClick={() => setAsTable((current) => !current)}
        >
          {asTable ? 'Pokaż jako wykres' : 'Pokaż jako tabelę'}
        </Button>
      </div>
      {asTable ? (
        <ColumnsTable aria-label="Suma punktów w czasie" columns={TABLE_COLUMNS}>
          {points.map((point) => (
            <TableRow key={point.filledFormId}>
              <TableCell>{formatDateTime(point.completedAt)}</TableCell>
              <TableCell>{formatPoints(point.points)}</TableCell>
              <TableCell>{point.text ?? '—'}</TableCell>
            </TableRow>
          ))}
        </ColumnsTable>
      ) : (
        <>
          <TrendPlot points={points} bands={bands} domain={domain} />
          {bands.length > 0 && (
            <ul className={styles.legend} aria-label="Zakresy punktów reguł formularza">
              {[...bands].reverse().map((band, index) => (
                <li key={index} className={styles.legendItem}>
                  <span className={styles.swatch} style={{ backgroundColor: band.color }} aria-hidden />
                  <Text>{bandDescription(band)}</Text>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}

/**
 * The drawing. Every point is focusable (arrow keys move between them, Home and End jump to the
 * ends) and announces its date and points.
 */
function TrendPlot({ points, bands, domain }: { points: TrendPoint[]; bands: RuleBand[]; domain: Range }) {
  const styles = useStyles();
  const keysHintId = useId();
  const [active, setActive] = useState<number | null>(null);
  const pointRefs = useRef<(SVGCircleElement | null)[]>([]);
  const { ref, box } = useMeasuredBox();

  const margin = { top: box.em, right: box.em * 3, bottom: box.em * 2.5, left: box.em * 3.5 };
  const plot = {
    left: margin.left,
    right: Math.max(margin.left + 1, box.width - margin.right),
    top: margin.top,
    bottom: Math.max(margin.top + 1, box.height - margin.bottom),
  };
  const times = points.map((point) => Date.parse(point.completedAt));
  const timeRange = { min: Math.min(...times), max: Math.max(...times) };
  const onlyOneMoment = timeRange.min === timeRange.max;
  const x = onlyOneMoment
    ? () => (plot.left + plot.right) / 2
    : linearScale(timeRange, { min: plot.left, max: plot.right });
  const y = linearScale(domain, { min: plot.bottom, max: plot.top });
  const yTicks = niceTicks(domain);
  // Four dates along the axis, each day named once (a short series has fillings on few days).
  const xTicks = (
    onlyOneMoment
      ? [timeRange.min]
      : Array.from({ length: 4 }, (_, index) => timeRange.min + ((timeRange.max - timeRange.min) * index) / 3)
  )
    .map((time) => ({ time, label: formatDay(new Date(time)) }))
    .filter((tick, index, all) => index === 0 || tick.label !== all[index - 1]!.label);

  const focusPoint = (index: number) => {
    const target = Math.min(Math.max(index, 0), points.length - 1);
    setActive(target);
    pointRefs.current[target]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<SVGCircleElement>, index: number) => {
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowUp: index + 1,
      ArrowLeft: index - 1,
      ArrowDown: index - 1,
      Home: 0,
      End: points.length - 1,
    };
    if (event.key in moves) {
      event.preventDefault();
      focusPoint(moves[event.key]!);
    }
  };
  // One point is in the tab order (the last focused, else the newest): the chart is one tab stop.
  const tabStop = active ?? points.length - 1;
  const shown = active === null ? null : points[active];

  return (
    <>
      <div ref={ref} className={styles.chart}>
        <svg
          className={styles.svg}
          width={box.width}
          height={box.height}
          role="group"
          aria-label="Wykres sumy punktów w czasie"
          aria-describedby={keysHintId}
        >
          {bands.map((band, index) => (
            <rect
              key={index}
              className={styles.band}
              x={plot.left}
              width={plot.right - plot.left}
              y={y(Math.min(band.to, domain.max))}
              height={Math.max(0, y(Math.max(band.from, domain.min)) - y(Math.min(band.to, domain.max)))}
              fill={band.color}
              fillOpacity={0.25}
              aria-hidden
            />
          ))}
          {yTicks.map((tick) => (
            <g key={tick} aria-hidden>
              <line className={styles.grid} x1={plot.left} x2={plot.right} y1={y(tick)} y2={y(tick)} />
              <text
                className={styles.label}
                x={plot.left - box.em / 2}
                y={y(tick)}
                textAnchor="end"
                dominantBaseline="middle"
              >
                {tick}
              </text>
            </g>
          ))}
          {xTicks.map((tick) => (
            <text
              key={tick.time}
              className={styles.label}
              x={x(tick.time)}
              y={plot.bottom + box.em * 1.5}
              textAnchor="middle"
              aria-hidden
            >
              {tick.label}
            </text>
          ))}
          <line
            className={styles.axis}
            x1={plot.left}
            x2={plot.left}
            y1={plot.top}
            y2={plot.bottom}
            aria-hidden
          />
          <line
            className={styles.axis}
            x1={plot.left}
            x2={plot.right}
            y1={plot.bottom}
            y2={plot.bottom}
            aria-hidden
          />
          <polyline
            className={styles.line}
            points={points.map((point) => `${x(Date.parse(point.completedAt))},${y(point.points)}`).join(' ')}
            aria-hidden
          />
          {points.map((point, index) => (
            <circle
              key={point.filledFormId}
              ref={(element) => {
                pointRefs.current[index] = element;
              }}
              className={styles.point}
              cx={x(Date.parse(point.completedAt))}
              cy={y(point.points)}
              r={index === active ? box.em / 2 : box.em / 3}
              role="img"
              aria-label={pointLabel(point)}
              tabIndex={index === tabStop ? 0 : -1}
              onFocus={() => setActive(index)}
              onBlur={() => setActive(null)}
              onMouseEnter={() => setActive(index)}
              onMouseLeave={() => setActive(null)}
              onKeyDown={(event) => onKeyDown(event, index)}
            />
          ))}
          {shown && (
            <PointTooltip
              point={shown}
              x={x(Date.parse(shown.completedAt))}
              y={y(shown.points)}
              em={box.em}
              plotRight={plot.right}
            />
          )}
        </svg>
      </div>
      <Text id={keysHintId} size={200}>
        Strzałki w lewo i w prawo przechodzą między wypełnieniami.
      </Text>
    </>
  );
}

/** The focused or hovered point's date and points beside it, kept inside the plot. */
function PointTooltip({
  point,
  x,
  y,
  em,
  plotRight,
}: {
  point: TrendPoint;
  x: number;
  y: number;
  em: number;
  plotRight: number;
}) {
  const styles = useStyles();
  const text = pointLabel(point);
  // Text is not measured in the DOM; an average glyph is about half an em wide.
  const width = text.length * em * 0.5 + em;
  const left = Math.min(x + em, plotRight - width);
  const top = Math.max(0, y - em * 2.5);
  return (
    <g aria-hidden pointerEvents="none">
      <rect className={styles.tooltipBox} x={left} y={top} width={width} height={em * 1.8} rx={em / 4} />
      <text className={styles.tooltipText} x={left + em / 2} y={top + em * 0.9} dominantBaseline="middle">
        {text}
      </text>
    </g>
  );
}
