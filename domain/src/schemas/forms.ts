import * as z from 'zod/mini';
import { formLayout, formRule, REQUIRED_MESSAGE } from './form-template';
import { pagingQuery } from './paging';

/**
 * Forms (§3 Form, Form payload, Schedule, Scheduled form, Allowed user; §4 statuses; §5 settings,
 * schedule and access dates; §7 "Forms"). The payload is what the editor sends to
 * `POST /api/forms` and `PUT /api/forms/{id}`; its template is `form-template.ts`.
 */

export const FORM_STATUSES = [
  'DRAFT',
  'ACTIVE',
  'PAUSED',
  'SENT',
  'ARCHIVE',
  'DELETED',
  'PREVIOUS_VERSION',
] as const;
export const formStatus = z.enum(FORM_STATUSES);
export type FormStatus = z.infer<typeof formStatus>;

export const FORM_STATUS_LABELS: Record<FormStatus, string> = {
  DRAFT: 'Szkic',
  ACTIVE: 'Aktywny',
  PAUSED: 'Wstrzymany',
  SENT: 'Wysłany',
  ARCHIVE: 'Zarchiwizowany',
  DELETED: 'Usunięty',
  PREVIOUS_VERSION: 'Poprzednia wersja',
};

export const FORM_SAVED_MESSAGE = 'Zapisano formularz';
export const FORM_UPDATED_MESSAGE = 'Zaktualizowano formularz';
export const TEMPLATE_EMPTY_MESSAGE = 'Błąd aktywacji formularza - formularz jest pusty';
export const SCHEDULE_INCOMPLETE_MESSAGE = 'Uzupełnij harmonogram';
export const REMINDER_TOO_LONG_MESSAGE = 'Czas powiadomienia jest dłuższy, niż okno czasowe wypełnienia';
export const EXPIRED_FORM_ASSIGNMENT_QUESTION =
  'Ten formularz jest przedawniony, czy na pewno chcesz dodać do niego użytkownika?';

/* ---------------------------------------------------------------- schedule */

export const DAYS_OF_WEEK = [
  'MONDAY',
  'TUESDAY',
  'WEDNESDAY',
  'THURSDAY',
  'FRIDAY',
  'SATURDAY',
  'SUNDAY',
] as const;
export type DayOfWeek = (typeof DAYS_OF_WEEK)[number];
export const EVERYDAY = 'EVERYDAY';
export const scheduleDay = z.enum([...DAYS_OF_WEEK, EVERYDAY]);
export type ScheduleDay = z.infer<typeof scheduleDay>;

export const DEFAULT_PERIOD = { startTime: '00:00', endTime: '23:59', allowEditMinutesAfterSave: 0 } as const;
export const MAX_PERIODS_PER_DAY = 10;
export const TIME_STEP_MINUTES = 5;

export const SCHEDULE_END_DATE_MESSAGE = 'Data końcowa nie może być wcześniejsza niż data początkowa';
export const PERIOD_END_MESSAGE = 'Godzina końcowa nie może być wcześniejsza niż godzina początkowa';
export const PERIOD_ORDER_MESSAGE = 'Początek okresu nie może być wcześniejszy niż koniec poprzedniego';
export const PERIOD_STEP_MESSAGE = `Czas podaje się co ${TIME_STEP_MINUTES} minut`;
export const TOO_MANY_PERIODS_MESSAGE = `Najwyżej ${MAX_PERIODS_PER_DAY} okresów dziennie`;
export const BOTH_FILL_MODES_MESSAGE = 'Wybierz jeden tryb wypełniania';

const FORMAT_MESSAGE = 'Nieprawidłowy format';
/** `HH:MM`, 00:00 to 23:59. */
const timeOfDay = z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, FORMAT_MESSAGE));
/** A calendar day, `YYYY-MM-DD`. */
export const calendarDate = z.iso.date(FORMAT_MESSAGE);

export const timePeriod = z.object({
  dayOfWeek: scheduleDay,
  startTime: timeOfDay,
  endTime: timeOfDay,
  /** How long after saving the filler may still change the answers. */
  allowEditMinutesAfterSave: z.optional(z.number().check(z.int(), z.minimum(0))),
});
export type TimePeriod = z.infer<typeof timePeriod>;

/** Minutes since midnight of `HH:MM`. */
export const minutesOfDay = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

export type FillMode = 'without' | 'one' | 'multi';

/** 'without': anytime; 'one': once per scheduled window; 'multi': more than once per window (§4). */
export function scheduleFillMode(schedule: { one: boolean; multi: boolean } | null | undefined): FillMode {
  if (schedule?.multi) return 'multi';
  return schedule?.one ? 'one' : 'without';
}

/** An EVERYDAY entry stands for the same period on each of the seven days (§4: expanded on save). */
export function expandEveryday(periods: readonly TimePeriod[]): TimePeriod[] {
  return periods.flatMap((period) =>
    period.dayOfWeek === EVERYDAY ? DAYS_OF_WEEK.map((dayOfWeek) => ({ ...period, dayOfWeek })) : [period],
  );
}

const scheduleShape = z.object({
  one: z.boolean(),
  multi: z.boolean(),
  startDate: z.optional(z.nullable(calendarDate)),
  endDate: z.optional(z.nullable(calendarDate)),
  timePeriods: z.array(timePeriod),
  selectedDays: z.optional(z.array(scheduleDay)),
});

type ScheduleInput = z.infer<typeof scheduleShape>;

function checkPeriods(schedule: ScheduleInput, ctx: z.core.$RefinementCtx) {
  const issueAt = (index: number, key: keyof TimePeriod, message: string) =>
    ctx.addIssue({ code: 'custom', message, path: ['timePeriods', index, key], input: schedule });
  const lastEndByDay = new Map<ScheduleDay, number>();
  const countByDay = new Map<ScheduleDay, number>();
  schedule.timePeriods.forEach((period, index) => {
    const start = minutesOfDay(period.startTime);
    const end = minutesOfDay(period.endTime);
    if (start % TIME_STEP_MINUTES) issueAt(index, 'startTime', PERIOD_STEP_MESSAGE);
    // 23:59 is the default end of a day, off the 5-minute grid on purpose.
    if (end % TIME_STEP_MINUTES && period.endTime !== DEFAULT_PERIOD.endTime) {
      issueAt(index, 'endTime', PERIOD_STEP_MESSAGE);
    }
    if (end < start) issueAt(index, 'endTime', PERIOD_END_MESSAGE);
    const previousEnd = lastEndByDay.get(period.dayOfWeek);
    if (previousEnd !== undefined && start < previousEnd) issueAt(index, 'startTime', PERIOD_ORDER_MESSAGE);
    lastEndByDay.set(period.dayOfWeek, end);
    const count = (countByDay.get(period.dayOfWeek) ?? 0) + 1;
    countByDay.set(period.dayOfWeek, count);
    if (count === MAX_PERIODS_PER_DAY + 1) issueAt(index, 'dayOfWeek', TOO_MANY_PERIODS_MESSAGE);
  });
}

export const schedule = scheduleShape.check(
  z.superRefine((value, ctx) => {
    const issueAt = (path: string, message: string) =>
      ctx.addIssue({ code: 'custom', message, path: [path], input: value });
    if (value.one && value.multi) issueAt('multi', BOTH_FILL_MODES_MESSAGE);
    if (value.one || value.multi) {
      if (!value.startDate) issueAt('startDate', SCHEDULE_INCOMPLETE_MESSAGE);
      if (!value.endDate) issueAt('endDate', SCHEDULE_INCOMPLETE_MESSAGE);
      if (!value.timePeriods.length) issueAt('timePeriods', SCHEDULE_INCOMPLETE_MESSAGE);
    }
    if (value.startDate && value.endDate && value.endDate < value.startDate) {
      issueAt('endDate', SCHEDULE_END_DATE_MESSAGE);
    }
    checkPeriods(value, ctx);
  }),
);
export type Schedule = z.infer<typeof schedule>;

/** The shortest fill window of a schedule in minutes, or null when it has none. */
export function shortestWindowMinutes(value: Pick<Schedule, 'timePeriods'>): number | null {
  const windows = value.timePeriods.map(
    (period) => minutesOfDay(period.endTime) - minutesOfDay(period.startTime),
  );
  return windows.length ? Math.min(...windows) : null;
}

/* ---------------------------------------------------------------- payload */

export const DEFAULT_ASSIGNMENT_DURATION = 10;
export const MAX_ASSIGNMENT_DURATION = 370;
export const FORM_NAME_MAX_LENGTH = 200;

export const fillReminder = z.object({
  /** How many reminders are sent. */
  notification: z.number().check(z.int(), z.minimum(0)),
  /** Minutes before the end of the fill window. */
  timeBeforeEnd: z.number().check(z.int(), z.minimum(0)),
});
export type FillReminder = z.infer<typeof fillReminder>;

const message = z.optional(z.nullable(z.string().check(z.maxLength(2000))));

/** A required name of at most `max` characters, trimmed: a form's or a project's. */
export const requiredName = (max: number) =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1, REQUIRED_MESSAGE),
      z.maxLength(max, `Nazwa może mieć najwyżej ${max} znaków`),
    );

const formPayloadShape = {
  name: requiredName(FORM_NAME_MAX_LENGTH),
  description: z.optional(z.nullable(z.string().check(z.maxLength(5000)))),
  layoutElementObject: formLayout,
  formRules: z.optional(z.array(formRule)),
  schedule: z.optional(z.nullable(schedule)),
  /** Whether the welcome and farewell messages below are sent. */
  welcomeFarewellMessages: z.optional(z.boolean()),
  welcomeSmsMessage: message,
  welcomeEmailMessage: message,
  farewellSmsMessage: message,
  farewellEmailMessage: message,
  allowDrafting: z.optional(z.boolean()),
  fillReminders: z.optional(z.array(fillReminder)),
  /** Days an assignment lasts when its end is not given; 0: no end. */
  defaultAssignmentDuration: z.optional(
    z.number().check(z.int(), z.minimum(0), z.maximum(MAX_ASSIGNMENT_DURATION)),
  ),
};

export const formPayload = z.object(formPayloadShape).check(
  z.superRefine((payload, ctx) => {
    if (scheduleFillMode(payload.schedule) === 'without' || !payload.schedule) return;
    const shortest = shortestWindowMinutes(payload.schedule);
    payload.fillReminders?.forEach((reminder, index) => {
      if (shortest !== null && reminder.timeBeforeEnd > shortest) {
        ctx.addIssue({
          code: 'custom',
          message: REMINDER_TOO_LONG_MESSAGE,
          path: ['fillReminders', index, 'timeBeforeEnd'],
          input: payload,
        });
      }
    });
  }),
);
export type FormPayload = z.infer<typeof formPayload>;

/** The payload's settings as a form stores them, defaults filled in. */
export interface FormSettings {
  welcomeFarewellMessages: boolean;
  welcomeSmsMessage: string | null;
  welcomeEmailMessage: string | null;
  farewellSmsMessage: string | null;
  farewellEmailMessage: string | null;
  allowDrafting: boolean;
  fillReminders: FillReminder[];
  defaultAssignmentDuration: number;
}

/** The settings of a form whose payload names none of them (a new form's, in the editor). */
export const DEFAULT_FORM_SETTINGS: Readonly<FormSettings> = {
  welcomeFarewellMessages: false,
  welcomeSmsMessage: null,
  welcomeEmailMessage: null,
  farewellSmsMessage: null,
  farewellEmailMessage: null,
  allowDrafting: false,
  fillReminders: [],
  defaultAssignmentDuration: DEFAULT_ASSIGNMENT_DURATION,
};

export function formSettingsOf(payload: FormPayload): FormSettings {
  const defaults = DEFAULT_FORM_SETTINGS;
  return {
    welcomeFarewellMessages: payload.welcomeFarewellMessages ?? defaults.welcomeFarewellMessages,
    welcomeSmsMessage: payload.welcomeSmsMessage ?? defaults.welcomeSmsMessage,
    welcomeEmailMessage: payload.welcomeEmailMessage ?? defaults.welcomeEmailMessage,
    farewellSmsMessage: payload.farewellSmsMessage ?? defaults.farewellSmsMessage,
    farewellEmailMessage: payload.farewellEmailMessage ?? defaults.farewellEmailMessage,
    allowDrafting: payload.allowDrafting ?? defaults.allowDrafting,
    fillReminders: payload.fillReminders ?? defaults.fillReminders,
    defaultAssignmentDuration: payload.defaultAssignmentDuration ?? defaults.defaultAssignmentDuration,
  };
}

/* ---------------------------------------------------------------- answers */

const idObject = z.object({ id: z.number() });
export const formGroupRef = z.object({ id: z.number(), name: z.string() });

/** A row of the form list (`GET /api/v2/forms`). */
export const formListItem = z.object({
  id: z.number(),
  name: z.string(),
  description: z.nullable(z.string()),
  status: formStatus,
  edition: z.number(),
  formGroup: z.nullable(formGroupRef),
  /** Groups the editions of one form. */
  bag: idObject,
  numberOfUsers: z.number(),
  numberOfUsersActiveNow: z.number(),
  filledFormCount: z.number(),
  defaultAssignmentDuration: z.number(),
  /** The template's id: the form's own (the template is stored with the form). */
  layoutId: z.number(),
  allowDrafting: z.boolean(),
  schedule: z.nullable(schedule),
});
export type FormListItem = z.infer<typeof formListItem>;

export const FORM_LIST_SORT_KEYS = ['name', 'projectName', 'status', 'userCount', 'answerCount'] as const;
export type FormListSortKey = (typeof FORM_LIST_SORT_KEYS)[number];
export const formListQuery = pagingQuery(FORM_LIST_SORT_KEYS);

/** `GET /api/forms/{id}`: the list row and everything the editor saved. */
export const formDetails = z.object({
  ...formListItem.shape,
  layoutElementObject: formLayout,
  formRules: z.array(formRule),
  welcomeFarewellMessages: z.boolean(),
  welcomeSmsMessage: z.nullable(z.string()),
  welcomeEmailMessage: z.nullable(z.string()),
  farewellSmsMessage: z.nullable(z.string()),
  farewellEmailMessage: z.nullable(z.string()),
  fillReminders: z.array(fillReminder),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FormDetails = z.infer<typeof formDetails>;

/** `GET /api/form_template/{id}`: what the filling page renders. */
export const formTemplate = z.object({
  layoutId: z.number(),
  layoutElementObject: formLayout,
  name: z.string(),
  description: z.nullable(z.string()),
  /** Only an ACTIVE form takes new answers: the page says so up front for any other. */
  status: formStatus,
  allowDrafting: z.boolean(),
  schedule: z.nullable(schedule),
});
export type FormTemplate = z.infer<typeof formTemplate>;

/** `GET /api/forms/{id}/old_versions`: the editions of the form's bag, newest first. */
export const formEdition = z.object({
  id: z.number(),
  name: z.string(),
  edition: z.number(),
  status: formStatus,
  createdAt: z.string(),
});
export const formEditionList = z.array(formEdition);
export type FormEdition = z.infer<typeof formEdition>;

/** Answer of create, update and duplicate: the id to open (an update may have made a new edition). */
export const savedFormRef = z.object({ id: z.number(), edition: z.number(), bag: idObject });
export type SavedFormRef = z.infer<typeof savedFormRef>;

/* ---------------------------------------------------------------- access */

/** A person as an access list offers them (a form's or a project's): who, their roles, whether on the list. */
export const listedPerson = z.object({
  userId: z.number(),
  firstName: z.nullable(z.string()),
  surname: z.nullable(z.string()),
  mail: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  roles: z.array(z.string()),
  selected: z.boolean(),
});

/** `GET /api/forms/{id}/allowed_users`: the form's access list, with each person's dates of access. */
export const allowedUser = z.extend(listedPerson, {
  validSince: z.nullable(calendarDate),
  validTo: z.nullable(calendarDate),
  activeNow: z.boolean(),
  /** May fill the form as a member of its project (`enableAllFormAccess`), whatever `selected` says. */
  grantedByProject: z.optional(z.boolean()),
});
export type AllowedUser = z.infer<typeof allowedUser>;
export const allowedUserList = z.array(allowedUser);

export const allowedUserUpdate = z.object({
  userId: z.number().check(z.int(), z.positive(), z.maximum(2_147_483_647)),
  selected: z.boolean(),
  validSince: z.optional(z.nullable(calendarDate)),
  validTo: z.optional(z.nullable(calendarDate)),
});
export const allowedUsersUpdate = z.array(allowedUserUpdate);
export type AllowedUserUpdate = z.infer<typeof allowedUserUpdate>;

const formIds = z.array(z.number().check(z.int(), z.positive(), z.maximum(2_147_483_647)));
/** `PUT /api/forms/person_to_forms/{personId}`: forms to grant and to take away. */
export const personToFormsBody = z.object({ allow: formIds, disallow: formIds });
export type PersonToFormsBody = z.infer<typeof personToFormsBody>;

/** `YYYY-MM-DD` plus `days`. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * §5 "Access assignment dates": a start in the past (or none) becomes today; an end not given
 * (undefined) comes from the default duration (start + duration − 1 day; a duration of 0 gives
 * none), while null is an end cleared on purpose (no end); an end before the start becomes the start.
 */
export function assignmentDates(
  requested: { validSince?: string | null; validTo?: string | null },
  { today, defaultAssignmentDuration }: { today: string; defaultAssignmentDuration: number },
): { validSince: string; validTo: string | null } {
  const validSince = !requested.validSince || requested.validSince < today ? today : requested.validSince;
  const defaultEnd =
    defaultAssignmentDuration > 0 ? addDays(validSince, defaultAssignmentDuration - 1) : null;
  const validTo = requested.validTo === undefined ? defaultEnd : requested.validTo;
  return { validSince, validTo: validTo !== null && validTo < validSince ? validSince : validTo };
}

/** Whether an assignment from `validSince` to `validTo` (inclusive, null: open) holds on `today`. */
export const assignmentActiveOn = (
  today: string,
  { validSince, validTo }: { validSince: string | null; validTo: string | null },
) => validSince !== null && validSince <= today && (validTo === null || today <= validTo);

/* ---------------------------------------------------------------- my forms */

/** A form the signed-in person may fill now (`GET /api/v2/forms/active`, `.../all-my-filled-unique-bags`). */
export const myForm = z.object({
  id: z.number(),
  name: z.string(),
  description: z.nullable(z.string()),
  edition: z.number(),
  bag: idObject,
  /** Archived forms (filled before) may since have been paused or archived. */
  status: formStatus,
  formGroup: z.nullable(formGroupRef),
  allowDrafting: z.boolean(),
  validSince: z.nullable(calendarDate),
  validTo: z.nullable(calendarDate),
});
export type MyForm = z.infer<typeof myForm>;
export const MY_FORM_SORT_KEYS = ['name', 'validTo'] as const;
export const myFormsQuery = pagingQuery(MY_FORM_SORT_KEYS);

/** `GET /api/forms/active`, `GET /api/forms/active-by-person/{personId}`: unpaged, by name. */
export const myFormList = z.array(myForm);

/**
 * `GET /api/forms/has-only-one-scheduled-form`: whether the organization has exactly one active
 * scheduled form, and which (the side menu's filled-forms entry then opens its results).
 */
export const onlyScheduledForm = z.object({
  hasOnlyOneScheduledForm: z.boolean(),
  form: z.nullable(z.object({ id: z.number(), name: z.string() })),
});
export type OnlyScheduledForm = z.infer<typeof onlyScheduledForm>;

/** One slot of a scheduled form (`GET /api/v2/forms/scheduled`, `.../scheduled-for-future`). */
export const scheduledForm = z.object({
  id: z.number(),
  form: z.object({ id: z.number(), name: z.string() }),
  startDate: z.string(),
  endDate: z.string(),
  /** Set once the slot is filled: the save time plus the period's edit allowance. */
  editableUntil: z.nullable(z.string()),
  readyToFill: z.boolean(),
  filledBy: z.nullable(z.object({ id: z.number() })),
});
export type ScheduledForm = z.infer<typeof scheduledForm>;
/** `GET /api/forms/scheduled`: the windows open now, unpaged, by start. */
export const scheduledFormList = z.array(scheduledForm);
export const SCHEDULED_FORM_SORT_KEYS = ['startDate', 'endDate', 'name'] as const;
export const scheduledFormsQuery = pagingQuery(SCHEDULED_FORM_SORT_KEYS);
