import {
  createFormGroup,
  createOrganization,
  createUser,
  setupTestApp,
  setupTestDatabase,
  signInFromNewAddress,
} from './helpers';
import { insertFormRow, type FormRow } from './form-rows';

/** A weekly schedule: the grids read the slots, so only its presence matters. */
export const SCHEDULE = JSON.stringify({
  one: true,
  multi: false,
  startDate: '2026-01-01',
  endDate: '2026-12-31',
  timePeriods: [{ dayOfWeek: 'WEDNESDAY', startTime: '11:00', endTime: '13:00' }],
  selectedDays: ['WEDNESDAY'],
});

export interface FormRef {
  id: number;
  bagId: number;
  organizationId: number;
}

const HOUR = 60 * 60 * 1000;

/** The grids' patients by key: first name and surname; each signs in as `<key>@org.test`. */
const GRID_PATIENTS = {
  anna: ['Anna', 'Adamska'],
  bartek: ['Bartek', 'Bednarz'],
  cezary: ['Cezary', 'Cieślak'],
  ewa: ['Ewa', 'Ekiert'],
} as const;

type GridPatient = keyof typeof GRID_PATIENTS;

/** A patient's figures in a grid's row, without the slots. */
export const patientFigures = ({
  person,
  dueSlots,
  onTimeSlots,
  adherence,
  missedStreak,
}: {
  person: { id: number };
  dueSlots: number;
  onTimeSlots: number;
  adherence: number | null;
  missedStreak: number;
}) => ({ id: person.id, dueSlots, onTimeSlots, adherence, missedStreak });

/**
 * The adherence grids' tests (ADRs 305, 306): the file's test database, the app with its clock
 * standing still at the test's start (sessions are checked against real time), and forms, slots and
 * fillings placed in hours relative to that moment, so each status can be checked at the edges of
 * its window.
 */
export async function adherenceFixture() {
  const db = await setupTestDatabase();
  const now = new Date(Math.floor(Date.now() / 1000) * 1000);
  const { app } = await setupTestApp(db, {}, { clock: () => now });
  const hoursFromNow = (hours: number) => new Date(now.getTime() + Math.round(hours * HOUR));

  async function insertForm(
    organizationId: number,
    { name = 'Dzienniczek bólu', schedule = SCHEDULE, ...row }: Partial<Omit<FormRow, 'organizationId'>> = {},
  ): Promise<FormRef> {
    const id = await insertFormRow(db, { organizationId, name, schedule, ...row });
    const form = await db.selectFrom('forms').select('bag_id').where('id', '=', id).executeTakeFirstOrThrow();
    return { id, bagId: form.bag_id, organizationId };
  }

  /** A slot from `starts` to `ends` hours from now, completed `completed` hours from now (if given). */
  async function slot(
    form: Pick<FormRef, 'id' | 'organizationId'>,
    userId: number,
    [starts, ends]: [number, number],
    fill: { completed?: number; removed?: boolean; score?: number } = {},
  ) {
    const { id } = await db
      .insertInto('scheduled_forms')
      .values({
        form_id: form.id,
        user_id: userId,
        starts_at: hoursFromNow(starts),
        ends_at: hoursFromNow(ends),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (fill.completed === undefined) return { slotId: id, filledFormId: null };
    const filled = await db
      .insertInto('form_data')
      .values({
        organization_id: form.organizationId,
        form_id: form.id,
        user_id: userId,
        scheduled_form_id: id,
        state: 'COMPLETED',
        answers: '{}',
        total_weight: fill.score ?? null,
        completed_at: hoursFromNow(fill.completed),
        removed_at: fill.removed ? now : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { slotId: id, filledFormId: filled.id };
  }

  /**
   * The organization "Przychodnia" with the `patients` of GRID_PATIENTS (their ids by key) and a
   * signed-in owner (Olga Owczarek, `owner@org.test`) and editor (Edward Edytor, `editor@org.test`).
   */
  async function clinic<Patient extends GridPatient>(patients: readonly Patient[]) {
    const organizationId = await createOrganization(db, { name: 'Przychodnia' });
    const person = (email: string, [firstName, surname]: readonly [string, string], authorities: string) =>
      createUser(db, { email, authorities, organizationId, firstName, surname });
    const ids = {} as Record<Patient, number>;
    for (const key of patients) ids[key] = await person(`${key}@org.test`, GRID_PATIENTS[key], 'ROLE_USER');
    await person('owner@org.test', ['Olga', 'Owczarek'], 'ROLE_OWNER');
    await person('editor@org.test', ['Edward', 'Edytor'], 'ROLE_EDITOR');
    return {
      organizationId,
      ids,
      owner: await signInFromNewAddress(app, { email: 'owner@org.test' }),
      editor: await signInFromNewAddress(app, { email: 'editor@org.test' }),
    };
  }

  /** The headers of the clinic's patient `key`, signed in. */
  const patientHeaders = (key: GridPatient) => signInFromNewAddress(app, { username: `${key}@org.test` });

  /** Projects the staff of `organizationId` may not read: another organization's, a removed one, an unknown one. */
  async function unreachableProjects(organizationId: number): Promise<number[]> {
    const otherOrganization = await createOrganization(db, { name: 'Inna przychodnia' });
    const foreign = await createFormGroup(db, { organizationId: otherOrganization });
    const removed = await createFormGroup(db, { organizationId, name: 'Usunięty' });
    await db.updateTable('form_groups').set({ removed_at: now }).where('id', '=', removed).execute();
    return [foreign, removed, 2_000_000];
  }

  return { db, app, now, hoursFromNow, insertForm, slot, clinic, patientHeaders, unreachableProjects };
}
