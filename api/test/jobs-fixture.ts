import assert from 'node:assert/strict';
import { after } from 'node:test';
import type { Kysely } from 'kysely';
import { resolveApiKeyEncryptionKey } from '../src/core/encryption-key';
import { createTokenCipher } from '../src/core/token-cipher';
import type { FilledDataPayload } from '@formularze/domain/schemas/filled-data';
import { savedFormRef, type FormPayload } from '@formularze/domain/schemas/forms';
import { buildApp } from '../src/app';
import type { Database } from '../src/db/schema';
import { createFormGroup, createOrganization, createUser, signInFromNewAddress, testConfig } from './helpers';

/** Wednesday 10 June 2026, 12:00 in Warsaw. */
export const START = new Date('2026-06-10T10:00:00Z');
export const at = (minutesFromStart: number) => new Date(START.getTime() + minutesFromStart * 60_000);

/** Wednesdays 11:00–13:00 in Warsaw (09:00–11:00 UTC in June), one fill per slot. */
export const WEDNESDAY_SCHEDULE: FormPayload['schedule'] = {
  one: true,
  multi: false,
  startDate: '2026-06-08',
  endDate: '2026-06-21',
  timePeriods: [{ dayOfWeek: 'WEDNESDAY', startTime: '11:00', endTime: '13:00' }],
  selectedDays: ['WEDNESDAY'],
};
/** The end of the 10 June slot. */
export const SLOT_END = new Date('2026-06-10T11:00:00Z');

type Headers = Record<string, string>;

/**
 * The app on the test database with a clock the test moves, and an organization with an owner and
 * two patients: Anna (phone and e-mail) and Bartek (e-mail only).
 */
export async function jobsTestWorld(db: Kysely<Database>) {
  const clock = { now: START };
  const config = await testConfig();
  const app = await buildApp({ db, config, clock: () => clock.now });
  /** The app's key, which seals the webhook signing secrets. */
  const cipher = createTokenCipher(await resolveApiKeyEncryptionKey(config));
  after(() => app.close());
  const call = (method: 'PUT' | 'POST', url: string, headers: Headers, body?: unknown) =>
    app.inject({ method, url, headers, ...(body === undefined ? {} : { payload: body as object }) });

  async function organization() {
    clock.now = START;
    const organizationId = await createOrganization(db, { name: 'Przychodnia' });
    const ids = {
      owner: await createUser(db, { email: 'owner@org.test', authorities: 'ROLE_OWNER', organizationId }),
      anna: await createUser(db, {
        email: 'anna@org.test',
        phone: '+48600100200',
        authorities: 'ROLE_USER',
        organizationId,
        firstName: 'Anna',
        surname: 'Adamska',
      }),
      bartek: await createUser(db, { email: 'bartek@org.test', authorities: 'ROLE_USER', organizationId }),
    };
    const groupId = await createFormGroup(db, { organizationId });
    const owner = await signInFromNewAddress(app, { email: 'owner@org.test' });
    const anna = await signInFromNewAddress(app, { username: 'anna@org.test' });

    /** A form saved by the owner (in the project), not yet assigned or active. */
    async function createForm(overrides: Partial<FormPayload> = {}) {
      const created = await call('POST', '/api/forms', owner, {
        name: 'Ankieta bólu',
        layoutElementObject: {
          type: 'FORM',
          children: [
            {
              type: 'ROW',
              children: [{ id: 'pain', type: 'NUMBER', label: 'Ból', numberType: 'INTEGER', required: true }],
            },
          ],
        },
        allowDrafting: true,
        ...overrides,
      } satisfies FormPayload);
      assert.equal(created.statusCode, 201, created.body);
      const { id } = savedFormRef.parse(created.json());
      await db.updateTable('forms').set({ group_id: groupId }).where('id', '=', id).execute();
      return id;
    }

    async function assign(formId: number, entries: { userId: number; selected: boolean }[]) {
      const response = await call(
        'PUT',
        `/api/forms/${formId}/allowed_users`,
        owner,
        entries.map((entry) => ({ ...entry, validSince: '2026-06-10', validTo: '2026-06-20' })),
      );
      assert.equal(response.statusCode, 200, response.body);
    }

    /** An active form assigned to Anna and Bartek. */
    async function activeForm(overrides: Partial<FormPayload> = {}) {
      const formId = await createForm(overrides);
      await assign(formId, [
        { userId: ids.anna, selected: true },
        { userId: ids.bartek, selected: true },
      ]);
      assert.equal((await call('PUT', `/api/forms/${formId}/activate`, owner)).statusCode, 204);
      return formId;
    }

    /** The person's slot of the form on 10 June. */
    async function slotOf(formId: number, userId: number) {
      return db
        .selectFrom('scheduled_forms')
        .selectAll()
        .where('form_id', '=', formId)
        .where('user_id', '=', userId)
        .where('ends_at', '=', SLOT_END)
        .executeTakeFirstOrThrow();
    }

    /** Anna submits answers (a draft when `draft`), in the slot when given. */
    async function annaSubmits(formId: number, scheduledFormId?: number, draft = false) {
      const response = await call('POST', `/api/form_data/?draft=${draft}`, anna, {
        formId,
        scheduledFormId,
        data: { pain: 3 },
      } satisfies FilledDataPayload);
      assert.equal(response.statusCode, 201, response.body);
    }

    return { organizationId, ids, owner, anna, createForm, assign, activeForm, slotOf, annaSubmits };
  }

  return { app, cipher, clock, call, organization };
}

/** The messages waiting in the outbox, oldest first. */
export const outbox = (db: Kysely<Database>) =>
  db.selectFrom('outbox').select(['recipient', 'channel', 'subject', 'body']).orderBy('id').execute();
