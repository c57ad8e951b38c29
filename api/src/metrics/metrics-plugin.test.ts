import assert from 'node:assert/strict';
import { test } from 'node:test';
import { OPERATOR_TOKEN_HEADER } from '../auth/operator-guard';
import {
  createOrganization,
  createUser,
  OPERATOR_TOKEN,
  setupDatabaseAndApp,
  TEST_PASSWORD,
} from '../../test/helpers';

const { db, app } = await setupDatabaseAndApp();

const scrape = (options: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
  app.inject({ url: '/metrics', ...options });

/** The value of one sample line, e.g. `formularze_outbox_pending_messages{channel="sms"}`. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((row) => row.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

test('a scraper on this machine reads the metrics in the Prometheus text format', async () => {
  const response = await scrape();
  assert.equal(response.statusCode, 200);
  assert.match(response.headers['content-type'] as string, /^text\/plain; version=0\.0\.4/);
  assert.match(response.body, /^# TYPE formularze_http_request_duration_seconds histogram$/m);
  assert.match(response.body, /^# TYPE process_cpu_user_seconds_total counter$/m);
  assert.match(response.body, /^nodejs_eventloop_lag_seconds /m);
});

test('nobody else does: another address, or a request relayed by a proxy, without the operator token', async () => {
  for (const refused of [
    scrape({ remoteAddress: '203.0.113.7' }),
    scrape({ headers: { 'x-forwarded-for': '203.0.113.7' } }),
    scrape({ headers: { 'x-real-ip': '203.0.113.7' } }),
    scrape({ headers: { 'x-forwarded-for': '203.0.113.7', [OPERATOR_TOKEN_HEADER]: 'wrong' } }),
  ]) {
    const response = await refused;
    assert.equal(response.statusCode, 404);
    assert.doesNotMatch(response.body, /formularze_/);
  }
  // The operator token opens it from this machine's proxy too (the operator's own tooling).
  const withToken = await scrape({
    headers: { 'x-forwarded-for': '127.0.0.1', [OPERATOR_TOKEN_HEADER]: OPERATOR_TOKEN },
  });
  assert.equal(withToken.statusCode, 200);
});

test('requests are timed by route template and status class, never by the address asked', async () => {
  await app.inject({ url: '/api/version' });
  await app.inject({ url: '/api/forms/12345' });
  await app.inject({ url: '/api/no-such-thing/98765' });
  const { body } = await scrape();
  assert.ok(
    sample(
      body,
      'formularze_http_request_duration_seconds_count{method="GET",route="/api/version",status_class="2xx"}',
    )! >= 1,
  );
  assert.ok(
    sample(
      body,
      'formularze_http_request_duration_seconds_count{method="GET",route="/api/forms/:id",status_class="4xx"}',
    )! >= 1,
  );
  assert.doesNotMatch(body, /12345|98765/);
});

test('login attempts are counted by door and outcome, and a lockout shows as a locked account', async () => {
  const organizationId = await createOrganization(db);
  await createUser(db, { email: 'lekarz@metrics.test', authorities: 'ROLE_EDITOR', organizationId });
  const login = (password: string) =>
    app.inject({
      method: 'POST',
      url: '/employees/v1/login',
      payload: { email: 'lekarz@metrics.test', password },
      remoteAddress: '10.9.0.1',
    });
  assert.equal((await login(TEST_PASSWORD)).statusCode, 200);
  for (let attempt = 0; attempt < 5; attempt++) await login('Zle@haslo123');
  assert.equal((await login(TEST_PASSWORD)).statusCode, 423);

  const { body } = await scrape();
  const door = 'door="/employees/v1/login"';
  assert.equal(sample(body, `formularze_login_attempts_total{${door},outcome="success"}`), 1);
  assert.equal(sample(body, `formularze_login_attempts_total{${door},outcome="failure"}`), 4);
  assert.equal(sample(body, `formularze_login_attempts_total{${door},outcome="locked"}`), 2);
  assert.equal(sample(body, 'formularze_locked_login_subjects'), 1);
});

test("the outbox's depth and oldest age per channel, and the background jobs' lag, come from the database", async () => {
  const hourAgo = new Date(Date.now() - 3_600_000);
  await db
    .insertInto('outbox')
    .values([
      {
        recipient: '+48600100200',
        channel: 'sms',
        subject: '',
        body: 'a',
        sealed: false,
        created_at: hourAgo,
        next_attempt_at: hourAgo,
      },
      {
        recipient: '+48600100201',
        channel: 'sms',
        subject: '',
        body: 'b',
        sealed: false,
        next_attempt_at: new Date(),
      },
      // Sent, and given up: neither waits.
      {
        recipient: 'a@b.pl',
        channel: 'mail',
        subject: 's',
        body: 'c',
        sealed: false,
        sent_at: new Date(),
        next_attempt_at: null,
      },
      { recipient: 'c@d.pl', channel: 'mail', subject: 's', body: 'd', sealed: false, next_attempt_at: null },
    ])
    .execute();
  const { body } = await scrape();
  assert.equal(sample(body, 'formularze_outbox_pending_messages{channel="sms"}'), 2);
  assert.equal(sample(body, 'formularze_outbox_pending_messages{channel="mail"}'), 0);
  const oldest = sample(body, 'formularze_outbox_oldest_pending_age_seconds{channel="sms"}')!;
  assert.ok(oldest >= 3600 && oldest < 3700, `oldest: ${oldest}`);
  assert.equal(sample(body, 'formularze_job_lag_seconds{job="missedSlots"}'), 0);
  assert.equal(sample(body, 'formularze_job_lag_seconds{job="webhooks"}'), 0);
});

test("a page falling back to a remote's last known good version is counted per remote", async () => {
  const reported = await app.inject({
    method: 'POST',
    url: '/api/remotes/fallback-events',
    payload: { remote: 'mfe-results', from: '1.1.0+aaaaaaaa', to: '1.0.0+bbbbbbbb' },
    remoteAddress: '10.9.0.2',
  });
  assert.equal(reported.statusCode, 204);
  const { body } = await scrape();
  assert.equal(sample(body, 'formularze_remote_fallback_events_total{remote="mfe-results"}'), 1);
});
