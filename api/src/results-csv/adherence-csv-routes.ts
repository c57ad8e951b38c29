import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import {
  ADHERENCE_CSV_FILE_NAME,
  SLOT_STATUS_LABELS,
  adherenceCsvQuery,
  type AdherenceCsvQuery,
  type PatientAdherence,
} from '@formularze/domain/schemas/adherence';
import { formatDateTime } from '@formularze/domain/schemas/display-format';
import { MAX_PAGE_SIZE } from '@formularze/domain/schemas/paging';
import type { Clock } from '../core/clock';
import { contentDisposition } from '../core/http/content-disposition';
import type { Database } from '../db/schema';
import { iterateInCurrentScope } from '../db/tenant-scope';
import { recordStaffRead } from '../audit/access-audit';
import { callerOf } from '../filled-data/filled-data-routes';
import {
  adherenceFormsOfForm,
  adherenceFormsOfProject,
  adherenceOf,
  adherenceRequestOf,
  scheduledFormsOf,
  type AdherenceForms,
} from '../results/adherence-repository';
import { formAdherenceParams, projectAdherenceParams } from '../results/adherence-params';
import { polishNumber, safeText } from './csv-cells';
import { CSV_DELIMITER } from './results-csv-routes';

const CSV_OPTIONS = { delimiter: CSV_DELIMITER, record_delimiter: 'windows' } as const;

const HEADER = [
  'Pacjent',
  'Terminowość (%)',
  'Terminy do wypełnienia',
  'Wypełnione w terminie',
  'Pominięte z rzędu',
  'Formularz',
  'Początek okna',
  'Koniec okna',
  'Status',
  'Wypełniono',
  'Wynik',
];

interface GridExport {
  request: FastifyRequest;
  organizationId: number;
  forms: AdherenceForms;
  query: AdherenceCsvQuery;
  resource: { type: 'form' | 'project'; id: number };
  now: Date;
}

/** One row a slot, after the patient's own figures, as the grid shows them. */
function slotRows(patient: PatientAdherence, formNames: Map<number, string>) {
  const person = [
    safeText(patient.person.name),
    patient.adherence === null ? '' : polishNumber(patient.adherence),
    polishNumber(patient.dueSlots),
    polishNumber(patient.onTimeSlots),
    polishNumber(patient.missedStreak),
  ];
  return patient.slots.map((slot) => [
    ...person,
    safeText(formNames.get(slot.bagId) ?? ''),
    formatDateTime(slot.startsAt),
    formatDateTime(slot.endsAt),
    SLOT_STATUS_LABELS[slot.status],
    slot.filledAt ? formatDateTime(slot.filledAt) : '',
    slot.score === null ? '' : polishNumber(slot.score),
  ]);
}

/**
 * The file, the patients read a page of the largest size at a time and each page recorded in the
 * access trail before its rows leave (ADR 309): a failure to record cuts the download short.
 */
async function* gridCsv(
  db: Kysely<Database>,
  { request, organizationId, forms, query, resource, now }: GridExport,
  formNames: Map<number, string>,
): AsyncGenerator<string> {
  yield stringify([HEADER], { ...CSV_OPTIONS, bom: true });
  for (let page = 0; ; page += 1) {
    const { content } = await adherenceOf(db, {
      organizationId,
      forms,
      ...adherenceRequestOf({ ...query, page, pageSize: MAX_PAGE_SIZE }),
      now,
    });
    if (content.length === 0) return;
    await recordStaffRead(db, request, {
      operation: 'results.csv',
      patientIds: content.map((patient) => patient.person.id),
      resourceType: resource.type,
      resourceIds: [resource.id],
      details: { view: 'adherence', ...query, page },
      rowCount: content.length,
    });
    yield stringify(
      content.flatMap((patient) => slotRows(patient, formNames)),
      CSV_OPTIONS,
    );
    if (content.length < MAX_PAGE_SIZE) return;
  }
}

/**
 * `GET /api/form_data/adherence/{formId}/csv` and `GET /api/form_data/project_adherence/{groupId}/csv`
 * (ADR 309): the adherence grid under the screen's filter and order, one row a slot, with the same
 * safety as the results' export (formula-neutral texts, Polish numbers and times, `;`).
 */
export const adherenceCsvRoutes: FastifyPluginAsyncZod<{ db: Kysely<Database>; clock: Clock }> = async (
  app,
  { db, clock },
) => {
  async function send(grid: GridExport, reply: FastifyReply) {
    const named = await scheduledFormsOf(db, { organizationId: grid.organizationId, forms: grid.forms });
    const formNames = new Map(named.map((form) => [form.bagId, form.name]));
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', contentDisposition('attachment', ADHERENCE_CSV_FILE_NAME))
      .send(Readable.from(iterateInCurrentScope(gridCsv(db, grid, formNames)), { highWaterMark: 1 }));
  }

  const schema = { tags: ['results'], querystring: adherenceCsvQuery };

  app.get(
    '/api/form_data/adherence/:formId/csv',
    {
      config: { access: { permission: 'results-page:view' } },
      schema: { ...schema, params: formAdherenceParams },
    },
    async (request, reply) => {
      const { organizationId } = callerOf(request);
      const { formId } = request.params;
      const forms = await adherenceFormsOfForm(db, { organizationId, formId });
      const resource = { type: 'form', id: formId } as const;
      return send({ request, organizationId, forms, query: request.query, resource, now: clock() }, reply);
    },
  );

  app.get(
    '/api/form_data/project_adherence/:groupId/csv',
    {
      config: { access: { permission: 'results-page:view' } },
      schema: { ...schema, params: projectAdherenceParams },
    },
    async (request, reply) => {
      const { organizationId } = callerOf(request);
      const { groupId } = request.params;
      const forms = await adherenceFormsOfProject(db, { organizationId, groupId });
      const resource = { type: 'project', id: groupId } as const;
      return send({ request, organizationId, forms, query: request.query, resource, now: clock() }, reply);
    },
  );
};
