import * as z from 'zod/mini';
import { pagedResponse, pagingQuery } from './paging';

/**
 * Score trends across a project (ADR 308): for one scored form of the project, how its patients'
 * latest scores are distributed and whose score rose since their previous filling.
 */

export const SCORE_TREND_SORT_KEYS = ['rise', 'latest', 'completedAt', 'surname'] as const;
export type ScoreTrendSortKey = (typeof SCORE_TREND_SORT_KEYS)[number];
/** The largest rises first: the patients who most need a look. */
export const DEFAULT_SCORE_TREND_SORT = '-rise' as const;
/** The scores a row's trend line draws: the patient's latest fillings. */
export const TREND_LINE_POINTS = 12;

const score = z.coerce.number().check(z.minimum(-1_000_000), z.maximum(1_000_000));

export const scoreTrendsQuery = z.extend(pagingQuery(SCORE_TREND_SORT_KEYS), {
  /** The form (bag) shown; the project's first scored form when absent. */
  bagId: z.optional(z.coerce.number().check(z.int(), z.positive(), z.maximum(2_147_483_647))),
  /** Only patients whose score rose by more than this since their previous filling. */
  minRise: z.optional(score),
});
export type ScoreTrendsQuery = z.infer<typeof scoreTrendsQuery>;

/** A scored form of the project: its bag, its newest edition's id and name. */
export const scoredForm = z.object({ bagId: z.number(), formId: z.number(), name: z.string() });
export type ScoredForm = z.infer<typeof scoredForm>;

/** A filling on a patient's trend line. */
export const trendLinePoint = z.object({
  filledFormId: z.number(),
  completedAt: z.string(),
  score: z.number(),
});
export type TrendLinePoint = z.infer<typeof trendLinePoint>;

export const patientScoreTrend = z.object({
  person: z.object({ id: z.number(), name: z.string() }),
  latest: trendLinePoint,
  /** The score of the filling before the latest; null after a single filling. */
  previous: z.nullable(z.number()),
  /** Latest minus previous; null after a single filling. */
  rise: z.nullable(z.number()),
  fillings: z.number(),
  /** Up to `TREND_LINE_POINTS` latest fillings, oldest first. */
  points: z.array(trendLinePoint),
});
export type PatientScoreTrend = z.infer<typeof patientScoreTrend>;

/** How many patients' latest score falls in `[from, to)` (the last bin includes `to`). */
export const scoreBin = z.object({ from: z.number(), to: z.number(), patients: z.number() });
export type ScoreBin = z.infer<typeof scoreBin>;

/**
 * `GET /api/form_data/project_score_trends/{groupId}`: the project's scored forms, the one shown,
 * the distribution of its patients' latest scores (every patient, whatever the filter) and a page
 * of patients with their trend.
 */
export const projectScoreTrends = z.extend(pagedResponse(patientScoreTrend), {
  forms: z.array(scoredForm),
  bagId: z.nullable(z.number()),
  distribution: z.array(scoreBin),
});
export type ProjectScoreTrends = z.infer<typeof projectScoreTrends>;

/** A step of 1, 2 or 5 times a power of ten giving at most `maxBins` bins over the span. */
function binWidth(span: number, maxBins: number): number {
  const rough = span / maxBins || 1;
  const power = 10 ** Math.floor(Math.log10(rough));
  return [1, 2, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= rough)!;
}

/**
 * The histogram of `scores` (each distinct score with how many patients have it) in at most
 * `maxBins` bins of a round width, from the lowest score up, with no empty bin at either end.
 */
export function scoreHistogram(
  scores: readonly { score: number; patients: number }[],
  maxBins = 10,
): ScoreBin[] {
  if (scores.length === 0) return [];
  const values = scores.map((entry) => entry.score);
  const [min, max] = [Math.min(...values), Math.max(...values)];
  const width = binWidth(max - min, maxBins);
  const start = Math.floor(min / width) * width;
  const count = Math.max(1, Math.floor((max - start) / width) + 1);
  // Multiples of binary fractions drift (3 × 0.1): round bin edges to the width's precision.
  const decimals = Math.max(0, -Math.floor(Math.log10(width)));
  const edge = (index: number) => Number((start + index * width).toFixed(decimals));
  const bins = Array.from({ length: count }, (_, index) => ({
    from: edge(index),
    to: edge(index + 1),
    patients: 0,
  }));
  for (const { score: value, patients } of scores) {
    const index = Math.min(
      count - 1,
      bins.findLastIndex((bin) => bin.from <= value),
    );
    bins[index]!.patients += patients;
  }
  return bins;
}
