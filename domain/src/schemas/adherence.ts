import * as z from 'zod/mini';
import { MAX_PAGE_SIZE, pagedResponse, pagingQuery } from './paging';

/**
 * The adherence of a scheduled form's patients (ADR 305), or of a project's patients over all its
 * scheduled forms (ADR 306): each slot's status, and per patient the share of ended slots filled on
 * time and the misses since the last fill.
 */

/**
 * - `ON_TIME`: completed within its window;
 * - `LATE`: completed after its window closed (answers accepted before the refusal rule of ADR 620);
 * - `MISSED`: its window closed without completed answers;
 * - `OPEN`: its window is open now and it is not filled yet;
 * - `UPCOMING`: its window has not opened yet.
 */
export const SLOT_STATUSES = ['ON_TIME', 'LATE', 'MISSED', 'OPEN', 'UPCOMING'] as const;
export type SlotStatus = (typeof SLOT_STATUSES)[number];

/** Each status in words, as the grid's legend and its export name it. */
export const SLOT_STATUS_LABELS: Readonly<Record<SlotStatus, string>> = {
  ON_TIME: 'Wypełniony w terminie',
  LATE: 'Wypełniony po terminie',
  MISSED: 'Pominięty',
  OPEN: 'Otwarty teraz',
  UPCOMING: 'Nadchodzący',
};

/** How far back the grid reads, in days; `all` reads every slot. */
export const ADHERENCE_PERIODS = ['30', '90', '365', 'all'] as const;
export type AdherencePeriod = (typeof ADHERENCE_PERIODS)[number];
export const DEFAULT_ADHERENCE_PERIOD: AdherencePeriod = '90';
/** Upcoming slots shown ahead of today. */
export const UPCOMING_DAYS = 14;

export const ADHERENCE_SORT_KEYS = ['adherence', 'missedStreak', 'surname'] as const;
export type AdherenceSortKey = (typeof ADHERENCE_SORT_KEYS)[number];
export const DEFAULT_ADHERENCE_SORT = 'adherence' as const;

export const adherenceQuery = z.extend(pagingQuery(ADHERENCE_SORT_KEYS), {
  period: z.optional(z.enum(ADHERENCE_PERIODS)),
  /** Only patients with at least this many misses in a row ("≥ 2 pominięte z rzędu"). */
  minMissedStreak: z.optional(z.coerce.number().check(z.int(), z.minimum(0), z.maximum(1000))),
});
export type AdherenceQuery = z.infer<typeof adherenceQuery>;

/** The grid's export: every patient the filter keeps, in the chosen order, without paging. */
export const adherenceCsvQuery = z.omit(adherenceQuery, { page: true, pageSize: true });
export type AdherenceCsvQuery = z.infer<typeof adherenceCsvQuery>;
export const ADHERENCE_CSV_FILE_NAME = 'terminowosc.csv';

export const adherenceSlot = z.object({
  id: z.number(),
  /** The edition the slot was made for, and its form (bag): a project's grid has several forms. */
  formId: z.number(),
  bagId: z.number(),
  startsAt: z.string(),
  endsAt: z.string(),
  status: z.enum(SLOT_STATUSES),
  /** The completed answers of the slot, with when they were completed and their score. */
  filledFormId: z.nullable(z.number()),
  filledAt: z.nullable(z.string()),
  score: z.nullable(z.number()),
});
export type AdherenceSlot = z.infer<typeof adherenceSlot>;

export const patientAdherence = z.object({
  person: z.object({ id: z.number(), name: z.string() }),
  /** Ended slots of the period: filled on time, late or missed. */
  dueSlots: z.number(),
  onTimeSlots: z.number(),
  /** Percent of due slots filled on time, rounded; null before the first slot ends. */
  adherence: z.nullable(z.number()),
  /** Missed slots since the last filled one (all of them when none was filled). */
  missedStreak: z.number(),
  /** When staff last sent the patient a reminder from an adherence grid (ADR 309). */
  remindedAt: z.nullable(z.string()),
  slots: z.array(adherenceSlot),
});
export type PatientAdherence = z.infer<typeof patientAdherence>;

export const adherencePage = pagedResponse(patientAdherence);
export type AdherencePage = z.infer<typeof adherencePage>;

/** A scheduled form of a project's grid: its bag, its newest edition's id and name. */
export const adherenceForm = z.object({ bagId: z.number(), formId: z.number(), name: z.string() });
export type AdherenceForm = z.infer<typeof adherenceForm>;

/**
 * `GET /api/form_data/project_adherence/{groupId}` (ADR 306): the page of patients, each with the
 * slots of every scheduled form of the project, and the project's scheduled forms (every one, not
 * only the page's), so the grid can name its columns; none when no form of it was ever scheduled.
 */
export const projectAdherencePage = z.extend(adherencePage, { forms: z.array(adherenceForm) });
export type ProjectAdherencePage = z.infer<typeof projectAdherencePage>;

/**
 * `POST …/adherence/{formId}/reminders` and `POST …/project_adherence/{groupId}/reminders` (ADR
 * 309): remind the chosen patients now, at most a page of them at a time.
 */
export const adherenceRemindersRequest = z.object({
  personIds: z
    .array(z.number().check(z.int(), z.positive(), z.maximum(2_147_483_647)))
    .check(z.minLength(1), z.maxLength(MAX_PAGE_SIZE)),
});
export type AdherenceRemindersRequest = z.infer<typeof adherenceRemindersRequest>;

/**
 * What became of each chosen patient's reminder:
 * - `SENT`: queued in the outbox, by the patient's preferred channel;
 * - `ALREADY_REMINDED`: the patient was reminded from a grid today already (one a day);
 * - `REMINDERS_OFF`: the patient turned reminders off in their profile;
 * - `NOTHING_TO_FILL`: no slot of theirs is open now or opens within the upcoming days.
 */
export const REMINDER_OUTCOMES = ['SENT', 'ALREADY_REMINDED', 'REMINDERS_OFF', 'NOTHING_TO_FILL'] as const;
export type ReminderOutcome = (typeof REMINDER_OUTCOMES)[number];

export const adherenceRemindersResponse = z.object({
  results: z.array(
    z.object({
      personId: z.number(),
      outcome: z.enum(REMINDER_OUTCOMES),
      /** The channel it went by, when sent. */
      channel: z.nullable(z.enum(['mail', 'sms'])),
    }),
  ),
});
export type AdherenceRemindersResponse = z.infer<typeof adherenceRemindersResponse>;
