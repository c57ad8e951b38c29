// Submissions as the fill page sends them, for the load benchmarks: POST /api/form_metadata/, then
// POST /api/form_data/ completed, in a loop per virtual patient over one keep-alive connection pool;
// each acknowledged submission is remembered, so a benchmark can look for it in the database.
import http from 'node:http';
import pg from 'pg';
import { AUTH_TOKEN_HEADER } from '@formularze/domain/schemas/auth';
import { productAnswers, questionnaire } from './questionnaire.mts';

export interface JsonClient {
  post(url: string, token: string, body: unknown): Promise<{ status: number; json: unknown }>;
  destroy(): void;
}

/** JSON calls on a keep-alive pool of at most `connections` sockets. */
export function jsonClient(connections: number): JsonClient {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  return {
    post(url, token, body) {
      const payload = JSON.stringify(body);
      return new Promise((resolve, reject) => {
        const request = http.request(
          url,
          {
            method: 'POST',
            agent,
            headers: {
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(payload),
              [AUTH_TOKEN_HEADER]: token,
            },
          },
          (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () => {
              const text = Buffer.concat(chunks).toString();
              try {
                resolve({ status: response.statusCode ?? 0, json: text ? JSON.parse(text) : null });
              } catch {
                resolve({ status: response.statusCode ?? 0, json: text });
              }
            });
            response.on('error', reject);
          },
        );
        request.on('error', reject);
        request.end(payload);
      });
    },
    destroy: () => agent.destroy(),
  };
}

/** A submission the API answered 201 to: what must be in the database. */
export interface Acknowledged {
  formDataId: number;
  formMetadataId: number;
  answeredFields: number;
}

export interface Tally {
  metadataMs: number[];
  createMs: number[];
  submissionMs: number[];
  acknowledged: Acknowledged[];
  errors: Map<string, number>;
  /** When each error happened (ms since `performance.timeOrigin`). */
  errorTimes: number[];
}

export const newTally = (): Tally => ({
  metadataMs: [],
  createMs: [],
  submissionMs: [],
  acknowledged: [],
  errors: new Map(),
  errorTimes: [],
});

/** An answer's body for an error message: JSON as it is, an HTML page (e.g. nginx's 502) as its text. */
export function briefly(body: unknown): string {
  const text = typeof body === 'string' ? body.replace(/<[^>]*>/g, ' ') : JSON.stringify(body);
  return text.replace(/\s+/g, ' ').trim().slice(0, 200);
}

export function countError(tally: Tally, what: string) {
  tally.errors.set(what, (tally.errors.get(what) ?? 0) + 1);
  tally.errorTimes.push(performance.now());
}

export const errorCount = (tally: Tally) => [...tally.errors.values()].reduce((sum, count) => sum + count, 0);

export interface SubmissionTarget {
  baseUrl: string;
  token: string;
  formId: number;
  fields: number;
  /** `performance.now()` at which the loop stops. */
  endsAt: number;
  /** Stop earlier, once this many submissions are acknowledged (e.g. to seed results). */
  maxSubmissions?: number;
}

/** One patient's loop: metadata, then the completed submission, until the time is up. */
export async function virtualPatient(
  user: number,
  client: JsonClient,
  { baseUrl, token, formId, fields, endsAt, maxSubmissions = Infinity }: SubmissionTarget,
  tally: Tally,
): Promise<void> {
  const questions = questionnaire(fields);
  const goOn = () => performance.now() < endsAt && tally.acknowledged.length < maxSubmissions;
  for (let round = 0; goOn(); round += 1) {
    const started = performance.now();
    try {
      const metadata = await client.post(`${baseUrl}/api/form_metadata/`, token, { form: { id: formId } });
      const metadataDone = performance.now();
      if (metadata.status !== 201) {
        countError(tally, `metadata ${metadata.status} ${briefly(metadata.json)}`);
        continue;
      }
      tally.metadataMs.push(metadataDone - started);
      const formMetadataId = (metadata.json as { id: number }).id;
      const answers = productAnswers(questions, user + round);
      const created = await client.post(`${baseUrl}/api/form_data/?draft=false`, token, {
        formId,
        formMetadataId,
        ...answers,
      });
      const done = performance.now();
      if (created.status !== 201) {
        countError(tally, `create ${created.status} ${briefly(created.json)}`);
        continue;
      }
      tally.createMs.push(done - metadataDone);
      tally.submissionMs.push(done - started);
      tally.acknowledged.push({
        formDataId: (created.json as { id: number }).id,
        formMetadataId,
        answeredFields: Object.keys(answers.data).length + Object.keys(answers.arrayData).length,
      });
    } catch (error) {
      countError(tally, `network ${(error as Error).message}`);
    }
  }
}

/** `connections` patients submitting at once until `endsAt`. */
export async function submitUntil(
  target: SubmissionTarget,
  { connections, tally }: { connections: number; tally: Tally },
): Promise<void> {
  const client = jsonClient(connections);
  try {
    await Promise.all(
      Array.from({ length: connections }, (_, user) => virtualPatient(user, client, target, tally)),
    );
  } finally {
    client.destroy();
  }
}

/**
 * `count` completed fillings of `formId` by the patient of `token`, to give results pages rows;
 * throws when fewer were saved within `withinMs`.
 */
export async function submitFilledForms(
  target: Omit<SubmissionTarget, 'endsAt' | 'maxSubmissions'>,
  { count, connections, withinMs }: { count: number; connections: number; withinMs: number },
): Promise<void> {
  const tally = newTally();
  await submitUntil(
    { ...target, endsAt: performance.now() + withinMs, maxSubmissions: count },
    { connections, tally },
  );
  if (tally.acknowledged.length < count) {
    throw new Error(
      `Only ${tally.acknowledged.length} of ${count} filled forms were saved: ${[...tally.errors.keys()]}`,
    );
  }
}

/**
 * Acknowledged submissions missing from the database or stored incompletely (not COMPLETED, no
 * completion time or score, another metadata row, fewer answers than were sent). Read as the
 * `databaseUrl` user (the tables' owner), so row-level security hides nothing.
 */
export async function unsavedSubmissions(
  databaseUrl: string,
  acknowledged: Acknowledged[],
): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{
      id: number;
      state: string;
      form_metadata_id: number | null;
      completed_at: Date | null;
      total_weight: number | null;
      answered: number;
      metadata_exists: boolean;
    }>(
      `select d.id, d.state, d.form_metadata_id, d.completed_at, d.total_weight,
              (select count(*) from jsonb_object_keys((d.answers::jsonb)->'data'))::int
            + (select count(*) from jsonb_object_keys((d.answers::jsonb)->'arrayData'))::int as answered,
              exists (select 1 from form_metadata m where m.id = d.form_metadata_id) as metadata_exists
         from form_data d where d.id = any($1::int[])`,
      [acknowledged.map((submission) => submission.formDataId)],
    );
    const stored = new Map(rows.map((row) => [row.id, row]));
    const problems: string[] = [];
    for (const expected of acknowledged) {
      const row = stored.get(expected.formDataId);
      if (!row) problems.push(`form_data ${expected.formDataId}: missing`);
      else if (
        row.state !== 'COMPLETED' ||
        !row.completed_at ||
        row.total_weight === null ||
        row.form_metadata_id !== expected.formMetadataId ||
        !row.metadata_exists ||
        row.answered !== expected.answeredFields
      )
        problems.push(`form_data ${expected.formDataId}: incomplete ${JSON.stringify(row)}`);
    }
    return problems;
  } finally {
    await client.end();
  }
}

export const percentile = (sorted: number[], share: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))]! : NaN;

export function latencyLine(label: string, values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  return `  ${label.padEnd(34)} p50 ${ms(percentile(sorted, 0.5))}, p99 ${ms(percentile(sorted, 0.99))}, max ${ms(sorted.at(-1) ?? NaN)} (${values.length})`;
}
