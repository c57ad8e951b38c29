import { formatPoints } from '@formularze/domain/schemas/display-format';
import type { FormRule } from '@formularze/domain/schemas/form-template';
import type { Range } from '../../components/linear-scale';

/** One submitted filling: when it was completed and the points it scored. */
export interface TrendPoint {
  filledFormId: number;
  completedAt: string;
  points: number;
  /** The form rule's message for these points, when one applied. */
  text: string | null;
  color: string | null;
}

/** A range of points a form rule colours, as drawn behind the line. */
export interface RuleBand {
  from: number;
  to: number;
  color: string;
  label: string | null;
  /** The rule's range in words, e.g. 'powyżej 20.00 pkt'. */
  range: string;
}

/** About `count` round tick values (1, 2 or 5 times a power of ten apart) covering `range`. */
export function niceTicks({ min, max }: Range, count = 5): number[] {
  const rough = (max - min || Math.abs(max) || 1) / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= rough)!;
  const decimals = Math.max(0, -Math.floor(Math.log10(step)));
  const ticks: number[] = [];
  // Up to the first tick at or above `max`, so that the highest value is inside the axis.
  for (let index = Math.floor(min / step); ; index += 1) {
    // Multiples of binary fractions drift (3 × 0.1): round to the step's precision.
    const tick = Number((index * step).toFixed(decimals));
    ticks.push(tick);
    if (tick >= max) break;
  }
  return ticks;
}

/**
 * The points axis: every score and every rule threshold visible, starting at 0 for the usual
 * non-negative scores, widened to round ticks.
 */
export function pointsDomain(points: readonly number[], rules: readonly FormRule[]): Range {
  const thresholds = rules.flatMap((rule) => [
    rule.arg1,
    ...(typeof rule.arg2 === 'number' ? [rule.arg2] : []),
  ]);
  const values = [0, ...points, ...thresholds];
  const ticks = niceTicks({ min: Math.min(...values), max: Math.max(...values) });
  return { min: ticks[0]!, max: ticks.at(-1)! };
}

/**
 * The coloured bands of the form's rules within `domain`: GREATER_THAN from its argument up,
 * LESS_THAN below it, BETWEEN between both arguments (in either order). EQUALS marks a single
 * score, which no band can show, and rules without a colour have nothing to draw. The first rule
 * that holds decides a score's colour, so bands are listed last-to-first: drawn in this order, the
 * deciding rule ends on top.
 */
export function ruleBands(rules: readonly FormRule[], domain: Range): RuleBand[] {
  return rules
    .flatMap((rule): RuleBand[] => {
      if (!rule.color) return [];
      const label = rule.text ?? null;
      switch (rule.operator) {
        case 'GREATER_THAN':
          return rule.arg1 < domain.max
            ? [
                {
                  from: rule.arg1,
                  to: domain.max,
                  color: rule.color,
                  label,
                  range: `powyżej ${formatPoints(rule.arg1)} pkt`,
                },
              ]
            : [];
        case 'LESS_THAN':
          return rule.arg1 > domain.min
            ? [
                {
                  from: domain.min,
                  to: rule.arg1,
                  color: rule.color,
                  label,
                  range: `poniżej ${formatPoints(rule.arg1)} pkt`,
                },
              ]
            : [];
        case 'BETWEEN': {
          const other = rule.arg2 ?? rule.arg1;
          const from = Math.min(rule.arg1, other);
          const to = Math.max(rule.arg1, other);
          return [
            { from, to, color: rule.color, label, range: `${formatPoints(from)}–${formatPoints(to)} pkt` },
          ];
        }
        default:
          return [];
      }
    })
    .reverse();
}

/** Points in the order they happened (the oldest first), as the line runs left to right. */
export function chronological(points: readonly TrendPoint[]): TrendPoint[] {
  return [...points].sort(
    (a, b) => Date.parse(a.completedAt) - Date.parse(b.completedAt) || a.filledFormId - b.filledFormId,
  );
}
