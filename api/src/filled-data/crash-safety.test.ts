import assert from 'node:assert/strict';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { sql, type Kysely } from 'kysely';
import { AUTH_TOKEN_HEADER } from '@formularze/domain/schemas/auth';
import type { FilledAnswers, FilledForm, ItemScore } from '@formularze/domain/schemas/filled-data';
import type { FormLayout, FormRule, TemplateField } from '@formularze/domain/schemas/form-template';
import type { FormSettings } from '@formularze/domain/schemas/forms';
import type { UploadedFile } from '@formularze/domain/schemas/uploads';
import { createSession } from '../auth/sessions-repository';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import type { Database } from '../db/schema';
import { createScratchDatabase, startApiProcesses } from '../../test/api-processes';
import { multipart, SAMPLES } from '../../test/uploads-fixture';
import { scoreForm } from './scoring';

/*
 * A crash under load: one real API process, 200 patients saving a 30-field form at once (completed
 * submissions, some with a file; drafts saved and saved again; drafts submitted), SIGKILL in the
 * middle and a restart on the same database, twice: the PGlite data folder, or the PostgreSQL
 * database of DATABASE_URL. Every save the API acknowledged must be there with the content it
 * answered, and nothing may be half-written: a submission without its score, its webhook delivery
 * or its SMS alert, a file row without its bytes, an outbox row without its submission.
 */

const serverUrl = process.env.DATABASE_URL;
const DATABASE = serverUrl ? 'PostgreSQL' : 'PGlite';

const PATIENTS = 200;
/**
 * Each load runs at least this long, until this many saves (and every kind of save) were acknowledged
 * (at most MAX_LOAD_MS, on a busy machine), before the kill.
 */
const MIN_LOAD_MS = 3000;
/** Loads, each ended by a SIGKILL and followed by a restart on the same database. */
const CRASHES = 2;
const MIN_ACKNOWLEDGED_SAVES = 100;
const MAX_LOAD_MS = 45_000;
const READ_BACK_CONNECTIONS = 10;
/** Patients whose id is a multiple of this attach a document to their first submission. */
const UPLOADERS_EVERY = 12;

const OPTIONS = ['Nigdy', 'Rzadko', 'Czasem', 'Często', 'Zawsze'] as const;
const ALERT_PHONE = '+48500100200';
const FILE_FIELD = 'zalacznik';
/** A draft answers this many questions, its next save this many more. */
const DRAFT_ANSWERS = 10;

type QuestionKind = 'single' | 'number' | 'text' | 'multiple';
const KINDS: readonly QuestionKind[] = ['single', 'number', 'text', 'multiple', 'single'];

/** 29 questions (scored choices, numbers with a rule, texts, multiple choices) and one document. */
function crashTestFields(): TemplateField[] {
  const dictionary = {
    type: 'string' as const,
    dictionaryValues: OPTIONS.map((stringValue, weight) => ({ stringValue, weight })),
  };
  const questions = Array.from({ length: 29 }, (_, index): TemplateField => {
    const base = { id: `pytanie_${index + 1}`, label: `Pytanie ${index + 1}`, required: true };
    switch (KINDS[index % KINDS.length]!) {
      case 'single':
        return { ...base, type: 'DICTIONARY', dictionary };
      case 'multiple':
        return { ...base, type: 'DICTIONARY', dictionary, allowMultipleAnswers: true };
      case 'number':
        return {
          ...base,
          type: 'NUMBER',
          numberType: 'INTEGER',
          minValue: 0,
          maxValue: 10,
          fieldRules: [{ operator: 'GREATER_THAN', arg1: 7, weight: 3, color: '#d13438', text: 'Wysoko' }],
        };
      case 'text':
        return { ...base, type: 'TEXT', size: 200, maxRows: 1 };
    }
  });
  return [
    ...questions,
    { id: FILE_FIELD, type: 'FILE', label: 'Wynik badania', maxNumberOfFiles: 1, fileType: 'Document' },
  ];
}

const LAYOUT: FormLayout = {
  type: 'FORM',
  children: crashTestFields().map((field) => ({ type: 'ROW', children: [field] })),
};
/** About half of the submissions score above 40 points and send the SMS alert. */
const RULES: FormRule[] = [
  {
    operator: 'GREATER_THAN',
    arg1: 40,
    color: '#d13438',
    text: 'Pilny kontakt',
    smsMessage: 'Alert: {imie} {nazwisko}, {suma_punktow} pkt',
    smsPhone: ALERT_PHONE,
  },
];
const SETTINGS: FormSettings = {
  welcomeFarewellMessages: false,
  welcomeSmsMessage: null,
  welcomeEmailMessage: null,
  farewellSmsMessage: null,
  farewellEmailMessage: null,
  allowDrafting: true,
  fillReminders: [],
  defaultAssignmentDuration: 0,
};

/** Answers to the first `count` questions, different for each `variant`, as the fill page sends them. */
function answersFor(variant: number, count: number) {
  const data: Record<string, string | number> = {};
  const arrayData: Record<string, string[]> = {};
  for (let index = 0; index < count; index += 1) {
    const key = `pytanie_${index + 1}`;
    const pick = (variant + index) % OPTIONS.length;
    switch (KINDS[index % KINDS.length]!) {
      case 'single':
        data[key] = OPTIONS[pick]!;
        break;
      case 'multiple':
        arrayData[key] = [OPTIONS[pick]!, OPTIONS[(pick + 2) % OPTIONS.length]!];
        break;
      case 'number':
        data[key] = (variant + index) % 11;
        break;
      case 'text':
        data[key] = `Odpowiedź ${variant}`;
        break;
    }
  }
  return { data, arrayData };
}

interface Clinic {
  organizationId: number;
  formId: number;
  patients: { id: number; token: string; surname: string }[];
}

/** The organization (with a webhook), the form assigned to every patient, and a session for each. */
async function seedClinic(db: Kysely<Database>): Promise<Clinic> {
  const { id: organizationId } = await db
    .insertInto('organizations')
    .values({ name: 'Klinika po awarii', form_data_created_webhook_url: 'https://127.0.0.1:9/webhook' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id: formId } = await db
    .insertInto('forms')
    .values({
      organization_id: organizationId,
      name: 'Ankieta kontrolna',
      status: 'ACTIVE',
      template: JSON.stringify(LAYOUT),
      rules: JSON.stringify(RULES),
      settings: JSON.stringify(SETTINGS),
      schedule: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const users = await db
    .insertInto('users')
    .values(
      Array.from({ length: PATIENTS }, (_, n) => ({
        organization_id: organizationId,
        email: `pacjent-${n}@awaria.test`,
        first_name: 'Pacjent',
        surname: `Numer${n}`,
        password_hash: 'nobody signs in here',
        authorities: 'ROLE_USER',
        activated: true,
        first_login: false,
      })),
    )
    .returning(['id', 'surname'])
    .execute();
  await db
    .insertInto('form_allowed_users')
    .values(
      users.map(({ id }) => ({ form_id: formId, user_id: id, valid_since: '2020-01-01', valid_to: null })),
    )
    .execute();
  const patients = await Promise.all(
    users.map(async ({ id, surname }) => ({
      id,
      surname: surname!,
      token: await createSession(db, { userId: id, kind: 'patient', ttlMs: 60 * 60_000 }),
    })),
  );
  return { organizationId, formId, patients };
}

/* ------------------------------------------------------------------ the load */

/** What a save stores, compared between what was sent, what was answered and what is read back. */
interface SavedContent {
  state: string;
  data: FilledAnswers['data'];
  arrayData: FilledAnswers['arrayData'];
  files: Record<string, string[]>;
}

const contentOf = (form: FilledForm): SavedContent => ({
  state: form.state,
  data: form.data,
  arrayData: form.arrayData,
  files: Object.fromEntries(
    Object.entries(form.filesData).map(([field, files]) => [field, files.map((file) => file.id)]),
  ),
});

interface SavePayload {
  data: Record<string, string | number>;
  arrayData: Record<string, string[]>;
  filesDataUUID?: Record<string, string[]>;
}

const sentContent = (payload: SavePayload, draft: boolean): SavedContent => ({
  state: draft ? 'SAVED' : 'COMPLETED',
  data: payload.data,
  arrayData: payload.arrayData,
  files: payload.filesDataUUID ?? {},
});

/** One filled form the API acknowledged: its last acknowledged answer, and a save whose outcome is unknown. */
interface Tracked {
  id: number;
  token: string;
  acknowledged: FilledForm;
  /** A later save cut by the crash: it may have been committed or not. */
  unconfirmed: SavedContent | null;
}

/** A request cut by the crash (the connection reset or refused): its outcome is unknown. */
class CutByCrash extends Error {}

/** An answer that is neither the expected success nor a crash: a failure of the test. */
class UnexpectedAnswer extends Error {}

interface Load {
  tracked: Map<number, Tracked>;
  /** Bytes of every file whose upload was acknowledged, by file id. */
  files: Map<string, Buffer>;
  /** The file each patient is to attach to their next submission, by patient id. */
  unattachedFiles: Map<number, string>;
  counts: {
    submissions: number;
    withFile: number;
    drafts: number;
    draftUpdates: number;
    draftsSubmitted: number;
    /** Creations and updates in flight when the process died. */
    cutCreates: number;
    cutUpdates: number;
  };
  unexpected: string[];
  /** The next round of each patient's loop, by patient id: a loop after a restart goes on from there. */
  rounds: Map<number, number>;
  crashed: boolean;
}

async function call<T>(
  baseUrl: string,
  token: string,
  method: string,
  url: string,
  expected: number,
  body?: { payload: Buffer | string; headers: Record<string, string> },
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(baseUrl + url, {
      method,
      headers: { [AUTH_TOKEN_HEADER]: token, ...body?.headers },
      body: body?.payload,
    });
  } catch (error) {
    throw new CutByCrash(String(error));
  }
  const text = await response.text().catch((error: unknown) => {
    throw new CutByCrash(String(error));
  });
  if (response.status !== expected) {
    throw new UnexpectedAnswer(`${method} ${url}: ${response.status} ${text.slice(0, 300)}`);
  }
  return JSON.parse(text) as T;
}

const json = (value: unknown) => ({
  payload: JSON.stringify(value),
  headers: { 'content-type': 'application/json' },
});

/**
 * A document uploaded by the patient before the load, so that submissions with a file are
 * acknowledged early: under 200 patients' saves on PGlite, each of an upload's three turns at the
 * one connection waits behind every other request.
 */
async function uploadDocument(baseUrl: string, patient: Clinic['patients'][number], load: Load) {
  const content = Buffer.concat([SAMPLES.pdf, Buffer.from(`% wynik pacjenta ${patient.id}\n`)]);
  const file = await call<UploadedFile>(
    baseUrl,
    patient.token,
    'POST',
    '/api/form_data/upload_file?fileType=Document',
    201,
    multipart(`wynik-${patient.id}.pdf`, content, { contentType: 'application/pdf' }),
  );
  load.files.set(file.id, content);
  load.unattachedFiles.set(patient.id, file.id);
}

/**
 * One patient's loop until the crash: a completed submission (the first one with the patient's
 * document, if they uploaded one), a draft saved and saved again, or a draft saved and then submitted.
 */
async function patientLoop(baseUrl: string, formId: number, patient: Clinic['patients'][number], load: Load) {
  const token = patient.token;
  const api = <T>(method: string, url: string, expected: number, body?: Parameters<typeof call>[5]) =>
    call<T>(baseUrl, token, method, url, expected, body);

  const create = async (payload: SavePayload & { formMetadataId?: number }, draft: boolean) => {
    let saved: FilledForm;
    try {
      saved = await api<FilledForm>(
        'POST',
        `/api/form_data/?draft=${draft}`,
        201,
        json({ formId, ...payload }),
      );
    } catch (error) {
      if (error instanceof CutByCrash) load.counts.cutCreates += 1;
      throw error;
    }
    assert.deepEqual(contentOf(saved), sentContent(payload, draft), 'the answer shows what was saved');
    const tracked: Tracked = { id: saved.id, token, acknowledged: saved, unconfirmed: null };
    load.tracked.set(saved.id, tracked);
    return tracked;
  };

  const update = async (tracked: Tracked, payload: SavePayload, draft: boolean) => {
    tracked.unconfirmed = sentContent(payload, draft);
    let saved: FilledForm;
    try {
      saved = await api<FilledForm>(
        'PUT',
        `/api/form_data/${tracked.id}?draft=${draft}`,
        200,
        json({ formId, ...payload }),
      );
    } catch (error) {
      if (error instanceof CutByCrash) load.counts.cutUpdates += 1;
      throw error;
    }
    assert.deepEqual(contentOf(saved), tracked.unconfirmed, 'the answer shows what was saved');
    tracked.acknowledged = saved;
    tracked.unconfirmed = null;
  };

  while (!load.crashed) {
    const round = load.rounds.get(patient.id) ?? 0;
    load.rounds.set(patient.id, round + 1);
    const variant = patient.id * 1000 + round;
    try {
      switch ((patient.id + round) % 3) {
        case 0: {
          // A file uploaded before the load is attached by the patient's first submission.
          const fileId = load.unattachedFiles.get(patient.id);
          load.unattachedFiles.delete(patient.id);
          const metadata = await api<{ id: number }>(
            'POST',
            '/api/form_metadata/',
            201,
            json({ form: { id: formId } }),
          );
          await create(
            {
              ...answersFor(variant, 29),
              formMetadataId: metadata.id,
              ...(fileId ? { filesDataUUID: { [FILE_FIELD]: [fileId] } } : {}),
            },
            false,
          );
          load.counts.submissions += 1;
          if (fileId) load.counts.withFile += 1;
          break;
        }
        case 1: {
          const draft = await create(answersFor(variant, DRAFT_ANSWERS), true);
          load.counts.drafts += 1;
          await update(draft, answersFor(variant + 1, 2 * DRAFT_ANSWERS), true);
          load.counts.draftUpdates += 1;
          break;
        }
        case 2: {
          const draft = await create(answersFor(variant, DRAFT_ANSWERS), true);
          load.counts.drafts += 1;
          await update(draft, answersFor(variant + 1, 29), false);
          load.counts.draftsSubmitted += 1;
          break;
        }
      }
    } catch (error) {
      if (error instanceof CutByCrash && load.crashed) return;
      // Before the crash every request must succeed; after it, only a cut connection is expected.
      load.unexpected.push(String(error));
      return;
    }
  }
}

const ACKNOWLEDGED_KINDS = ['submissions', 'withFile', 'drafts', 'draftUpdates', 'draftsSubmitted'] as const;

const acknowledgedSaves = (load: Load) =>
  load.counts.submissions + load.counts.drafts + load.counts.draftUpdates + load.counts.draftsSubmitted;

/* ------------------------------------------------------------------ the checks */

const sameContent = (a: SavedContent, b: SavedContent) => {
  try {
    assert.deepEqual(a, b);
    return true;
  } catch {
    return false;
  }
};

/** Reads one acknowledged filled form back through the restarted API, its files included. */
async function readBackOne(baseUrl: string, tracked: Tracked, load: Load): Promise<string[]> {
  const problems: string[] = [];
  const stored = await call<FilledForm>(baseUrl, tracked.token, 'GET', `/api/form_data/${tracked.id}`, 200);
  const content = contentOf(stored);
  if (sameContent(content, contentOf(tracked.acknowledged))) {
    // Nothing after the acknowledged save committed: the whole answer is as it was.
    try {
      assert.deepEqual(stored, tracked.acknowledged);
    } catch {
      problems.push(`form_data ${tracked.id}: read back differs from the acknowledged answer`);
    }
  } else if (!tracked.unconfirmed || !sameContent(content, tracked.unconfirmed)) {
    problems.push(
      `form_data ${tracked.id}: neither the acknowledged nor the cut save: ${JSON.stringify(content)}`,
    );
  }
  for (const file of Object.values(stored.filesData).flat()) {
    const response = await fetch(`${baseUrl}/api/form_data/serve_file/${file.id}`, {
      headers: { [AUTH_TOKEN_HEADER]: tracked.token },
    });
    const bytes = Buffer.from(await response.arrayBuffer());
    if (response.status !== 200 || !bytes.equals(load.files.get(file.id) ?? Buffer.alloc(0))) {
      problems.push(
        `file ${file.id} of form_data ${tracked.id}: served ${response.status}, ${bytes.length} bytes`,
      );
    }
  }
  return problems;
}

/** Every acknowledged filled form read back, a few at a time. */
async function readBack(baseUrl: string, load: Load): Promise<string[]> {
  const queue = [...load.tracked.values()];
  const problems: string[] = [];
  await Promise.all(
    Array.from({ length: READ_BACK_CONNECTIONS }, async () => {
      for (let tracked = queue.pop(); tracked; tracked = queue.pop()) {
        problems.push(...(await readBackOne(baseUrl, tracked, load)));
      }
    }),
  );
  return problems;
}

const sameScore = (stored: Record<string, ItemScore>, expected: Record<string, ItemScore>) => {
  try {
    assert.deepEqual(stored, expected);
    return true;
  } catch {
    return false;
  }
};

/**
 * Every row of the organization, acknowledged or not, whole: a submission scored from its own
 * answers, with exactly one webhook delivery and (when its score calls for one) one SMS alert; a
 * draft without a score; every file row with its bytes on disk; no delivery or alert without its
 * submission; no more unacknowledged rows than creations cut by the crash.
 */
async function halfWrittenRows(db: Kysely<Database>, clinic: Clinic, uploadsDir: string, load: Load) {
  const problems: string[] = [];
  const rows = await db
    .selectFrom('form_data')
    .select([
      'id',
      'user_id',
      'state',
      'answers',
      'item_scores',
      'total_weight',
      'color',
      'text',
      'completed_at',
    ])
    .select(
      sql<boolean>`form_metadata_id is null or exists (select 1 from form_metadata m where m.id = form_metadata_id)`.as(
        'metadata_present',
      ),
    )
    .where('organization_id', '=', clinic.organizationId)
    .execute();
  const alertsExpected = new Map<number, number>();
  for (const row of rows) {
    if (!row.metadata_present) problems.push(`form_data ${row.id}: its form_metadata is missing`);
    if (row.state === 'COMPLETED') {
      const score = scoreForm(LAYOUT, RULES, row.answers);
      if (
        !row.completed_at ||
        row.total_weight !== score.totalWeight ||
        row.color !== score.color ||
        row.text !== score.text ||
        !sameScore(row.item_scores, score.items)
      ) {
        problems.push(`form_data ${row.id}: submitted without the score of its answers`);
      }
      if (score.alert) alertsExpected.set(row.user_id, (alertsExpected.get(row.user_id) ?? 0) + 1);
    } else if (row.state !== 'SAVED' || row.completed_at || row.total_weight !== null) {
      problems.push(`form_data ${row.id}: a draft in state ${row.state} with a score or completion`);
    }
  }
  const missing = [...load.tracked.keys()].filter((id) => !rows.some((row) => row.id === id));
  for (const id of missing) problems.push(`form_data ${id}: acknowledged but missing`);
  const unacknowledged = rows.filter((row) => !load.tracked.has(row.id)).length;
  if (unacknowledged > load.counts.cutCreates) {
    problems.push(
      `${unacknowledged} unacknowledged rows, but only ${load.counts.cutCreates} creations were cut`,
    );
  }

  const deliveries = await db
    .selectFrom('webhook_deliveries')
    .select(sql<number>`(body::jsonb ->> 'formDataId')::int`.as('form_data_id'))
    .where('organization_id', '=', clinic.organizationId)
    .execute();
  const completed = rows.filter((row) => row.state === 'COMPLETED').map((row) => row.id);
  assert.deepEqual(
    deliveries.map((delivery) => delivery.form_data_id).sort((a, b) => a - b),
    completed.sort((a, b) => a - b),
    'one webhook delivery per submission, none without one',
  );

  const alerts = await db
    .selectFrom('outbox')
    .select(['recipient', 'body'])
    .where('organization_id', '=', clinic.organizationId)
    .execute();
  for (const patient of clinic.patients) {
    const sent = alerts.filter((alert) => alert.body.includes(`Pacjent ${patient.surname},`)).length;
    if (sent !== (alertsExpected.get(patient.id) ?? 0)) {
      problems.push(
        `patient ${patient.id}: ${sent} SMS alerts for ${alertsExpected.get(patient.id) ?? 0} alerting submissions`,
      );
    }
  }
  if (alerts.some((alert) => alert.recipient !== ALERT_PHONE))
    problems.push('an outbox row that is no alert');

  const files = await db
    .selectFrom('uploaded_files as u')
    .leftJoin('form_data as d', 'd.id', 'u.form_data_id')
    .select(['u.id', 'u.form_data_id', 'u.storage_key', 'u.size', 'd.id as parent'])
    .where('u.organization_id', '=', clinic.organizationId)
    .execute();
  for (const file of files) {
    if (file.form_data_id !== null && file.parent === null)
      problems.push(`file ${file.id}: attached to nothing`);
    const bytes = await stat(path.join(uploadsDir, file.storage_key)).then(
      (found) => found.size,
      () => null,
    );
    if (bytes !== file.size) problems.push(`file ${file.id}: ${bytes} bytes on disk, ${file.size} recorded`);
  }
  return { problems, rows: rows.length, alerts: alerts.length, files: files.length };
}

/* ------------------------------------------------------------------ the test */

describe(
  `crash safety on ${DATABASE}: SIGKILL while ${PATIENTS} patients save forms`,
  { timeout: 300_000 },
  () => {
    let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
    let apis: Awaited<ReturnType<typeof startApiProcesses>>;
    let clinic: Clinic | undefined;
    /** The tables' owner on the test's database, migrated: row-level security hides nothing. */
    const withOwner = async <T>(dataDir: string, work: (db: Kysely<Database>) => Promise<T>) => {
      if (scratch) return work(scratch.db);
      const db = await openDatabase({ databaseUrl: undefined, dataDir });
      try {
        return await work(db);
      } finally {
        await db.destroy();
      }
    };

    before(async () => {
      if (serverUrl) scratch = await createScratchDatabase(serverUrl, 'crash_safety');
      apis = await startApiProcesses(
        1,
        { SEED_DEMO: 'false', LOG_LEVEL: 'warn', ...(scratch ? { DATABASE_URL: scratch.url } : {}) },
        {
          prepareDataDir: (dataDir) =>
            withOwner(dataDir, async (db) => {
              await migrateToLatest(db);
              clinic = await seedClinic(db);
            }),
        },
      );
    });
    after(async () => {
      await apis?.stop();
      await scratch?.drop();
    });

    test('every acknowledged save survives whole, and nothing is half-written', async () => {
      const started = performance.now();
      assert.ok(clinic);
      const seeded = clinic;
      const { formId } = seeded;

      const load: Load = {
        tracked: new Map(),
        files: new Map(),
        unattachedFiles: new Map(),
        counts: {
          submissions: 0,
          withFile: 0,
          drafts: 0,
          draftUpdates: 0,
          draftsSubmitted: 0,
          cutCreates: 0,
          cutUpdates: 0,
        },
        unexpected: [],
        rounds: new Map(),
        crashed: false,
      };
      let running = apis.processes[0]!;
      const uploaders = seeded.patients.filter((patient) => patient.id % UPLOADERS_EVERY === 0);
      for (const patient of uploaders)
        await uploadDocument(`http://127.0.0.1:${running.port}`, patient, load);

      const loadSeconds: string[] = [];
      const restartSeconds: string[] = [];
      for (let crash = 1; crash <= CRASHES; crash += 1) {
        const baseUrl = `http://127.0.0.1:${running.port}`;
        const loadStarted = performance.now();
        const acknowledgedBefore = acknowledgedSaves(load);
        load.crashed = false;
        const patients = Promise.all(
          seeded.patients.map((patient) => patientLoop(baseUrl, formId, patient, load)),
        );
        while (
          performance.now() - loadStarted < MAX_LOAD_MS &&
          (performance.now() - loadStarted < MIN_LOAD_MS ||
            acknowledgedSaves(load) - acknowledgedBefore < MIN_ACKNOWLEDGED_SAVES ||
            ACKNOWLEDGED_KINDS.some((kind) => load.counts[kind] === 0))
        ) {
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        loadSeconds.push(((performance.now() - loadStarted) / 1000).toFixed(1));
        load.crashed = true;
        await running.end('SIGKILL');
        await patients;
        assert.deepEqual(load.unexpected, [], 'before the crash every request succeeds');

        const restartStarted = performance.now();
        running = await apis.restart(0);
        restartSeconds.push(((performance.now() - restartStarted) / 1000).toFixed(1));
      }
      const readProblems = await readBack(`http://127.0.0.1:${running.port}`, load);
      // PGlite admits one process: the checks read the folder once the restarted API has stopped.
      if (!scratch) await running.end('SIGTERM');
      const stored = await withOwner(running.dataDir, (db) =>
        halfWrittenRows(db, seeded, path.join(running.dataDir, 'uploads'), load),
      );

      console.log(
        `${DATABASE}: ${acknowledgedSaves(load)} saves acknowledged by ${PATIENTS} patients in ${CRASHES} loads ` +
          `of ${loadSeconds.join(' + ')} s, each ended by SIGKILL ` +
          `(${JSON.stringify(load.counts)}); ${load.tracked.size} filled forms acknowledged and read back; ` +
          `${stored.rows} rows, ${stored.alerts} SMS alerts, ${stored.files} files in the database; ` +
          `restarts ${restartSeconds.join(' + ')} s; load, restarts and checks ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
      assert.deepEqual(
        readProblems,
        [],
        'the restarted API serves every acknowledged save as it was answered',
      );
      assert.deepEqual(stored.problems, [], 'no acknowledged save is lost and no row is half-written');
      // The crash came in the middle of the load, with every kind of save acknowledged before it.
      assert.ok(load.counts.cutCreates + load.counts.cutUpdates > 0, 'saves were in flight at the kill');
      for (const kind of ACKNOWLEDGED_KINDS)
        assert.ok(load.counts[kind] > 0, `some ${kind} were acknowledged`);
    });
  },
);
