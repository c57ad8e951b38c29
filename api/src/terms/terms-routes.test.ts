import assert from 'node:assert/strict';
import { test } from 'node:test';
import { currentPerson, termsDocument } from '@formularze/domain/schemas';
import { futureTermsList, termsAcceptanceList } from '@formularze/domain/schemas/terms';
import { createOrganization, createTerms, createUser, setupDatabaseAndApp, signIn } from '../../test/helpers';
import { expectApiError } from '../../test/requests';

const { db, app } = await setupDatabaseAndApp();

const DAY = 24 * 60 * 60 * 1000;

async function patientOf(name: string, phone = '+48600100200') {
  const organizationId = await createOrganization(db, { name });
  await createUser(db, { phone, authorities: 'ROLE_USER', organizationId });
  return { organizationId, headers: await signIn(app, { phone }) };
}

const currentTerms = (organizationId: number, headers: Record<string, string>) =>
  app.inject({ url: `/api/organizations/${organizationId}/current-terms`, headers });
const accept = (termsId: number, headers: Record<string, string>) =>
  app.inject({ method: 'PUT', url: `/api/organizations/terms/${termsId}/accept`, headers });

test('current terms are the live terms that started last, with the link of their PDF', async () => {
  const { organizationId, headers } = await patientOf('Przychodnia');
  const activeSince = new Date(Date.now() - DAY);
  await createTerms(db, {
    organizationId,
    filePath: 'terms/old.pdf',
    activeSince: new Date(Date.now() - 5 * DAY),
  });
  const id = await createTerms(db, {
    organizationId,
    name: 'Regulamin 2026',
    filePath: `terms/${organizationId}/Regulamin ważny.pdf`,
    activeSince,
  });
  await createTerms(db, {
    organizationId,
    filePath: 'terms/future.pdf',
    activeSince: new Date(Date.now() + DAY),
  });
  await createTerms(db, {
    organizationId,
    filePath: 'terms/removed.pdf',
    activeSince: new Date(Date.now() - 1000),
    removedAt: new Date(),
  });

  const response = await currentTerms(organizationId, headers);
  assert.equal(response.statusCode, 200);
  assert.deepEqual(termsDocument.parse(response.json()), {
    id,
    name: 'Regulamin 2026',
    link: `/org-media/files/terms/${organizationId}/Regulamin%20wa%C5%BCny.pdf`,
    activeSince: activeSince.toISOString(),
    removedAt: null,
  });
});

test('no current terms, or another organization, is a 404', async () => {
  const { organizationId, headers } = await patientOf('Przychodnia');
  const body = await expectApiError(await currentTerms(organizationId, headers), 404, 'not-found');
  assert.equal(body.message, 'Organizacja nie ma aktualnego regulaminu');

  const other = await createOrganization(db, { name: 'Inna' });
  await createTerms(db, { organizationId: other });
  await expectApiError(await currentTerms(other, headers), 404, 'not-found');
  await expectApiError(await currentTerms(999_999, headers), 404, 'not-found');
  assert.equal((await currentTerms(organizationId, {})).statusCode, 401);
});

test('accepting the current terms gives the patient ROLE_USER back; twice is an error', async () => {
  const { organizationId, headers } = await patientOf('Przychodnia');
  const id = await createTerms(db, { organizationId });
  const my = async () => currentPerson.parse((await app.inject({ url: '/api/persons/my', headers })).json());
  assert.equal((await my()).authorities, 'ROLE_USER_NO_ACCEPTED_TERMS');
  // The one who must accept them can read them.
  assert.equal((await currentTerms(organizationId, headers)).statusCode, 200);

  const accepted = await accept(id, headers);
  assert.equal(accepted.statusCode, 204);
  assert.equal(accepted.body, '');
  assert.deepEqual(
    { authorities: (await my()).authorities, accepted: (await my()).currentTermsAccepted },
    { authorities: 'ROLE_USER', accepted: true },
  );

  const again = await expectApiError(await accept(id, headers), 400, 'terms-already-accepted');
  assert.equal(again.message, 'Ten regulamin został już zaakceptowany.');
  assert.equal((await db.selectFrom('terms_acceptances').selectAll().execute()).length, 1);
});

test('terms that are not the current ones of the caller cannot be accepted', async () => {
  const { organizationId, headers } = await patientOf('Przychodnia');
  const old = await createTerms(db, {
    organizationId,
    filePath: 'terms/old.pdf',
    activeSince: new Date(Date.now() - 5 * DAY),
  });
  await createTerms(db, { organizationId });
  const future = await createTerms(db, {
    organizationId,
    filePath: 'terms/f.pdf',
    activeSince: new Date(Date.now() + DAY),
  });
  const removed = await createTerms(db, {
    organizationId,
    filePath: 'terms/r.pdf',
    activeSince: new Date(Date.now() - 2 * DAY),
    removedAt: new Date(),
  });
  const other = await patientOf('Inna', '+48600100300');
  const othersTerms = await createTerms(db, { organizationId: other.organizationId });

  for (const id of [old, future, removed, othersTerms, 999_999]) {
    const body = await expectApiError(await accept(id, headers), 400, 'missing-or-not-current');
    assert.equal(body.message, 'Regulamin nie istnieje lub nie jest aktualny.');
  }
  assert.equal((await db.selectFrom('terms_acceptances').selectAll().execute()).length, 0);
  await expectApiError(await accept(0, headers), 400, 'validation');
  assert.equal((await accept(othersTerms, {})).statusCode, 401);
});

test('the platform admin has no terms to accept', async () => {
  await createUser(db, { email: 'admin@platform.test', authorities: 'ROLE_ADMIN' });
  const headers = await signIn(app, { email: 'admin@platform.test' });
  const { organizationId } = await patientOf('Przychodnia');
  const id = await createTerms(db, { organizationId });
  await expectApiError(await accept(id, headers), 400, 'missing-or-not-current');
  await expectApiError(await currentTerms(organizationId, headers), 404, 'not-found');
});

const call = (path: string, headers: Record<string, string>) =>
  app.inject({ method: 'PUT', url: `/api/organizations/terms/${path}`, headers });
const futureTerms = async (headers: Record<string, string>) =>
  futureTermsList.parse((await app.inject({ url: '/api/organizations/terms/future', headers })).json());
const acceptedTerms = async (headers: Record<string, string>) =>
  termsAcceptanceList.parse((await app.inject({ url: '/api/organizations/terms/accepted', headers })).json());
const authoritiesOf = async (headers: Record<string, string>) =>
  currentPerson.parse((await app.inject({ url: '/api/persons/my', headers })).json()).authorities;

test('future terms are listed soonest first; a patient accepts and revokes them without losing access', async () => {
  const { organizationId, headers } = await patientOf('Przychodnia');
  const current = await createTerms(db, { organizationId });
  assert.equal((await accept(current, headers)).statusCode, 204);
  const later = await createTerms(db, {
    organizationId,
    name: 'Później',
    activeSince: new Date(Date.now() + 10 * DAY),
  });
  const sooner = await createTerms(db, {
    organizationId,
    name: 'Wkrótce',
    activeSince: new Date(Date.now() + 2 * DAY),
  });
  await createTerms(db, {
    organizationId,
    filePath: 'terms/removed.pdf',
    activeSince: new Date(Date.now() + 3 * DAY),
    removedAt: new Date(),
  });
  const other = await createOrganization(db, { name: 'Inna' });
  await createTerms(db, { organizationId: other, activeSince: new Date(Date.now() + DAY) });

  const listed = await futureTerms(headers);
  assert.deepEqual(
    listed.map(({ id, name, accepted }) => ({ id, name, accepted })),
    [
      { id: sooner, name: 'Wkrótce', accepted: false },
      { id: later, name: 'Później', accepted: false },
    ],
  );
  assert.match(listed[0]!.link, /^\/org-media\/files\/terms\//);

  assert.equal((await call(`${sooner}/future/accept`, headers)).statusCode, 204);
  assert.deepEqual(
    (await futureTerms(headers)).map(({ accepted }) => accepted),
    [true, false],
  );
  const acceptedIds = (await acceptedTerms(headers)).map(({ terms }) => terms.id);
  assert.deepEqual(acceptedIds.sort(), [current, sooner].sort());
  const again = await expectApiError(
    await call(`${sooner}/future/accept`, headers),
    400,
    'terms-already-accepted',
  );
  assert.equal(again.message, 'Ten regulamin został już zaakceptowany.');

  assert.equal((await call(`${sooner}/future/revoke`, headers)).statusCode, 204);
  assert.equal((await futureTerms(headers))[0]!.accepted, false);
  const twice = await expectApiError(
    await call(`${sooner}/future/revoke`, headers),
    400,
    'terms-already-revoked',
  );
  assert.equal(twice.message, 'Akceptacja tego regulaminu została już wycofana.');
  const never = await expectApiError(
    await call(`${later}/future/revoke`, headers),
    400,
    'terms-were-never-accepted',
  );
  assert.equal(never.message, 'Ten regulamin nie był zaakceptowany.');
  // Future terms do not hold the patient back.
  assert.equal(await authoritiesOf(headers), 'ROLE_USER');

  // Accepting again after a revocation records a new acceptance; history stays.
  assert.equal((await call(`${sooner}/future/accept`, headers)).statusCode, 204);
  const rows = await db
    .selectFrom('terms_acceptances')
    .select('revoked_at')
    .where('terms_id', '=', sooner)
    .execute();
  assert.deepEqual(rows.map((row) => row.revoked_at === null).sort(), [false, true]);
});

test("only the organization's live future terms can be accepted or revoked as future ones", async () => {
  const { organizationId, headers } = await patientOf('Przychodnia');
  const current = await createTerms(db, { organizationId });
  assert.equal((await accept(current, headers)).statusCode, 204);

  const none = await expectApiError(
    await call(`${current}/future/accept`, headers),
    400,
    'missing-or-not-future',
  );
  assert.equal(none.message, 'Organizacja nie ma regulaminu, który wejdzie w życie w przyszłości.');
  await expectApiError(await call(`${current}/future/revoke`, headers), 400, 'missing-or-not-future');

  await createTerms(db, { organizationId, filePath: 'terms/f.pdf', activeSince: new Date(Date.now() + DAY) });
  const removedFuture = await createTerms(db, {
    organizationId,
    filePath: 'terms/r.pdf',
    activeSince: new Date(Date.now() + 2 * DAY),
    removedAt: new Date(),
  });
  const other = await createOrganization(db, { name: 'Inna' });
  const othersFuture = await createTerms(db, {
    organizationId: other,
    activeSince: new Date(Date.now() + DAY),
  });

  for (const id of [current, removedFuture, othersFuture, 999_999]) {
    const body = await expectApiError(
      await call(`${id}/future/accept`, headers),
      400,
      'selected-terms-are-not-future',
    );
    assert.equal(body.message, 'Wybrany regulamin nie jest regulaminem przyszłym.');
  }
  await expectApiError(await call(`${current}/future/revoke`, headers), 400, 'selected-terms-are-not-future');
  await expectApiError(
    await call(`${removedFuture}/future/revoke`, headers),
    400,
    'selected-terms-are-not-future',
  );
  for (const id of [othersFuture, 999_999]) {
    const body = await expectApiError(await call(`${id}/future/revoke`, headers), 404, 'not-found');
    assert.equal(body.message, 'Nie znaleziono regulaminu.');
  }
  assert.equal((await call(`${current}/future/accept`, {})).statusCode, 401);
});

test('revoking the current terms makes the patient ROLE_USER_NO_ACCEPTED_TERMS again', async () => {
  const { organizationId, headers } = await patientOf('Przychodnia');
  const current = await createTerms(db, { organizationId });
  assert.equal((await accept(current, headers)).statusCode, 204);
  assert.equal(await authoritiesOf(headers), 'ROLE_USER');
  const [acceptance] = await acceptedTerms(headers);
  assert.equal(acceptance!.terms.id, current);
  assert.equal(acceptance!.revokedAt, null);

  assert.equal((await call(`${current}/revoke`, headers)).statusCode, 204);
  assert.equal(await authoritiesOf(headers), 'ROLE_USER_NO_ACCEPTED_TERMS');
  assert.deepEqual(await acceptedTerms(headers), []);
  // Held back, yet still able to see and accept them again.
  assert.equal((await app.inject({ url: '/api/persons/my/profile', headers })).statusCode, 403);
  await expectApiError(await call(`${current}/revoke`, headers), 400, 'terms-already-revoked');
  assert.equal((await accept(current, headers)).statusCode, 204);
  assert.equal(await authoritiesOf(headers), 'ROLE_USER');
});

test('only the current terms are revoked as current ones', async () => {
  const { organizationId, headers } = await patientOf('Przychodnia');
  const future = await createTerms(db, {
    organizationId,
    filePath: 'terms/f.pdf',
    activeSince: new Date(Date.now() + DAY),
  });
  const none = await expectApiError(await call(`${future}/revoke`, headers), 400, 'missing-or-not-current');
  assert.equal(none.message, 'Regulamin nie istnieje lub nie jest aktualny.');

  const old = await createTerms(db, {
    organizationId,
    filePath: 'terms/old.pdf',
    activeSince: new Date(Date.now() - 5 * DAY),
  });
  const current = await createTerms(db, { organizationId });
  for (const id of [old, future]) {
    const body = await expectApiError(
      await call(`${id}/revoke`, headers),
      400,
      'selected-terms-are-not-current',
    );
    assert.equal(body.message, 'Wybrany regulamin nie jest aktualnym regulaminem.');
  }
  const never = await expectApiError(
    await call(`${current}/revoke`, headers),
    400,
    'terms-were-never-accepted',
  );
  assert.equal(never.message, 'Ten regulamin nie był zaakceptowany.');

  const other = await createOrganization(db, { name: 'Inna' });
  const othersTerms = await createTerms(db, { organizationId: other });
  await expectApiError(await call(`${othersTerms}/revoke`, headers), 404, 'not-found');
  await expectApiError(await call('999999/revoke', headers), 404, 'not-found');
  await expectApiError(await call('0/revoke', headers), 400, 'validation');
  assert.equal((await call(`${current}/revoke`, {})).statusCode, 401);
});

test("each person sees only their own acceptances and their organization's future terms", async () => {
  const first = await patientOf('Przychodnia');
  const second = await patientOf('Inna', '+48600100300');
  const firstTerms = await createTerms(db, { organizationId: first.organizationId });
  await createTerms(db, { organizationId: second.organizationId });
  await createTerms(db, {
    organizationId: first.organizationId,
    filePath: 'terms/f.pdf',
    activeSince: new Date(Date.now() + DAY),
  });
  assert.equal((await accept(firstTerms, first.headers)).statusCode, 204);

  assert.equal((await acceptedTerms(first.headers)).length, 1);
  assert.deepEqual(await acceptedTerms(second.headers), []);
  assert.equal((await futureTerms(first.headers)).length, 1);
  assert.deepEqual(await futureTerms(second.headers), []);
  for (const url of ['/api/organizations/terms/future', '/api/organizations/terms/accepted']) {
    assert.equal((await app.inject({ url })).statusCode, 401);
  }

  // The platform administrator belongs to no organization.
  await createUser(db, { email: 'admin@platform.test', authorities: 'ROLE_ADMIN' });
  const admin = await signIn(app, { email: 'admin@platform.test' });
  assert.deepEqual(await futureTerms(admin), []);
  await expectApiError(await call(`${firstTerms}/revoke`, admin), 404, 'not-found');
  await expectApiError(await call(`${firstTerms}/future/accept`, admin), 400, 'missing-or-not-future');
});
