import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';

/**
 * Timing two kinds of request that must not be told apart (an existing account against an unknown
 * one): the trials alternate in random order, so that a slower moment of a loaded machine falls on
 * both sides alike, and the two distributions are compared, not single pairs.
 */

const TRIALS = 100;
const WARM_UP = 10;
const ROUNDS = 3;
/** The largest gap allowed between the two sides' medians and 95th percentiles. */
const MAX_GAP_MS = 50;
/**
 * On a machine so loaded that a request's 95th percentile is several times its usual time, the
 * percentile itself wanders by more than MAX_GAP_MS from one round to the next; there the gap may
 * be this share of the slower side's. A missing step (no password check for an unknown login) is
 * most of the request's time, far above either bound.
 */
const MAX_TAIL_GAP_SHARE = 0.15;

interface Timed {
  ms: number;
  answer: string;
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};

let address = 0;

/**
 * `timed(url, payload)` posts from a new address each time (the per-address rate limit must never
 * answer instead), after `beforeEach` (e.g. moving the clock past a lockout window).
 */
export function answerTiming(app: FastifyInstance, { beforeEach = () => {} } = {}) {
  async function timed(url: string, payload: object): Promise<Timed> {
    beforeEach();
    address += 1;
    const remoteAddress = `10.7.${Math.floor(address / 250)}.${address % 250}`;
    const start = process.hrtime.bigint();
    const response = await app.inject({ method: 'POST', url, payload, remoteAddress });
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    return { ms, answer: `${response.statusCode} ${response.body}` };
  }

  /** Both requests TRIALS times (after a warm-up), each time with the same answer; their timings. */
  async function round(what: string, existing: () => Promise<Timed>, missing: () => Promise<Timed>) {
    const times = { existing: [] as number[], missing: [] as number[] };
    const gaps: number[] = [];
    for (let trial = -WARM_UP; trial < TRIALS; trial += 1) {
      const existingFirst = Math.random() < 0.5;
      const first = await (existingFirst ? existing : missing)();
      const second = await (existingFirst ? missing : existing)();
      assert.equal(first.answer, second.answer, `${what}: the same answer`);
      if (trial < 0) continue;
      const [forExisting, forMissing] = existingFirst ? [first, second] : [second, first];
      times.existing.push(forExisting.ms);
      times.missing.push(forMissing.ms);
      gaps.push(Math.abs(forExisting.ms - forMissing.ms));
    }
    return {
      p50Existing: quantile(times.existing, 0.5),
      p50Missing: quantile(times.missing, 0.5),
      p95Existing: quantile(times.existing, 0.95),
      p95Missing: quantile(times.missing, 0.95),
      pairGapP50: quantile(gaps, 0.5),
      pairGapP95: quantile(gaps, 0.95),
    };
  }

  /**
   * Passes when the two sides' medians differ by less than MAX_GAP_MS and their 95th percentiles
   * by less than MAX_GAP_MS (or MAX_TAIL_GAP_SHARE of the slower one). A real difference shows in
   * every round; a burst of load on a shared machine may spoil one, so up to ROUNDS are run.
   */
  async function compare(what: string, existing: () => Promise<Timed>, missing: () => Promise<Timed>) {
    const seen: string[] = [];
    for (let attempt = 1; attempt <= ROUNDS; attempt += 1) {
      const figures = await round(what, existing, missing);
      const described = Object.entries(figures)
        .map(([key, ms]) => `${key} ${ms.toFixed(1)}`)
        .join(', ');
      console.log(`${what}, round ${attempt} (ms): ${described}`);
      seen.push(described);
      const slowerTail = Math.max(figures.p95Existing, figures.p95Missing);
      if (
        Math.abs(figures.p50Existing - figures.p50Missing) < MAX_GAP_MS &&
        Math.abs(figures.p95Existing - figures.p95Missing) <
          Math.max(MAX_GAP_MS, MAX_TAIL_GAP_SHARE * slowerTail)
      ) {
        return figures;
      }
    }
    assert.fail(`${what}: the answers' times tell the accounts apart:\n${seen.join('\n')}`);
  }

  return { timed, compare };
}
